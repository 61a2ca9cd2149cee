// Shapes written once and built on first use: a response's schema (or a form's, documented but read by its own code)
// is a component the OpenAPI writer, the CDK app, the local server and tests build, while a deployed function only names
// it. Building every answer's zod schema at cold start cost a function about 6.5 million instructions (the partner
// answers); naming one costs a closure. The domain's types are `Shape` of a component, imported as types only.
import * as z from 'zod/mini';

/** A schema built on first use: registered in zod's global registry under `id` (a component of the document) when named. */
export interface Component<S extends z.ZodMiniType = z.ZodMiniType> {
  /** The component's name in the OpenAPI document; none for a schema the document writes inline. */
  readonly id: string | undefined;
  /** The schema, built once. */
  schema(): S;
}

/** The value a component's schema describes (what a function answers). */
export type Shape<C> = C extends Component<infer S> ? z.output<S> : never;

/** Metadata the document reads beside the schema (`minProperties` of a form, say). */
type Meta = Omit<z.core.GlobalMeta, 'id'>;

function componentOf<S extends z.ZodMiniType>(id: string | undefined, build: () => S, meta?: Meta): Component<S> {
  let built: S | undefined;
  return {
    id,
    schema: () => {
      if (built) return built;
      const schema = build();
      if (id !== undefined || meta) z.globalRegistry.add(schema, { ...meta, ...(id !== undefined && { id }) });
      return (built = schema);
    },
  };
}

/** A named shape: `id` is its component name in the document, where answers refer to it. */
export const component = <S extends z.ZodMiniType>(id: string, build: () => S): Component<S> => componentOf(id, build);

/** A shape the document writes where it is used, with the metadata it reads beside the schema. */
export const inlineComponent = <S extends z.ZodMiniType>(build: () => S, meta?: Meta): Component<S> => componentOf(undefined, build, meta);

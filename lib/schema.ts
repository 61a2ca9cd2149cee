// Shapes written once and built on first use: a response's schema (or a form's, documented but read by its own code)
// is a component of a `lib/<area>/response-schemas.ts` module, which the manifest loads for the OpenAPI writer, the CDK
// app, the local server and tests. A declaration names it by its id and its type (`shapeNamed`), so a deployed function
// that imports its declaration carries a string: building the partner answers' schemas cost a function 6.5 million
// instructions at init, and a dynamic import of their module 11.7 million (esbuild then splits zod into chunks the
// function loads at once). The domain's types are `Shape` of a component, imported as types only.
import * as z from 'zod/mini';

/** A schema built on first use, under a name of its own. */
export interface Component<S extends z.ZodMiniType = z.ZodMiniType, Id extends string = string> {
  /**
   * Its name: the component's name in the OpenAPI document, where answers refer to it; for a shape the document writes
   * where it is used (`inline`), the name declarations use for it.
   */
  readonly id: Id;
  readonly inline: boolean;
  /** The schema, built once (and registered in zod's global registry under its id unless inline). */
  schema(): S;
}

/** The value a component's schema describes (what a function answers). */
export type Shape<C> = C extends Component<infer S> ? z.output<S> : never;

/** Metadata the document reads beside the schema (`minProperties` of a form, say). */
type Meta = Omit<z.core.GlobalMeta, 'id'>;

function componentOf<S extends z.ZodMiniType, Id extends string>(id: Id, inline: boolean, build: () => S, meta?: Meta): Component<S, Id> {
  let built: S | undefined;
  return {
    id,
    inline,
    schema: () => {
      if (built) return built;
      const schema = build();
      if (!inline || meta) z.globalRegistry.add(schema, { ...meta, ...(!inline && { id }) });
      return (built = schema);
    },
  };
}

/**
 * A named shape: `id` is its component name in the document. Free of side effects (esbuild drops a component no code
 * of a function names, with what only it imports).
 */
/* #__NO_SIDE_EFFECTS__ */
export function component<S extends z.ZodMiniType, const Id extends string>(id: Id, build: () => S): Component<S, Id> {
  return componentOf(id, false, build);
}

/** A shape the document writes where it is used, with the metadata it reads beside the schema; free of side effects. */
/* #__NO_SIDE_EFFECTS__ */
export function inlineComponent<S extends z.ZodMiniType, const Id extends string>(id: Id, build: () => S, meta?: Meta): Component<S, Id> {
  return componentOf(id, true, build, meta);
}

/** How a declaration names a component: by its id, checked against the component's type, which it carries for the compiler. */
export interface ComponentRef<C extends Component = Component> {
  readonly id: C['id'];
  /** Never set: the component's type. */
  readonly component?: C;
}

/**
 * Names the component `C` (imported as a type) by its id: `shapeNamed<typeof orderSchema>('Order')`. Another id fails
 * to compile; the manifest finds the component among the response-schemas modules and fails when none has the id.
 */
/* #__NO_SIDE_EFFECTS__ */
export function shapeNamed<C extends Component>(id: C['id']): ComponentRef<C> {
  return { id };
}

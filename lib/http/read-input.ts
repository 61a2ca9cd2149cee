// Reads an operation's input from the request by its declaration: each path parameter, the query, the declared headers
// and the JSON body, each validated by its schema, side by side in one object. Every refusal of every part is named in
// one 400 VALIDATION_FAILED. Query text is read by one rule (QUERY_NUMBER_RULE in lib/validation.ts): numbers and
// booleans from their text, members sent as JSON text parsed, empty members absent where the declaration says so.
import type * as z from 'zod/mini';
import { validationFailed, type FieldError } from '#lib/errors.ts';
import type { RequestDoc, RequestView } from '#lib/http/operation.ts';
import { flatQuery } from '#lib/http/query.ts';
import { fieldErrors, queryDecimal, queryInteger } from '#lib/validation.ts';

type Def = { type: string; innerType?: z.ZodMiniType; in?: z.ZodMiniType; format?: string };
const defOf = (schema: z.ZodMiniType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema a value is finally checked against, past optional, default, nullable and the input side of a pipe. */
function coreOf(schema: z.ZodMiniType): z.ZodMiniType {
  for (let def = defOf(schema); ; def = defOf(schema)) {
    const next = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    if (!next) return schema;
    schema = next;
  }
}

const asBoolean = (text: unknown): unknown => (text === 'true' ? true : text === 'false' ? false : text);

/** Text (a query value, a bracket-form member) → the JSON type its schema expects, where the text is well-formed; else as it came. */
function fromText(schema: z.ZodMiniType, text: unknown): unknown {
  const def = defOf(coreOf(schema));
  if (def.type === 'number') return def.format === 'safeint' || def.format === 'int32' ? queryInteger(text) : queryDecimal(text);
  if (def.type === 'boolean') return asBoolean(text);
  return text;
}

/** An object's members, read from text by their schemas; member names are the client's, so the copy has no prototype. */
function membersFromText(schema: z.ZodMiniObject, raw: Record<string, unknown>, typed: boolean): Record<string, unknown> {
  const out = Object.assign(Object.create(null) as Record<string, unknown>, raw);
  if (!typed) return out;
  const { shape } = schema as unknown as { shape: Record<string, z.ZodMiniType> };
  for (const [name, member] of Object.entries(shape)) if (Object.hasOwn(out, name)) out[name] = fromText(member, out[name]);
  return out;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The members a declaration reads specially: JSON text parsed (a blank one absent), a bracket-form object read from text
 * (in the query only: JSON keeps JSON's types), empty members absent.
 */
function specialMembers(request: RequestDoc, raw: Record<string, unknown>, from: 'query' | 'body', errors: FieldError[]): void {
  for (const [name, { schema }] of Object.entries(request.jsonText ?? {})) {
    const value = raw[name];
    if (typeof value === 'string') {
      if (value.trim() === '') {
        raw[name] = undefined;
        continue;
      }
      try {
        raw[name] = JSON.parse(value);
      } catch {
        const message =
          from === 'query'
            ? `must be a JSON object or use the bracket form ${name}[member]=value`
            : 'must be a JSON object, or JSON text of one';
        errors.push({ path: name, message });
      }
    } else if (from === 'query' && isObject(value)) {
      raw[name] = membersFromText(schema, value, true);
    }
  }
  for (const name of request.emptyIsAbsent ?? []) if (raw[name] === '') raw[name] = undefined;
}

function parsePart(schema: z.ZodMiniType, value: unknown, prefix: string, errors: FieldError[]): unknown {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  errors.push(...fieldErrors(result.error.issues, prefix));
  return undefined;
}

/** The fixed text that ends a path parameter's segment in `path` (`{id}.json` → id: `.json`), by parameter. */
const segmentSuffixes = (path: string): Record<string, string> =>
  Object.fromEntries([...path.matchAll(/\{(\w+)\}([^/{}]+)/g)].map((match) => [match[1]!, match[2]!]));

/** A path parameter's segment without the fixed text the path declares after it; undefined when it lacks that text. */
function withoutSuffix(value: string | undefined, suffix: string | undefined): string | undefined {
  if (value === undefined || suffix === undefined) return value;
  return value.endsWith(suffix) ? value.slice(0, -suffix.length) : undefined;
}

/**
 * The operation's validated input, or 400 VALIDATION_FAILED naming every member that is wrong. `path` is the declared
 * path, whose parameters may end their segment with fixed text (Operation.path).
 */
export function readInput(request: RequestDoc | undefined, view: RequestView, path = ''): Record<string, unknown> | undefined {
  if (!request) return undefined;
  const errors: FieldError[] = [];
  const input: Record<string, unknown> = {};
  const suffixes = segmentSuffixes(path);
  for (const [name, { schema }] of Object.entries(request.path ?? {})) {
    const segment = view.pathParameters[name];
    const value = withoutSuffix(segment, suffixes[name]);
    if (segment !== undefined && value === undefined) errors.push({ path: name, message: `must end with ${suffixes[name]}` });
    else input[name] = parsePart(schema, value, name, errors);
  }
  if (request.query) {
    const multiValue = view.event.multiValueQueryStringParameters;
    const raw = request.nestedQuery ? request.nestedQuery(multiValue) : flatQuery(multiValue);
    const query = membersFromText(request.query, raw, true);
    specialMembers(request, query, 'query', errors);
    Object.assign(input, parsePart(request.query, query, '', errors));
  }
  for (const header of request.headers ?? []) {
    input[header.name] = parsePart(header.schema, view.headers[header.name.toLowerCase()], header.name, errors);
  }
  const body = request.body;
  if (body?.contentType === 'application/json') {
    // No body reads as an empty object: the schema names each member it needs.
    const raw = view.body === undefined || view.body === null ? {} : view.body;
    const members = isObject(raw) ? membersFromText(body.schema as z.ZodMiniObject, raw, false) : raw;
    if (isObject(members)) specialMembers(request, members, 'body', errors);
    Object.assign(input, parsePart(body.schema, members, '', errors));
  }
  if (errors.length > 0) throw validationFailed(errors);
  return input;
}

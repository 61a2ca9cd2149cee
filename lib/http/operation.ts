// The shape of one operation's declaration (Hono's `createRoute` is the model): its route, who may call it and who they
// are, what its function may touch, its documentation, the zod schemas of its request and answers, and an example
// request that succeeds. Each declaration is a module of lib/http/operations/<area>/ named as its handler in
// functions/<area>/; the manifest (lib/http/routes.ts) reads that folder. The handler imports its declaration: its input
// is what the declaration's request schemas give, and the compiler holds its answers to the declared responses.
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type * as z from 'zod/mini';
import type { FunctionAccess } from '#lib/http/function-access.ts';
import type { ExampleValues } from '#lib/http/example-values.ts';
import type { Once } from '#lib/db/idempotency-repo.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import type { Component, ComponentRef } from '#lib/schema.ts';
import type { ApiVersion } from '#lib/versions/versions.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a handler sees of the request once the stack has parsed it. */
export interface RequestView {
  method: string;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** One string per name, an array where a name repeats. */
  query: Record<string, string | string[]>;
  pathParameters: Record<string, string>;
  /** Parsed JSON body; `undefined` when the request had none. */
  body: unknown;
  event: APIGatewayProxyEvent;
}

/**
 * How callers authenticate: no credential, the bearer JWT of a signed-in user, a partner's `x-api-key`, or either of the
 * last two (checked by the function itself: see `partnerKeyOrUser` in lib/http/principals.ts).
 */
type AuthKind = 'none' | 'jwt' | 'apiKey' | 'jwtOrApiKey';

/**
 * Who may call an operation and who the handler is told is calling (lib/http/principals.ts). A declaration names one;
 * its module is the only one that brings the resolver into a function's bundle.
 */
export interface Auth<K extends AuthKind = AuthKind, P = unknown> {
  readonly kind: K;
  /** For an `apiKey` operation: the key scope it needs (`read` lets a key of either scope call it). */
  readonly scope?: 'sell' | 'read';
  /** Finds the caller or refuses the request (401/403); absent for a public operation. */
  readonly resolve?: (ctx: AppContext, request: RequestView) => Promise<P>;
  /**
   * For an `apiKey` operation: counts the request against its key's quota before anything else is read, giving the
   * RateLimit headers every answer then carries and the refusal when the quota is used up (lib/http/rate-limit.ts).
   */
  readonly meter?: (ctx: AppContext, event: APIGatewayProxyEvent) => Promise<MeteredRequest | null>;
  /**
   * The API version the caller's credential is pinned to, answered in when the request names none (lib/http/api-version.ts);
   * absent, or undefined: the default version. (A method, so an auth of any caller is an `Auth`.)
   */
  pin?(ctx: AppContext, request: RequestView, principal: P): ApiVersion | undefined | Promise<ApiVersion | undefined>;
}

/** A request counted against its key's quota: the headers every answer to it carries, and its refusal when the quota is used up. */
export interface MeteredRequest {
  readonly headers: Record<string, string>;
  readonly refusal: Error | null;
}

/** An OpenAPI tag: the group of operations a reader of the document finds together. */
export interface Tag {
  readonly name: string;
  readonly description: string;
}

/** Response headers an operation sends besides `x-request-id` (every response carries that one). */
export type ResponseHeader =
  'Idempotent-Replayed' | 'Retry-After' | 'Cache-Control' | 'Content-Disposition' | 'Link' | 'RateLimit-Policy' | 'RateLimit';

export interface HeaderDoc {
  readonly name: string;
  readonly required: boolean;
  readonly description: string;
  readonly schema: z.ZodMiniType;
}

interface ParameterDoc {
  readonly description: string;
  readonly schema: z.ZodMiniType;
}

export interface RequestDoc {
  /** One entry per `{name}` of the path, each validated by its schema. */
  readonly path?: Readonly<Record<string, ParameterDoc>>;
  /**
   * Query parameters: each member of the schema becomes a parameter. Numbers and booleans are read from their text by
   * one rule (lib/http/read-input.ts); unknown parameters are ignored.
   */
  readonly query?: z.ZodMiniObject;
  /**
   * How the query string is read: one value per name (an array where a name repeats) unless the operation takes nested
   * members in the bracket form (`filters[condition][]=X`), whose reader it names here (lib/http/nested-query.ts), so
   * only its function bundles it.
   */
  readonly nestedQuery?: (multiValue: Record<string, string[] | undefined> | null | undefined) => Record<string, unknown>;
  readonly headers?: readonly HeaderDoc[];
  /** A JSON body is validated with its schema; a multipart form is read by its operation's own code, its component documents it. */
  readonly body?:
    | { readonly contentType: 'application/json'; readonly schema: z.ZodMiniType; readonly required?: boolean }
    | { readonly contentType: 'multipart/form-data'; readonly schema: ComponentRef; readonly required?: boolean };
  /**
   * Object members a client sends as JSON text (always in the query, where deepObject cannot carry their arrays; also
   * accepted so in a JSON body), by member: the component name a generated client types the object with, and its schema.
   */
  readonly jsonText?: Readonly<Record<string, { readonly component: string; readonly schema: z.ZodMiniObject }>>;
  /** Members (of the query or the body) read as absent when empty. */
  readonly emptyIsAbsent?: readonly string[];
}

interface ResponseDoc {
  readonly description: string;
  /** The JSON body's shape, a component of a response-schemas module named by its id (`shapeNamed`, lib/schema.ts); absent for an empty body (204). */
  readonly schema?: ComponentRef;
  readonly headers?: readonly ResponseHeader[];
  /** A text form of the same answer a client may ask for with `Accept` (a CSV file), besides the JSON one. */
  readonly text?: { readonly contentType: 'text/csv'; readonly description: string; readonly example: string };
}

/** A request that succeeds: path parameters, query parameters, headers and the body (a multipart body as its text parts). */
export interface RequestExample {
  readonly path?: Readonly<Record<string, string | number>>;
  readonly query?: Readonly<Record<string, string | number>>;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

/** A request example and the values it needs (a value may be needed for the state it makes, unused in the request). */
export interface OperationExample {
  readonly needs: readonly (keyof ExampleValues)[];
  readonly request: (values: ExampleValues) => RequestExample;
}

/** An example that may read only the values it names. */
export const example = <N extends keyof ExampleValues>(
  needs: readonly N[],
  request: (values: Pick<ExampleValues, N>) => RequestExample,
): OperationExample => ({ needs, request });

/**
 * The Idempotency-Key layer an operation opts into (lib/http/idempotency.ts): it answers a replay itself, or claims the
 * key and runs `respond` with the claim's `Once`, which the operation's write carries so its answer is kept with its
 * effect. Named by the declaration, so only functions that honour the header bundle it.
 */
export interface IdempotencyHandling {
  /** `optional`: the header may be left out (the operation then runs as usual); `required`: it must be sent. */
  readonly mode: 'optional' | 'required';
  /** Refusal codes kept and replayed like a success: the operation's own definitive outcomes. */
  readonly replayedRefusals?: readonly string[];
  run(args: {
    ctx: AppContext;
    principal: unknown;
    request: RequestView;
    requestId: string;
    /** The operation's success status, under which its answer is kept. */
    successStatus: number;
    respond: (once: Once | undefined) => Promise<APIGatewayProxyResult>;
  }): Promise<APIGatewayProxyResult>;
}

export interface Operation {
  readonly method: HttpMethod;
  /**
   * The path as clients call it; `{name}` marks a path parameter. A parameter may end its segment with fixed text
   * (`/tokens/{id}.json`): API Gateway routes whole segments, so the resource is `/tokens/{id}` (lib/http/routes.ts)
   * and the text is checked and removed before the parameter's schema sees it (lib/http/read-input.ts).
   */
  readonly path: string;
  readonly operationId: string;
  readonly auth: Auth;
  /** What its function may touch; a function serving several operations gets what any of them needs. */
  readonly access: FunctionAccess;
  /**
   * A public read that needs no credential (`GET`, `auth: publicAccess` only): every answer, refusals included, carries
   * `Access-Control-Allow-Origin: *`, so a page on any origin reads it (a wallet's, a marketplace's); it also answers
   * HEAD, and a preflight from any origin (lib/http/cors.ts).
   */
  readonly anyOrigin?: true;
  readonly summary: string;
  /** Where the interface description is silent, the decision taken is written here. */
  readonly description: string;
  readonly tag: Tag;
  readonly request?: RequestDoc;
  readonly responses: Readonly<Record<number, ResponseDoc>>;
  /**
   * Problem codes this operation answers by status, besides those every operation of its kind may answer (the
   * document adds those: the body's refusals from its request, 401/403 from its auth, 409s from its idempotency).
   */
  readonly errors?: Readonly<Record<number, readonly string[]>>;
  /** Headers some of its problem answers carry, by status (429 and 503 always carry Retry-After, 405 Allow). */
  readonly errorHeaders?: Readonly<Record<number, readonly ResponseHeader[]>>;
  /** A request its caller sends that answers its success status: the document's example of it. */
  readonly example: OperationExample;
  /** An `Idempotency-Key` header is honoured: a request retried with its key answers the first answer, its effect made once. */
  readonly idempotency?: IdempotencyHandling;
}

/**
 * A description's paragraphs, joined by a blank line. Free of side effects (esbuild drops a call whose result no code
 * uses), so a rule an area's declarations share costs nothing to the functions whose declaration does not state it.
 */
/* #__NO_SIDE_EFFECTS__ */
export function paragraphs(...parts: string[]): string {
  return parts.join('\n\n');
}

/** One paragraph of sentences, joined by a space; free of side effects, as `paragraphs`. */
/* #__NO_SIDE_EFFECTS__ */
export function sentences(...parts: string[]): string {
  return parts.join(' ');
}

/** Declares an operation, keeping every literal of it for the types its handler is checked against. */
export const operation = <const O extends Operation>(declaration: O): O => declaration;

// What a handler is given and must answer, read from its declaration.

type PathInput<R> = R extends { path: infer P }
  ? { -readonly [K in keyof P]: P[K] extends { schema: infer S extends z.ZodMiniType } ? z.output<S> : never }
  : unknown;
type QueryInput<R> = R extends { query: infer S extends z.ZodMiniType } ? z.output<S> : unknown;
type HeaderInput<R> = R extends { headers: readonly (infer H)[] }
  ? {
      -readonly [X in H as X extends { name: infer N extends string } ? N : never]: X extends {
        schema: infer S extends z.ZodMiniType;
      }
        ? z.output<S>
        : never;
    }
  : unknown;
type BodyInput<R> = R extends { body: { contentType: 'application/json'; schema: infer S extends z.ZodMiniType } } ? z.output<S> : unknown;

/** The validated input of an operation: its path parameters, query, headers and JSON body members, side by side. */
export type InputOf<O> = O extends { request: infer R } ? PathInput<R> & QueryInput<R> & HeaderInput<R> & BodyInput<R> : undefined;

/** The claimed Idempotency-Key a handler is given: always where the key is required, when sent where it is optional. */
export type OnceOf<O> = O extends { idempotency: { mode: 'required' } }
  ? Once
  : O extends { idempotency: { mode: 'optional' } }
    ? Once | undefined
    : undefined;

/** Who is calling, as the operation's auth resolves them; undefined for a public operation. */
export type PrincipalOf<O> = O extends { auth: Auth<AuthKind, infer P> } ? P : undefined;

/** A JSON text that is known to be the serialization of a `T` (a document written ahead, served as it is). */
export interface JsonText<T> {
  readonly jsonText: string;
  /** Never set: carries the type the text holds. */
  readonly shape?: T;
}

/** A text body (a CSV file) sent as it is, under its content type: the `text` form an answer declares. */
export interface TextBody {
  readonly textContent: string;
  readonly contentType: string;
}

/** A success answer: its status and its body (sent as JSON, or as the text it holds), with headers. */
export interface HttpResult<S extends number = number, B = unknown> {
  statusCode: S;
  body: B;
  headers?: Record<string, string>;
}

type TextOf<D> = D extends { text: object } ? TextBody : never;
type BodyOf<D> = D extends { schema: ComponentRef<Component<infer S>> } ? z.output<S> | JsonText<z.output<S>> | TextOf<D> : undefined;

/** The answers an operation may give: one of its declared statuses, with a body of that status's shape. */
export type ReplyOf<O> = O extends { responses: infer R }
  ? { [S in keyof R & number]: HttpResult<S, BodyOf<R[S]>> }[keyof R & number]
  : never;

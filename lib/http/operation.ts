// The shape of one operation's declaration (Hono's `createRoute` is the model): its route, how callers authenticate and
// who they are, what its function may touch, its documentation, the zod schemas of its request and answers
// themselves, and an example request that succeeds. Declarations live in lib/http/operations/<area>.ts and the manifest (lib/http/routes.ts) lists them.
// No deployed bundle imports a declaration: handlers import their schemas from the domain and name their operation.
import type * as z from 'zod/mini';
import type { FunctionAccess } from '#lib/http/function-access.ts';
import type { KeyScope } from '#lib/partner/schemas.ts';
import type { Component } from '#lib/schema.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Who the handler is told is calling: the signed-in user behind the JWT, the partner behind the API key, or nobody. */
export type PrincipalKind = 'none' | 'user' | 'partner';
/**
 * Each auth kind resolves one principal. An `apiKey` operation needs a `sell` key unless it declares `keyScope: 'read'`
 * (a read key may call it too); its handler then resolves the partner with `readKeyPartner` instead of `apiKeyPartner`
 * (lib/http/principals.ts), and the type checker holds the two together.
 */
type OperationAuth =
  { auth: 'none'; principal: 'none' } | { auth: 'jwt'; principal: 'user' } | { auth: 'apiKey'; principal: 'partner'; keyScope?: KeyScope };

export type Tag = 'Plaques' | 'Accounts' | 'Partner' | 'Service' | 'Tokens';

/** Response headers an operation sends besides `x-request-id` (every response carries that one). */
export type ResponseHeader = 'Idempotent-Replayed' | 'Retry-After' | 'Cache-Control';

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
  /** One entry per `{name}` of the path. */
  readonly path?: Readonly<Record<string, ParameterDoc>>;
  /** Query parameters: each member of the schema becomes a parameter. */
  readonly query?: z.ZodMiniObject;
  readonly headers?: readonly HeaderDoc[];
  /** A JSON body is validated with its schema; a multipart form is read by its operation's own code, its component documents it. */
  readonly body?:
    | { readonly contentType: 'application/json'; readonly schema: z.ZodMiniType; readonly required?: boolean }
    | { readonly contentType: 'multipart/form-data'; readonly schema: Component; readonly required?: boolean };
  /**
   * Object members a client sends as JSON text (always in the query, where deepObject cannot carry their arrays; also
   * accepted so in a JSON body), by member: the component name a generated client types the object with, and its schema.
   */
  readonly jsonText?: Readonly<Record<string, { readonly component: string; readonly schema: z.ZodMiniType }>>;
  /** Query members read as absent when empty. */
  readonly emptyIsAbsent?: readonly string[];
}

interface ResponseDoc {
  readonly description: string;
  /** The JSON body's shape, a named component (lib/schema.ts); absent for an empty body (204). */
  readonly schema?: Component;
  readonly headers?: readonly ResponseHeader[];
}

/**
 * What a request example draws on. The published document is given sample values; the database-fault test
 * (test/http/database-faults.http.test.ts) makes live ones for the request's caller, only those the example names, and
 * replays the example with DynamoDB failing at each of its calls.
 */
export interface ExampleValues {
  /** An address with no account yet. */
  readonly newEmail: string;
  /** An address with a pending sign-in code, and the code. */
  readonly pendingCode: { readonly email: string; readonly code: string };
  /** The address and password of an account that has set one. */
  readonly passwordAccount: { readonly email: string; readonly password: string };
  /** An AVAILABLE plaque. */
  readonly plaqueId: number;
  /** A buyer's wallet address. */
  readonly wallet: string;
  /** A plaque held for the calling partner: its id, the reservation and the wallet it is held for. */
  readonly hold: { readonly plaqueId: number; readonly reservationId: string; readonly buyerWallet: string };
  /** A fresh Idempotency-Key. */
  readonly idempotencyKey: string;
  /** One of the caller's API keys. */
  readonly apiKeyId: string;
  /** An endpoint address the caller may register. */
  readonly webhookUrl: string;
  /** One of the caller's webhook endpoints. */
  readonly webhookId: string;
  /** One of the calling partner's orders. */
  readonly orderId: string;
  /** The name of a stored plaque (`ABC-0042`). */
  readonly plaqueName: string;
  /** A wallet that holds a minted plaque. */
  readonly mintedWallet: string;
  /** The token id (decimal) of a MINTED plaque. */
  readonly mintedTokenId: string;
  /** One of the caller's order events (an id of GET /partner/events). */
  readonly eventId: string;
}

/** A request that succeeds: path parameters, query parameters, headers and the body (a multipart body as its text parts). */
export interface RequestExample {
  readonly path?: Readonly<Record<string, string | number>>;
  readonly query?: Readonly<Record<string, string | number>>;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

export type Operation = OperationAuth & {
  readonly method: HttpMethod;
  /** API Gateway resource path; `{name}` marks a path parameter. */
  readonly path: string;
  readonly operationId: string;
  /** Handler module relative to the project root; it exports `handler`. One Lambda function per module. */
  readonly handler: string;
  /** What its function may touch; a function serving several operations gets what any of them needs. */
  readonly access: FunctionAccess;
  readonly summary: string;
  /** Where the interface description is silent, the decision taken is written here. */
  readonly description: string;
  readonly tags: readonly Tag[];
  readonly request?: RequestDoc;
  readonly responses: Readonly<Record<number, ResponseDoc>>;
  /** Problem codes this operation answers by status, besides those every operation of its kind may answer. */
  readonly errors?: Readonly<Record<number, readonly string[]>>;
  /** Headers some of its problem answers carry, by status (429 and 503 always carry Retry-After, 405 Allow). */
  readonly errorHeaders?: Readonly<Record<number, readonly ResponseHeader[]>>;
  /** A request its caller sends that answers its success status: the document's example of it. */
  readonly example: OperationExample;
  /**
   * `optional`: an `Idempotency-Key` header is honoured (a create retried with its key answers the first answer); the
   * document lists the header and its 409s. The handler passes `idempotency: idempotencyKeys` (lib/http/idempotency.ts)
   * and the type checker demands it.
   */
  readonly idempotency?: 'optional';
};

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

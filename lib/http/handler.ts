// The one middy stack every HTTP handler runs in: headers, request id, logging, body parsing, the caller, validation,
// problem mapping.
import middy from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '#lib/errors.ts';
import { appContext, type AppContext } from '#lib/runtime/context.ts';
import { requestLogger, type RequestLog } from '#lib/runtime/logger.ts';
import { asAppError, problemResult } from '#lib/http/problem.ts';
import { flatQuery } from '#lib/http/query.ts';
import { corsHeaders } from '#lib/http/cors.ts';
import { toProxyResult, type HttpResult } from '#lib/http/response.ts';
import { parseInput } from '#lib/validation.ts';
import type { PrincipalKind } from '#lib/http/operation.ts';
import type { KeyScope } from '#lib/partner/schemas.ts';
import type { IdempotencyOf, KeyScopeOf, OperationId, PrincipalOf } from '#lib/http/routes.ts';

/** Largest JSON body accepted (bytes); uploads are multipart and have their own limits. */
const MAX_JSON_BODY_BYTES = 64 * 1024;

/** What a handler sees of the request once the stack has parsed it. */
interface RequestView {
  method: string;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** One string per name, an array where a name repeats; nested forms are read with `parseNestedQuery`. */
  query: Record<string, string | string[]>;
  pathParameters: Record<string, string>;
  /** Parsed JSON body; `undefined` when the request had none. */
  body: unknown;
  event: APIGatewayProxyEvent;
}

interface InputSpec<S extends z.ZodMiniType> {
  schema: S;
  /** Picks the raw input out of the request (query, body, path...) before validation. */
  read: (request: RequestView) => unknown;
}

/**
 * Finds who is calling an operation of one principal kind (`lib/http/principals.ts`)
 * or refuses the request (401/403). The handler module imports it, so only functions that need it bundle it. The kind
 * exists for the type checker alone (it costs the bundle nothing).
 */
export type PrincipalResolver<K extends PrincipalKind, P, Sc extends KeyScope | 'none' = 'none'> = ((
  ctx: AppContext,
  request: RequestView,
) => Promise<P>) & {
  readonly kind?: K;
  /** The API key scope the resolver demands (`sell`, or `read` for operations a read key may call). */
  readonly scope?: Sc;
};

/**
 * The shared Idempotency-Key handling (lib/http/idempotency.ts) an operation declared `idempotency: 'optional'` opts
 * into: it answers a replay itself, or runs `respond` and keeps its answer for the key. Passed by the handler module, so
 * only functions that honour the header bundle it.
 */
export interface IdempotencyHandling {
  run(args: {
    ctx: AppContext;
    principal: unknown;
    request: RequestView;
    requestId: string;
    respond: () => Promise<APIGatewayProxyResult>;
  }): Promise<APIGatewayProxyResult>;
}

/**
 * Compiles only when the resolver given is of the one kind the manifest declares for every operation named; otherwise
 * the error names the kind the manifest declares.
 */
type DeclaredPrincipal<Op extends OperationId, K extends PrincipalKind> = [PrincipalOf<Op>] extends [K]
  ? [K] extends [PrincipalOf<Op>]
    ? unknown
    : { principal: { manifestDeclares: PrincipalOf<Op> } }
  : { principal: { manifestDeclares: PrincipalOf<Op> } };

/** Compiles only when the resolver demands the key scope the manifest declares (`sell` unless `keyScope: 'read'`). */
type DeclaredScope<Op extends OperationId, Sc extends KeyScope | 'none'> = [KeyScopeOf<Op>] extends [never]
  ? unknown
  : [Sc] extends [KeyScopeOf<Op>]
    ? [KeyScopeOf<Op>] extends [Sc]
      ? unknown
      : { principal: { keyScopeDeclared: KeyScopeOf<Op> } }
    : { principal: { keyScopeDeclared: KeyScopeOf<Op> } };

/** An operation declared `idempotency: 'optional'` must be given the shared handling, and only such an operation. */
type DeclaredIdempotency<Op extends OperationId> = [IdempotencyOf<Op>] extends [never]
  ? { idempotency?: never }
  : { idempotency: IdempotencyHandling };

export type HandlerSpec<
  Op extends OperationId,
  S extends z.ZodMiniType,
  K extends PrincipalKind,
  P,
  Sc extends KeyScope | 'none' = 'none',
> = {
  /** The manifest entries (lib/http/routes.ts) this handler serves. */
  operation: Op | readonly Op[];
  /** Resolved before the input is read: the manifest's principal for the operation, or none for a public one. */
  principal?: PrincipalResolver<K, P, Sc>;
  input?: InputSpec<S>;
  /** How the body is read: JSON (default), left raw for the handler (multipart), or refused. */
  body?: 'json' | 'raw' | 'none';
} & DeclaredPrincipal<Op, K> &
  DeclaredScope<Op, Sc> &
  DeclaredIdempotency<Op>;

export interface HandlerArgs<T, P> {
  input: T;
  /** Who is calling, as the operation's principal resolver found them; undefined for a public operation. */
  principal: P;
  ctx: AppContext;
  request: RequestView;
  requestId: string;
  log: RequestLog;
}

type Request = middy.Request<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context>;
interface RequestState {
  requestId: string;
  log: RequestLog;
  headers: Record<string, string>;
  startedAt: number;
  parsedBody?: { value: unknown };
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** Header names are the client's: kept in an object without a prototype, so `constructor` is a name like any other. */
function lowerCaseHeaders(headers: APIGatewayProxyEvent['headers'] | null | undefined): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) out[name.toLowerCase()] = value;
  return out;
}

export function httpHandler<
  Op extends OperationId,
  S extends z.ZodMiniType,
  K extends PrincipalKind = 'none',
  P = undefined,
  Sc extends KeyScope | 'none' = 'none',
>(spec: HandlerSpec<Op, S, K, P, Sc>, impl: (args: HandlerArgs<z.infer<S>, P>) => Promise<HttpResult>) {
  const bodyMode = spec.body ?? 'json';
  const states = new WeakMap<APIGatewayProxyEvent, RequestState>();
  const stateOf = (request: Request): RequestState => states.get(request.event)!;

  const begin = (event: APIGatewayProxyEvent, requestId: string): RequestState => {
    const state = { requestId, log: requestLogger(requestId), headers: lowerCaseHeaders(event.headers), startedAt: Date.now() };
    states.set(event, state);
    return state;
  };
  const access = (request: Request, state: RequestState) => ({
    operation: spec.operation,
    method: request.event.httpMethod,
    path: request.event.path,
    status: request.response?.statusCode,
    durationMs: Date.now() - state.startedAt,
  });

  // Outermost: request id, logger and the single place errors become problem documents.
  const requestScope: middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context> = {
    before: async (request) => {
      begin(request.event, request.event.requestContext?.requestId || crypto.randomUUID());
    },
    after: async (request) => {
      const state = stateOf(request);
      if (request.response) request.response.headers = { ...request.response.headers, ...corsHeaders(state.headers.origin) };
      state.log.info('request', access(request, state));
    },
    onError: async (request) => {
      const state = states.get(request.event) ?? begin(request.event, crypto.randomUUID());
      const error = asAppError(request.error);
      if (error.status >= 500) {
        state.log.error('request failed', { ...access(request, state), status: error.status, error: request.error as Error });
      } else {
        state.log.info('request refused', { ...access(request, state), status: error.status, code: error.code });
      }
      const problem = problemResult(error, state.requestId);
      request.response = { ...problem, headers: { ...problem.headers, ...corsHeaders(state.headers.origin) } };
    },
  };

  // Size and content type are checked before any parsing, so a 415/413 never depends on the body's contents; then
  // middy's parser, whose only refusal left is malformed JSON.
  const parser = httpJsonBodyParser({ disableContentTypeCheck: true } as Parameters<typeof httpJsonBodyParser>[0]);
  const body: middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context> = {
    before: async (request) => {
      const { event } = request;
      if (typeof event.body !== 'string' || event.body === '') return;
      if (bodyMode === 'none') throw badRequest('BODY_NOT_ALLOWED', 'this operation takes no request body');
      if (bodyMode !== 'json') return;
      const bytes = event.isBase64Encoded ? Math.floor((event.body.length * 3) / 4) : Buffer.byteLength(event.body);
      if (bytes > MAX_JSON_BODY_BYTES) {
        throw payloadTooLarge(`JSON bodies are limited to ${MAX_JSON_BODY_BYTES} bytes`);
      }
      const state = stateOf(request);
      const contentType = state.headers['content-type'] ?? '';
      if (!JSON_TYPE.test(contentType)) {
        throw unsupportedMediaType(`expected application/json, got ${contentType || 'no content type'}`);
      }
      try {
        await parser.before!(request as never);
      } catch {
        throw badRequest('MALFORMED_JSON', 'the request body is not valid JSON');
      }
      state.parsedBody = { value: event.body as unknown };
    },
  };

  return middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context>()
    .use(requestScope)
    .use(body)
    .handler(async (event) => {
      const state = states.get(event)!;
      const request: RequestView = {
        method: event.httpMethod,
        headers: state.headers,
        query: flatQuery(event.multiValueQueryStringParameters),
        pathParameters: (event.pathParameters ?? {}) as Record<string, string>,
        body: state.parsedBody?.value,
        event,
      };
      const ctx = appContext();
      // The caller first: a request that may not call the operation learns nothing about its input rules.
      const principal = spec.principal ? await spec.principal(ctx, request) : (undefined as P);
      const input = spec.input ? parseInput(spec.input.schema, spec.input.read(request)) : (undefined as z.infer<S>);
      const respond = async () =>
        toProxyResult(await impl({ input, principal, ctx, request, requestId: state.requestId, log: state.log }), state.requestId);
      // A valid request only: a refused one never claims its Idempotency-Key.
      return spec.idempotency ? spec.idempotency.run({ ctx, principal, request, requestId: state.requestId, respond }) : respond();
    });
}

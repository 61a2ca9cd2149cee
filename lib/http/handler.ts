// The one middy stack every HTTP handler runs in: headers, request id, logging, body parsing, the caller, validation,
// problem mapping.
import middy from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '#lib/errors.ts';
import { appContext, type AppContext } from '#lib/runtime/context.ts';
import { requestLogger, type RequestLog } from '#lib/runtime/logger.ts';
import { asAppError, NO_SNIFF, problemResult } from '#lib/http/problem.ts';
import { flatQuery } from '#lib/http/query.ts';
import { corsHeaders } from '#lib/http/cors.ts';
import { toProxyResult } from '#lib/http/response.ts';
import { readInput } from '#lib/http/read-input.ts';
import type { HttpResult, InputOf, OnceOf, Operation, PrincipalOf, ReplyOf, RequestView } from '#lib/http/operation.ts';
import type { Once } from '#lib/db/idempotency-repo.ts';
import { answerVersion, namedVersion, versionedResult, withVersion } from '#lib/http/api-version.ts';
import { DEFAULT_API_VERSION, type ApiVersion } from '#lib/versions/versions.ts';

/** Largest JSON body accepted (bytes); uploads are multipart and have their own limits. */
const MAX_JSON_BODY_BYTES = 64 * 1024;

export interface HandlerArgs<O> {
  /** The request's path parameters, query, declared headers and body members, each validated by its declared schema. */
  input: InputOf<O>;
  /** Who is calling, as the operation's auth found them; undefined for a public operation. */
  principal: PrincipalOf<O>;
  /**
   * The claimed Idempotency-Key of an operation that honours one, when the request sent it: the write that makes the
   * operation's effect carries `once.completion(answer)` (lib/db/idempotency-repo.ts).
   */
  once: OnceOf<O>;
  ctx: AppContext;
  request: RequestView;
  requestId: string;
  log: RequestLog;
}

/** The status an operation answers when it succeeds: its one declared 2xx. */
const successStatusOf = (declaration: Operation): number =>
  Number(Object.keys(declaration.responses).find((status) => Number(status) < 300));

/** How a request's body is read: JSON (validated by the declaration), left raw for the handler (multipart), or refused. */
const bodyModeOf = (declaration: Operation): 'json' | 'raw' | 'none' =>
  !declaration.request?.body ? 'none' : declaration.request.body.contentType === 'application/json' ? 'json' : 'raw';

type Request = middy.Request<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context>;
interface RequestState {
  requestId: string;
  log: RequestLog;
  headers: Record<string, string>;
  startedAt: number;
  parsedBody?: { value: unknown };
  /** The API version the answer is given in, once the caller is known (lib/http/api-version.ts). */
  version?: ApiVersion;
}

type Step = middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context>;

/**
 * Counts an `x-api-key` request against its key's quota before anything else is read, and gives every answer to it, a
 * refusal's too, the key's RateLimit headers (lib/http/rate-limit.ts); over the quota the request goes no further
 * (429). Used first of all: middy runs `after` and `onError` from the last middleware used to the first, so these
 * headers join the answer the request scope made.
 */
function keyQuotaStep(declarationOf: (event: APIGatewayProxyEvent) => Operation): Step {
  const told = new WeakMap<APIGatewayProxyEvent, Record<string, string>>();
  const tell = async (request: Request) => {
    const headers = told.get(request.event);
    if (headers && request.response) request.response.headers = { ...request.response.headers, ...headers };
  };
  return {
    before: async (request) => {
      const metered = await declarationOf(request.event).auth.meter?.(appContext(), request.event);
      if (!metered) return;
      told.set(request.event, metered.headers);
      if (metered.refusal) throw metered.refusal;
    },
    after: tell,
    onError: tell,
  };
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** Header names are the client's: kept in an object without a prototype, so `constructor` is a name like any other. */
function lowerCaseHeaders(headers: APIGatewayProxyEvent['headers'] | null | undefined): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) out[name.toLowerCase()] = value;
  return out;
}

/**
 * The handler of one operation, or of several served by one function (chosen by the request's method): its input read
 * and validated by the declaration, its caller resolved by the declaration's auth, its answer held by the compiler to
 * the declared responses.
 */
export function httpHandler<const O extends Operation>(declared: O | readonly O[], impl: (args: HandlerArgs<O>) => Promise<ReplyOf<O>>) {
  const declarations: readonly Operation[] = Array.isArray(declared) ? declared : [declared as O];
  const declarationOf = (event: APIGatewayProxyEvent): Operation =>
    declarations.find((d) => d.method === event.httpMethod?.toUpperCase()) ?? declarations[0]!;
  const operationIds = declarations.map((d) => d.operationId);
  const states = new WeakMap<APIGatewayProxyEvent, RequestState>();
  const stateOf = (request: Request): RequestState => states.get(request.event)!;

  const begin = (event: APIGatewayProxyEvent, requestId: string): RequestState => {
    const state = { requestId, log: requestLogger(requestId), headers: lowerCaseHeaders(event.headers), startedAt: Date.now() };
    states.set(event, state);
    return state;
  };
  /** The answer's API version: the caller's, or for a refusal before the caller is known, the one the request names. */
  const versionOf = (state: RequestState): ApiVersion => state.version ?? namedVersion(state.headers) ?? DEFAULT_API_VERSION;
  const access = (request: Request, state: RequestState) => ({
    operation: operationIds.length === 1 ? operationIds[0] : operationIds,
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
      if (request.response) {
        request.response.headers = { ...request.response.headers, ...NO_SNIFF, ...corsHeaders(state.headers.origin) };
        // Last: its Vary joins the one CORS may have set.
        request.response = withVersion(declarationOf(request.event), request.response, versionOf(state));
      }
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
      const version = { 'plaque-version': versionOf(state) };
      request.response = { ...problem, headers: { ...version, ...problem.headers, ...corsHeaders(state.headers.origin) } };
    },
  };

  // Size and content type are checked before any parsing, so a 415/413 never depends on the body's contents; then
  // middy's parser, whose only refusal left is malformed JSON.
  const parser = httpJsonBodyParser({ disableContentTypeCheck: true } as Parameters<typeof httpJsonBodyParser>[0]);
  const body: middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context> = {
    before: async (request) => {
      const { event } = request;
      if (typeof event.body !== 'string' || event.body === '') return;
      const bodyMode = bodyModeOf(declarationOf(event));
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
    .use(keyQuotaStep(declarationOf))
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
      const declaration = declarationOf(event);
      // The caller first: a request that may not call the operation learns nothing about its input rules.
      const principal = (await declaration.auth.resolve?.(ctx, request)) as PrincipalOf<O>;
      const version = (state.version = await answerVersion(ctx, declaration, request, principal));
      const input = readInput(declaration.request, request, declaration.path) as InputOf<O>;
      const respond = async (once: Once | undefined) => {
        const answer = await impl({ input, principal, once: once as OnceOf<O>, ctx, request, requestId: state.requestId, log: state.log });
        return toProxyResult(versionedResult(declaration, answer as HttpResult, version), state.requestId);
      };
      // A valid request only: a refused one never claims its Idempotency-Key.
      const { idempotency } = declaration;
      if (!idempotency) return respond(undefined);
      return idempotency.run({ ctx, principal, request, requestId: state.requestId, successStatus: successStatusOf(declaration), respond });
    });
}

// The one middy stack every HTTP handler runs in: headers, request id, logging, body parsing, validation, problem mapping.
import middy from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '#lib/errors.ts';
import { appContext, type AppContext } from '#lib/runtime/context.ts';
import { requestLogger, type RequestLog } from '#lib/runtime/logger.ts';
import { asAppError, problemResult } from '#lib/http/problem.ts';
import { flatQuery } from '#lib/http/query.ts';
import { toProxyResult, type HttpResult } from '#lib/http/response.ts';
import { parseInput } from '#lib/http/validation.ts';

/** Largest JSON body accepted (bytes); uploads are multipart and have their own limits. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

/** What a handler sees of the request once the stack has parsed it. */
export interface RequestView {
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

export interface InputSpec<S extends z.ZodMiniType> {
  schema: S;
  /** Picks the raw input out of the request (query, body, path...) before validation. */
  read: (request: RequestView) => unknown;
}

export interface HandlerSpec<S extends z.ZodMiniType> {
  input?: InputSpec<S>;
  /** How the body is read: JSON (default), left raw for the handler (multipart), or refused. */
  body?: 'json' | 'raw' | 'none';
}

export interface HandlerArgs<T> {
  input: T;
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

const hasBody = (event: APIGatewayProxyEvent): boolean => typeof event.body === 'string' && event.body.length > 0;

function lowerCaseHeaders(headers: APIGatewayProxyEvent['headers'] | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) out[name.toLowerCase()] = value;
  return out;
}

function decodedLength(event: APIGatewayProxyEvent): number {
  return event.isBase64Encoded ? Math.floor((event.body!.length * 3) / 4) : Buffer.byteLength(event.body!);
}

export function httpHandler<S extends z.ZodMiniType>(spec: HandlerSpec<S>, impl: (args: HandlerArgs<z.infer<S>>) => Promise<HttpResult>) {
  const bodyMode = spec.body ?? 'json';
  const states = new WeakMap<APIGatewayProxyEvent, RequestState>();
  const stateOf = (request: Request): RequestState => states.get(request.event)!;

  // Outermost: request id, logger and the single place errors become problem documents.
  const requestScope: middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context> = {
    before: async (request) => {
      const requestId = request.event.requestContext?.requestId || crypto.randomUUID();
      states.set(request.event, {
        requestId,
        log: requestLogger(requestId),
        headers: lowerCaseHeaders(request.event.headers),
        startedAt: Date.now(),
      });
    },
    after: async (request) => {
      const state = stateOf(request);
      state.log.info('request', access(request, state));
    },
    onError: async (request) => {
      const state = states.get(request.event) ?? {
        requestId: crypto.randomUUID(),
        log: requestLogger('unknown'),
        headers: {},
        startedAt: Date.now(),
      };
      const error = asAppError(request.error);
      if (error.status >= 500) {
        state.log.error('request failed', { ...access(request, state), status: error.status, error: request.error as Error });
      } else {
        state.log.info('request refused', { ...access(request, state), status: error.status, code: error.code });
      }
      request.response = problemResult(error, state.requestId);
    },
  };

  // Size and content type are checked before any parsing, so a 415/413 never depends on the body's contents.
  const bodyGuard: middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context> = {
    before: async (request) => {
      if (!hasBody(request.event)) return;
      if (bodyMode === 'none') throw badRequest('BODY_NOT_ALLOWED', 'this operation takes no request body');
      if (bodyMode !== 'json') return;
      if (decodedLength(request.event) > MAX_JSON_BODY_BYTES) {
        throw payloadTooLarge(`JSON bodies are limited to ${MAX_JSON_BODY_BYTES} bytes`);
      }
      const contentType = stateOf(request).headers['content-type'] ?? '';
      if (!JSON_TYPE.test(contentType)) {
        throw unsupportedMediaType(`expected application/json, got ${contentType || 'no content type'}`);
      }
    },
  };

  // middy's parser after the guard: the content type is already known good, so its only refusal is malformed JSON.
  const parser = httpJsonBodyParser({ disableContentTypeCheck: true } as Parameters<typeof httpJsonBodyParser>[0]);
  const jsonBody: middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context> = {
    before: async (request) => {
      if (bodyMode !== 'json' || !hasBody(request.event)) return;
      try {
        await parser.before!(request as never);
        stateOf(request).parsedBody = { value: request.event.body as unknown };
      } catch {
        throw badRequest('MALFORMED_JSON', 'the request body is not valid JSON');
      }
    },
  };

  return middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context>()
    .use(requestScope)
    .use(bodyGuard)
    .use(jsonBody)
    .handler(async (event, _context, { signal: _signal }) => {
      const state = states.get(event)!;
      const request: RequestView = {
        method: event.httpMethod,
        headers: state.headers,
        query: flatQuery(event.multiValueQueryStringParameters),
        pathParameters: (event.pathParameters ?? {}) as Record<string, string>,
        body: state.parsedBody?.value,
        event,
      };
      const input = spec.input ? parseInput(spec.input.schema, spec.input.read(request)) : (undefined as z.infer<S>);
      const result = await impl({ input, ctx: appContext(), request, requestId: state.requestId, log: state.log });
      return toProxyResult(result, state.requestId);
    });
}

function access(request: Request, state: RequestState) {
  return {
    method: request.event.httpMethod,
    path: request.event.path,
    status: request.response?.statusCode,
    durationMs: Date.now() - state.startedAt,
  };
}

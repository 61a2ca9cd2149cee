// RFC 9457 problem documents: the one shape every error takes on the wire.
import type { APIGatewayProxyResult } from 'aws-lambda';
import { AppError, conflict, internalError, serviceUnavailable } from '#lib/errors.ts';
import { DatabaseConflict, DatabaseUnavailable, IdempotencyKeyTaken } from '#lib/db/failures.ts';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/**
 * Every answer with a body carries this, problems included (the handler stack, the local server's own answers, API
 * Gateway's and the firewall's): a browser shown a JSON answer must not guess another type from its bytes and run it.
 */
export const NO_SNIFF = { 'x-content-type-options': 'nosniff' } as const;
const PROBLEM_TYPE_BASE = 'https://errors.plaques.dev/';

export interface ProblemDocument {
  type: string;
  title: string;
  status: number;
  code: string;
  detail?: string;
  errors?: { path: string; message: string }[];
  requestId: string;
  [extension: string]: unknown;
}

/** Problem types the interface names explicitly; every other code maps to its kebab-case form. */
const NAMED_TYPES: Record<string, string> = { VALIDATION_FAILED: 'validation' };

/** `VALIDATION_FAILED` → `https://errors.plaques.dev/validation`, `NOT_AVAILABLE` → `…/not-available`. */
export const problemType = (code: string): string => PROBLEM_TYPE_BASE + (NAMED_TYPES[code] ?? code.toLowerCase().replace(/_/g, '-'));

export function problemDocument(error: AppError, requestId: string): ProblemDocument {
  return {
    ...error.extensions,
    type: problemType(error.code),
    title: error.title,
    status: error.status,
    code: error.code,
    ...(error.detail !== undefined && { detail: error.detail }),
    ...(error.errors !== undefined && { errors: error.errors }),
    requestId,
  };
}

export function problemResult(error: AppError, requestId: string): APIGatewayProxyResult {
  return {
    statusCode: error.status,
    headers: { ...error.headers, ...NO_SNIFF, 'content-type': PROBLEM_CONTENT_TYPE, 'x-request-id': requestId },
    body: JSON.stringify(problemDocument(error, requestId)),
  };
}

/**
 * Anything thrown → the AppError a client may see: the table busy or not answering → 503 SERVICE_UNAVAILABLE, a write
 * that lost a race → 409 CONFLICT (both with Retry-After); unknown errors become INTERNAL (the original is logged,
 * never sent).
 */
export function asAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof DatabaseUnavailable) {
    return serviceUnavailable(
      'SERVICE_UNAVAILABLE',
      'the service is busy; retry after the number of seconds in Retry-After',
      error.retryAfterSeconds,
      { cause: error },
    );
  }
  if (error instanceof DatabaseConflict) {
    return conflict('CONFLICT', 'the record is being changed by another request; retry shortly', {
      headers: { 'Retry-After': String(error.retryAfterSeconds) },
      cause: error,
    });
  }
  if (error instanceof IdempotencyKeyTaken) {
    return conflict('REQUEST_IN_PROGRESS', 'a request with this Idempotency-Key is still being processed; retry shortly', {
      headers: { 'Retry-After': String(error.retryAfterSeconds) },
      cause: error,
    });
  }
  return internalError(error);
}

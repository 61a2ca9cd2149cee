// RFC 9457 problem documents: the one shape every error takes on the wire.
import type { APIGatewayProxyResult } from 'aws-lambda';
import { AppError, internalError } from '#lib/errors.ts';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
export const PROBLEM_TYPE_BASE = 'https://errors.plaques.dev/';

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

/** Problem types API.md names explicitly; every other code maps to its kebab-case form. */
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
    headers: { ...error.headers, 'content-type': PROBLEM_CONTENT_TYPE, 'x-request-id': requestId },
    body: JSON.stringify(problemDocument(error, requestId)),
  };
}

/** Anything thrown → the AppError a client may see; unknown errors become INTERNAL (the original is logged, never sent). */
export function asAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return internalError(error);
}

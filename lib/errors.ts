// The application's error hierarchy: every failure a client may see is an AppError with a stable code.

export interface FieldError {
  path: string;
  message: string;
}

export interface AppErrorInit {
  status: number;
  code: string;
  title: string;
  detail?: string;
  errors?: FieldError[];
  /** Extra members placed on the problem document (e.g. `attemptsRemaining`). */
  extensions?: Record<string, unknown>;
  /** Response headers the error needs (e.g. `Retry-After`, `Allow`). */
  headers?: Record<string, string>;
  cause?: unknown;
}

export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly detail: string | undefined;
  readonly errors: FieldError[] | undefined;
  readonly extensions: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(init: AppErrorInit) {
    super(init.detail ?? init.title, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'AppError';
    this.status = init.status;
    this.code = init.code;
    this.title = init.title;
    this.detail = init.detail;
    this.errors = init.errors;
    this.extensions = init.extensions ?? {};
    this.headers = init.headers ?? {};
  }
}

type Extra = Pick<AppErrorInit, 'errors' | 'extensions' | 'headers' | 'cause'>;

export const validationFailed = (errors: FieldError[], detail?: string): AppError =>
  new AppError({
    status: 400,
    code: 'VALIDATION_FAILED',
    title: 'Request is not valid',
    detail: detail ?? errors.map((e) => (e.path ? `${e.path} ${e.message}` : e.message)).join('; '),
    errors,
  });

export const badRequest = (code: string, detail: string, extra: Extra = {}): AppError =>
  new AppError({ status: 400, code, title: 'Bad request', detail, ...extra });

export const unauthorized = (code: string, detail: string, extra: Extra = {}): AppError =>
  new AppError({ status: 401, code, title: 'Unauthorized', detail, ...extra });

export const forbidden = (code: string, detail: string, extra: Extra = {}): AppError =>
  new AppError({ status: 403, code, title: 'Forbidden', detail, ...extra });

export const notFound = (code: string, detail: string, extra: Extra = {}): AppError =>
  new AppError({ status: 404, code, title: 'Not found', detail, ...extra });

export const methodNotAllowed = (allow: string[]): AppError =>
  new AppError({
    status: 405,
    code: 'METHOD_NOT_ALLOWED',
    title: 'Method not allowed',
    detail: `allowed methods: ${allow.join(', ')}`,
    headers: { Allow: allow.join(', ') },
  });

export const conflict = (code: string, detail: string, extra: Extra = {}): AppError =>
  new AppError({ status: 409, code, title: 'Conflict', detail, ...extra });

export const payloadTooLarge = (detail: string): AppError =>
  new AppError({ status: 413, code: 'PAYLOAD_TOO_LARGE', title: 'Payload too large', detail });

export const unsupportedMediaType = (detail: string, code = 'UNSUPPORTED_MEDIA_TYPE'): AppError =>
  new AppError({ status: 415, code, title: 'Unsupported media type', detail });

/** 429 always carries Retry-After in whole seconds (at least 1). */
export const tooManyRequests = (code: string, detail: string, retryAfterSeconds: number, extra: Extra = {}): AppError =>
  new AppError({
    status: 429,
    code,
    title: 'Too many requests',
    detail,
    ...extra,
    headers: { ...extra.headers, 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });

/** 503 always carries Retry-After in whole seconds (at least 1). */
export const serviceUnavailable = (code: string, detail: string, retryAfterSeconds: number, extra: Extra = {}): AppError =>
  new AppError({
    status: 503,
    code,
    title: 'Service unavailable',
    detail,
    ...extra,
    headers: { ...extra.headers, 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });

export const internalError = (cause?: unknown): AppError =>
  new AppError({ status: 500, code: 'INTERNAL', title: 'Internal error', detail: 'An unexpected error occurred', cause });

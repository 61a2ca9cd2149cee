// Classifies DynamoDB failures the repositories must not pass up raw: throttling (→ 503 with Retry-After) and
// failures whose outcome is unknown (a timeout or a 5xx: the write may or may not have been applied).
import { serviceUnavailable, type AppError } from '#lib/errors.ts';

const THROTTLING = new Set(['ProvisionedThroughputExceededException', 'ThrottlingException', 'RequestLimitExceeded']);
/** Cancellation reason codes that mean the same as a throttling error. */
const THROTTLING_REASONS = new Set(['ThrottlingError', 'ProvisionedThroughputExceeded', 'RequestLimitExceeded']);
const UNKNOWN_OUTCOME = new Set([
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'InternalServerError',
  'ServiceUnavailable',
  'AbortError',
]);
const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);

interface AwsLikeError {
  name?: string;
  code?: string;
  CancellationReasons?: { Code?: string }[];
  $metadata?: { httpStatusCode?: number };
}

const asAws = (error: unknown): AwsLikeError => (typeof error === 'object' && error !== null ? (error as AwsLikeError) : {});

export function isThrottling(error: unknown): boolean {
  const e = asAws(error);
  if (e.name && THROTTLING.has(e.name)) return true;
  return e.name === 'TransactionCanceledException' && (e.CancellationReasons ?? []).some((r) => THROTTLING_REASONS.has(r.Code ?? ''));
}

/** A timeout, dropped connection or server error: the request may have been applied. */
export function isOutcomeUnknown(error: unknown): boolean {
  const e = asAws(error);
  if (e.name && UNKNOWN_OUTCOME.has(e.name)) return true;
  if (e.code && NETWORK_CODES.has(e.code)) return true;
  return (e.$metadata?.httpStatusCode ?? 0) >= 500;
}

/** Seconds a client should wait after the table said it is busy. */
const BUSY_RETRY_AFTER_S = 1;

export const databaseBusy = (): AppError =>
  serviceUnavailable('SERVICE_UNAVAILABLE', 'the service is busy; retry after the number of seconds in Retry-After', BUSY_RETRY_AFTER_S);

/** Throttling and transient failures become 503 SERVICE_UNAVAILABLE; anything else is passed on unchanged. */
export function asDatabaseFailure(error: unknown): unknown {
  if (isThrottling(error) || isOutcomeUnknown(error)) {
    const busy = databaseBusy();
    busy.cause = error;
    return busy;
  }
  return error;
}

/** Runs one DynamoDB call, turning throttling and transient failures into 503. */
export async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw asDatabaseFailure(error);
  }
}

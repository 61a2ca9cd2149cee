// Every DynamoDB failure classified once, by a middleware on the client (lib/db/client.ts): throttling and capacity
// errors, timeouts and transient network or server failures become DatabaseUnavailable; a write that lost a race
// with a transaction becomes DatabaseConflict. The HTTP layer maps these two to 503 and 409 (lib/http/problem.ts).
// Everything else passes through unchanged: the conditional-check failures and transaction cancellations the
// repositories read (lib/db/conditional-write.ts, lib/db/transaction.ts), and faults that are bugs (500 INTERNAL).
// Errors are recognised by name, not by class, so this module bundles none of the SDK.
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/** Seconds a client should wait before retrying when the table is busy or did not answer. */
const RETRY_AFTER_SECONDS = 1;

/**
 * DynamoDB refused the request for capacity (`throttled`: nothing was applied) or did not answer it (`transient`: a
 * timeout, a dropped connection, a 5xx). Callers that must know whether a write took effect read `outcomeUnknown`.
 */
export class DatabaseUnavailable extends Error {
  override readonly name = 'DatabaseUnavailable';
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS;

  constructor(
    readonly reason: 'throttled' | 'transient',
    /** The request was a write that may have been applied: only reading the item again tells. */
    readonly outcomeUnknown: boolean,
    /** The SDK command that failed, e.g. `TransactWriteItemsCommand`. */
    readonly command: string,
    cause: unknown,
  ) {
    super(`DynamoDB ${reason === 'throttled' ? 'throttled' : 'did not complete'} ${command}`, { cause });
  }
}

/** Another write or transaction held an item this request wanted to change; nothing was written, a retry may succeed. */
export class DatabaseConflict extends Error {
  override readonly name = 'DatabaseConflict';
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS;

  constructor(
    readonly command: string,
    cause?: unknown,
  ) {
    super(`DynamoDB ${command} conflicted with another write`, cause === undefined ? undefined : { cause });
  }
}

/**
 * A transaction that was to store the answer of an Idempotency-Key found the key no longer this request's (its lease
 * lapsed and another request claimed it): nothing was written, and the other request answers for the key.
 */
export class IdempotencyKeyTaken extends Error {
  override readonly name = 'IdempotencyKeyTaken';
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS;

  constructor() {
    super('the Idempotency-Key was claimed by another request while this one ran');
  }
}

/** A write whose outcome is unknown (timed out or failed in transit): it may have been applied. */
export const isOutcomeUnknown = (error: unknown): boolean => error instanceof DatabaseUnavailable && error.outcomeUnknown;

const THROTTLING = new Set(['ProvisionedThroughputExceededException', 'ThrottlingException', 'RequestLimitExceeded']);
/** Cancellation reason codes that mean the same as a throttling error. */
const THROTTLING_REASONS = new Set(['ThrottlingError', 'ProvisionedThroughputExceeded', 'RequestLimitExceeded']);
const TRANSIENT = new Set([
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'InternalServerError',
  'ServiceUnavailable',
  'AbortError',
]);
const CONFLICTS = new Set(['TransactionConflictException', 'TransactionInProgressException']);
/** Network failures before the request left: it cannot have been applied. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** Network failures after it may have arrived. */
const IN_TRANSIT_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED']);
/** Commands that change nothing: their failures never leave an outcome to find out. */
const READS = new Set([
  'GetItemCommand',
  'BatchGetItemCommand',
  'QueryCommand',
  'ScanCommand',
  'TransactGetItemsCommand',
  'DescribeTableCommand',
  'ListTablesCommand',
]);

interface AwsLikeError {
  name?: string;
  code?: string;
  $fault?: string;
  $retryable?: { throttling?: boolean };
  $metadata?: { httpStatusCode?: number };
  CancellationReasons?: { Code?: string }[];
}

/** The error a failed call should surface as: a DatabaseUnavailable/DatabaseConflict, or the original error. */
export function classifyFailure(error: unknown, command: string): unknown {
  if (typeof error !== 'object' || error === null || error instanceof DatabaseUnavailable || error instanceof DatabaseConflict) {
    return error;
  }
  const e = error as AwsLikeError;
  const name = e.name ?? '';
  if (name === 'TransactionCanceledException') {
    const codes = (e.CancellationReasons ?? []).map((r) => r.Code ?? 'None');
    if (codes.some((code) => THROTTLING_REASONS.has(code))) return new DatabaseUnavailable('throttled', false, command, error);
    // A failed condition is an answer the caller reads item by item; a conflict alone is a race to retry.
    if (!codes.includes('ConditionalCheckFailed') && codes.includes('TransactionConflict')) return new DatabaseConflict(command, error);
    return error;
  }
  if (THROTTLING.has(name) || e.$retryable?.throttling === true) return new DatabaseUnavailable('throttled', false, command, error);
  if (CONFLICTS.has(name)) return new DatabaseConflict(command, error);
  const mayHaveApplied = !READS.has(command);
  if (e.code !== undefined && NOT_SENT_CODES.has(e.code)) return new DatabaseUnavailable('transient', false, command, error);
  if (
    TRANSIENT.has(name) ||
    (e.code !== undefined && IN_TRANSIT_CODES.has(e.code)) ||
    e.$fault === 'server' ||
    (e.$metadata?.httpStatusCode ?? 0) >= 500
  ) {
    return new DatabaseUnavailable('transient', mayHaveApplied, command, error);
  }
  return error;
}

/**
 * Installs the classification on a client: outermost of all middleware (initialize step, high priority), so it sees
 * every failure as the caller would, after the SDK's own retries.
 */
export function classifyFailuresOf(client: DynamoDBClient): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      try {
        return await next(args);
      } catch (error) {
        throw classifyFailure(error, context.commandName ?? 'a DynamoDB command');
      }
    },
    { step: 'initialize', priority: 'high', name: 'classifyDatabaseFailures', override: true },
  );
}

// The one way to run a TransactWriteItems and read its outcome: DynamoDB's cancellation reasons are mapped item by
// item (as ElectroDB's transactions do), and the caller turns the first refused item into its own domain's answer.
// A transaction that only lost a race is retried when asked, then thrown as DatabaseConflict; throttling and timeouts
// are not answers but failures, classified on the client (lib/db/failures.ts): they are thrown as DatabaseUnavailable,
// whose `outcomeUnknown` tells a caller that the transaction may have been applied.
import { TransactWriteCommand, type DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { DatabaseConflict, IdempotencyKeyTaken, isOutcomeUnknown } from '#lib/db/failures.ts';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The items that store an Idempotency-Key's answer beside the write they answer for (lib/db/idempotency-repo.ts). */
const answerItems = new WeakSet<TransactItem>();

/**
 * Marks an item as the one that stores an Idempotency-Key's answer: should its condition fail (the key is no longer
 * this request's), the transaction throws IdempotencyKeyTaken, whatever else its caller makes of refusals.
 */
export function keyAnswerItem(item: TransactItem): TransactItem {
  answerItems.add(item);
  return item;
}

type Item = Record<string, unknown>;

/** A transaction some of whose items failed their conditions; nothing was written. Items are named by position. */
interface Refusal {
  /** Whether item `index` failed its condition. */
  rejected: (index: number) => boolean;
  /** Item `index` as it stood when its condition failed, where the item asked for ALL_OLD and exists; else null. */
  current: (index: number) => Item | null;
  /** The first item whose condition failed. */
  first: number;
}

/**
 * How a caller reads its transaction's outcome, each in its own domain's terms: a write, a refusal, and optionally a
 * race still lost after the retries (without `conflicted`, that is thrown as DatabaseConflict).
 */
export interface TransactionAnswers<T> {
  written: () => T;
  refused: (refusal: Refusal) => T | Promise<T>;
  conflicted?: () => T;
}

export interface TransactionOptions {
  /** Times a transaction that only lost a race is sent again, after a short random pause (default 0). */
  conflictRetries?: number;
}

interface Cancellation {
  name?: string;
  CancellationReasons?: { Code?: string; Item?: Parameters<typeof unmarshall>[0] }[];
}

const pause = (attempt: number) => new Promise((r) => setTimeout(r, 10 * 2 ** attempt + Math.random() * 20));

/** The refusal a cancellation tells of, or null when no item failed its condition (then it is no answer). */
function refusalOf(cancelled: Cancellation, count: number): Refusal | null {
  const reasons = Array.from({ length: count }, (_, i) => cancelled.CancellationReasons?.[i]);
  const first = reasons.findIndex((reason) => reason?.Code === 'ConditionalCheckFailed');
  if (first < 0) return null;
  return {
    rejected: (index) => reasons[index]?.Code === 'ConditionalCheckFailed',
    current: (index) => {
      const reason = reasons[index];
      return reason?.Code === 'ConditionalCheckFailed' && reason.Item ? unmarshall(reason.Item) : null;
    },
    first,
  };
}

/**
 * Writes every item or none. → `answers.written()`, `answers.refused(...)` when a condition failed, or
 * `answers.conflicted()` when another transaction or write still held an item after the retries asked for (nothing
 * written; thrown as DatabaseConflict when the caller gives no such answer). Throws DatabaseUnavailable when DynamoDB
 * refused or did not answer, and any other cancellation (a validation error, an item collection too large) as it
 * came: a fault, not an answer.
 */
export async function transactWrite<T>(
  db: DynamoDBDocumentClient,
  items: TransactItem[],
  answers: TransactionAnswers<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const retries = options.conflictRetries ?? 0;
  for (let attempt = 0; ; attempt++) {
    let refusal: Refusal | null = null;
    try {
      await db.send(new TransactWriteCommand({ TransactItems: items }));
    } catch (error) {
      if (error instanceof DatabaseConflict) {
        if (attempt < retries) {
          await pause(attempt);
          continue;
        }
        if (answers.conflicted) return answers.conflicted();
        throw error;
      }
      const cancelled = error as Cancellation;
      if (cancelled?.name !== 'TransactionCanceledException') throw error;
      refusal = refusalOf(cancelled, items.length);
      if (refusal === null) throw error;
      if (items.some((item, index) => answerItems.has(item) && refusal!.rejected(index))) throw new IdempotencyKeyTaken();
    }
    return refusal === null ? answers.written() : answers.refused(refusal);
  }
}

/** The answers of a transaction whose caller retries on its own: a lost race, or a write that may have been applied. */
export type UnsettledOutcome = { kind: 'conflict' } | { kind: 'unknown' };

/**
 * `transactWrite` for a caller that handles races and timeouts itself (the sale, the delivery): a lost race answers
 * `conflict` (nothing written, retry shortly) and a write whose outcome is unknown answers `unknown`.
 */
export async function transactWriteOrUnsettled<T>(
  db: DynamoDBDocumentClient,
  items: TransactItem[],
  answers: Omit<TransactionAnswers<T>, 'conflicted'>,
): Promise<T | UnsettledOutcome> {
  try {
    return await transactWrite<T | UnsettledOutcome>(db, items, { ...answers, conflicted: () => ({ kind: 'conflict' }) });
  } catch (error) {
    if (isOutcomeUnknown(error)) return { kind: 'unknown' };
    throw error;
  }
}

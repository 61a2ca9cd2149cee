// One TransactWriteItems call with DynamoDB's answers sorted into what callers decide on; each caller maps the
// cancellation reasons of its own items to its domain's meaning.
import { TransactWriteCommand, type DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { databaseBusy, isOutcomeUnknown, isThrottling } from '#lib/db/failures.ts';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * `written`: all items written. `cancelled`: a condition failed; `codes[i]` is item i's reason. `conflict`: another
 * transaction touched an item at the same time (retry shortly). `unknown`: timed out or failed in transit; it may
 * have been applied. Throttling throws 503 (databaseBusy); anything else is rethrown.
 */
export type TransactionResult = { kind: 'written' } | { kind: 'cancelled'; codes: string[] } | { kind: 'conflict' } | { kind: 'unknown' };

interface Cancellation {
  name?: string;
  CancellationReasons?: { Code?: string }[];
}

export async function transactWrite(db: DynamoDBDocumentClient, items: TransactItem[]): Promise<TransactionResult> {
  try {
    await db.send(new TransactWriteCommand({ TransactItems: items }));
    return { kind: 'written' };
  } catch (error) {
    if (isThrottling(error)) {
      const busy = databaseBusy();
      busy.cause = error;
      throw busy;
    }
    const cancelled = error as Cancellation;
    if (cancelled.name === 'TransactionCanceledException') {
      const codes = (cancelled.CancellationReasons ?? []).map((r) => r.Code ?? 'None');
      if (codes.includes('TransactionConflict')) return { kind: 'conflict' };
      if (codes.includes('ConditionalCheckFailed')) return { kind: 'cancelled', codes };
      throw error;
    }
    if (cancelled.name === 'TransactionConflictException' || cancelled.name === 'TransactionInProgressException') {
      return { kind: 'conflict' };
    }
    if (isOutcomeUnknown(error)) return { kind: 'unknown' };
    throw error;
  }
}

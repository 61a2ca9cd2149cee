// Records a sale in one TransactWriteItems: the plaque's move to SOLD, the new order (with its marker in the list of
// undelivered orders) and the idempotency record's stored response, all or nothing. Translates DynamoDB's refusals
// into what the buy must do next.
import { TransactWriteCommand, type DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { databaseBusy, isOutcomeUnknown, isThrottling } from '#lib/db/failures.ts';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface SaleItems {
  plaque: TransactItem;
  order: TransactItem;
  completion: TransactItem;
  /** The order's marker among the undelivered orders (unconditional: the order's own condition guards the id). */
  undelivered: TransactItem;
}

/**
 * `recorded`: all three written. `plaque-changed`: the plaque is no longer as read (read it again).
 * `claim-lost`: the idempotency marker is no longer this request's. `conflict`: another transaction touched an
 * item at the same time (retry shortly). `unknown`: timed out or failed in transit; it may have been applied.
 */
export type SaleOutcome = 'recorded' | 'plaque-changed' | 'claim-lost' | 'conflict' | 'unknown';

interface Cancellation {
  name?: string;
  CancellationReasons?: { Code?: string }[];
}

export async function recordSale(db: DynamoDBDocumentClient, items: SaleItems): Promise<SaleOutcome> {
  try {
    await db.send(new TransactWriteCommand({ TransactItems: [items.plaque, items.order, items.completion, items.undelivered] }));
    return 'recorded';
  } catch (error) {
    if (isThrottling(error)) {
      const busy = databaseBusy();
      busy.cause = error;
      throw busy;
    }
    const cancelled = error as Cancellation;
    if (cancelled.name === 'TransactionCanceledException') {
      const codes = (cancelled.CancellationReasons ?? []).map((r) => r.Code ?? 'None');
      if (codes.includes('TransactionConflict')) return 'conflict';
      if (codes[0] === 'ConditionalCheckFailed') return 'plaque-changed';
      if (codes[2] === 'ConditionalCheckFailed') return 'claim-lost';
      // The order id collided (128 random bits: practically never); a retry draws a new one.
      if (codes[1] === 'ConditionalCheckFailed') return 'conflict';
      throw error;
    }
    if (cancelled.name === 'TransactionConflictException' || cancelled.name === 'TransactionInProgressException') return 'conflict';
    if (isOutcomeUnknown(error)) return 'unknown';
    throw error;
  }
}

// Records a delivery in one TransactWriteItems: the order DELIVERED, the plaque MINTED and the order's undelivered
// marker removed, all or nothing. Translates DynamoDB's refusals into what the worker must do next.
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { databaseBusy, isOutcomeUnknown, isThrottling } from '#lib/db/failures.ts';
import type { TransactItem } from '#lib/db/sale-transaction.ts';

export interface DeliveryItems {
  order: TransactItem;
  plaque: TransactItem;
  marker: TransactItem;
}

/**
 * `recorded`: all written. `order-changed`: the order is no longer this attempt's (read it again). `plaque-changed`:
 * the plaque is no longer as read (read it again). `conflict`: another transaction touched an item at the same time.
 * `unknown`: timed out or failed in transit; it may have been applied.
 */
export type DeliveryRecordOutcome = 'recorded' | 'order-changed' | 'plaque-changed' | 'conflict' | 'unknown';

interface Cancellation {
  name?: string;
  CancellationReasons?: { Code?: string }[];
}

export async function recordDelivery(db: DynamoDBDocumentClient, items: DeliveryItems): Promise<DeliveryRecordOutcome> {
  try {
    await db.send(new TransactWriteCommand({ TransactItems: [items.order, items.plaque, items.marker] }));
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
      if (codes[0] === 'ConditionalCheckFailed') return 'order-changed';
      if (codes[1] === 'ConditionalCheckFailed') return 'plaque-changed';
      throw error;
    }
    if (cancelled.name === 'TransactionConflictException' || cancelled.name === 'TransactionInProgressException') return 'conflict';
    if (isOutcomeUnknown(error)) return 'unknown';
    throw error;
  }
}

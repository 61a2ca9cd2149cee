// Records a delivery in one TransactWriteItems: the order DELIVERED, the plaque MINTED and the order's undelivered
// marker removed, all or nothing. Translates DynamoDB's refusals into what the worker must do next.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isOutcomeUnknown } from '#lib/db/failures.ts';
import { rejectedAt, transactWrite, type TransactItem } from '#lib/db/transaction.ts';

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

export async function recordDelivery(db: DynamoDBDocumentClient, items: DeliveryItems): Promise<DeliveryRecordOutcome> {
  let result;
  try {
    result = await transactWrite(db, [items.order, items.plaque, items.marker]);
  } catch (error) {
    if (isOutcomeUnknown(error)) return 'unknown';
    throw error;
  }
  if (result.kind !== 'refused') return result.kind === 'written' ? 'recorded' : 'conflict';
  if (rejectedAt(result, 0)) return 'order-changed';
  // The marker's removal carries no condition: only the plaque's can be the other refusal.
  return 'plaque-changed';
}

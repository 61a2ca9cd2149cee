// Records a delivery in one TransactWriteItems: the order DELIVERED, the plaque MINTED and the order's undelivered
// marker removed, all or nothing. Translates DynamoDB's refusals into what the worker must do next.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isOutcomeUnknown } from '#lib/db/failures.ts';
import { rejectedAt, transactWrite, type TransactItem } from '#lib/db/transaction.ts';
import { forSaleFromItem, type PlaqueForSale } from '#lib/db/plaque-repo.ts';

export interface DeliveryItems {
  order: TransactItem;
  plaque: TransactItem;
  marker: TransactItem;
}

/**
 * `recorded`: all written. `order-changed`: the order is no longer this attempt's (read it again). `plaque-changed`:
 * the plaque is no longer as read; `current` is the plaque as it now is (null when it is gone), returned by the
 * refusal itself. `conflict`: another transaction touched an item at the same time. `unknown`: timed out or failed
 * in transit; it may have been applied.
 */
export type DeliveryRecordOutcome =
  | { kind: 'recorded' }
  | { kind: 'order-changed' }
  | { kind: 'plaque-changed'; current: PlaqueForSale | null }
  | { kind: 'conflict' }
  | { kind: 'unknown' };

export async function recordDelivery(db: DynamoDBDocumentClient, items: DeliveryItems): Promise<DeliveryRecordOutcome> {
  let result;
  try {
    result = await transactWrite(db, [items.order, items.plaque, items.marker]);
  } catch (error) {
    if (isOutcomeUnknown(error)) return { kind: 'unknown' };
    throw error;
  }
  if (result.kind === 'written') return { kind: 'recorded' };
  if (result.kind === 'conflict') return { kind: 'conflict' };
  if (rejectedAt(result, 0)) return { kind: 'order-changed' };
  // The marker's removal carries no condition: only the plaque's can be the other refusal.
  const plaque = result.items[1]!;
  return { kind: 'plaque-changed', current: plaque.item ? forSaleFromItem(plaque.item) : null };
}

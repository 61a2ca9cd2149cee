// Records a delivery in one TransactWriteItems: the order DELIVERED, the plaque MINTED, the order's undelivered
// marker removed, its recently-delivered marker, its cost entry and the plaque's `mint` activity entry written, all or
// nothing; and an operator's
// cancellation of a FAILED order. Translates DynamoDB's refusals into what the worker must do next.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { transactWrite, transactWriteOrUnsettled, type TransactItem, type UnsettledOutcome } from '#lib/db/transaction.ts';
import { forSaleFromItem, type PlaqueForSale } from '#lib/db/plaque-repo.ts';

export interface DeliveryItems {
  order: TransactItem;
  plaque: TransactItem;
  /** The undelivered marker's removal, the recently-delivered marker and the cost entry (unconditional, after the plaque). */
  markers: TransactItem[];
  /** The plaque's `mint` activity entry (lib/db/activity-repo.ts `item`; unconditional). */
  activity: TransactItem;
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

export function recordDelivery(db: DynamoDBDocumentClient, items: DeliveryItems): Promise<DeliveryRecordOutcome> {
  return transactWriteOrUnsettled<DeliveryRecordOutcome>(db, [items.order, items.plaque, ...items.markers, items.activity], {
    written: () => ({ kind: 'recorded' }),
    refused: (refusal) => {
      if (refusal.rejected(0)) return { kind: 'order-changed' };
      // The markers carry no condition: only the plaque's can be the other refusal.
      const current = refusal.current(1);
      return { kind: 'plaque-changed', current: current ? forSaleFromItem(current) : null };
    },
  });
}

export interface UndeliveryItems {
  order: TransactItem;
  plaque: TransactItem;
  markers: TransactItem[];
}

/**
 * Takes a delivery back in one TransactWriteItems (the reconciler, when the chain no longer holds the mint): the order
 * SOLD again, the plaque SOLD again, the undelivered marker back and the delivered one removed. `changed`: the order
 * or the plaque is no longer as read (nothing written). `unknown`: it may have been applied.
 */
export function recordUndelivery(
  db: DynamoDBDocumentClient,
  items: UndeliveryItems,
): Promise<{ kind: 'recorded' } | { kind: 'changed' } | UnsettledOutcome> {
  return transactWriteOrUnsettled<{ kind: 'recorded' } | { kind: 'changed' }>(db, [items.order, items.plaque, ...items.markers], {
    written: () => ({ kind: 'recorded' }),
    refused: () => ({ kind: 'changed' }),
  });
}

export interface CancellationItems {
  order: TransactItem;
  plaque: TransactItem;
  /** The undelivered marker's removal (unconditional, after the plaque). */
  marker: TransactItem;
  /** The sale's reversal in the ledger and its month's totals (lib/db/ledger-repo.ts `entryItems`), after the marker. */
  ledger: TransactItem[];
  /** The plaque's `cancel` activity entry (lib/db/activity-repo.ts `item`; unconditional), last. */
  activity: TransactItem;
}

/**
 * `recorded`: all written. `order-changed`: the order is no longer FAILED; `status` is its status now (null when it is
 * gone), returned by the refusal itself. `plaque-changed`: the plaque is no longer SOLD under this order; `status` is
 * its status now. Nothing is written unless `recorded`.
 */
export type CancellationOutcome =
  { kind: 'recorded' } | { kind: 'order-changed'; status: string | null } | { kind: 'plaque-changed'; status: string | null };

/**
 * Cancels a FAILED order in one TransactWriteItems: the order CANCELLED, its plaque AVAILABLE, its marker gone, its
 * sale reversed in the ledger, its `cancel` activity entry written. A reversal already written means another cancellation won: read as `order-changed`.
 */
export function recordCancellation(db: DynamoDBDocumentClient, items: CancellationItems): Promise<CancellationOutcome> {
  return transactWrite<CancellationOutcome>(
    db,
    [items.order, items.plaque, items.marker, ...items.ledger, items.activity],
    {
      written: () => ({ kind: 'recorded' }),
      refused: (refusal) => {
        if (refusal.rejected(0)) return { kind: 'order-changed', status: (refusal.current(0)?.status as string | undefined) ?? null };
        if (!refusal.rejected(1)) return { kind: 'order-changed', status: null };
        return { kind: 'plaque-changed', status: (refusal.current(1)?.status as string | undefined) ?? null };
      },
    },
    { conflictRetries: 3 },
  );
}

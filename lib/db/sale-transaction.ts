// Records a sale in one TransactWriteItems: the plaque's move to SOLD, the new order (with its marker in the list of
// undelivered orders, its ledger entry and the plaque's `sale` activity entry) and the idempotency record's stored response, all or nothing. Translates DynamoDB's refusals
// into what the buy must do next.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { transactWriteOrUnsettled, type TransactItem } from '#lib/db/transaction.ts';
import { forSaleFromItem, type PlaqueForSale } from '#lib/db/plaque-repo.ts';

export interface SaleItems {
  plaque: TransactItem;
  order: TransactItem;
  /** The Idempotency-Key's record completed with the sale's answer: a taken key throws IdempotencyKeyTaken. */
  completion: TransactItem;
  /** The order's marker among the undelivered orders (unconditional: the order's own condition guards the id). */
  undelivered: TransactItem;
  /** The sale's ledger entry and its month's totals (lib/db/ledger-repo.ts `entryItems`): no order without its entry. */
  ledger: TransactItem[];
  /** The plaque's `sale` activity entry (lib/db/activity-repo.ts `item`; unconditional). */
  activity: TransactItem;
}

/**
 * `recorded`: all written. `plaque-changed`: the plaque is no longer as read; `current` is the plaque as it now is
 * (null when it is gone), returned by the refusal itself. `conflict`: another transaction touched an item at the same time (retry shortly). `unknown`: timed out
 * or failed in transit; it may have been applied.
 */
export type SaleOutcome =
  { kind: 'recorded' } | { kind: 'plaque-changed'; current: PlaqueForSale | null } | { kind: 'conflict' } | { kind: 'unknown' };

export function recordSale(db: DynamoDBDocumentClient, items: SaleItems): Promise<SaleOutcome> {
  return transactWriteOrUnsettled<SaleOutcome>(
    db,
    [items.plaque, items.order, items.completion, items.undelivered, ...items.ledger, items.activity],
    {
      written: () => ({ kind: 'recorded' }),
      refused: (refusal) => {
        if (refusal.rejected(0)) {
          const current = refusal.current(0);
          return { kind: 'plaque-changed', current: current ? forSaleFromItem(current) : null };
        }
        // The order id collided (128 random bits: practically never); a retry draws a new one.
        return { kind: 'conflict' };
      },
    },
  );
}

// The ledger's entries: what each sale, cancellation and payment means between a partner and the service, written once
// and never changed (a cancellation is an entry of its own, not an edit of the sale). Amounts are integers of the
// currency's minor units; every entry holds `commission + due = gross`.
import type { Order } from '#lib/partner/order.ts';
import { splitSale } from '#lib/money/commission.ts';
import { minorUnitsOf } from '#lib/money/currency.ts';

export const ENTRY_TYPES = ['sale', 'reversal', 'payment'] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

export interface LedgerEntry {
  /** `sale_<orderId>`, `rev_<orderId>` (one of each per order at most), `pay_<random>`. */
  id: string;
  type: EntryType;
  partnerId: number;
  orderId: string | null;
  plaqueId: number | null;
  /** ISO 4217 code. */
  currency: string;
  gross: number;
  commission: number;
  /** What the partner owes the service by this entry: positive for a sale, negative for a reversal or a payment. */
  due: number;
  /** The operator's reference of a payment (a bank transfer's, say); null otherwise. */
  reference: string | null;
  /** The sale's commission rate (basis points); null for a payment. */
  bps: number | null;
  createdAt: string;
}

export const saleEntryId = (orderId: string): string => `sale_${orderId}`;
const reversalEntryId = (orderId: string): string => `rev_${orderId}`;

/** The sale entry of an order at a commission of `bps`: gross is the order's price in minor units, dated as the order. */
export function saleEntry(
  order: Pick<Order, 'orderId' | 'partnerId' | 'plaqueId' | 'price' | 'currency' | 'createdAt'>,
  bps: number,
): LedgerEntry {
  const split = splitSale(minorUnitsOf(order.price, order.currency), bps);
  return {
    id: saleEntryId(order.orderId),
    type: 'sale',
    partnerId: order.partnerId,
    orderId: order.orderId,
    plaqueId: order.plaqueId,
    currency: order.currency,
    ...split,
    reference: null,
    bps,
    createdAt: order.createdAt,
  };
}

/** The reversal of a sale entry at `at`: the same amounts negated, so the two sum to nothing. */
export function reversalOf(sale: LedgerEntry, at: Date): LedgerEntry {
  if (sale.type !== 'sale' || sale.orderId === null) throw new Error(`${sale.id} is not a sale entry`);
  return {
    ...sale,
    id: reversalEntryId(sale.orderId),
    type: 'reversal',
    gross: -sale.gross,
    commission: -sale.commission,
    due: -sale.due,
    createdAt: at.toISOString(),
  };
}

/**
 * A payment of `amount` minor units the partner made to the service: `due` −amount, and as a movement of money `gross`
 * −amount with no commission, so the entry too holds `commission + due = gross`.
 */
export function paymentEntry(input: {
  id: string;
  partnerId: number;
  amount: number;
  currency: string;
  reference: string;
  at: Date;
}): LedgerEntry {
  return {
    id: input.id,
    type: 'payment',
    partnerId: input.partnerId,
    orderId: null,
    plaqueId: null,
    currency: input.currency,
    gross: -input.amount,
    commission: 0,
    due: -input.amount,
    reference: input.reference,
    bps: null,
    createdAt: input.at.toISOString(),
  };
}

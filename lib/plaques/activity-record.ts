// A plaque's activity entries as the domain sees them, and how each change makes its entry: a sale, a mint, a
// cancelled order, an operator's price change or listing. Each entry is written in the transaction of its change.
import type { Order } from '#lib/partner/order.ts';
import type { StoredPlaque } from '#lib/plaques/plaque.ts';
import type { ActivityType } from '#lib/plaques/activity-types.ts';

export interface ActivityEntry {
  type: ActivityType;
  plaqueId: number;
  /** The plaque's name when the change was made (`ABC-0042`). */
  plaqueName: string;
  /** The price the change names (the sale's, the new one, the listed one); null for a mint. */
  price: number | null;
  currency: string | null;
  /** The mint's transaction; null for every other type (and a mint recorded without one). */
  txHash: string | null;
  /** When the change was made: the `updatedAt` it stamps on the plaque, so a plaque's entries never share a time. */
  at: string;
}

/** The name of an order's plaque: the one recorded with the order, else the plaque's own. */
const nameOf = (order: Order, plaqueName: string) => order.plaqueName ?? plaqueName;

export const saleActivity = (order: Order, plaqueName: string, at: string): ActivityEntry => ({
  type: 'sale',
  plaqueId: order.plaqueId,
  plaqueName: nameOf(order, plaqueName),
  price: order.price,
  currency: order.currency,
  txHash: null,
  at,
});

export const mintActivity = (order: Order, plaqueName: string, txHash: string | null, at: string): ActivityEntry => ({
  type: 'mint',
  plaqueId: order.plaqueId,
  plaqueName: nameOf(order, plaqueName),
  price: null,
  currency: null,
  txHash,
  at,
});

/** An operator's cancellation of a failed order: names the price of the sale it takes back. */
export const cancelActivity = (order: Order, plaqueName: string, at: string): ActivityEntry => ({
  type: 'cancel',
  plaqueId: order.plaqueId,
  plaqueName: nameOf(order, plaqueName),
  price: order.price,
  currency: order.currency,
  txHash: null,
  at,
});

/** A change of price (or currency) of the plaque, or its listing: the plaque as changed, at its new `updatedAt`. */
export const plaqueActivity = (type: 'price_change' | 'listing', plaque: StoredPlaque): ActivityEntry => ({
  type,
  plaqueId: plaque.id,
  plaqueName: plaque.name,
  price: plaque.price,
  currency: plaque.currency,
  txHash: null,
  at: plaque.updatedAt,
});

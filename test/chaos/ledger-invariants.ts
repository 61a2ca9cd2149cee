// The crash test's invariants of the partner's ledger, after every kill and restart: each order has exactly one sale
// entry (none twice, none without its order) whose gross is the order's price, so the sum of the partner's sale
// entries equals the sum of its orders' prices in minor units, per currency; each cancelled order has exactly one
// reversal and no other order has one; and the balance the service answers (its totals) is the sum of the entries.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ledgerRepo } from '#lib/db/ledger-repo.ts';
import { minorUnitsOf } from '#lib/money/currency.ts';
import type { Order } from '#lib/partner/order.ts';

/** What is wrong with the partner's ledger, one line each; empty when every invariant holds. */
export async function ledgerViolations(
  db: DynamoDBDocumentClient,
  table: string,
  partnerId: number,
  orders: readonly Pick<Order, 'orderId' | 'status' | 'price' | 'currency'>[],
  balance: { currency: string; due: number }[],
): Promise<string[]> {
  const violations: string[] = [];
  const { entries } = await ledgerRepo(db, table).oldestFirst(partnerId, { from: '', until: '9999', after: null, max: 1_000_000 });
  const byOrder = new Map(orders.map((order) => [order.orderId, order]));
  const count = (type: string, orderId: string) => entries.filter((e) => e.type === type && e.orderId === orderId).length;

  const sold = new Map<string, number>();
  const ordered = new Map<string, number>();
  for (const order of orders) {
    ordered.set(order.currency, (ordered.get(order.currency) ?? 0) + minorUnitsOf(order.price, order.currency));
    const sales = count('sale', order.orderId);
    if (sales !== 1) violations.push(`order ${order.orderId} has ${sales} sale entries`);
    const reversals = count('reversal', order.orderId);
    if (reversals !== (order.status === 'CANCELLED' ? 1 : 0))
      violations.push(`order ${order.orderId} (${order.status}) has ${reversals} reversals`);
  }
  for (const entry of entries) {
    if (entry.orderId !== null && !byOrder.has(entry.orderId)) violations.push(`${entry.type} entry ${entry.id} has no order`);
    if (entry.commission + entry.due !== entry.gross) violations.push(`entry ${entry.id}: commission + due is not gross`);
    if (entry.type === 'sale') sold.set(entry.currency, (sold.get(entry.currency) ?? 0) + entry.gross);
  }
  for (const currency of new Set([...sold.keys(), ...ordered.keys()])) {
    if (sold.get(currency) !== ordered.get(currency)) {
      violations.push(`${currency}: sale entries sum to ${sold.get(currency) ?? 0}, the orders' prices to ${ordered.get(currency) ?? 0}`);
    }
  }

  const due = new Map<string, number>();
  for (const entry of entries) due.set(entry.currency, (due.get(entry.currency) ?? 0) + entry.due);
  const answered = new Map(balance.map((b) => [b.currency, b.due]));
  for (const currency of new Set([...due.keys(), ...answered.keys()])) {
    if (due.get(currency) !== answered.get(currency)) {
      violations.push(`${currency}: the balance answers ${answered.get(currency)}, the entries sum to ${due.get(currency)}`);
    }
  }
  return violations;
}

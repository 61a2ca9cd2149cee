// What delivered orders cost the service, summed by UTC day and partner from each order's cost entry (its share of its
// mint transaction's gas at the price that transaction paid): `npm run ops -- delivery-costs`.
import { formatEther } from 'viem';
import { dbOf } from '#lib/db/client.ts';
import { deliveryCostRepo } from '#lib/db/delivery-cost-repo.ts';
import type { AppContext } from '#lib/runtime/context.ts';

export interface DeliveryCostRow {
  /** UTC day, `YYYY-MM-DD`. */
  date: string;
  partnerId: number;
  orders: number;
  /** Gas, the orders' shares together. */
  gas: number;
  /** Wei, decimal. */
  feeWei: string;
  /** The same in ether, as text. */
  feeEth: string;
  /** gas / orders, rounded. */
  gasPerToken: number;
}

/** The orders delivered from `from` to `to`, summed by day then partner, oldest day first. */
export async function deliveryCostsByDay(ctx: AppContext, from: Date, to: Date): Promise<DeliveryCostRow[]> {
  const entries = await deliveryCostRepo(dbOf(ctx), ctx.tableName).costsBetween(from, to);
  const rows = new Map<string, { date: string; partnerId: number; orders: number; gas: number; feeWei: bigint }>();
  for (const entry of entries) {
    const date = entry.deliveredAt.slice(0, 10);
    const key = `${date}#${entry.partnerId}`;
    const row = rows.get(key) ?? { date, partnerId: entry.partnerId, orders: 0, gas: 0, feeWei: 0n };
    row.orders++;
    row.gas += entry.gas;
    row.feeWei += BigInt(entry.feeWei);
    rows.set(key, row);
  }
  return [...rows.values()]
    .sort((a, b) => a.date.localeCompare(b.date) || a.partnerId - b.partnerId)
    .map((row) => ({
      ...row,
      feeWei: row.feeWei.toString(),
      feeEth: formatEther(row.feeWei),
      gasPerToken: Math.round(row.gas / row.orders),
    }));
}

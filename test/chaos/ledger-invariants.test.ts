// The crash test's ledger invariants report what they must: an order without its sale entry or with two, an entry
// without its order, a missing or extra reversal, sale entries that do not sum to the orders' prices, and a balance
// that is not the entries' sum; and nothing for a ledger that is right.
import { beforeAll, describe, expect, it } from 'vitest';
import { dbOf } from '#lib/db/client.ts';
import { reversalOf } from '#lib/money/entry.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { anOrder } from '../support/factories.ts';
import { aSale, storeEntries, storeEntriesOnly } from '../money/fixtures.ts';
import { ledgerViolations } from './ledger-invariants.ts';

let ctx: AppContext;

beforeAll(async () => {
  ctx = await freshTable();
});

const at = '2026-06-01T10:00:00.000Z';

describe('the ledger invariants of the crash test', () => {
  it('find nothing wrong with one sale entry an order and a reversal for the cancelled one', async () => {
    const [kept, cancelled] = [aSale(601, at, 12.5), aSale(601, at, 7)];
    await storeEntries(ctx, [kept, cancelled, reversalOf(cancelled, new Date(at))]);
    const orders = [
      anOrder({ orderId: kept.orderId!, price: 12.5, status: 'DELIVERED' }),
      anOrder({ orderId: cancelled.orderId!, price: 7, status: 'CANCELLED' }),
    ];
    expect(await ledgerViolations(dbOf(ctx), ctx.tableName, 601, orders, [{ currency: 'USD', due: 1125 }])).toEqual([]);
  });

  it('report every way the ledger can be wrong', async () => {
    const [twice, orphan, unreversed] = [aSale(602, at, 10), aSale(602, at, 1), aSale(602, at, 3)];
    await storeEntriesOnly(ctx, [twice, { ...twice, id: `${twice.id}-again` }, orphan, unreversed, reversalOf(unreversed, new Date(at))]);
    const orders = [
      anOrder({ orderId: twice.orderId!, price: 10, status: 'DELIVERED' }),
      anOrder({ orderId: 'ord_none', price: 5, status: 'CANCELLED' }),
      anOrder({ orderId: unreversed.orderId!, price: 4, status: 'SOLD' }),
    ];
    expect(await ledgerViolations(dbOf(ctx), ctx.tableName, 602, orders, [{ currency: 'USD', due: 1 }])).toEqual([
      `order ${twice.orderId} has 2 sale entries`,
      'order ord_none has 0 sale entries',
      'order ord_none (CANCELLED) has 0 reversals',
      `order ${unreversed.orderId} (SOLD) has 1 reversals`,
      `sale entry ${orphan.id} has no order`,
      "USD: sale entries sum to 2400, the orders' prices to 1900",
      'USD: the balance answers 1, the entries sum to 1890',
    ]);
  });
});

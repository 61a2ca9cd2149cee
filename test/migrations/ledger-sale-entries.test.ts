// Migration 0006 on orders sold before the ledger existed: each gets its sale entry dated as the order, a cancelled one
// its reversal dated at its cancellation, at the partner's rate; an entry written before is kept as it is; a second
// run writes nothing; and the balance then sums every order.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { newUser, usernameSkeleton } from '#lib/accounts/user.ts';
import { dbOf } from '#lib/db/client.ts';
import { ledgerRepo } from '#lib/db/ledger-repo.ts';
import { toItem } from '#lib/db/order-item.ts';
import { userRepo } from '#lib/db/user-repo.ts';
import { ledgerSaleEntries } from '#lib/migrations/ledger-sale-entries.ts';
import { setCommission } from '#lib/money/commission-rates.ts';
import { saleEntry } from '#lib/money/entry.ts';
import { balance } from '#lib/money/ledger.ts';
import type { Order } from '#lib/partner/order.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { anOrder, TEST_CONTRACT, TEST_PLACEHOLDER } from '../support/factories.ts';
import { entriesOf } from '../money/fixtures.ts';

let ctx: AppContext;
const stage = { placeholderImage: TEST_PLACEHOLDER, contractAddress: TEST_CONTRACT };

/** A partner with orders stored as the version before the ledger stored them: no entries. */
async function aPartnerWithOrders(orders: Partial<Order>[]): Promise<{ partnerId: number; orders: Order[] }> {
  const users = userRepo(dbOf(ctx), ctx.tableName);
  const partnerId = await users.allocateId();
  const user = newUser({
    id: partnerId,
    email: `p${partnerId}@example.com`,
    walletAddress: `0x${String(partnerId).padStart(40, '0')}`,
    now: new Date(),
  });
  expect(await users.create(user, usernameSkeleton(user.username))).toEqual({ kind: 'created' });
  const stored = orders.map((o, i) => anOrder({ orderId: `ord_p${partnerId}o${i}`, partnerId, ...o }));
  for (const order of stored) await dbOf(ctx).send(new PutCommand({ TableName: ctx.tableName, Item: toItem(order) }));
  return { partnerId, orders: stored };
}

beforeAll(async () => {
  ctx = await freshTable({ commissionDefaultBps: 1000 });
});

describe('0006-ledger-sale-entries', () => {
  it("writes each order's sale entry and each cancelled order's reversal, keeps entries written before, and runs again as a no-op", async () => {
    const first = await aPartnerWithOrders([
      { price: 12.5, status: 'DELIVERED', createdAt: '2026-01-05T10:00:00.000Z' },
      { price: 40, currency: 'EUR', status: 'CANCELLED', createdAt: '2026-01-06T10:00:00.000Z', updatedAt: '2026-02-02T09:00:00.000Z' },
      { price: 7.25, status: 'SOLD', createdAt: '2026-02-01T10:00:00.000Z' },
    ]);
    const second = await aPartnerWithOrders([{ price: 100, status: 'DELIVERED', createdAt: '2026-01-07T10:00:00.000Z' }]);
    await setCommission(ctx, second.partnerId, 250);
    // Sold after the ledger existed: its entry is already there, at the rate it was sold at.
    const sold = await aPartnerWithOrders([{ price: 10, status: 'DELIVERED' }]);
    await ledgerRepo(dbOf(ctx), ctx.tableName).writeEntry(saleEntry(sold.orders[0]!, 500));

    const counts = await ledgerSaleEntries.run({ ctx, stage });
    expect(counts).toEqual({ scanned: 5, converted: 4, alreadyConverted: 1 });

    const [delivered, cancelled, unsold] = first.orders;
    expect((await entriesOf(ctx, first.partnerId)).map((e) => [e.id, e.createdAt, e.gross, e.commission, e.due, e.bps])).toEqual([
      [`sale_${delivered!.orderId}`, '2026-01-05T10:00:00.000Z', 1250, 125, 1125, 1000],
      [`sale_${cancelled!.orderId}`, '2026-01-06T10:00:00.000Z', 4000, 400, 3600, 1000],
      [`sale_${unsold!.orderId}`, '2026-02-01T10:00:00.000Z', 725, 73, 652, 1000],
      [`rev_${cancelled!.orderId}`, '2026-02-02T09:00:00.000Z', -4000, -400, -3600, 1000],
    ]);
    expect((await entriesOf(ctx, second.partnerId)).map((e) => [e.commission, e.bps])).toEqual([[250, 250]]);
    expect((await entriesOf(ctx, sold.partnerId)).map((e) => [e.commission, e.bps])).toEqual([[50, 500]]);
    expect(await balance(ctx, first.partnerId)).toEqual({
      balances: [
        { currency: 'EUR', due: 0 },
        { currency: 'USD', due: 1777 },
      ],
    });

    expect(await ledgerSaleEntries.run({ ctx, stage })).toEqual({ scanned: 5, converted: 0, alreadyConverted: 5 });
    expect(await entriesOf(ctx, first.partnerId)).toHaveLength(4);
    expect(await balance(ctx, first.partnerId)).toEqual({
      balances: [
        { currency: 'EUR', due: 0 },
        { currency: 'USD', due: 1777 },
      ],
    });
  });
});

// The ledger is written by the transactions that cause its entries: the buy's writes the sale entry (none without its
// order, no order without it, never two under replays, crashes and races), the cancellation's writes the reversal, and
// the totals the balance reads always equal the entries' sum.
import { randomUUID } from 'node:crypto';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbOf } from '#lib/db/client.ts';
import { commissionRepo } from '#lib/db/commission-repo.ts';
import { partnerOrderRepo } from '#lib/db/partner-order-repo.ts';
import { deliveryOrderRepo } from '#lib/db/delivery-order-repo.ts';
import { cancelOrder } from '#lib/delivery/undelivered.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { setCommission } from '#lib/money/commission-rates.ts';
import { balance } from '#lib/money/ledger.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import type { OwnChain } from '../support/chain.ts';
import { freshTable } from '../support/db.ts';
import { cancellation, interceptTransactions, timeout } from '../support/faults.ts';
import { aSeller, aSoldOrder, deliverNow, deliveryChain } from '../delivery/fixtures.ts';
import { aHeldPlaque, aPartner, aWallet, call, type TestPartner } from '../partner/fixtures.ts';
import { dueByCurrency, entriesOf } from './fixtures.ts';

/** The stage default these tests run at (10 %). */
const DEFAULT_BPS = 1000;

let own: OwnChain;
let ctx: AppContext;
let server: LocalServer;

beforeAll(async () => {
  own = await deliveryChain();
  ctx = await freshTable({ chain: own.chain, commissionDefaultBps: DEFAULT_BPS });
  server = await startLocalServer({ ctx, port: 0 });
});

afterAll(async () => {
  await server.close();
});

const buy = (partner: TestPartner, held: { plaque: { id: number }; reservationId: string; wallet: string }, key = randomUUID()) =>
  call(server.url, 'POST', `/partner/plaques/${held.plaque.id}/buy`, {
    key: partner.apiKey,
    body: { reservationId: held.reservationId, buyerWallet: held.wallet },
    headers: { 'idempotency-key': key },
  });

const ordersOf = (partnerId: number) => partnerOrderRepo(dbOf(ctx), ctx.tableName).listByPartner(partnerId);

/** The balance the totals give equals the sum of the entries themselves. */
async function expectTotalsMatchEntries(partnerId: number) {
  const entries = await entriesOf(ctx, partnerId);
  const fromTotals = Object.fromEntries((await balance(ctx, partnerId)).balances.map((b) => [b.currency, b.due]));
  expect(fromTotals).toEqual(dueByCurrency(entries));
}

describe('the sale entry', () => {
  it("is written with the buy, at the stage's default commission, dated as its order", async () => {
    const partner = await aPartner(ctx);
    const held = await aHeldPlaque(ctx, server.url, partner, { price: 12.5, currency: 'USD' });
    const sold = await buy(partner, held);
    expect(sold.status).toBe(201);
    const [order] = await ordersOf(partner.userId);
    expect(await entriesOf(ctx, partner.userId)).toEqual([
      {
        id: `sale_${sold.json.orderId}`,
        type: 'sale',
        partnerId: partner.userId,
        orderId: sold.json.orderId,
        plaqueId: held.plaque.id,
        currency: 'USD',
        gross: 1250,
        commission: 125,
        due: 1125,
        reference: null,
        bps: DEFAULT_BPS,
        createdAt: order!.createdAt,
      },
    ]);
    expect(await balance(ctx, partner.userId)).toEqual({ balances: [{ currency: 'USD', due: 1125 }] });
  });

  it("takes a currency's minor units by its exponent: a JPY price is whole yen", async () => {
    const partner = await aPartner(ctx);
    const held = await aHeldPlaque(ctx, server.url, partner, { price: 1255, currency: 'JPY' });
    expect((await buy(partner, held)).status).toBe(201);
    const [entry] = await entriesOf(ctx, partner.userId);
    // 1255 × 10 % = 125.5 → 126, half up.
    expect(entry).toMatchObject({ currency: 'JPY', gross: 1255, commission: 126, due: 1129 });
  });

  it('is written once when the buy is replayed with its Idempotency-Key', async () => {
    const partner = await aPartner(ctx);
    const held = await aHeldPlaque(ctx, server.url, partner);
    const key = randomUUID();
    const first = await buy(partner, held, key);
    const again = await buy(partner, held, key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json.orderId).toBe(first.json.orderId);
    expect((await entriesOf(ctx, partner.userId)).map((e) => e.id)).toEqual([`sale_${first.json.orderId}`]);
  });

  it('is written once when the buy dies after its transaction and is retried', async () => {
    const partner = await aPartner(ctx);
    const held = await aHeldPlaque(ctx, server.url, partner);
    const key = randomUUID();
    let dying = 1;
    const restore = interceptTransactions(ctx, async (write) => {
      const answer = await write();
      if (dying-- > 0) throw timeout();
      return answer;
    });
    let first;
    try {
      first = await buy(partner, held, key);
    } finally {
      restore();
    }
    // The buy read its own outcome back (the key's record changed in the same transaction): a sale, answered.
    expect(first.status).toBe(201);
    const retry = await buy(partner, held, key);
    expect(retry.json.orderId).toBe(first.json.orderId);
    const orders = await ordersOf(partner.userId);
    expect(orders.map((o) => o.orderId)).toEqual([first.json.orderId]);
    expect((await entriesOf(ctx, partner.userId)).map((e) => e.orderId)).toEqual([first.json.orderId]);
  });

  it('is not written when the sale is not: a transaction refused throughout leaves neither order nor entry', async () => {
    const partner = await aPartner(ctx);
    const held = await aHeldPlaque(ctx, server.url, partner);
    const restore = interceptTransactions(ctx, async () => Promise.reject(cancellation('None', 'TransactionConflict')));
    try {
      expect((await buy(partner, held)).json.code).toBe('CONFLICT');
    } finally {
      restore();
    }
    expect(await ordersOf(partner.userId)).toEqual([]);
    expect(await entriesOf(ctx, partner.userId)).toEqual([]);
    // An expired or foreign reservation refuses the buy before anything is written.
    expect((await buy(partner, { ...held, reservationId: 'res_unknown' })).status).toBe(409);
    expect(await entriesOf(ctx, partner.userId)).toEqual([]);
  });

  it('is written once for the one buy that wins of many racing for one plaque', async () => {
    const partner = await aPartner(ctx);
    const held = await aHeldPlaque(ctx, server.url, partner);
    const replies = await Promise.all(Array.from({ length: 6 }, () => buy(partner, held)));
    const won = replies.filter((r) => r.status === 201);
    expect(won).toHaveLength(1);
    expect((await entriesOf(ctx, partner.userId)).map((e) => e.orderId)).toEqual([won[0]!.json.orderId]);
  });

  it("keeps the totals equal to the entries' sum when one partner's sales run at once", async () => {
    const partner = await aPartner(ctx);
    const helds = await Promise.all(Array.from({ length: 8 }, (_, i) => aHeldPlaque(ctx, server.url, partner, { price: 10 + i })));
    const replies = await Promise.all(helds.map((held) => buy(partner, held)));
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 201));
    const entries = await entriesOf(ctx, partner.userId);
    expect(entries).toHaveLength(8);
    expect(entries.reduce((sum, e) => sum + e.gross, 0)).toBe(helds.reduce((sum, h) => sum + h.plaque.price * 100, 0));
    await expectTotalsMatchEntries(partner.userId);
  });

  it("takes the partner's own rate for the sales after set-commission, recorded with its time; earlier entries keep theirs", async () => {
    const partner = await aPartner(ctx);
    const before = await buy(partner, await aHeldPlaque(ctx, server.url, partner, { price: 100 }));
    const change = await setCommission(ctx, partner.userId, 250);
    expect(change).toMatchObject({ partnerId: partner.userId, bps: 250, previousBps: null });
    const after = await buy(partner, await aHeldPlaque(ctx, server.url, partner, { price: 100 }));
    const byOrder = new Map((await entriesOf(ctx, partner.userId)).map((e) => [e.orderId, e]));
    expect(byOrder.get(before.json.orderId)).toMatchObject({ bps: DEFAULT_BPS, commission: 1000, due: 9000 });
    expect(byOrder.get(after.json.orderId)).toMatchObject({ bps: 250, commission: 250, due: 9750 });
    expect(await commissionRepo(dbOf(ctx), ctx.tableName).changes(partner.userId)).toEqual([
      { bps: 250, setAt: change.setAt, previousBps: null },
    ]);
    await expect(setCommission(ctx, partner.userId, 10_001)).rejects.toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    await expect(setCommission(ctx, 987_654, 100)).rejects.toMatchObject({ status: 404, code: 'PARTNER_NOT_FOUND' });
  });
});

describe('the reversal', () => {
  /** A sold order whose token was minted elsewhere first, so that its delivery FAILED: what an operator cancels. */
  async function aFailedOrder(seller: Awaited<ReturnType<typeof aSeller>>) {
    const order = await aSoldOrder(ctx, seller, { price: 40, currency: 'EUR' });
    await own.chain.waitForReceipt(await own.chain.sendMint(aWallet() as Hex, order.tokenId));
    await deliverNow(ctx, order.orderId);
    expect((await deliveryOrderRepo(dbOf(ctx), ctx.tableName).getForDelivery(order.orderId))?.order.status).toBe('FAILED');
    return order;
  }

  it("is written in the cancellation's transaction, negating the sale, so the order nets to nothing", async () => {
    const seller = await aSeller(ctx);
    const order = await aFailedOrder(seller);
    await cancelOrder(ctx, order.orderId, 'refunded');
    const entries = await entriesOf(ctx, seller.partnerId);
    expect(entries.map((e) => [e.id, e.type, e.gross, e.commission, e.due])).toEqual([
      [`sale_${order.orderId}`, 'sale', 4000, 400, 3600],
      [`rev_${order.orderId}`, 'reversal', -4000, -400, -3600],
    ]);
    expect(entries[1]!.createdAt >= entries[0]!.createdAt).toBe(true);
    expect(await balance(ctx, seller.partnerId)).toEqual({ balances: [{ currency: 'EUR', due: 0 }] });
  });

  it('is written once when cancellations race, and not at all when the cancellation is refused', async () => {
    const seller = await aSeller(ctx);
    const order = await aFailedOrder(seller);
    const outcomes = await Promise.allSettled([1, 2, 3].map((n) => cancelOrder(ctx, order.orderId, `try ${n}`)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const sold = await aSoldOrder(ctx, seller);
    await expect(cancelOrder(ctx, sold.orderId, 'not failed')).rejects.toMatchObject({ code: 'NOT_CANCELLABLE' });
    expect((await entriesOf(ctx, seller.partnerId)).map((e) => e.id).sort()).toEqual(
      [`rev_${order.orderId}`, `sale_${order.orderId}`, `sale_${sold.orderId}`].sort(),
    );
    await expectTotalsMatchEntries(seller.partnerId);
  }, 60_000);
});

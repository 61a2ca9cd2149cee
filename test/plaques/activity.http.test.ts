// A plaque's activity and the catalogue's through the local server: every sale, mint, cancel, price change and listing
// made through the real write paths (buy, delivery, cancel-order, the operator's price and feature) shows newest first,
// each entry written in the same transaction as its change; pages follow cursors; bad input answers 400 naming it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { cancelOrder } from '#lib/delivery/undelivered.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import type { Partner } from '#lib/partner/partner-identity.ts';
import { setPlaqueFeatured, setPlaquePrice } from '#lib/plaques/plaque-changes.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import type { OwnChain } from '../support/chain.ts';
import { freshTable } from '../support/db.ts';
import { failure } from '../support/failure.ts';
import { intercept } from '../support/faults.ts';
import { aReceiver } from '../support/receivers.ts';
import { aPartner, call, storePlaque } from '../partner/fixtures.ts';
import { aSoldOrder, deliverNow, deliveryChain } from '../delivery/fixtures.ts';

let own: OwnChain;
let ctx: AppContext;
let server: LocalServer;
let seller: Partner;

beforeAll(async () => {
  own = await deliveryChain();
  ctx = await freshTable({ chain: own.chain });
  server = await startLocalServer({ ctx, port: 0 });
  const partner = await aPartner(ctx);
  seller = { partnerId: partner.userId, apiKeyId: partner.id };
  return () => server.close();
});

const get = (path: string) => call(server.url, 'GET', path);

interface Shown {
  type: string;
  price: number | null;
  currency: string | null;
  txHash: string | null;
  at: string;
  plaqueId?: number;
  plaqueName?: string;
}

/** Every entry of a list, following nextCursor page by page. */
async function allPages(path: string, limit: number): Promise<{ pages: number; entries: Shown[] }> {
  const entries: Shown[] = [];
  let pages = 0;
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const reply = await get(`${path}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(reply.status, reply.text).toBe(200);
    pages++;
    entries.push(...reply.json.activity);
    cursor = reply.json.nextCursor;
  } while (cursor);
  return { pages, entries };
}

/** The plaque keys and activity partitions each TransactWriteItems touches, while `run` runs. */
async function transactionsOf(run: () => Promise<unknown>): Promise<{ keys: string[] }[]> {
  const seen: { keys: string[] }[] = [];
  const pkOf = (key: Record<string, unknown> | undefined) => {
    const pk = key?.pk as string | { S: string } | undefined;
    return typeof pk === 'object' ? pk.S : pk;
  };
  const stop = intercept(ctx, 'TransactWriteItemsCommand', (send, input: { TransactItems: Record<string, any>[] }) => {
    seen.push({
      keys: input.TransactItems.map(
        (item) => pkOf(item.Update?.Key ?? item.Put?.Item ?? item.Delete?.Key ?? item.ConditionCheck?.Key) ?? '',
      ),
    });
    return send();
  });
  try {
    await run();
  } finally {
    stop();
  }
  return seen;
}

describe("a plaque's activity", () => {
  it('lists the listing and the price change newest first, and a sale, each written in the transaction of its change', async () => {
    const plaque = await storePlaque(ctx, { featured: false, featuredAt: null, price: 40, currency: 'USD' });
    const writes = await transactionsOf(async () => {
      await setPlaqueFeatured(ctx, plaque.id, true);
      await setPlaquePrice(ctx, plaque.id, 55.5, 'EUR');
    });
    const sold = await transactionsOf(() => aSoldOrder(ctx, seller, { id: plaque.id + 1000, price: 70, currency: 'USD' }));
    const sale = (await get(`/plaques/${plaque.id + 1000}/activity`)).json;
    expect(sale.activity).toEqual([{ type: 'sale', price: 70, currency: 'USD', txHash: null, at: expect.any(String) }]);

    // The listing and the price change: each its own transaction, holding the plaque's update and its entry.
    expect(writes.map((w) => w.keys)).toEqual([
      [`PLAQUE#${plaque.id}`, `PLAQUEACTIVITY#${plaque.id}`],
      [`PLAQUE#${plaque.id}`, `PLAQUEACTIVITY#${plaque.id}`],
    ]);
    // The buy's transaction moves the plaque and writes its entry with the order and the ledger.
    const buy = sold.find((w) => w.keys.includes(`PLAQUE#${plaque.id + 1000}`) && w.keys.some((k) => k.startsWith('ORDER#')))!;
    expect(buy.keys).toContain(`PLAQUEACTIVITY#${plaque.id + 1000}`);

    const reply = await get(`/plaques/${plaque.id}/activity`);
    expect(reply.status).toBe(200);
    expect(reply.json.nextCursor).toBeNull();
    expect(reply.json.activity).toEqual([
      { type: 'price_change', price: 55.5, currency: 'EUR', txHash: null, at: expect.any(String) },
      { type: 'listing', price: 40, currency: 'USD', txHash: null, at: expect.any(String) },
    ]);
    const stored = (await get(`/plaques/${plaque.id}`)).json;
    expect(reply.json.activity[0].at).toBe(stored.updatedAt);
    expect(stored).toMatchObject({ price: 55.5, currency: 'EUR', featured: true });
  });

  it('records the mint with its transaction hash in the delivery’s transaction', async () => {
    const sold = await aSoldOrder(ctx, seller, { price: 12, currency: 'EUR' });
    const delivered = await transactionsOf(() => deliverNow(ctx, sold.orderId));
    const delivery = delivered.find((w) => w.keys.includes(`PLAQUE#${sold.plaque.id}`))!;
    expect(delivery.keys).toEqual(expect.arrayContaining([`ORDER#${sold.orderId}`, `PLAQUEACTIVITY#${sold.plaque.id}`]));
    const { activity } = (await get(`/plaques/${sold.plaque.id}/activity`)).json;
    const order = (await call(server.url, 'GET', `/plaques/${sold.plaque.id}`)).json;
    expect(order.status).toBe('MINTED');
    expect(activity).toEqual([
      { type: 'mint', price: null, currency: null, txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/), at: order.updatedAt },
      { type: 'sale', price: 12, currency: 'EUR', txHash: null, at: expect.any(String) },
    ]);
  });

  it('records a cancelled order in the cancellation’s transaction, naming the price taken back', async () => {
    const sold = await aSoldOrder(ctx, seller, { price: 9, currency: 'USD' }, (await aReceiver('RefusingReceiver')) as Address);
    await deliverNow(ctx, sold.orderId);
    const cancelled = await transactionsOf(() => cancelOrder(ctx, sold.orderId, 'the wallet takes no tokens'));
    expect(cancelled.at(-1)!.keys).toEqual(
      expect.arrayContaining([`ORDER#${sold.orderId}`, `PLAQUE#${sold.plaque.id}`, `PLAQUEACTIVITY#${sold.plaque.id}`]),
    );
    const { activity } = (await get(`/plaques/${sold.plaque.id}/activity`)).json;
    expect(activity.map((a: Shown) => [a.type, a.price, a.currency])).toEqual([
      ['cancel', 9, 'USD'],
      ['sale', 9, 'USD'],
    ]);
  });

  it('makes no entry when a change is refused or changes nothing, nor a listing for a plaque not AVAILABLE', async () => {
    const sold = await storePlaque(ctx, { status: 'SOLD', featured: false, featuredAt: null });
    expect((await failure(setPlaquePrice(ctx, sold.id, 1))).code).toBe('INVALID_STATE');
    await setPlaqueFeatured(ctx, sold.id, true);
    const same = await storePlaque(ctx, { price: 5, currency: 'USD', featured: true });
    await setPlaquePrice(ctx, same.id, 5);
    await setPlaqueFeatured(ctx, same.id, true);
    await setPlaqueFeatured(ctx, same.id, false);
    for (const id of [sold.id, same.id]) expect((await get(`/plaques/${id}/activity`)).json).toEqual({ activity: [], nextCursor: null });
    expect((await failure(setPlaquePrice(ctx, 999_999, 1))).code).toBe('PLAQUE_NOT_FOUND');
  });

  it('pages through exactly the entries with the cursor, each once', async () => {
    const plaque = await storePlaque(ctx, { price: 1 });
    for (let price = 2; price <= 8; price++) await setPlaquePrice(ctx, plaque.id, price);
    for (const limit of [1, 3, 7, 100]) {
      const { pages, entries } = await allPages(`/plaques/${plaque.id}/activity`, limit);
      expect(entries.map((e) => e.price)).toEqual([8, 7, 6, 5, 4, 3, 2]);
      expect(pages).toBe(Math.ceil(7 / limit));
    }
  });

  it('answers 404 for an unknown or deleted plaque and 400 naming the parameter for bad input', async () => {
    const deleted = await storePlaque(ctx, { deletedAt: '2026-01-01T00:00:00.000Z' });
    for (const id of [987654, deleted.id])
      expect((await get(`/plaques/${id}/activity`)).json).toMatchObject({ status: 404, code: 'PLAQUE_NOT_FOUND' });
    const plaque = await storePlaque(ctx, { price: 1 });
    await setPlaquePrice(ctx, plaque.id, 2);
    await setPlaquePrice(ctx, plaque.id, 3);
    const other = (await get(`/plaques/${plaque.id}/activity?limit=1`)).json.nextCursor as string;
    const sales = (await get('/activity?type=price_change&limit=1')).json.nextCursor as string;
    for (const [path, param] of [
      ['/plaques/x1/activity', 'id'],
      [`/plaques/${plaque.id}/activity?limit=0`, 'limit'],
      [`/plaques/${plaque.id}/activity?limit=101`, 'limit'],
      [`/plaques/${plaque.id}/activity?cursor=bm90LWEtY3Vyc29y`, 'cursor'],
      [`/plaques/${plaque.id + 1}/activity?cursor=${other}`, 'cursor'],
      ['/activity', 'type'],
      ['/activity?type=refund', 'type'],
      ['/activity?type=sale&limit=abc', 'limit'],
      [`/activity?type=sale&cursor=${sales}`, 'cursor'],
    ] as const) {
      const reply = await get(path);
      expect(reply.status, path).toBe(400);
      expect(reply.json.code, path).toBe('VALIDATION_FAILED');
      expect(
        reply.json.errors.map((e: { path: string }) => e.path),
        path,
      ).toContain(param);
    }
  });
});

describe("the catalogue's activity", () => {
  it('lists one type across plaques newest first, naming each plaque, in cursor pages that together are exactly the list', async () => {
    const before = (await allPages('/activity?type=listing', 100)).entries;
    const listed = [];
    for (let n = 0; n < 5; n++) {
      const plaque = await storePlaque(ctx, { featured: false, featuredAt: null, price: 100 + n });
      listed.push(await setPlaqueFeatured(ctx, plaque.id, true));
    }
    const expected = [
      ...listed.reverse().map((p) => ({
        type: 'listing',
        price: p.price,
        currency: p.currency,
        txHash: null,
        at: p.updatedAt,
        plaqueId: p.id,
        plaqueName: p.name,
      })),
      ...before,
    ];
    for (const limit of [1, 2, 100]) expect((await allPages('/activity?type=listing', limit)).entries).toEqual(expected);
    const first = await aSoldOrder(ctx, seller, { price: 3, currency: 'EUR' });
    const second = await aSoldOrder(ctx, seller, { price: 4, currency: 'USD' });
    const sales = (await get('/activity?type=sale&limit=2')).json.activity as Shown[];
    expect(sales.map((s) => [s.plaqueId, s.plaqueName, s.price, s.currency])).toEqual([
      [second.plaque.id, second.plaque.name, 4, 'USD'],
      [first.plaque.id, first.plaque.name, 3, 'EUR'],
    ]);
  });
});

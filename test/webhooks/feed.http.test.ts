// The partner's event feed over the local server (GET /partner/events with an API key): every order move makes an
// event whether or not an endpoint is registered, listed newest first with the `webhook-id` its deliveries carry, in
// cursor pages that together are exactly the list, filtered by type, the partner's own only, 30 days at most. The
// signed-in partner reads the same feed with its session (GET /partner/event-log, the dashboard's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import type { Order } from '#lib/partner/order.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { eventIdOf } from '#lib/webhooks/events.ts';
import { makeOrderEvents } from '#lib/webhooks/order-events.ts';
import { freshTable } from '../support/db.ts';
import { aPartner, call, type TestPartner } from '../partner/fixtures.ts';
import { aSignedInPartner, bearer, moveRecord, soldOrder } from './fixtures.ts';

let ctx: AppContext;
let server: LocalServer;

beforeAll(async () => {
  ctx = await freshTable({ explorerBaseUrl: null });
  server = await startLocalServer({ ctx, port: 0 });
});

afterAll(async () => {
  await server?.close();
});

const feed = (partner: TestPartner, query = '') => call(server.url, 'GET', `/partner/events${query}`, { key: partner.apiKey });

let clock = Date.parse('2026-11-01T00:00:00.000Z');
/** An order of the partner that moved SOLD → MINTING → FAILED → CANCELLED, a second apart; its moves' events made. */
async function aCancelledOrder(partner: TestPartner, startAt = new Date(ctx.now().getTime() - 3600_000)): Promise<Order[]> {
  const at = (n: number) => new Date(startAt.getTime() + (clock++ % 1000) + n * 1000).toISOString();
  const sold = soldOrder(partner.userId, { createdAt: at(0), updatedAt: at(0) });
  const moves: Order[] = [
    sold,
    { ...sold, status: 'MINTING', updatedAt: at(1) },
    { ...sold, status: 'FAILED', failureReason: 'ALREADY_MINTED', updatedAt: at(2) },
    { ...sold, status: 'CANCELLED', failureReason: 'ALREADY_MINTED', cancelReason: 'refunded', updatedAt: at(3) },
  ];
  const previous = [null, 'SOLD', 'MINTING', 'FAILED'] as const;
  const made = await makeOrderEvents(
    ctx,
    moves.map((order, i) => moveRecord(order, previous[i]!)),
  );
  expect(made.batchItemFailures).toEqual([]);
  return moves;
}

describe('GET /partner/events', () => {
  it("lists every move of the partner's orders, newest first, with no endpoint registered", async () => {
    const partner = await aPartner(ctx);
    const moves = await aCancelledOrder(partner);
    const reply = await feed(partner);
    expect(reply.status).toBe(200);
    expect(reply.json.nextCursor).toBeNull();
    expect(reply.json.events.map((e: { type: string }) => e.type)).toEqual([
      'order.cancelled',
      'order.failed',
      'order.minting',
      'order.sold',
    ]);
    const [cancelled] = reply.json.events;
    expect(cancelled).toEqual({
      id: eventIdOf({ orderId: moves[0]!.orderId, round: 0, status: 'CANCELLED' }),
      type: 'order.cancelled',
      timestamp: moves[3]!.updatedAt,
      data: expect.objectContaining({
        orderId: moves[0]!.orderId,
        status: 'CANCELLED',
        cancelReason: 'refunded',
        failureReason: 'ALREADY_MINTED',
      }),
    });
  });

  it('filters by type, and shows no other partner its events', async () => {
    const partner = await aPartner(ctx);
    const other = await aPartner(ctx);
    await aCancelledOrder(partner);
    await aCancelledOrder(partner);
    await aCancelledOrder(other);
    const cancelled = await feed(partner, '?type=order.cancelled');
    expect(cancelled.json.events).toHaveLength(2);
    expect(cancelled.json.events.every((e: { type: string }) => e.type === 'order.cancelled')).toBe(true);
    const all = await feed(partner, '?limit=100');
    expect(all.json.events).toHaveLength(8);
    const othersOrders = new Set((await feed(other)).json.events.map((e: { data: { orderId: string } }) => e.data.orderId));
    expect(all.json.events.some((e: { data: { orderId: string } }) => othersOrders.has(e.data.orderId))).toBe(false);
  });

  it('lists no event older than 30 days, even one the table still holds', async () => {
    const partner = await aPartner(ctx);
    await aCancelledOrder(partner, new Date(ctx.now().getTime() - 31 * 24 * 3600_000));
    const recent = await aCancelledOrder(partner);
    const reply = await feed(partner, '?limit=100');
    expect(reply.json).toEqual({ events: expect.any(Array), nextCursor: null });
    expect(reply.json.events.map((e: { data: { orderId: string } }) => e.data.orderId)).toEqual(Array(4).fill(recent[0]!.orderId));
  });

  // Whatever the page size and the filter, following the cursors reads each event once, in the order of one big page.
  it('reads the whole feed through its cursors, each event once, in order', async () => {
    const partner = await aPartner(ctx);
    for (let i = 0; i < 5; i++) await aCancelledOrder(partner);
    const whole = (await feed(partner, '?limit=100')).json.events as { id: string; type: string }[];
    expect(whole).toHaveLength(20);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 9 }), fc.constantFrom(undefined, 'order.sold', 'order.failed'), async (limit, type) => {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const query: string = `?limit=${limit}${type ? `&type=${type}` : ''}${cursor ? `&cursor=${cursor}` : ''}`;
          const reply = await feed(partner, query);
          expect(reply.status).toBe(200);
          expect(reply.json.events.length).toBeLessThanOrEqual(limit);
          seen.push(...reply.json.events.map((e: { id: string }) => e.id));
          cursor = reply.json.nextCursor;
        } while (cursor);
        expect(seen).toEqual(whole.filter((e) => !type || e.type === type).map((e) => e.id));
      }),
      { numRuns: 8 },
    );
  }, 120_000);

  it('answers 400 VALIDATION_FAILED naming the parameter for a bad type, limit or cursor, and 403 without a key', async () => {
    const partner = await aPartner(ctx);
    for (const [query, path] of [
      ['?type=order.shipped', 'type'],
      ['?type=ping', 'type'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?cursor=bm90LWEtY3Vyc29y', 'cursor'],
    ] as const) {
      const reply = await feed(partner, query);
      expect(reply.status, query).toBe(400);
      expect(reply.json).toMatchObject({ code: 'VALIDATION_FAILED', errors: [expect.objectContaining({ path })] });
    }
    expect((await call(server.url, 'GET', '/partner/events')).status).toBe(403);
  });
});

describe('GET /partner/event-log', () => {
  it('answers the signed-in partner the pages its API keys read from GET /partner/events, its own only', async () => {
    const signedIn = await aSignedInPartner(ctx);
    const partner = await aPartner(ctx, signedIn.userId, 'read');
    await aCancelledOrder(partner);
    await aCancelledOrder(await aPartner(ctx));
    const log = (query: string) => call(server.url, 'GET', `/partner/event-log${query}`, { headers: bearer(signedIn) });
    for (const query of ['', '?limit=3', '?type=order.failed']) {
      const [session, key] = [await log(query), await feed(partner, query)];
      expect(session.status, query).toBe(200);
      expect(session.json, query).toEqual(key.json);
    }
    expect((await log('')).json.events).toHaveLength(4);
    // A cursor of either feed reads on in the other.
    const first = await log('?limit=2');
    expect((await feed(partner, `?limit=2&cursor=${first.json.nextCursor}`)).json.events).toHaveLength(2);
  });

  it('answers 401 without a session, an API key being no session', async () => {
    const partner = await aPartner(ctx);
    expect((await call(server.url, 'GET', '/partner/event-log')).status).toBe(401);
    expect((await call(server.url, 'GET', '/partner/event-log', { key: partner.apiKey })).status).toBe(401);
  });
});

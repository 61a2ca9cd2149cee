// POST /partner/plaques/{id}/buy and GET /partner/orders/{orderId} through the local server: the sale, its
// idempotency (replay, mismatch, in progress), every refusal, and orders seen only by their partner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbOf } from '#lib/db/client.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { partnerOrderRepo } from '#lib/db/partner-order-repo.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { createApiKey, revokeApiKey } from '#lib/partner/api-keys.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { sharedChain } from '../support/chain.ts';
import { aHeldPlaque, aPartner, aWallet, call, interceptTransactions, storePlaque, type TestPartner } from './fixtures.ts';
import { chainOf } from '#lib/chain/chain-port.ts';

let ctx: AppContext;
let server: LocalServer;
let partner: TestPartner;
let skewMs = 0;
let keys = 0;

beforeAll(async () => {
  ctx = await freshTable({ chain: sharedChain(), now: () => new Date(Date.now() + skewMs) });
  server = await startLocalServer({ ctx, port: 0 });
  partner = await aPartner(ctx);
});

afterAll(async () => {
  await server.close();
});

const newKey = () => `key-${Date.now()}-${keys++}`;

const buy = (id: number | string, body: unknown, idempotencyKey: string | null, key: string | null = partner.apiKey) =>
  call(server.url, 'POST', `/partner/plaques/${id}/buy`, {
    key,
    body,
    ...(idempotencyKey !== null && { headers: { 'idempotency-key': idempotencyKey } }),
  });

const getOrder = (orderId: string, key: string | null = partner.apiKey) =>
  call(server.url, 'GET', `/partner/orders/${encodeURIComponent(orderId)}`, { key });

const stored = (id: number) => plaqueRepo(dbOf(ctx), ctx.tableName).getForSale(id);

describe('POST /partner/plaques/{id}/buy', () => {
  it('sells the held plaque: 201 with the order id and the SOLD plaque, and records plaque and order together', async () => {
    const { plaque, wallet, reservationId } = await aHeldPlaque(ctx, server.url, partner, { price: 75, currency: 'EUR' });
    const reply = await buy(plaque.id, { reservationId, buyerWallet: wallet }, newKey());
    expect(reply.status).toBe(201);
    expect(reply.headers.get('content-type')).toBe('application/json');
    const { orderId, status, plaque: sold } = reply.json;
    expect(orderId).toMatch(/^ord_[A-Za-z0-9_-]{22}$/);
    expect(status).toBe('SOLD');
    expect(sold).toMatchObject({
      id: plaque.id,
      status: 'SOLD',
      wallet_address: wallet,
      price: 75,
      currency: 'EUR',
      minted: false,
      tokenId: null,
    });
    // The key is new, so pinned to the newest API version: the Plaque has no copy `token_id` (test/versions).
    expect(sold).not.toHaveProperty('token_id');
    expect(Date.parse(sold.saleAt)).toBeGreaterThan(0);
    expect(sold.metadata).toMatchObject({ name: plaque.name, decimals: 0 });
    expect(Object.keys(sold)).not.toContain('reservationId');

    const record = await stored(plaque.id);
    expect(record).toMatchObject({
      hold: null,
      orderId,
      plaque: { status: 'SOLD', wallet_address: wallet, reservationId: null, lockExpiresAt: null, updatedAt: sold.updatedAt },
    });
    const order = await partnerOrderRepo(dbOf(ctx), ctx.tableName).get(orderId);
    expect(order).toMatchObject({
      orderId,
      partnerId: partner.userId,
      apiKeyId: partner.id,
      plaqueId: plaque.id,
      reservationId,
      buyerWallet: wallet,
      price: 75,
      currency: 'EUR',
      tokenId: String(plaque.id),
      contractAddress: chainOf(ctx).contractAddress,
      status: 'SOLD',
      txHash: null,
      failureReason: null,
      cancelReason: null,
      plaqueName: plaque.name,
      deliveredAt: null,
      mintCost: null,
    });
  });

  it('replays the first response byte for byte for the same key and body, in any member order', async () => {
    const { plaque, wallet, reservationId } = await aHeldPlaque(ctx, server.url, partner);
    const key = newKey();
    const first = await buy(plaque.id, { reservationId, buyerWallet: wallet }, key);
    expect(first.status).toBe(201);
    const again = await buy(plaque.id, { reservationId, buyerWallet: wallet }, key);
    const reordered = await buy(plaque.id, `{ "buyerWallet": "${wallet}",\n "reservationId": "${reservationId}" }`, key);
    for (const replay of [again, reordered]) {
      expect(replay.status).toBe(201);
      expect(replay.text).toBe(first.text);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    }
    expect(first.headers.get('idempotent-replayed')).toBeNull();
  });

  it('answers 409 IDEMPOTENCY_MISMATCH when the key was used with another body, and changes nothing', async () => {
    const { plaque, wallet, reservationId } = await aHeldPlaque(ctx, server.url, partner);
    const key = newKey();
    await buy(plaque.id, { reservationId, buyerWallet: wallet }, key);
    const before = await stored(plaque.id);
    const other = await aHeldPlaque(ctx, server.url, partner);
    const reply = await buy(other.plaque.id, { reservationId: other.reservationId, buyerWallet: other.wallet }, key);
    expect(reply.status).toBe(409);
    expect(reply.json).toMatchObject({ code: 'IDEMPOTENCY_MISMATCH' });
    expect(await stored(plaque.id)).toEqual(before);
    expect((await stored(other.plaque.id))?.plaque.status).toBe('LOCKED');
  });

  it('keeps idempotency keys per partner: another partner may use the same key', async () => {
    const other = await aPartner(ctx);
    const key = newKey();
    const mine = await aHeldPlaque(ctx, server.url, partner);
    const theirs = await aHeldPlaque(ctx, server.url, other);
    expect((await buy(mine.plaque.id, { reservationId: mine.reservationId, buyerWallet: mine.wallet }, key)).status).toBe(201);
    expect(
      (await buy(theirs.plaque.id, { reservationId: theirs.reservationId, buyerWallet: theirs.wallet }, key, other.apiKey)).status,
    ).toBe(201);
  });

  it('answers 409 REQUEST_IN_PROGRESS while the first request with the key is still running, then replays its outcome', async () => {
    const { plaque, wallet, reservationId } = await aHeldPlaque(ctx, server.url, partner);
    const key = newKey();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const remove = interceptTransactions(ctx, async (send) => {
      entered();
      await gate;
      return send();
    });
    try {
      const first = buy(plaque.id, { reservationId, buyerWallet: wallet }, key);
      await inside;
      const second = await buy(plaque.id, { reservationId, buyerWallet: wallet }, key);
      expect(second.status).toBe(409);
      expect(second.json).toMatchObject({ code: 'REQUEST_IN_PROGRESS' });
      expect(second.headers.get('retry-after')).toBe('1');
      open();
      const firstReply = await first;
      expect(firstReply.status).toBe(201);
      const third = await buy(plaque.id, { reservationId, buyerWallet: wallet }, key);
      expect(third.text).toBe(firstReply.text);
    } finally {
      open();
      remove();
    }
  });

  it('answers 409 RESERVATION_INVALID for an expired hold, and replays that answer for the same key', async () => {
    const { plaque, wallet, reservationId } = await aHeldPlaque(ctx, server.url, partner);
    const key = newKey();
    skewMs = 10 * 60_000 + 1000;
    let reply;
    try {
      reply = await buy(plaque.id, { reservationId, buyerWallet: wallet }, key);
    } finally {
      skewMs = 0;
    }
    expect(reply.status).toBe(409);
    expect(reply.json).toMatchObject({ code: 'RESERVATION_INVALID' });
    expect((await stored(plaque.id))?.plaque.status).toBe('LOCKED');
    const replay = await buy(plaque.id, { reservationId, buyerWallet: wallet }, key);
    expect(replay.status).toBe(409);
    expect(replay.text).toBe(reply.text);
  });

  it("answers 409 RESERVATION_INVALID for another partner's reservation, an unknown reservation, or another wallet", async () => {
    const other = await aPartner(ctx);
    const { plaque, wallet, reservationId } = await aHeldPlaque(ctx, server.url, partner);
    const attempts = [
      buy(plaque.id, { reservationId, buyerWallet: wallet }, newKey(), other.apiKey),
      buy(plaque.id, { reservationId: 'res_made_up', buyerWallet: wallet }, newKey()),
      buy(plaque.id, { reservationId, buyerWallet: aWallet() }, newKey()),
    ];
    for (const reply of await Promise.all(attempts)) {
      expect(reply.status).toBe(409);
      expect(reply.json).toMatchObject({ code: 'RESERVATION_INVALID' });
    }
    expect((await stored(plaque.id))?.hold?.reservationId).toBe(reservationId);
    // The hold is intact: its own partner still buys it.
    expect((await buy(plaque.id, { reservationId, buyerWallet: wallet.toLowerCase() }, newKey())).status).toBe(201);
  });

  it('answers 409 INVALID_STATE for a plaque already sold, and 409 RESERVATION_INVALID for one never held', async () => {
    const { plaque, wallet, reservationId } = await aHeldPlaque(ctx, server.url, partner);
    expect((await buy(plaque.id, { reservationId, buyerWallet: wallet }, newKey())).status).toBe(201);
    const again = await buy(plaque.id, { reservationId, buyerWallet: wallet }, newKey());
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: 'INVALID_STATE', status: 409 });
    const available = await storePlaque(ctx);
    expect((await buy(available.id, { reservationId, buyerWallet: wallet }, newKey())).json).toMatchObject({ code: 'RESERVATION_INVALID' });
  });

  it('answers 404 PLAQUE_NOT_FOUND for an unknown plaque', async () => {
    const reply = await buy(987654, { reservationId: 'res_x', buyerWallet: aWallet() }, newKey());
    expect(reply.status).toBe(404);
    expect(reply.json).toMatchObject({ code: 'PLAQUE_NOT_FOUND' });
  });

  it('answers 400 VALIDATION_FAILED naming Idempotency-Key when it is missing, too short, too long or not printable', async () => {
    const { plaque, wallet, reservationId } = await aHeldPlaque(ctx, server.url, partner);
    for (const key of [null, 'short77', 'k'.repeat(129), 'has space in it']) {
      const reply = await buy(plaque.id, { reservationId, buyerWallet: wallet }, key);
      expect(reply.status, String(key)).toBe(400);
      expect(reply.json).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(reply.json.errors.map((e: { path: string }) => e.path)).toContain('Idempotency-Key');
    }
    expect((await buy(plaque.id, { reservationId, buyerWallet: wallet }, 'k'.repeat(128))).status).toBe(201);
  });

  it('answers 400 for a body of the wrong shape and writes nothing', async () => {
    const { plaque, wallet, reservationId } = await aHeldPlaque(ctx, server.url, partner);
    const bodies: unknown[] = [
      { reservationId },
      { buyerWallet: wallet },
      { reservationId, buyerWallet: '0xabc' },
      { reservationId: 7, buyerWallet: wallet },
      { reservationId, buyerWallet: wallet, price: 1 },
      '"text"',
      '[]',
      undefined,
    ];
    for (const body of bodies) {
      const reply = await buy(plaque.id, body, newKey());
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.json.code).toBe('VALIDATION_FAILED');
    }
    expect((await stored(plaque.id))?.plaque.status).toBe('LOCKED');
  });

  it('answers 403 FORBIDDEN for a revoked key, from the very next request', async () => {
    const revoked = await aPartner(ctx);
    const { plaque, wallet, reservationId } = await aHeldPlaque(ctx, server.url, revoked);
    await revokeApiKey(ctx, revoked.userId, revoked.id);
    const reply = await buy(plaque.id, { reservationId, buyerWallet: wallet }, newKey(), revoked.apiKey);
    expect(reply.status).toBe(403);
    expect(reply.json).toMatchObject({ code: 'FORBIDDEN' });
    expect((await stored(plaque.id))?.plaque.status).toBe('LOCKED');
  });
});

describe('GET /partner/orders/{orderId}', () => {
  it("answers the order to its partner, under any of the partner's keys", async () => {
    const { plaque, wallet, reservationId } = await aHeldPlaque(ctx, server.url, partner);
    const { orderId } = (await buy(plaque.id, { reservationId, buyerWallet: wallet }, newKey())).json;
    const reply = await getOrder(orderId);
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({
      orderId,
      status: 'SOLD',
      plaqueId: plaque.id,
      plaqueName: plaque.name,
      price: plaque.price,
      currency: plaque.currency,
      buyerWallet: wallet,
      txHash: null,
      explorerUrl: null,
      tokenUrl: null,
      failureReason: null,
      cancelReason: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updatedAt: reply.json.createdAt,
      deliveredAt: null,
      mintCost: null,
    });
    const secondKey = await createApiKey(ctx, partner.userId, 'second');
    expect((await getOrder(orderId, secondKey.apiKey)).json).toEqual(reply.json);
  });

  it("answers 404 ORDER_NOT_FOUND for another partner's order and for unknown ids", async () => {
    const { plaque, wallet, reservationId } = await aHeldPlaque(ctx, server.url, partner);
    const { orderId } = (await buy(plaque.id, { reservationId, buyerWallet: wallet }, newKey())).json;
    const other = await aPartner(ctx);
    for (const [id, key] of [
      [orderId, other.apiKey],
      ['ord_unknown', partner.apiKey],
      ['x'.repeat(300), partner.apiKey],
    ] as const) {
      const reply = await getOrder(id, key);
      expect(reply.status).toBe(404);
      expect(reply.json).toMatchObject({ code: 'ORDER_NOT_FOUND' });
    }
  });

  it('answers 403 FORBIDDEN without a valid key', async () => {
    expect((await getOrder('ord_x', null)).json).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });
});

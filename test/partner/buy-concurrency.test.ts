// Concurrent buys of one hold through the local server: exactly one sale, and records that agree with each other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbOf } from '#lib/db/client.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { partnerOrderRepo } from '#lib/db/partner-order-repo.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { sharedChain } from '../support/chain.ts';
import { aHeldPlaque, aPartner, call, type TestPartner } from './fixtures.ts';

let ctx: AppContext;
let server: LocalServer;
let partner: TestPartner;

beforeAll(async () => {
  ctx = await freshTable({ chain: sharedChain() });
  server = await startLocalServer({ ctx, port: 0 });
  partner = await aPartner(ctx);
});

afterAll(async () => {
  await server.close();
});

const buy = (id: number, body: unknown, idempotencyKey: string) =>
  call(server.url, 'POST', `/partner/plaques/${id}/buy`, { key: partner.apiKey, body, headers: { 'idempotency-key': idempotencyKey } });

describe('concurrent buys', () => {
  it('20 simultaneous buys with distinct keys on one hold: exactly one 201, the rest 409, one order', async () => {
    const { plaque, wallet, reservationId } = await aHeldPlaque(ctx, server.url, partner);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => buy(plaque.id, { reservationId, buyerWallet: wallet }, `race-distinct-${i}`)),
    );
    const winners = replies.filter((r) => r.status === 201);
    expect(winners).toHaveLength(1);
    const losers = replies.filter((r) => r.status !== 201);
    expect(losers.map((r) => r.status)).toEqual(Array(19).fill(409));
    for (const loser of losers) expect(['INVALID_STATE', 'RESERVATION_INVALID', 'CONFLICT']).toContain(loser.json.code);

    const { orderId } = winners[0]!.json;
    const record = await plaqueRepo(dbOf(ctx), ctx.tableName).getForSale(plaque.id);
    expect(record).toMatchObject({ orderId, hold: null, plaque: { status: 'SOLD', wallet_address: wallet } });
    const orders = (await partnerOrderRepo(dbOf(ctx), ctx.tableName).listByPartner(partner.userId)).filter((o) => o.plaqueId === plaque.id);
    expect(orders.map((o) => o.orderId)).toEqual([orderId]);
  });

  it('20 simultaneous buys with one key (a double submit): one sale, every other answer a replay of it or 409 REQUEST_IN_PROGRESS', async () => {
    const { plaque, wallet, reservationId } = await aHeldPlaque(ctx, server.url, partner);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => buy(plaque.id, { reservationId, buyerWallet: wallet }, 'race-same-key-1')),
    );
    const created = replies.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((r) => r.text)).size).toBe(1);
    for (const other of replies.filter((r) => r.status !== 201)) {
      expect(other.status).toBe(409);
      expect(other.json.code).toBe('REQUEST_IN_PROGRESS');
    }
    const orders = (await partnerOrderRepo(dbOf(ctx), ctx.tableName).listByPartner(partner.userId)).filter((o) => o.plaqueId === plaque.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.orderId).toBe(created[0]!.json.orderId);
  });
});

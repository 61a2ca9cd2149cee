// An Idempotency-Key is one effect across a crash at any moment (lib/http/idempotency.ts): each create that opts in
// stores its answer in the same transaction as its effect. Three moments, for every idempotent create: the request dies
// after its write but before it answers (a timeout after the transaction was applied) → the retry replays; the request
// outlives its lease and a retry claims the key → the late write is refused whole, the retry's is the one effect; the
// effect's answer replayed after what it created is gone → the status without the secret.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdempotencyKeyTaken } from '#lib/db/failures.ts';
import { claimOnce, IN_PROGRESS_LEASE_MS } from '#lib/http/idempotency.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { createApiKey, listApiKeys, rollApiKey } from '#lib/partner/api-keys.ts';
import { preparePlaque } from '#lib/partner/prepare.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { dbOf } from '#lib/db/client.ts';
import { createWebhook } from '#lib/webhooks/registration.ts';
import { listWebhooks } from '#lib/webhooks/endpoints.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { sharedChain } from '../support/chain.ts';
import { interceptTransactions, timeout } from '../support/faults.ts';
import { aPartner, aWallet, call, storePlaque, type Reply, type TestPartner } from '../partner/fixtures.ts';
import { aSignedInPartner, bearer, type SignedInPartner } from '../webhooks/fixtures.ts';

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

/** The context as a clock past the lease of every key claimed so far reads it. */
const afterTheLease = (): AppContext => ({ ...ctx, now: () => new Date(Date.now() + IN_PROGRESS_LEASE_MS + 1000) });

/** Runs `send` with every transaction applied and then answered by a timeout: the request dies after its write. */
async function dyingAfterTheWrite(send: () => Promise<Reply>): Promise<Reply> {
  const restore = interceptTransactions(ctx, async (write) => {
    await write();
    throw timeout();
  });
  try {
    return await send();
  } finally {
    restore();
  }
}

const withKey = (who: SignedInPartner, key: string) => ({ ...bearer(who), 'Idempotency-Key': key });

describe('a create that dies after its write and before its answer', () => {
  const creates: {
    name: string;
    send: (who: SignedInPartner, key: string) => Promise<Reply>;
    count: (who: SignedInPartner) => Promise<number>;
  }[] = [
    {
      name: 'POST /partner/api-keys',
      send: (who, key) => call(server.url, 'POST', '/partner/api-keys', { body: { name: 'shop' }, headers: withKey(who, key) }),
      count: async (who) => (await listApiKeys(ctx, who.userId)).length,
    },
    {
      name: 'POST /partner/webhooks',
      send: (who, key) =>
        call(server.url, 'POST', '/partner/webhooks', {
          body: { url: 'http://127.0.0.1:9/hooks', events: ['order.sold'] },
          headers: withKey(who, key),
        }),
      count: async (who) => (await listWebhooks(ctx, who.userId)).webhooks.length,
    },
  ];

  for (const create of creates) {
    it(`${create.name}: the retry replays the effect the dead request wrote, and makes no second one`, async () => {
      const who = await aSignedInPartner(ctx);
      const key = randomUUID();
      const died = await dyingAfterTheWrite(() => create.send(who, key));
      expect(died).toMatchObject({ status: 503, json: { code: 'SERVICE_UNAVAILABLE' } });
      expect(await create.count(who)).toBe(1);

      const retry = await create.send(who, key);
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(await create.count(who)).toBe(1);
    });
  }

  it('POST /partner/plaques/{id}/prepare: the retry learns the reservation the dead request held, and can buy with it', async () => {
    const plaque = await storePlaque(ctx);
    const body = { buyerWallet: aWallet() };
    const key = randomUUID();
    const prepare = () =>
      call(server.url, 'POST', `/partner/plaques/${plaque.id}/prepare`, { key: partner.apiKey, body, headers: { 'Idempotency-Key': key } });
    expect((await dyingAfterTheWrite(prepare)).status).toBe(503);
    const held = await plaqueRepo(dbOf(ctx), ctx.tableName).getForSale(plaque.id);

    const retry = await prepare();
    expect(retry.status).toBe(200);
    expect(retry.json.reservationId).toBe(held?.hold?.reservationId);
    const bought = await call(server.url, 'POST', `/partner/plaques/${plaque.id}/buy`, {
      key: partner.apiKey,
      body: { reservationId: retry.json.reservationId, buyerWallet: body.buyerWallet },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(bought.status).toBe(201);
  });
});

describe('a create that outlives its lease while a retry claims the key', () => {
  const request = (what: string) => `POST ${what} ${randomUUID()}`;

  it('makes one API key: the late write is refused whole, the retry’s is the key', async () => {
    const who = await aSignedInPartner(ctx);
    const [key, what] = [randomUUID(), request('/partner/api-keys')];
    const late = await claimOnce(ctx, who.userId, key, what);
    const retry = await claimOnce(afterTheLease(), who.userId, key, what);
    await expect(createApiKey(ctx, who.userId, 'shop', 'sell', late)).rejects.toBeInstanceOf(IdempotencyKeyTaken);
    const made = await createApiKey(afterTheLease(), who.userId, 'shop', 'sell', retry);
    expect((await listApiKeys(ctx, who.userId)).map((k) => k.id)).toEqual([made.id]);
  });

  it('rolls a key once: the late roll is refused whole, the old key still rollable by the retry', async () => {
    const who = await aSignedInPartner(ctx);
    const old = await createApiKey(ctx, who.userId, 'shop');
    const [key, what] = [randomUUID(), request('/partner/api-keys/{id}/roll')];
    const late = await claimOnce(ctx, who.userId, key, what);
    const retry = await claimOnce(afterTheLease(), who.userId, key, what);
    await expect(rollApiKey(ctx, who.userId, old.id, 24, late)).rejects.toBeInstanceOf(IdempotencyKeyTaken);
    const rolled = await rollApiKey(afterTheLease(), who.userId, old.id, 24, retry);
    expect((await listApiKeys(ctx, who.userId)).map((k) => k.id).sort()).toEqual([old.id, rolled.id].sort());
  });

  it('registers one webhook endpoint', async () => {
    const who = await aSignedInPartner(ctx);
    const [key, what] = [randomUUID(), request('/partner/webhooks')];
    const body = { url: 'http://127.0.0.1:9/hooks', events: ['order.sold' as const] };
    const late = await claimOnce(ctx, who.userId, key, what);
    const retry = await claimOnce(afterTheLease(), who.userId, key, what);
    await expect(createWebhook(ctx, who.userId, body, late)).rejects.toBeInstanceOf(IdempotencyKeyTaken);
    const made = await createWebhook(afterTheLease(), who.userId, body, retry);
    expect((await listWebhooks(ctx, who.userId)).webhooks.map((w) => w.id)).toEqual([made.id]);
  });

  it('holds a plaque once, for the reservation the retry answers', async () => {
    const plaque = await storePlaque(ctx);
    const buyer = aWallet() as `0x${string}`;
    const [key, what] = [randomUUID(), request('/partner/plaques/{id}/prepare')];
    const caller = { partnerId: partner.userId, apiKeyId: partner.id };
    const late = await claimOnce(ctx, partner.userId, key, what, 200);
    const retry = await claimOnce(afterTheLease(), partner.userId, key, what, 200);
    await expect(preparePlaque(ctx, caller, plaque.id, buyer, late)).rejects.toBeInstanceOf(IdempotencyKeyTaken);
    const held = await preparePlaque(afterTheLease(), caller, plaque.id, buyer, retry);
    expect((await plaqueRepo(dbOf(ctx), ctx.tableName).getForSale(plaque.id))?.hold?.reservationId).toBe(held.reservationId);
  });
});

describe('a kept answer replayed after what it created is gone', () => {
  it('replays a revoked key’s creation as 201 without the key', async () => {
    const who = await aSignedInPartner(ctx);
    const key = randomUUID();
    const create = () => call(server.url, 'POST', '/partner/api-keys', { body: { name: 'gone' }, headers: withKey(who, key) });
    const first = await create();
    expect(first.json.apiKey).toMatch(/^pk_/);
    expect((await call(server.url, 'DELETE', `/partner/api-keys/${first.json.id}`, { headers: bearer(who) })).status).toBe(204);

    const replayed = await create();
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    const { apiKey: _shown, ...rest } = first.json;
    expect(replayed.json).toEqual(rest);
  });

  it('replays a deleted webhook’s registration as 201 without its secret', async () => {
    const who = await aSignedInPartner(ctx);
    const key = randomUUID();
    const body = { url: 'http://127.0.0.1:9/hooks', events: ['order.sold'] };
    const register = () => call(server.url, 'POST', '/partner/webhooks', { body, headers: withKey(who, key) });
    const first = await register();
    expect(first.json.secret).toEqual(expect.any(String));
    expect((await register()).json.secret).toBe(first.json.secret);
    expect((await call(server.url, 'DELETE', `/partner/webhooks/${first.json.id}`, { headers: bearer(who) })).status).toBe(204);

    const replayed = await register();
    expect(replayed.status).toBe(201);
    expect(replayed.json).not.toHaveProperty('secret');
    expect(replayed.json.id).toBe(first.json.id);
  });
});

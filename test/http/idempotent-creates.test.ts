// The optional Idempotency-Key of the operations that create something (lib/http/idempotency.ts), through the local
// server: a prepare retried with its key answers the same reservation, even when the retries race; keys and webhooks
// made once per key, their shown-once secrets never readable from the table; mismatches and malformed keys refused.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { dbOf } from '#lib/db/client.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { sharedChain } from '../support/chain.ts';
import { aPartner, aWallet, call, storePlaque, type TestPartner } from '../partner/fixtures.ts';
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

const prepare = (id: number, body: unknown, key?: string) =>
  call(server.url, 'POST', `/partner/plaques/${id}/prepare`, {
    key: partner.apiKey,
    body,
    ...(key !== undefined && { headers: { 'Idempotency-Key': key } }),
  });
const createKey = (who: SignedInPartner, body: unknown, key: string) =>
  call(server.url, 'POST', '/partner/api-keys', { body, headers: { ...bearer(who), 'Idempotency-Key': key } });
const tableText = async () => JSON.stringify((await dbOf(ctx).send(new ScanCommand({ TableName: ctx.tableName }))).Items);

describe('Idempotency-Key on prepare', () => {
  it('answers a retry with the same reservation, marked replayed, where a retry without the key answers 409 NOT_AVAILABLE', async () => {
    const plaque = await storePlaque(ctx);
    const body = { buyerWallet: aWallet() };
    const key = randomUUID();
    const first = await prepare(plaque.id, body, key);
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();

    const retry = await prepare(plaque.id, body, key);
    expect(retry.status).toBe(200);
    expect(retry.text).toBe(first.text);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');

    const withoutKey = await prepare(plaque.id, body);
    expect(withoutKey).toMatchObject({ status: 409, json: { code: 'NOT_AVAILABLE' } });
  });

  it('holds one reservation under concurrent retries of one prepare: every success is that reservation, the rest REQUEST_IN_PROGRESS', async () => {
    const plaque = await storePlaque(ctx);
    const body = { buyerWallet: aWallet() };
    const key = randomUUID();
    const replies = await Promise.all(Array.from({ length: 8 }, () => prepare(plaque.id, body, key)));
    const successes = replies.filter((r) => r.status === 200);
    expect(successes.length).toBeGreaterThanOrEqual(1);
    expect(new Set(successes.map((r) => r.json.reservationId)).size).toBe(1);
    for (const reply of replies.filter((r) => r.status !== 200)) {
      expect(reply).toMatchObject({ status: 409, json: { code: 'REQUEST_IN_PROGRESS' } });
      expect(reply.headers.get('retry-after')).toBe('1');
    }
    // Once the first has answered, every retry replays it.
    const later = await prepare(plaque.id, body, key);
    expect(later.json.reservationId).toBe(successes[0]!.json.reservationId);
  });

  it('answers 409 IDEMPOTENCY_MISMATCH for the key with another body or another plaque, and holds nothing for it', async () => {
    const [plaque, other] = [await storePlaque(ctx), await storePlaque(ctx)];
    const key = randomUUID();
    expect((await prepare(plaque.id, { buyerWallet: aWallet() }, key)).status).toBe(200);
    expect(await prepare(plaque.id, { buyerWallet: aWallet() }, key)).toMatchObject({
      status: 409,
      json: { code: 'IDEMPOTENCY_MISMATCH' },
    });
    expect(await prepare(other.id, { buyerWallet: aWallet() }, key)).toMatchObject({ status: 409, json: { code: 'IDEMPOTENCY_MISMATCH' } });
    expect((await prepare(other.id, { buyerWallet: aWallet() })).status).toBe(200);
  });

  it('keeps no refusal: a prepare refused NOT_AVAILABLE runs again when retried with its key, and holds once released', async () => {
    const plaque = await storePlaque(ctx);
    const holder = await prepare(plaque.id, { buyerWallet: aWallet() });
    const body = { buyerWallet: aWallet() };
    const key = randomUUID();
    expect(await prepare(plaque.id, body, key)).toMatchObject({ status: 409, json: { code: 'NOT_AVAILABLE' } });
    const released = await call(server.url, 'DELETE', `/partner/reservations/${holder.json.reservationId}`, { key: partner.apiKey });
    expect(released.status).toBe(204);
    const retry = await prepare(plaque.id, body, key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
  });

  it('refuses a malformed key with 400 VALIDATION_FAILED naming Idempotency-Key, before holding anything', async () => {
    const plaque = await storePlaque(ctx);
    for (const bad of ['short', 'k'.repeat(129), 'has space in it']) {
      const reply = await prepare(plaque.id, { buyerWallet: aWallet() }, bad);
      expect(reply.status, bad).toBe(400);
      expect(reply.json.errors[0].path).toBe('Idempotency-Key');
    }
    expect((await prepare(plaque.id, { buyerWallet: aWallet() })).status).toBe(200);
  });
});

describe('Idempotency-Key on POST /partner/api-keys and POST /partner/webhooks', () => {
  it('makes one key per Idempotency-Key, replays it, and never stores the key itself, even in the kept answer', async () => {
    const owner = await aSignedInPartner(ctx);
    const key = randomUUID();
    const first = await createKey(owner, { name: 'frontend', scope: 'read' }, key);
    expect(first.status).toBe(201);
    const retry = await createKey(owner, { name: 'frontend', scope: 'read' }, key);
    expect(retry.status).toBe(201);
    expect(retry.json).toEqual(first.json);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');

    const listed = await call(server.url, 'GET', '/partner/api-keys', { headers: bearer(owner) });
    expect(listed.json.keys).toHaveLength(1);
    const stored = await tableText();
    expect(stored).not.toContain(first.json.apiKey);
    expect(stored).not.toContain(key);
    expect(await createKey(owner, { name: 'backend' }, key)).toMatchObject({ status: 409, json: { code: 'IDEMPOTENCY_MISMATCH' } });
  });

  it("keeps one partner's keys apart from another's: the same Idempotency-Key makes each its own key", async () => {
    const [alice, bob] = [await aSignedInPartner(ctx), await aSignedInPartner(ctx)];
    const key = randomUUID();
    const a = await createKey(alice, {}, key);
    const b = await createKey(bob, {}, key);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.json.id).not.toBe(b.json.id);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
  });

  it('registers one webhook endpoint per Idempotency-Key and replays its secret without storing it readable', async () => {
    const owner = await aSignedInPartner(ctx);
    const key = randomUUID();
    const body = { url: 'http://127.0.0.1:9/hooks', events: ['order.sold'] };
    const register = () => call(server.url, 'POST', '/partner/webhooks', { body, headers: { ...bearer(owner), 'Idempotency-Key': key } });
    const first = await register();
    expect(first.status).toBe(201);
    const retry = await register();
    expect(retry).toMatchObject({ status: 201, text: first.text });
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const listed = await call(server.url, 'GET', '/partner/webhooks', { headers: bearer(owner) });
    expect(listed.json.webhooks).toHaveLength(1);
    expect(await tableText()).not.toContain(first.json.secret);
  });
});

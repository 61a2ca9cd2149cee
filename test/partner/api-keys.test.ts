// POST, GET /partner/api-keys and DELETE /partner/api-keys/{id} through the local server with tokens from the real
// email sign-in: keys shown once, stored as a hash, recognised by their prefix, usable on the partner routes at once,
// listed with their last use, limited in number even under concurrent requests, refused from the request after their
// revocation.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand, GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { dbOf } from '#lib/db/client.ts';
import { apiKeyCountKey } from '#lib/db/keys.ts';
import { apiKeyRepo } from '#lib/db/api-key-repo.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { resolveApiKey } from '#lib/local/api-key-check.ts';
import { createApiKey, LAST_USED_RESOLUTION_MS, MAX_ACTIVE_KEYS, revokeApiKey } from '#lib/partner/api-keys.ts';
import type { ApiKeyIssuer } from '#lib/partner/api-key-issuer.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { startCodeMail, stopCodeMail } from '../support/code-mail.ts';
import { sharedChain } from '../support/chain.ts';
import { signInOverHttp } from '../accounts/flows.ts';
import { call, storePlaque } from './fixtures.ts';

let ctx: AppContext;
let server: LocalServer;
const issued: string[] = [];
const unregistered: string[] = [];
let emails = 0;

/** The local issuer, recording what it was asked to do. */
const recordingIssuer: ApiKeyIssuer = {
  async register() {
    const id = `key_test_${issued.length}`;
    issued.push(id);
    return id;
  },
  async unregister(id) {
    unregistered.push(id);
  },
};

/** Milliseconds the test clock is ahead of the real one. */
let skewMs = 0;

beforeAll(async () => {
  ctx = await freshTable({ chain: sharedChain(), apiKeyIssuer: recordingIssuer, now: () => new Date(Date.now() + skewMs) });
  await startCodeMail(ctx);
  server = await startLocalServer({ ctx, port: 0 });
});

afterAll(async () => {
  await stopCodeMail();
  await server.close();
});

interface SignedIn {
  token: string;
  userId: number;
}

/** A new user, signed in by email code. */
async function aSignedInUser(): Promise<SignedIn> {
  const { token, user } = await signInOverHttp(server.url, ctx.dataDir, `partner${emails++}@example.com`);
  return { token, userId: user.id as number };
}

const bearer = (who: SignedIn | null) => (who ? { authorization: `Bearer ${who.token}` } : undefined);
const create = (who: SignedIn | null, body?: unknown) =>
  call(server.url, 'POST', '/partner/api-keys', { body, ...(who && { headers: bearer(who) }) });
const revoke = (who: SignedIn | null, id: string) =>
  call(server.url, 'DELETE', `/partner/api-keys/${encodeURIComponent(id)}`, { ...(who && { headers: bearer(who) }) });
const list = (who: SignedIn | null) => call(server.url, 'GET', '/partner/api-keys', { ...(who && { headers: bearer(who) }) });
const lookup = (id: number, key: string) => call(server.url, 'GET', `/partner/plaques/${id}/lookup`, { key });
const storedCount = async (userId: number) =>
  (await dbOf(ctx).send(new GetCommand({ TableName: ctx.tableName, Key: apiKeyCountKey(userId) }))).Item?.active as number | undefined;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('POST /partner/api-keys', () => {
  it('answers 201 with the id, the key, its name, prefix and creation time; the key is stored only as its SHA-256', async () => {
    const alice = await aSignedInUser();
    const reply = await create(alice);
    expect(reply.status).toBe(201);
    const { id, apiKey } = reply.json;
    expect(reply.json).toEqual({
      id,
      apiKey,
      name: null,
      prefix: apiKey.slice(0, 10),
      scope: 'sell',
      createdAt: expect.stringMatching(ISO),
    });
    expect(apiKey).toMatch(/^pk_[A-Za-z0-9_-]{43}$/);
    expect(issued).toContain(id);

    const record = await apiKeyRepo(dbOf(ctx), ctx.tableName).get(id);
    expect(record).toMatchObject({ id, userId: alice.userId, keyHash: createHash('sha256').update(apiKey).digest('hex'), revokedAt: null });
    const everything = JSON.stringify((await dbOf(ctx).send(new ScanCommand({ TableName: ctx.tableName }))).Items);
    expect(everything).not.toContain(apiKey);
  });

  it('makes the key usable on the partner routes at once, through the local API-key check', async () => {
    const { id, apiKey } = (await create(await aSignedInUser())).json;
    expect((await resolveApiKey(ctx, apiKey))?.id).toBe(id);
    const plaque = await storePlaque(ctx);
    expect((await lookup(plaque.id, apiKey)).status).toBe(200);
  });

  it('keeps an optional name and refuses unknown members and names out of bounds, naming the member', async () => {
    const bob = await aSignedInUser();
    const created = (await create(bob, { name: 'Shop frontend' })).json;
    expect(created.name).toBe('Shop frontend');
    expect((await apiKeyRepo(dbOf(ctx), ctx.tableName).get(created.id))?.name).toBe('Shop frontend');
    const refused = await create(bob, { name: 'x', owner: 9 });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: 'VALIDATION_FAILED' });
    // Control characters, bidi controls (U+202E turns the text after it around), characters that show as nothing and
    // unpaired surrogates are refused.
    const invisible = ['shop\u200Bx', '\uFEFFshop', 'sh\u00ADop', 'shop\u2028x', '\u3164', 'shop\uD800', 'shop\uDFFF'];
    for (const name of ['', 'x'.repeat(65), 'shop\u202Etxt.exe', 'shop\u2066x', 'shop\u200Fx', 'line\nbreak', 'nul\u0000', ...invisible]) {
      const reply = await create(bob, { name });
      expect(reply.status).toBe(400);
      expect(reply.json.errors).toEqual([expect.objectContaining({ path: 'name' })]);
    }
    expect((await create(bob, { name: 'Café 商店 🛒' })).json.name).toBe('Café 商店 🛒');
  });

  it(`answers 409 KEY_LIMIT_REACHED beyond ${MAX_ACTIVE_KEYS} active keys, unregistering nothing it made; revoking one makes room`, async () => {
    const carol = await aSignedInUser();
    const ids: string[] = [];
    for (let i = 0; i < MAX_ACTIVE_KEYS; i++) ids.push((await create(carol)).json.id);
    const issuedBefore = issued.length;
    const refused = await create(carol);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 'KEY_LIMIT_REACHED' });
    expect(issued.length).toBe(issuedBefore);
    expect((await revoke(carol, ids[0]!)).status).toBe(204);
    expect(await storedCount(carol.userId)).toBe(MAX_ACTIVE_KEYS - 1);
    expect((await create(carol)).status).toBe(201);
    expect(await storedCount(carol.userId)).toBe(MAX_ACTIVE_KEYS);
  });

  it('holds the limit under concurrent requests: never more active keys than the limit, and the count says how many', async () => {
    const userId = 90_001;
    const issuedBefore = issued.length;
    const outcomes = await Promise.allSettled(Array.from({ length: MAX_ACTIVE_KEYS + 6 }, () => createApiKey(ctx, userId, 'burst')));
    const made = outcomes.filter((o) => o.status === 'fulfilled').length;
    for (const o of outcomes) {
      if (o.status === 'rejected') expect(['KEY_LIMIT_REACHED', 'CONFLICT', undefined]).toContain((o.reason as { code?: string }).code);
    }
    expect(made).toBeGreaterThan(0);
    expect(made).toBeLessThanOrEqual(MAX_ACTIVE_KEYS);
    const active = (await apiKeyRepo(dbOf(ctx), ctx.tableName).listByUser(userId)).filter((k) => k.revokedAt === null);
    expect(active).toHaveLength(made);
    expect(await storedCount(userId)).toBe(made);
    // Every key registered is stored active, or was unregistered again by the request that failed.
    const activeIds = new Set(active.map((k) => k.id));
    for (const id of issued.slice(issuedBefore)) expect(activeIds.has(id) !== unregistered.includes(id), id).toBe(true);
  });

  it('counts the active keys on the index for a user whose keys were made before the count was kept', async () => {
    const userId = 90_002;
    const first = await createApiKey(ctx, userId, null);
    await createApiKey(ctx, userId, null);
    await dbOf(ctx).send(new DeleteCommand({ TableName: ctx.tableName, Key: apiKeyCountKey(userId) }));
    // Revoking without a stored count revokes the key alone; the next key stores the count taken on the index.
    await revokeApiKey(ctx, userId, first.id);
    expect(await storedCount(userId)).toBeUndefined();
    await createApiKey(ctx, userId, null);
    expect(await storedCount(userId)).toBe(2);
  });

  it('answers 401 UNAUTHORIZED without a token or with a bad one', async () => {
    for (const headers of [undefined, { authorization: 'Bearer not.a.token' }]) {
      const reply = await call(server.url, 'POST', '/partner/api-keys', { ...(headers && { headers }) });
      expect(reply.status).toBe(401);
      expect(reply.json).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });
});

describe('GET /partner/api-keys', () => {
  it("lists only the caller's keys, newest first, revoked ones included, never the key itself", async () => {
    const heidi = await aSignedInUser();
    const other = await aSignedInUser();
    await create(other, { name: 'not hers' });
    const made = [];
    for (const name of ['first', 'second', 'third']) {
      made.push((await create(heidi, { name })).json);
      // Distinct creation times, whatever the clock's resolution.
      await new Promise((r) => setTimeout(r, 3));
    }
    await revoke(heidi, made[1].id);
    const reply = await list(heidi);
    expect(reply.status).toBe(200);
    expect(reply.json.keys).toEqual(
      [...made].reverse().map((k) => ({
        id: k.id,
        name: k.name,
        prefix: k.prefix,
        createdAt: k.createdAt,
        scope: 'sell',
        // New keys are pinned to the newest API version.
        version: '2026-11-28',
        lastUsedAt: null,
        revokedAt: k.name === 'second' ? expect.stringMatching(ISO) : null,
        expiresAt: null,
      })),
    );
    expect(reply.text).not.toContain(made[0].apiKey);
  });

  it('records the last use of a key when a partner call presents it, with the call’s count', async () => {
    const ivan = await aSignedInUser();
    const { id, apiKey } = (await create(ivan)).json;
    const plaque = await storePlaque(ctx);
    const lastUsed = async () => (await list(ivan)).json.keys.find((k: { id: string }) => k.id === id).lastUsedAt as string | null;
    expect(await lastUsed()).toBeNull();

    expect((await lookup(plaque.id, apiKey)).status).toBe(200);
    const first = await lastUsed();
    expect(first).toMatch(ISO);
    try {
      // The clock moves ahead; ivan's token was signed before, so the authorizer (on the real clock) still takes it.
      // A counted call keeps its time with its count (its one write), so the next second shows.
      skewMs += 1000;
      await lookup(plaque.id, apiKey);
      const second = await lastUsed();
      expect(Date.parse(second!)).toBeGreaterThanOrEqual(Date.parse(first!) + 1000);
      // A call outside the count (the balance) stamps the key's record, at most once a minute.
      skewMs += LAST_USED_RESOLUTION_MS;
      expect((await call(server.url, 'GET', '/partner/balance', { key: apiKey })).status).toBe(200);
      expect(Date.parse((await lastUsed())!)).toBeGreaterThan(Date.parse(second!));
    } finally {
      skewMs = 0;
    }
  });

  it('answers an empty list to a user without keys, and 401 UNAUTHORIZED without a token', async () => {
    expect((await list(await aSignedInUser())).json).toEqual({ keys: [] });
    expect((await list(null)).json).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });
});

describe('DELETE /partner/api-keys/{id}', () => {
  it('answers 204 and refuses the key from the next request on (403 FORBIDDEN), then unregisters it', async () => {
    const dave = await aSignedInUser();
    const { id, apiKey } = (await create(dave)).json;
    const plaque = await storePlaque(ctx);
    expect((await lookup(plaque.id, apiKey)).status).toBe(200);
    const reply = await revoke(dave, id);
    expect(reply.status).toBe(204);
    expect(reply.text).toBe('');
    const after = await lookup(plaque.id, apiKey);
    expect(after.status).toBe(403);
    expect(after.json).toMatchObject({ code: 'FORBIDDEN' });
    expect(unregistered).toContain(id);
  });

  it("answers 204 again for the owner's already revoked key, keeping the first revocation time", async () => {
    const erin = await aSignedInUser();
    const { id } = (await create(erin)).json;
    await revoke(erin, id);
    const first = (await apiKeyRepo(dbOf(ctx), ctx.tableName).get(id))?.revokedAt;
    expect(first).toBeTruthy();
    expect((await revoke(erin, id)).status).toBe(204);
    expect((await apiKeyRepo(dbOf(ctx), ctx.tableName).get(id))?.revokedAt).toBe(first);
  });

  it("answers 404 API_KEY_NOT_FOUND for another user's key and for unknown ids, and revokes nothing", async () => {
    const frank = await aSignedInUser();
    const grace = await aSignedInUser();
    const { id, apiKey } = (await create(frank)).json;
    for (const [who, keyId] of [
      [grace, id],
      [frank, 'key_unknown'],
    ] as const) {
      const reply = await revoke(who, keyId);
      expect(reply.status).toBe(404);
      expect(reply.json).toMatchObject({ code: 'API_KEY_NOT_FOUND' });
    }
    expect((await resolveApiKey(ctx, apiKey))?.id).toBe(id);
  });

  it('answers 401 UNAUTHORIZED without a token', async () => {
    const reply = await revoke(null, 'key_x');
    expect(reply.status).toBe(401);
    expect(reply.json).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

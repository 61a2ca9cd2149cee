// POST /partner/api-keys and DELETE /partner/api-keys/{id} through the local server with tokens from the real
// email sign-in: keys shown once, stored as a hash, usable on the partner routes at once, refused from the request
// after their revocation.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { apiKeyRepo } from '#lib/db/api-key-repo.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { resolveApiKey } from '#lib/local/api-key-check.ts';
import { MAX_ACTIVE_KEYS } from '#lib/partner/api-keys.ts';
import type { ApiKeyIssuer } from '#lib/partner/api-key-issuer.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
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

beforeAll(async () => {
  ctx = await freshTable({ chain: sharedChain(), apiKeyIssuer: recordingIssuer });
  server = await startLocalServer({ ctx, port: 0 });
});

afterAll(async () => {
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
const lookup = (id: number, key: string) => call(server.url, 'GET', `/partner/plaques/${id}/lookup`, { key });

describe('POST /partner/api-keys', () => {
  it('answers 201 with the id and the key, which is stored only as its SHA-256', async () => {
    const alice = await aSignedInUser();
    const reply = await create(alice);
    expect(reply.status).toBe(201);
    const { id, apiKey } = reply.json;
    expect(Object.keys(reply.json).sort()).toEqual(['apiKey', 'id']);
    expect(apiKey).toMatch(/^pk_[A-Za-z0-9_-]{43}$/);
    expect(issued).toContain(id);

    const record = await apiKeyRepo(ctx.db, ctx.tableName).get(id);
    expect(record).toMatchObject({ id, userId: alice.userId, keyHash: createHash('sha256').update(apiKey).digest('hex'), revokedAt: null });
    const everything = JSON.stringify((await ctx.db.send(new ScanCommand({ TableName: ctx.tableName }))).Items);
    expect(everything).not.toContain(apiKey);
  });

  it('makes the key usable on the partner routes at once, through the local API-key check', async () => {
    const { id, apiKey } = (await create(await aSignedInUser())).json;
    expect(await resolveApiKey(ctx, apiKey)).toBe(id);
    const plaque = await storePlaque(ctx);
    expect((await lookup(plaque.id, apiKey)).status).toBe(200);
  });

  it('keeps an optional name and refuses unknown members', async () => {
    const bob = await aSignedInUser();
    const { id } = (await create(bob, { name: 'Shop frontend' })).json;
    expect((await apiKeyRepo(ctx.db, ctx.tableName).get(id))?.name).toBe('Shop frontend');
    const refused = await create(bob, { name: 'x', owner: 9 });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it(`answers 409 API_KEY_LIMIT_REACHED beyond ${MAX_ACTIVE_KEYS} active keys; revoking one makes room`, async () => {
    const carol = await aSignedInUser();
    const ids: string[] = [];
    for (let i = 0; i < MAX_ACTIVE_KEYS; i++) ids.push((await create(carol)).json.id);
    const refused = await create(carol);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 'API_KEY_LIMIT_REACHED' });
    expect((await revoke(carol, ids[0]!)).status).toBe(204);
    expect((await create(carol)).status).toBe(201);
  });

  it('answers 401 UNAUTHORIZED without a token or with a bad one', async () => {
    for (const headers of [undefined, { authorization: 'Bearer not.a.token' }]) {
      const reply = await call(server.url, 'POST', '/partner/api-keys', { ...(headers && { headers }) });
      expect(reply.status).toBe(401);
      expect(reply.json).toMatchObject({ code: 'UNAUTHORIZED' });
    }
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
    const first = (await apiKeyRepo(ctx.db, ctx.tableName).get(id))?.revokedAt;
    expect(first).toBeTruthy();
    expect((await revoke(erin, id)).status).toBe(204);
    expect((await apiKeyRepo(ctx.db, ctx.tableName).get(id))?.revokedAt).toBe(first);
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
    expect(await resolveApiKey(ctx, apiKey)).toBe(id);
  });

  it('answers 401 UNAUTHORIZED without a token', async () => {
    const reply = await revoke(null, 'key_x');
    expect(reply.status).toBe(401);
    expect(reply.json).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

// POST /partner/api-keys and DELETE /partner/api-keys/{id}: keys shown once, stored as a hash, usable on the partner
// routes at once, refused from the request after their revocation. The handlers are called with the event the
// TOKEN authorizer's context produces; the local server's own 401 for a missing token is checked over HTTP.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { apiKeyRepo } from '#lib/db/api-key-repo.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { resolveApiKey } from '#lib/local/api-key-check.ts';
import { MAX_ACTIVE_KEYS } from '#lib/partner/api-keys.ts';
import type { ApiKeyIssuer } from '#lib/partner/api-key-issuer.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { handler as createHandler } from '#functions/partner/create-api-key.ts';
import { handler as revokeHandler } from '#functions/partner/revoke-api-key.ts';
import { freshTable } from '../support/db.ts';
import { sharedChain } from '../support/chain.ts';
import { invoke } from '../support/events.ts';
import { call, storePlaque } from './fixtures.ts';

let ctx: AppContext;
let server: LocalServer;
const issued: string[] = [];
const unregistered: string[] = [];

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

const asUser = (userId: number) => ({ userId: String(userId), tv: '1', principalId: String(userId) });

const create = (userId: number | null, body?: unknown) =>
  invoke(createHandler, {
    method: 'POST',
    path: '/partner/api-keys',
    authorizer: userId === null ? null : asUser(userId),
    ...(body !== undefined && { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });

const revoke = (userId: number | null, id: string) =>
  invoke(revokeHandler, { method: 'DELETE', path: `/partner/api-keys/${id}`, pathParameters: { id }, authorizer: userId === null ? null : asUser(userId) });

const lookup = (id: number, key: string) => call(server.url, 'GET', `/partner/plaques/${id}/lookup`, { key });

describe('POST /partner/api-keys', () => {
  it('answers 201 with the id and the key, which is stored only as its SHA-256', async () => {
    const reply = await create(1);
    expect(reply.statusCode).toBe(201);
    const { id, apiKey } = reply.json!;
    expect(Object.keys(reply.json!).sort()).toEqual(['apiKey', 'id']);
    expect(apiKey).toMatch(/^pk_[A-Za-z0-9_-]{43}$/);
    expect(issued).toContain(id);

    const record = await apiKeyRepo(ctx.db, ctx.tableName).get(id);
    expect(record).toMatchObject({ id, userId: 1, keyHash: createHash('sha256').update(apiKey).digest('hex'), revokedAt: null });
    const everything = JSON.stringify((await ctx.db.send(new ScanCommand({ TableName: ctx.tableName }))).Items);
    expect(everything).not.toContain(apiKey);
  });

  it('makes the key usable on the partner routes at once, through the local API-key check', async () => {
    const { id, apiKey } = (await create(2)).json!;
    expect(await resolveApiKey(ctx, apiKey)).toBe(id);
    const plaque = await storePlaque(ctx);
    expect((await lookup(plaque.id, apiKey)).status).toBe(200);
  });

  it('keeps an optional name and refuses unknown members', async () => {
    const { id } = (await create(3, { name: 'Shop frontend' })).json!;
    expect((await apiKeyRepo(ctx.db, ctx.tableName).get(id))?.name).toBe('Shop frontend');
    const refused = await create(3, { name: 'x', owner: 9 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it(`answers 409 API_KEY_LIMIT_REACHED beyond ${MAX_ACTIVE_KEYS} active keys; revoking one makes room`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < MAX_ACTIVE_KEYS; i++) ids.push((await create(4)).json!.id);
    const refused = await create(4);
    expect(refused.statusCode).toBe(409);
    expect(refused.json).toMatchObject({ code: 'API_KEY_LIMIT_REACHED' });
    expect((await revoke(4, ids[0]!)).statusCode).toBe(204);
    expect((await create(4)).statusCode).toBe(201);
  });

  it('answers 401 UNAUTHORIZED without a signed-in user', async () => {
    expect((await create(null)).json).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    const overHttp = await call(server.url, 'POST', '/partner/api-keys');
    expect(overHttp.status).toBe(401);
    expect(overHttp.json).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('DELETE /partner/api-keys/{id}', () => {
  it('answers 204 and refuses the key from the next request on (403 FORBIDDEN), then unregisters it', async () => {
    const { id, apiKey } = (await create(5)).json!;
    const plaque = await storePlaque(ctx);
    expect((await lookup(plaque.id, apiKey)).status).toBe(200);
    const reply = await revoke(5, id);
    expect(reply.statusCode).toBe(204);
    expect(reply.body).toBe('');
    const after = await lookup(plaque.id, apiKey);
    expect(after.status).toBe(403);
    expect(after.json).toMatchObject({ code: 'FORBIDDEN' });
    expect(unregistered).toContain(id);
  });

  it('answers 204 again for the owner\'s already revoked key, keeping the first revocation time', async () => {
    const { id } = (await create(6)).json!;
    await revoke(6, id);
    const first = (await apiKeyRepo(ctx.db, ctx.tableName).get(id))?.revokedAt;
    expect(first).toBeTruthy();
    expect((await revoke(6, id)).statusCode).toBe(204);
    expect((await apiKeyRepo(ctx.db, ctx.tableName).get(id))?.revokedAt).toBe(first);
  });

  it('answers 404 API_KEY_NOT_FOUND for another user\'s key and for unknown ids, and revokes nothing', async () => {
    const { id, apiKey } = (await create(7)).json!;
    for (const [userId, keyId] of [[8, id], [7, 'key_unknown']] as const) {
      const reply = await revoke(userId, keyId);
      expect(reply.statusCode).toBe(404);
      expect(reply.json).toMatchObject({ code: 'API_KEY_NOT_FOUND' });
    }
    expect(await resolveApiKey(ctx, apiKey)).toBe(id);
  });

  it('answers 401 UNAUTHORIZED without a signed-in user', async () => {
    expect((await revoke(null, 'key_x')).json).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect((await call(server.url, 'DELETE', '/partner/api-keys/key_x')).status).toBe(401);
  });
});

// POST /partner/api-keys/{id}/roll through the local server, and the key disabler: the new key has the old one's name
// and scope, the old one works until its `expiresAt` and answers 403 FORBIDDEN from then on; its key is then disabled
// where keys are checked; revoked, rolled, foreign and unknown keys, and windows out of range, are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { disableEndedKeys } from '#lib/partner/api-keys.ts';
import type { ApiKeyIssuer } from '#lib/partner/api-key-issuer.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { sharedChain } from '../support/chain.ts';
import { call, storePlaque } from '../partner/fixtures.ts';
import { aSignedInPartner, bearer, type SignedInPartner } from '../webhooks/fixtures.ts';

let ctx: AppContext;
let server: LocalServer;
let issuedCount = 0;
const disabled: string[] = [];
const unregistered: string[] = [];

/** The local issuer, recording what it was asked to do. */
const recordingIssuer: ApiKeyIssuer = {
  register: async () => `key_roll_${issuedCount++}`,
  unregister: async (id) => void unregistered.push(id),
  disable: async (id) => void disabled.push(id),
};

/** Milliseconds the service's clock is ahead of the real one. */
let skewMs = 0;

beforeAll(async () => {
  ctx = await freshTable({ chain: sharedChain(), apiKeyIssuer: recordingIssuer, now: () => new Date(Date.now() + skewMs) });
  server = await startLocalServer({ ctx, port: 0 });
});

afterAll(async () => {
  skewMs = 0;
  await server.close();
});

const create = (who: SignedInPartner, body: unknown) => call(server.url, 'POST', '/partner/api-keys', { body, headers: bearer(who) });
const roll = (who: SignedInPartner, id: string, body?: unknown) =>
  call(server.url, 'POST', `/partner/api-keys/${encodeURIComponent(id)}/roll`, { body, headers: bearer(who) });
const list = async (who: SignedInPartner) => (await call(server.url, 'GET', '/partner/api-keys', { headers: bearer(who) })).json.keys;
const lookupWith = async (apiKey: string) => {
  const plaque = await storePlaque(ctx);
  return call(server.url, 'GET', `/partner/plaques/${plaque.id}/lookup`, { key: apiKey });
};
const HOUR = 3_600_000;

describe('POST /partner/api-keys/{id}/roll', () => {
  it('answers 201 a new key with the same name and scope; the old one works until its expiresAt, then answers 403 FORBIDDEN', async () => {
    const owner = await aSignedInPartner(ctx);
    const old = (await create(owner, { name: 'frontend', scope: 'read' })).json;
    const reply = await roll(owner, old.id, { expiresInHours: 2 });
    expect(reply.status).toBe(201);
    const { id, apiKey, createdAt } = reply.json;
    expect(reply.json).toEqual({ id, apiKey, name: 'frontend', prefix: apiKey.slice(0, 10), scope: 'read', createdAt });
    expect(id).not.toBe(old.id);

    const keys = await list(owner);
    expect(keys.map((k: { id: string }) => k.id)).toEqual([id, old.id]);
    const expiresAt = new Date(Date.parse(createdAt) + 2 * HOUR).toISOString();
    expect(keys[1]).toMatchObject({ scope: 'read', revokedAt: null, expiresAt });
    expect(keys[0]).toMatchObject({ scope: 'read', expiresAt: null });

    expect((await lookupWith(old.apiKey)).status).toBe(200);
    expect((await lookupWith(apiKey)).status).toBe(200);
    skewMs = 2 * HOUR + 1000;
    try {
      expect(await lookupWith(old.apiKey)).toMatchObject({ status: 403, json: { code: 'FORBIDDEN' } });
      expect((await lookupWith(apiKey)).status).toBe(200);
    } finally {
      skewMs = 0;
    }
  });

  it('ends the old key at once with expiresInHours 0, and takes 24 hours by default', async () => {
    const owner = await aSignedInPartner(ctx);
    const now = (await create(owner, {})).json;
    expect((await roll(owner, now.id, { expiresInHours: 0 })).status).toBe(201);
    expect(await lookupWith(now.apiKey)).toMatchObject({ status: 403, json: { code: 'FORBIDDEN' } });

    const later = (await create(owner, {})).json;
    const rolled = await roll(owner, later.id);
    expect(rolled.status).toBe(201);
    const listed = (await list(owner)).find((k: { id: string }) => k.id === later.id);
    expect(Date.parse(listed.expiresAt) - Date.parse(rolled.json.createdAt)).toBe(24 * HOUR);
  });

  it('answers 409 KEY_NOT_ROLLABLE for a rolled or revoked key, 404 for a foreign or unknown one, 400 out of range', async () => {
    const owner = await aSignedInPartner(ctx);
    const key = (await create(owner, {})).json;
    expect((await roll(owner, key.id)).status).toBe(201);
    expect(await roll(owner, key.id)).toMatchObject({ status: 409, json: { code: 'KEY_NOT_ROLLABLE' } });

    const revoked = (await create(owner, {})).json;
    await call(server.url, 'DELETE', `/partner/api-keys/${revoked.id}`, { headers: bearer(owner) });
    expect(await roll(owner, revoked.id)).toMatchObject({ status: 409, json: { code: 'KEY_NOT_ROLLABLE' } });

    const stranger = await aSignedInPartner(ctx);
    const fresh = (await create(owner, {})).json;
    expect(await roll(stranger, fresh.id)).toMatchObject({ status: 404, json: { code: 'API_KEY_NOT_FOUND' } });
    expect(await roll(owner, 'key_unknown')).toMatchObject({ status: 404, json: { code: 'API_KEY_NOT_FOUND' } });
    for (const expiresInHours of [-1, 169, 1.5, '24']) {
      const refused = await roll(owner, fresh.id, { expiresInHours });
      expect(refused, String(expiresInHours)).toMatchObject({ status: 400, json: { code: 'VALIDATION_FAILED' } });
      expect(refused.json.errors[0].path).toBe('expiresInHours');
    }
    expect((await list(owner)).find((k: { id: string }) => k.id === fresh.id).expiresAt).toBeNull();
  });

  it('gives the old key its place among the active keys: a roll at the limit succeeds, and revoking the old key frees nothing', async () => {
    const owner = await aSignedInPartner(ctx);
    const made = [];
    for (let i = 0; i < 20; i++) made.push((await create(owner, {})).json);
    expect((await create(owner, {})).json.code).toBe('KEY_LIMIT_REACHED');
    expect((await roll(owner, made[0].id)).status).toBe(201);
    expect((await create(owner, {})).json.code).toBe('KEY_LIMIT_REACHED');
    await call(server.url, 'DELETE', `/partner/api-keys/${made[0].id}`, { headers: bearer(owner) });
    expect((await create(owner, {})).json.code).toBe('KEY_LIMIT_REACHED');
    await call(server.url, 'DELETE', `/partner/api-keys/${made[1].id}`, { headers: bearer(owner) });
    expect((await create(owner, {})).status).toBe(201);
  });
});

describe('the key disabler', () => {
  it('disables the keys whose window ended, once each, and leaves the others', async () => {
    const owner = await aSignedInPartner(ctx);
    const short = (await create(owner, {})).json;
    const long = (await create(owner, {})).json;
    await roll(owner, short.id, { expiresInHours: 1 });
    await roll(owner, long.id, { expiresInHours: 5 });
    // Keys of other tests whose window ended already (a roll with 0 hours) go first.
    await disableEndedKeys(ctx);
    expect(disabled).not.toContain(short.id);
    expect(disabled).not.toContain(long.id);
    skewMs = HOUR + 1000;
    try {
      await disableEndedKeys(ctx);
      expect(disabled).toContain(short.id);
      expect(disabled).not.toContain(long.id);
      disabled.length = 0;
      await disableEndedKeys(ctx);
      expect(disabled).not.toContain(short.id);
    } finally {
      skewMs = 0;
    }
  });
});

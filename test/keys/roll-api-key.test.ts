// POST /partner/api-keys/{id}/roll through the local server, and the key retirer: the new key has the old one's name
// and scope, the old one works until its `expiresAt` and answers 403 FORBIDDEN from then on, counting among the active
// keys until then; its key is then deleted where keys are checked; revoked, rolled, foreign and unknown keys, windows
// out of range and rolls with a window at the limit are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dbOf } from '#lib/db/client.ts';
import { apiKeyCountKey } from '#lib/db/keys.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { MAX_ACTIVE_KEYS, retireEndedKeys } from '#lib/partner/api-keys.ts';
import type { ApiKeyIssuer } from '#lib/partner/api-key-issuer.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { sharedChain } from '../support/chain.ts';
import { call, storePlaque } from '../partner/fixtures.ts';
import { aSignedInPartner, bearer, type SignedInPartner } from '../webhooks/fixtures.ts';

let ctx: AppContext;
let server: LocalServer;
let issuedCount = 0;
const unregistered: string[] = [];

/** The local issuer, recording what it was asked to do. */
const recordingIssuer: ApiKeyIssuer = {
  register: async () => `key_roll_${issuedCount++}`,
  unregister: async (id) => void unregistered.push(id),
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
const revoke = (who: SignedInPartner, id: string) => call(server.url, 'DELETE', `/partner/api-keys/${id}`, { headers: bearer(who) });
const storedCount = async (userId: number) =>
  (await dbOf(ctx).send(new GetCommand({ TableName: ctx.tableName, Key: apiKeyCountKey(userId), ConsistentRead: true }))).Item
    ?.active as number;
/** The user's keys that work now: not revoked, and not past the end of a rolled key's window. */
const working = async (who: SignedInPartner) =>
  (await list(who)).filter(
    (k: { revokedAt: string | null; expiresAt: string | null }) =>
      k.revokedAt === null && (k.expiresAt === null || Date.parse(k.expiresAt) > Date.now() + skewMs),
  );

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

  it(`counts a rolled key among the active keys during its window: rolls stop at ${MAX_ACTIVE_KEYS} working keys`, async () => {
    const owner = await aSignedInPartner(ctx);
    const issuedBefore = issuedCount;
    let latest = (await create(owner, { name: 'rolled' })).json;
    const answers: number[] = [];
    for (let i = 0; i < 2 * MAX_ACTIVE_KEYS; i++) {
      const reply = await roll(owner, latest.id, { expiresInHours: 168 });
      answers.push(reply.status);
      if (reply.status === 201) latest = reply.json;
      else expect(reply.json).toMatchObject({ code: 'KEY_LIMIT_REACHED' });
    }
    expect(answers.filter((status) => status === 201)).toHaveLength(MAX_ACTIVE_KEYS - 1);
    expect(answers.slice(MAX_ACTIVE_KEYS - 1)).toEqual(answers.slice(MAX_ACTIVE_KEYS - 1).map(() => 409));
    expect(await create(owner, {})).toMatchObject({ status: 409, json: { code: 'KEY_LIMIT_REACHED' } });
    expect(await working(owner)).toHaveLength(MAX_ACTIVE_KEYS);
    expect(await storedCount(owner.userId)).toBe(MAX_ACTIVE_KEYS);
    // A refused roll registers no key where keys are checked: the limit is read first.
    expect(issuedCount - issuedBefore).toBe(MAX_ACTIVE_KEYS);
  });

  it('replaces a key at the limit with 0 hours; revoking a key in its window frees its place, and so does the end of the window', async () => {
    const owner = await aSignedInPartner(ctx);
    const made = [];
    for (let i = 0; i < MAX_ACTIVE_KEYS; i++) made.push((await create(owner, {})).json);
    expect(await roll(owner, made[0].id, { expiresInHours: 24 })).toMatchObject({ status: 409, json: { code: 'KEY_LIMIT_REACHED' } });
    expect((await roll(owner, made[0].id, { expiresInHours: 0 })).status).toBe(201);
    expect(await storedCount(owner.userId)).toBe(MAX_ACTIVE_KEYS);
    expect((await create(owner, {})).json.code).toBe('KEY_LIMIT_REACHED');

    // A key rolled with a window holds its place until it is revoked...
    expect((await revoke(owner, made[1].id)).status).toBe(204);
    expect((await roll(owner, made[2].id, { expiresInHours: 1 })).status).toBe(201);
    expect(await storedCount(owner.userId)).toBe(MAX_ACTIVE_KEYS);
    expect((await revoke(owner, made[2].id)).status).toBe(204);
    expect(await storedCount(owner.userId)).toBe(MAX_ACTIVE_KEYS - 1);
    expect((await roll(owner, made[3].id, { expiresInHours: 1 })).status).toBe(201);
    expect((await create(owner, {})).json.code).toBe('KEY_LIMIT_REACHED');

    // ...or its window ends: the next key at the limit takes its place without waiting for the key retirer.
    skewMs = HOUR + 1000;
    try {
      expect((await create(owner, {})).status).toBe(201);
      expect((await create(owner, {})).json.code).toBe('KEY_LIMIT_REACHED');
      expect(await working(owner)).toHaveLength(MAX_ACTIVE_KEYS);
    } finally {
      skewMs = 0;
    }
  });
});

describe('the key retirer', () => {
  it('deletes the keys whose window ended where keys are checked, once each, frees their places and leaves the others', async () => {
    const owner = await aSignedInPartner(ctx);
    const short = (await create(owner, {})).json;
    const long = (await create(owner, {})).json;
    await roll(owner, short.id, { expiresInHours: 1 });
    await roll(owner, long.id, { expiresInHours: 5 });
    expect(await storedCount(owner.userId)).toBe(4);
    // Keys of other tests whose window ended already (a roll with 0 hours) go first.
    await retireEndedKeys(ctx);
    expect(unregistered).not.toContain(short.id);
    expect(unregistered).not.toContain(long.id);
    skewMs = HOUR + 1000;
    try {
      await retireEndedKeys(ctx);
      expect(unregistered).toContain(short.id);
      expect(unregistered).not.toContain(long.id);
      expect(await storedCount(owner.userId)).toBe(3);
      unregistered.length = 0;
      await retireEndedKeys(ctx);
      expect(unregistered).not.toContain(short.id);
      expect(await storedCount(owner.userId)).toBe(3);
    } finally {
      skewMs = 0;
    }
  });
});

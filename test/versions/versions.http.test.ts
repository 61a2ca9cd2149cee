// Dated API versions through the local server: the version a request is answered in (its Plaque-Version header, else
// its key's pin, else 2026-11-23), the Plaque's token_id in the versions before 2026-11-28 only, the header on every
// answer, keys pinned to the newest version at creation and moved by POST /partner/api-keys/{id}/version.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dbOf } from '#lib/db/client.ts';
import { apiKeyKey } from '#lib/db/keys.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { sharedChain } from '../support/chain.ts';
import { aHeldPlaque, call, storePlaque, type Reply } from '../partner/fixtures.ts';
import { aSignedInPartner, bearer, type SignedInPartner } from '../webhooks/fixtures.ts';

let ctx: AppContext;
let server: LocalServer;
let owner: SignedInPartner;
let plaqueId: number;

beforeAll(async () => {
  ctx = await freshTable({ chain: sharedChain() });
  server = await startLocalServer({ ctx, port: 0 });
  owner = await aSignedInPartner(ctx);
  plaqueId = (await storePlaque(ctx, { featured: true, status: 'AVAILABLE' })).id;
});

afterAll(async () => {
  await server.close();
});

interface Key {
  id: string;
  apiKey: string;
}

const createKey = async (who: SignedInPartner = owner): Promise<Key> => {
  const reply = await call(server.url, 'POST', '/partner/api-keys', { body: { name: 'versions' }, headers: bearer(who) });
  expect(reply.status, reply.text).toBe(201);
  return reply.json;
};
const listKeys = async (who: SignedInPartner = owner) =>
  (await call(server.url, 'GET', '/partner/api-keys', { headers: bearer(who) })).json.keys as { id: string; version: string }[];
const moveKey = (id: string, body: unknown, who: SignedInPartner = owner) =>
  call(server.url, 'POST', `/partner/api-keys/${encodeURIComponent(id)}/version`, { body, headers: bearer(who) });

/** The plaque read, the listing and a key operation, with a key and a Plaque-Version header when given. */
const readPlaque = (key?: string, version?: string) =>
  call(server.url, 'GET', `/plaques/${plaqueId}`, { key, headers: version === undefined ? {} : { 'plaque-version': version } });
const readListing = (key?: string, version?: string) =>
  call(server.url, 'GET', '/plaques/featured?limit=5', { key, headers: version === undefined ? {} : { 'plaque-version': version } });
const lookup = (key: string, version?: string) =>
  call(server.url, 'GET', `/partner/plaques/${plaqueId}/lookup`, {
    key,
    headers: version === undefined ? {} : { 'plaque-version': version },
  });

/** Whether a plaque read and a listing page are in 2026-11-23's shape (token_id beside tokenId) or 2026-11-28's (without). */
function expectShape(reply: Reply, version: '2026-11-23' | '2026-11-28') {
  expect(reply.status, reply.text).toBe(200);
  expect(reply.headers.get('plaque-version')).toBe(version);
  const plaques: Record<string, unknown>[] = reply.json.plaques ?? [reply.json];
  expect(plaques.length).toBeGreaterThan(0);
  for (const plaque of plaques) {
    if (version === '2026-11-23') {
      expect(plaque.token_id).toBe(plaque.tokenId);
      expect(Object.keys(plaque).at(-1)).toBe('token_id');
    } else {
      expect(plaque).not.toHaveProperty('token_id');
      expect(plaque).toHaveProperty('tokenId');
    }
  }
}

describe('the version of an answer', () => {
  it('is 2026-11-23 for a request naming none and presenting no key: the shapes of the clients written before versions', async () => {
    expectShape(await readPlaque(), '2026-11-23');
    expectShape(await readListing(), '2026-11-23');
    const vary = (await readPlaque()).headers.get('vary');
    expect(vary).toContain('Plaque-Version');
    expect(vary).toContain('X-Api-Key');
  });

  it('is the newest for a new key, whose pin the key list shows: no token_id in the plaque reads and the listing', async () => {
    const key = await createKey();
    expect((await listKeys()).find((k) => k.id === key.id)?.version).toBe('2026-11-28');
    expectShape(await readPlaque(key.apiKey), '2026-11-28');
    expectShape(await readListing(key.apiKey), '2026-11-28');
    const looked = await lookup(key.apiKey);
    expect(looked.status, looked.text).toBe(200);
    expect(looked.headers.get('plaque-version')).toBe('2026-11-28');
  });

  it('is 2026-11-23 for a key pinned there: token_id in the plaque reads and the listing', async () => {
    const key = await createKey();
    const moved = await moveKey(key.id, { version: '2026-11-23' });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json).toMatchObject({ id: key.id, version: '2026-11-23', revokedAt: null });
    expect(moved.headers.get('plaque-version')).toBe('2026-11-23');
    expectShape(await readPlaque(key.apiKey), '2026-11-23');
    expectShape(await readListing(key.apiKey), '2026-11-23');
    expect((await lookup(key.apiKey)).headers.get('plaque-version')).toBe('2026-11-23');
  });

  it('is 2026-11-23 for a key stored before pins were kept, and the key list says so', async () => {
    const key = await createKey();
    await dbOf(ctx).send(new UpdateCommand({ TableName: ctx.tableName, Key: apiKeyKey(key.id), UpdateExpression: 'REMOVE version' }));
    expect((await listKeys()).find((k) => k.id === key.id)?.version).toBe('2026-11-23');
    expectShape(await readPlaque(key.apiKey), '2026-11-23');
    expectShape(await readListing(key.apiKey), '2026-11-23');
  });

  it("is the header's, whatever the key's pin, in both directions", async () => {
    const newest = await createKey();
    const old = await createKey();
    await moveKey(old.id, { version: '2026-11-23' });
    expectShape(await readPlaque(old.apiKey, '2026-11-28'), '2026-11-28');
    expectShape(await readListing(old.apiKey, '2026-11-28'), '2026-11-28');
    expectShape(await readPlaque(newest.apiKey, '2026-11-23'), '2026-11-23');
    expectShape(await readListing(newest.apiKey, '2026-11-23'), '2026-11-23');
    expectShape(await readPlaque(undefined, '2026-11-28'), '2026-11-28');
    expect((await lookup(old.apiKey, '2026-11-28')).headers.get('plaque-version')).toBe('2026-11-28');
  });

  it('is the default for a public read with a key that is unknown or revoked: the read is not refused', async () => {
    expectShape(await readPlaque('pk_no-such-key'), '2026-11-23');
    const key = await createKey();
    expect((await call(server.url, 'DELETE', `/partner/api-keys/${key.id}`, { headers: bearer(owner) })).status).toBe(204);
    expectShape(await readPlaque(key.apiKey), '2026-11-23');
    expect((await lookup(key.apiKey)).status).toBe(403);
  });

  it("moves with a rolled key: the successor keeps its predecessor's pin", async () => {
    const key = await createKey();
    await moveKey(key.id, { version: '2026-11-23' });
    const rolled = await call(server.url, 'POST', `/partner/api-keys/${key.id}/roll`, {
      body: { expiresInHours: 0 },
      headers: bearer(owner),
    });
    expect(rolled.status, rolled.text).toBe(201);
    expect((await listKeys()).find((k) => k.id === rolled.json.id)?.version).toBe('2026-11-23');
    expectShape(await readPlaque(rolled.json.apiKey), '2026-11-23');
  });

  it('answers 400 UNKNOWN_VERSION naming the header for a version the API does not have, in the version it would have used', async () => {
    const key = await createKey();
    for (const named of ['2026-11-24', '2026-11-28x', 'latest', '']) {
      for (const reply of [await readPlaque(undefined, named), await readPlaque(key.apiKey, named), await lookup(key.apiKey, named)]) {
        expect(reply.status, `${named}: ${reply.text}`).toBe(400);
        expect(reply.json).toMatchObject({ code: 'UNKNOWN_VERSION', errors: [{ path: 'Plaque-Version' }] });
        expect(reply.json.detail).toContain('2026-11-23, 2026-11-28');
      }
    }
    // Refusals carry the version too: the key's, or the one the request named.
    expect((await lookup(key.apiKey, 'latest')).headers.get('plaque-version')).toBe('2026-11-28');
    expect((await readPlaque(undefined, 'latest')).headers.get('plaque-version')).toBe('2026-11-23');
    const missing = await call(server.url, 'GET', '/plaques/999999', { headers: { 'plaque-version': '2026-11-28' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('plaque-version')).toBe('2026-11-28');
  });
});

describe('an Idempotency-Key replay', () => {
  it("is given the version of the request that replays it, and the first answer's bytes in the same version", async () => {
    const key = await createKey();
    const { plaque, wallet, reservationId } = await aHeldPlaque(ctx, server.url, { userId: owner.userId, ...key });
    const buy = (version?: string) =>
      call(server.url, 'POST', `/partner/plaques/${plaque.id}/buy`, {
        key: key.apiKey,
        body: { reservationId, buyerWallet: wallet },
        headers: { 'idempotency-key': `versions-${plaque.id}`, ...(version && { 'plaque-version': version }) },
      });
    const first = await buy('2026-11-28');
    expect(first.status, first.text).toBe(201);
    expect(first.json.plaque).not.toHaveProperty('token_id');
    const older = await buy('2026-11-23');
    expect(older.status).toBe(201);
    expect(older.headers.get('idempotent-replayed')).toBe('true');
    expect(older.headers.get('plaque-version')).toBe('2026-11-23');
    expect(older.json).toEqual({ ...first.json, plaque: { ...first.json.plaque, token_id: null } });
    // The key's pin is the newest: the replay is the first answer, byte for byte.
    const same = await buy();
    expect(same.headers.get('idempotent-replayed')).toBe('true');
    expect(same.text).toBe(first.text);
  });
});

describe('POST /partner/api-keys/{id}/version', () => {
  it('moves the key from its next request on, and back, answering the key as listed', async () => {
    const key = await createKey();
    const moved = await moveKey(key.id, { version: '2026-11-23' });
    expect(moved.json).toEqual((await listKeys()).find((k) => k.id === key.id));
    expectShape(await readPlaque(key.apiKey), '2026-11-23');
    const back = await moveKey(key.id, { version: '2026-11-28' });
    expect(back.status).toBe(200);
    expect(back.json.version).toBe('2026-11-28');
    expectShape(await readPlaque(key.apiKey), '2026-11-28');
    // Moving to where it is already pinned answers the same.
    expect((await moveKey(key.id, { version: '2026-11-28' })).json).toEqual(back.json);
  });

  it("answers 404 API_KEY_NOT_FOUND for another user's key and an unknown id, moving nothing", async () => {
    const key = await createKey();
    const other = await aSignedInPartner(ctx);
    const foreign = await moveKey(key.id, { version: '2026-11-23' }, other);
    expect(foreign.status).toBe(404);
    expect(foreign.json.code).toBe('API_KEY_NOT_FOUND');
    expect((await moveKey('key_unknown', { version: '2026-11-23' })).json.code).toBe('API_KEY_NOT_FOUND');
    expect((await listKeys()).find((k) => k.id === key.id)?.version).toBe('2026-11-28');
  });

  it('answers 400 UNKNOWN_VERSION for a date that is no version, 400 VALIDATION_FAILED for a malformed one, 401 without a token', async () => {
    const key = await createKey();
    const unknown = await moveKey(key.id, { version: '2026-11-24' });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ code: 'UNKNOWN_VERSION', errors: [{ path: 'version' }] });
    for (const body of [{ version: 'latest' }, {}, { version: '2026-11-28', extra: 1 }]) {
      const reply = await moveKey(key.id, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.json.code).toBe('VALIDATION_FAILED');
    }
    const anonymous = await call(server.url, 'POST', `/partner/api-keys/${key.id}/version`, { body: { version: '2026-11-23' } });
    expect(anonymous.status).toBe(401);
    expect((await listKeys()).find((k) => k.id === key.id)?.version).toBe('2026-11-28');
  });
});

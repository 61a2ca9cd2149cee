// GET /partner/audit-log through the local server, with the changes it records made over HTTP too: each sign-in and
// each change of a key or webhook endpoint is one entry (target, actor, address), written in the change's own
// transaction (a change refused or failed writes none, an entry refused undoes its change), never twice for a replay;
// newest first in cursor pages, only the caller's own, kept a year.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dbOf } from '#lib/db/client.ts';
import { apiKeyKey, auditLogPartition, userKey, webhookKey } from '#lib/db/keys.ts';
import { userRepo } from '#lib/db/user-repo.ts';
import { AUDIT_KEEP_DAYS, auditItemOf, type AuditCaller } from '#lib/db/audit-repo.ts';
import { transactWrite } from '#lib/db/transaction.ts';
import { hashPassword } from '#lib/auth/password.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { eventIdOf } from '#lib/webhooks/events.ts';
import { makeOrderEvents } from '#lib/webhooks/order-events.ts';
import { freshTable } from '../support/db.ts';
import { startCodeMail, stopCodeMail } from '../support/code-mail.ts';
import { latestCode, signInOverHttp } from '../accounts/flows.ts';
import { moveRecord, soldOrder } from '../webhooks/fixtures.ts';
import { call, intercept, type Reply } from './fixtures.ts';

let ctx: AppContext;
let server: LocalServer;
let users = 0;

/** Every reading of the clock a millisecond after the one before at least: entries made one after another sort apart. */
let lastTick = 0;
const tick = (): Date => new Date((lastTick = Math.max(Date.now(), lastTick + 1)));

beforeAll(async () => {
  ctx = await freshTable({ now: tick });
  await startCodeMail(ctx);
  server = await startLocalServer({ ctx, port: 0 });
});

afterAll(async () => {
  await stopCodeMail();
  await server?.close();
});

interface Partner {
  userId: number;
  email: string;
  token: string;
}

/** A new user signed in by email code over HTTP (its first entry). */
async function aPartner(): Promise<Partner> {
  const email = `audit${++users}-${Date.now()}@example.com`;
  const { token, user } = await signInOverHttp(server.url, ctx.dataDir, email);
  return { userId: user.id as number, email, token };
}

const as = (who: Partner, more: Record<string, string> = {}) => ({ authorization: `Bearer ${who.token}`, ...more });

const send = (who: Partner, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> =>
  call(server.url, method, path, { headers: as(who, headers), ...(body !== undefined && { body }) });

const auditLog = (who: Partner, query = ''): Promise<Reply> => send(who, 'GET', `/partner/audit-log${query}`);

interface Entry {
  id: string;
  action: string;
  target: { type: string; id: string; detail: string | null };
  actor: { id: number; email: string };
  ip: string | null;
  at: string;
}

/** The whole log, following the cursor from the first page. */
async function wholeLog(who: Partner, limit = 100): Promise<{ entries: Entry[]; pages: number }> {
  const entries: Entry[] = [];
  let pages = 0;
  let cursor: string | null = null;
  do {
    const reply = await auditLog(who, `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(reply.status, reply.text).toBe(200);
    pages++;
    entries.push(...reply.json.entries);
    cursor = reply.json.nextCursor;
  } while (cursor);
  return { entries, pages };
}

/** The move of an order of `partnerId` into SOLD, its event made as the stream would; answers the event id. */
async function anOrderEvent(partnerId: number): Promise<string> {
  const order = soldOrder(partnerId);
  expect((await makeOrderEvents(ctx, [moveRecord(order, null)])).batchItemFailures).toEqual([]);
  return eventIdOf({ orderId: order.orderId, round: 0, status: 'SOLD' });
}

const HOOK = { url: 'http://127.0.0.1:9/hooks', events: ['order.sold'] };

describe('GET /partner/audit-log', () => {
  it('records each sign-in and each key and webhook change once, with its target, actor and address, newest first', async () => {
    const partner = await aPartner();
    const other = await aPartner();

    // A password, then a sign-in with it.
    const users = userRepo(dbOf(ctx), ctx.tableName);
    await users.updateProfile(
      (await users.get(partner.userId))!,
      { passwordHash: await hashPassword('a-long-enough-password') },
      ctx.now(),
    );
    const login = await call(server.url, 'POST', '/auth/login', { body: { email: partner.email, password: 'a-long-enough-password' } });
    expect(login.status, login.text).toBe(200);
    // A new password ends the tokens issued before it: the login's is the one that works now.
    partner.token = login.json.token;
    const wrong = await call(server.url, 'POST', '/auth/login', { body: { email: partner.email, password: 'not-the-password' } });
    expect(wrong.status).toBe(401);

    // Keys: a create retried with its Idempotency-Key, a roll, a revocation sent twice, a refused revocation.
    const create = () => send(partner, 'POST', '/partner/api-keys', { name: 'shop' }, { 'Idempotency-Key': 'audit-create-1' });
    const made = await create();
    expect(made.status, made.text).toBe(201);
    expect((await create()).headers.get('idempotent-replayed')).toBe('true');
    const rolled = await send(partner, 'POST', `/partner/api-keys/${made.json.id}/roll`, { expiresInHours: 1 });
    expect(rolled.status, rolled.text).toBe(201);
    // A version move, and one refused for an unknown version (no entry).
    const moved = await send(partner, 'POST', `/partner/api-keys/${rolled.json.id}/version`, { version: '2026-11-23' });
    expect(moved.status, moved.text).toBe(200);
    expect((await send(partner, 'POST', `/partner/api-keys/${rolled.json.id}/version`, { version: '2020-01-01' })).status).toBe(400);
    expect((await send(partner, 'DELETE', `/partner/api-keys/${rolled.json.id}`)).status).toBe(204);
    expect((await send(partner, 'DELETE', `/partner/api-keys/${rolled.json.id}`)).status).toBe(204);
    expect((await send(other, 'DELETE', `/partner/api-keys/${made.json.id}`)).status).toBe(404);

    // Webhooks: a create retried with its key, a rotation, a resend, a deletion sent twice.
    const register = () => send(partner, 'POST', '/partner/webhooks', HOOK, { 'Idempotency-Key': 'audit-webhook-1' });
    const hook = await register();
    expect(hook.status, hook.text).toBe(201);
    expect((await register()).headers.get('idempotent-replayed')).toBe('true');
    expect((await send(partner, 'POST', `/partner/webhooks/${hook.json.id}/rotate-secret`, { expiresInHours: 0 })).status).toBe(200);
    const eventId = await anOrderEvent(partner.userId);
    const resent = await send(partner, 'POST', `/partner/webhooks/${hook.json.id}/resend`, { eventId });
    expect(resent.status, resent.text).toBe(202);
    expect((await send(partner, 'DELETE', `/partner/webhooks/${hook.json.id}`)).status).toBe(204);
    expect((await send(partner, 'DELETE', `/partner/webhooks/${hook.json.id}`)).status).toBe(404);

    const { entries } = await wholeLog(partner);
    const key = (type: string, id: string, detail: string | null = null) => ({ type, id, detail });
    const user = key('user', String(partner.userId), 'email_code');
    expect(entries.map(({ action, target }) => ({ action, target }))).toEqual(
      [
        { action: 'user.signed_in', target: user },
        { action: 'user.signed_in', target: { ...user, detail: 'password' } },
        { action: 'api_key.created', target: key('api_key', made.json.id) },
        { action: 'api_key.rolled', target: key('api_key', made.json.id, rolled.json.id) },
        { action: 'api_key.version_moved', target: key('api_key', rolled.json.id, '2026-11-23') },
        { action: 'api_key.revoked', target: key('api_key', rolled.json.id) },
        { action: 'webhook.created', target: key('webhook', hook.json.id) },
        { action: 'webhook.secret_rotated', target: key('webhook', hook.json.id) },
        { action: 'webhook.resent', target: key('webhook', hook.json.id, eventId) },
        { action: 'webhook.deleted', target: key('webhook', hook.json.id) },
      ].reverse(),
    );
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(['action', 'actor', 'at', 'id', 'ip', 'target']);
      expect(entry.actor).toEqual({ id: partner.userId, email: partner.email });
      // The local server gives the socket's address as API Gateway gives the client's.
      expect(entry.ip).toMatch(/^(?:::ffff:)?127\.0\.0\.1$/);
      expect(entry.id).toMatch(/^aud_/);
    }
    const times = entries.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);

    // Another partner sees its own sign-in only; nothing of this partner's, its refused revocation included.
    const theirs = await wholeLog(other);
    expect(theirs.entries.map((e) => [e.action, e.actor.id])).toEqual([['user.signed_in', other.userId]]);
    // Many steps, three of them scrypt's: more than the default time on a busy machine.
  }, 120_000);

  it('pages through exactly the log with the cursor, each entry once, and keeps every entry a year (ttl)', async () => {
    const partner = await aPartner();
    const caller: AuditCaller = { userId: partner.userId, email: partner.email, ip: '198.51.100.7' };
    const written = [];
    for (let n = 0; n < 24; n++) written.push(auditItemOf(ctx, caller, 'api_key.created', { type: 'api_key', id: `key_${n}` }));
    // Another partner's, and one older than a year (expired: its TTL may not have deleted it yet).
    written.push(auditItemOf(ctx, { ...caller, userId: partner.userId + 1_000_000 }, 'webhook.created', { type: 'webhook', id: 'wh_x' }));
    const yearAgo = { ...ctx, now: () => new Date(Date.now() - (AUDIT_KEEP_DAYS * 24 + 1) * 3600_000) };
    written.push(auditItemOf(yearAgo, caller, 'webhook.deleted', { type: 'webhook', id: 'wh_old' }));
    await transactWrite(dbOf(ctx), written, { written: () => undefined, refused: () => Promise.reject(new Error('refused')) });

    const all = (await wholeLog(partner)).entries;
    expect(all.map((e) => e.target.id)).toEqual([...Array.from({ length: 24 }, (_, n) => `key_${23 - n}`), String(partner.userId)]);
    for (const limit of [1, 7, 25]) {
      const { entries, pages } = await wholeLog(partner, limit);
      expect(entries.map((e) => e.id)).toEqual(all.map((e) => e.id));
      expect(pages).toBe(Math.ceil(all.length / limit));
    }
    const first = await auditLog(partner);
    expect(first.json.entries).toHaveLength(20);
    expect(first.json.entries[0]).toMatchObject({ ip: '198.51.100.7', actor: { id: partner.userId, email: partner.email } });

    const items = await dbOf(ctx).send(
      new QueryCommand({
        TableName: ctx.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': auditLogPartition(partner.userId) },
      }),
    );
    expect(items.Items).toHaveLength(26);
    for (const item of items.Items!) expect(item.ttl).toBe(Math.floor(Date.parse(item.at) / 1000) + 365 * 24 * 3600);
  });

  it('answers 400 problem+json naming the parameter for a bad limit or cursor, and 401 without a token', async () => {
    const partner = await aPartner();
    for (const [query, path] of [
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?limit=ten', 'limit'],
      ['?cursor=bm90LWEtY3Vyc29y', 'cursor'],
      [`?cursor=${Buffer.from('2026-01-01T00:00:00.000Z#ord_x').toString('base64url')}`, 'cursor'],
    ]) {
      const reply = await auditLog(partner, query);
      expect(reply.status, query).toBe(400);
      expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(reply.json.code).toBe('VALIDATION_FAILED');
      expect(reply.json.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    const anonymous = await call(server.url, 'GET', '/partner/audit-log');
    expect(anonymous.status).toBe(401);
  });
});

describe('an entry and its change, one transaction', () => {
  const actionsOf = async (who: Partner) => (await wholeLog(who)).entries.map((e) => e.action);

  it('writes no entry when the change is refused by its own condition (the endpoint deleted under a rotation)', async () => {
    const partner = await aPartner();
    const hook = await send(partner, 'POST', '/partner/webhooks', HOOK);
    let seen: any[] = [];
    const stop = intercept(ctx, 'TransactWriteItemsCommand', async (sendIt, input) => {
      seen = input.TransactItems;
      // Another request deletes the endpoint just before the rotation is written.
      await dbOf(ctx).send(new DeleteCommand({ TableName: ctx.tableName, Key: webhookKey(hook.json.id) }));
      return sendIt();
    });
    try {
      const rotated = await send(partner, 'POST', `/partner/webhooks/${hook.json.id}/rotate-secret`, {});
      expect(rotated.status, rotated.text).toBe(404);
      expect(rotated.json.code).toBe('WEBHOOK_NOT_FOUND');
    } finally {
      stop();
    }
    // The rotation and its entry were sent as one transaction, and neither was written.
    expect(seen.map((item) => (item.Update ? 'update' : item.Put.Item.entity))).toEqual(['update', 'auditEntry']);
    expect(await actionsOf(partner)).toEqual(['webhook.created', 'user.signed_in']);
  });

  it('makes no change when its entry is refused (a failing condition on the entry), and answers 500', async () => {
    const partner = await aPartner();
    const made = await send(partner, 'POST', '/partner/api-keys', { name: 'kept' });
    expect(made.status).toBe(201);
    const stop = intercept(ctx, 'TransactWriteItemsCommand', async (sendIt, input) => {
      for (const item of input.TransactItems)
        if (item.Put?.Item.entity === 'auditEntry') item.Put.ConditionExpression = 'attribute_exists(pk)';
      return sendIt();
    });
    try {
      const revoked = await send(partner, 'DELETE', `/partner/api-keys/${made.json.id}`);
      expect(revoked.status).toBe(500);
      const hook = await send(partner, 'POST', '/partner/webhooks', HOOK);
      expect(hook.status).toBe(500);
    } finally {
      stop();
    }
    const key = await dbOf(ctx).send(new GetCommand({ TableName: ctx.tableName, Key: apiKeyKey(made.json.id), ConsistentRead: true }));
    expect(key.Item!.revokedAt).toBeUndefined();
    expect((await send(partner, 'GET', '/partner/webhooks')).json.webhooks).toEqual([]);
    expect(await actionsOf(partner)).toEqual(['api_key.created', 'user.signed_in']);
    // Once the entry can be written, the revocation is made with it.
    expect((await send(partner, 'DELETE', `/partner/api-keys/${made.json.id}`)).status).toBe(204);
    expect(await actionsOf(partner)).toEqual(['api_key.revoked', 'api_key.created', 'user.signed_in']);
  });

  it('signs in by code with the entry in the transaction that marks the address verified, or with neither', async () => {
    const email = `audit-gone-${Date.now()}@example.com`;
    const sent = await call(server.url, 'POST', '/auth/email-verification-code', { body: { email } });
    expect(sent.status).toBe(202);
    const code = await latestCode(ctx.dataDir, email);
    const user = (await userRepo(dbOf(ctx), ctx.tableName).findByEmail(email))!;
    let seen: any[] = [];
    const stop = intercept(ctx, 'TransactWriteItemsCommand', async (sendIt, input) => {
      seen = input.TransactItems;
      // The account is deleted just before its address is marked verified.
      await dbOf(ctx).send(new DeleteCommand({ TableName: ctx.tableName, Key: userKey(user.id) }));
      return sendIt();
    });
    try {
      const evaluated = await call(server.url, 'POST', '/auth/evaluate-email-verification-code', { body: { email, code } });
      expect(evaluated.status, evaluated.text).toBe(401);
      expect(evaluated.json.code).toBe('CODE_MISMATCH');
    } finally {
      stop();
    }
    expect(seen.map((item) => (item.Update ? item.Update.Key.pk : item.Put.Item.entity))).toEqual([`USER#${user.id}`, 'auditEntry']);
    const entries = await dbOf(ctx).send(
      new QueryCommand({
        TableName: ctx.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': auditLogPartition(user.id) },
      }),
    );
    expect(entries.Items).toEqual([]);
  });

  it('records the password sign-in even when the window of its try ended meanwhile (nothing to give back)', async () => {
    const partner = await aPartner();
    const users = userRepo(dbOf(ctx), ctx.tableName);
    await users.updateProfile(
      (await users.get(partner.userId))!,
      { passwordHash: await hashPassword('a-long-enough-password') },
      ctx.now(),
    );
    const stop = intercept(ctx, 'TransactWriteItemsCommand', async (sendIt, input) => {
      // The failure window is replaced under the login: its release is refused, and the entry is written alone.
      const release = input.TransactItems.find((item: any) => item.Update?.Key.pk.startsWith('LOGINFAIL#'));
      if (release)
        await dbOf(ctx).send(new PutCommand({ TableName: ctx.tableName, Item: { ...release.Update.Key, windowStart: 1, failures: 0 } }));
      return sendIt();
    });
    try {
      const login = await call(server.url, 'POST', '/auth/login', { body: { email: partner.email, password: 'a-long-enough-password' } });
      expect(login.status, login.text).toBe(200);
      partner.token = login.json.token;
    } finally {
      stop();
    }
    expect((await wholeLog(partner)).entries.map((e) => e.target.detail)).toEqual(['password', 'email_code']);
  });
});

// GET /partner/audit-log through the local server: the caller's entries newest first in cursor pages, only its own,
// kept a year; bad input answers 400 naming the parameter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dbOf } from '#lib/db/client.ts';
import { auditLogPartition } from '#lib/db/keys.ts';
import { AUDIT_KEEP_DAYS, auditItemOf, type AuditCaller } from '#lib/db/audit-repo.ts';
import { transactWrite } from '#lib/db/transaction.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { startCodeMail, stopCodeMail } from '../support/code-mail.ts';
import { signInOverHttp } from '../accounts/flows.ts';
import { call, type Reply } from './fixtures.ts';

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

describe('GET /partner/audit-log', () => {
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
    expect(all.map((e) => e.target.id)).toEqual(Array.from({ length: 24 }, (_, n) => `key_${23 - n}`));
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
    expect(items.Items).toHaveLength(25);
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

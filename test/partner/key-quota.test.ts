// A partner key's daily quota through the local server: every answer of an x-api-key operation carries the RateLimit
// header fields, refusals included; once the quota is used up the key is answered 429 QUOTA_EXCEEDED with Retry-After;
// each request costs one write, the count GET /partner/usage reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseList } from 'structured-headers';
import { dbOf } from '#lib/db/client.ts';
import { apiKeyRepo } from '#lib/db/api-key-repo.ts';
import { rateLimitHeaders } from '#lib/http/rate-limit.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { listApiKeys } from '#lib/partner/api-keys.ts';
import { keyWindow, secondsToNextWindow } from '#lib/partner/key-quota.ts';
import { keyUsage } from '#lib/partner/usage.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { aPartner, aWallet, call, type Reply } from './fixtures.ts';

/** Small, so a test uses a key's quota up in a few requests. */
const QUOTA = 4;
const DAY_S = 86_400;
let ctx: AppContext;
let server: LocalServer;

beforeAll(async () => {
  ctx = await freshTable({ keyQuotaPerDay: QUOTA });
  server = await startLocalServer({ ctx, port: 0 });
});

afterAll(async () => {
  await server?.close();
});

/** The two fields as their members: the policy's quota and window, the window's remaining and reset. */
function rateLimitOf(reply: Reply) {
  const policy = reply.headers.get('ratelimit-policy');
  const current = reply.headers.get('ratelimit');
  if (policy === null || current === null) return null;
  const [[name, policyParams]] = parseList(policy) as [[string, Map<string, number>]];
  const [[currentName, currentParams]] = parseList(current) as [[string, Map<string, number>]];
  return { name, currentName, q: policyParams.get('q'), w: policyParams.get('w'), r: currentParams.get('r'), t: currentParams.get('t') };
}

const events = (key: string) => call(server.url, 'GET', '/partner/events', { key });
const todaysRequests = async (partnerId: number, keyId: string) =>
  (await keyUsage(ctx, partnerId, 1)).keys.find((key) => key.id === keyId)?.days[0]?.requests;

describe('RateLimit header fields', () => {
  it('tells the quota and what is left of it on a success and on refusals, each request counted once', async () => {
    const partner = await aPartner(ctx);
    const reader = await aPartner(ctx, partner.userId, 'read');

    const success = await events(partner.apiKey);
    expect(success.status).toBe(200);
    expect(rateLimitOf(success)).toEqual({ name: 'daily', currentName: 'daily', q: QUOTA, w: DAY_S, r: QUOTA - 1, t: expect.any(Number) });
    const { t } = rateLimitOf(success)!;
    expect(t).toBeGreaterThanOrEqual(1);
    expect(t).toBeLessThanOrEqual(secondsToNextWindow(new Date(Date.now() - 60_000)));

    const notFound = await call(server.url, 'GET', '/partner/orders/no-such-order', { key: partner.apiKey });
    expect(notFound).toMatchObject({ status: 404, json: { code: 'ORDER_NOT_FOUND' } });
    expect(rateLimitOf(notFound)).toMatchObject({ q: QUOTA, r: QUOTA - 2 });

    // Refused before its body is read: counted all the same, as the usage plan counts it.
    const malformed = await call(server.url, 'POST', '/partner/plaques/1/prepare', { key: partner.apiKey, body: '{"buyerWallet":' });
    expect(malformed).toMatchObject({ status: 400, json: { code: 'MALFORMED_JSON' } });
    expect(rateLimitOf(malformed)).toMatchObject({ q: QUOTA, r: QUOTA - 3 });

    // Each key has its own window.
    const scope = await call(server.url, 'POST', '/partner/plaques/1/prepare', { key: reader.apiKey, body: { buyerWallet: aWallet() } });
    expect(scope).toMatchObject({ status: 403, json: { code: 'KEY_SCOPE_INSUFFICIENT' } });
    expect(rateLimitOf(scope)).toMatchObject({ q: QUOTA, r: QUOTA - 1 });

    // A key the gateway refuses has no window to tell.
    const unknown = await events('pk_unknown');
    expect(unknown.status).toBe(403);
    expect(rateLimitOf(unknown)).toBeNull();

    expect(await todaysRequests(partner.userId, partner.id)).toBe(3);
    expect(await todaysRequests(partner.userId, reader.id)).toBe(1);
  });

  it('answers 429 QUOTA_EXCEEDED with Retry-After once the quota is used up, and counts no more', async () => {
    const partner = await aPartner(ctx);
    const remaining: number[] = [];
    for (let i = 0; i < QUOTA; i++) {
      const reply = await events(partner.apiKey);
      expect(reply.status).toBe(200);
      remaining.push(rateLimitOf(reply)!.r!);
    }
    expect(remaining).toEqual([3, 2, 1, 0]);

    for (let i = 0; i < 2; i++) {
      const refused = await events(partner.apiKey);
      expect(refused).toMatchObject({ status: 429, json: { code: 'QUOTA_EXCEEDED', status: 429 } });
      const fields = rateLimitOf(refused)!;
      expect(fields).toMatchObject({ q: QUOTA, r: 0 });
      expect(Number(refused.headers.get('retry-after'))).toBe(fields.t);
    }
    expect(await todaysRequests(partner.userId, partner.id)).toBe(QUOTA);
    // Another key of the same partner has its own quota.
    const other = await aPartner(ctx, partner.userId);
    expect((await events(other.apiKey)).status).toBe(200);
  });

  it('lets no more than the quota through when requests arrive together, the function holding the limit', async () => {
    const partner = await aPartner(ctx);
    const replies = await Promise.all(Array.from({ length: QUOTA * 3 }, () => events(partner.apiKey)));
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(QUOTA);
    expect(statuses.filter((status) => status === 429)).toHaveLength(QUOTA * 2);
    for (const reply of replies) {
      expect(reply.headers.get('retry-after') !== null, String(reply.status)).toBe(reply.status === 429);
      expect(rateLimitOf(reply)).toMatchObject({ q: QUOTA });
    }
    expect(await todaysRequests(partner.userId, partner.id)).toBe(QUOTA);
  });

  it('leaves the operations outside the usage plan, which take a key or a JWT, uncounted and without the fields', async () => {
    const partner = await aPartner(ctx);
    const balance = await call(server.url, 'GET', '/partner/balance', { key: partner.apiKey });
    expect(balance.status).toBe(200);
    expect(rateLimitOf(balance)).toBeNull();
    expect(balance.headers.get('ratelimit-policy')).toBeNull();
    const counted = await events(partner.apiKey);
    expect(rateLimitOf(counted)).toMatchObject({ r: QUOTA - 1 });
  });

  it('costs one write per request, the first included: the count, which keeps the last use the key list shows', async () => {
    const partner = await aPartner(ctx);
    const writes: { command: string; pk: unknown }[] = [];
    dbOf(ctx).middlewareStack.add(
      (next, context) => async (args) => {
        const command = context.commandName as string;
        if (/^(Put|Update|Delete|BatchWrite|TransactWrite)/.test(command)) {
          writes.push({ command, pk: (args.input as { Key?: { pk?: unknown } }).Key?.pk });
        }
        return next(args);
      },
      { step: 'initialize', name: 'countWrites' },
    );
    const before = ctx.now().toISOString();
    try {
      for (let i = 0; i < QUOTA; i++) expect((await events(partner.apiKey)).status).toBe(200);
      const refused = await events(partner.apiKey);
      expect(refused.status).toBe(429);
    } finally {
      dbOf(ctx).middlewareStack.remove('countWrites');
    }
    // One UpdateItem per admitted request on the usage item; the refused one, stopped by the key check, writes nothing.
    expect(writes).toEqual(Array.from({ length: QUOTA }, () => ({ command: 'UpdateItemCommand', pk: `USAGE#${partner.userId}` })));
    // The key list's last use is the last counted request's, though the key's record was never stamped.
    const [listed] = await listApiKeys(ctx, partner.userId);
    expect(listed!.lastUsedAt! >= before).toBe(true);
    expect((await apiKeyRepo(dbOf(ctx), ctx.tableName).get(partner.id))!.lastUsedAt).toBeNull();
  });
});

describe('the key window', () => {
  // Whatever the count and the moment, remaining is between 0 and the limit and the reset falls on the next UTC midnight.
  it('never tells a negative remainder, and resets at the next UTC midnight', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (limit, used, now) => {
          const window = keyWindow(limit, used, now);
          expect(window.remaining).toBeGreaterThanOrEqual(0);
          expect(window.remaining).toBeLessThanOrEqual(limit);
          expect(window.remaining).toBe(Math.max(0, limit - used));
          expect(window.resetSeconds).toBeGreaterThanOrEqual(1);
          expect(window.resetSeconds).toBeLessThanOrEqual(DAY_S);
          const reset = now.getTime() + window.resetSeconds * 1000;
          // The reset is the next day's first second: never before midnight, less than a second after it.
          expect(new Date(reset - 1000).toISOString().slice(0, 10)).toBe(now.toISOString().slice(0, 10));
          expect(new Date(reset).toISOString().slice(0, 10)).not.toBe(now.toISOString().slice(0, 10));
          const fields = rateLimitHeaders(window);
          expect(fields['RateLimit-Policy']).toBe(`"daily";q=${limit};w=86400`);
          expect(fields.RateLimit).toBe(`"daily";r=${window.remaining};t=${window.resetSeconds}`);
          expect(parseList(fields.RateLimit!)).toEqual([
            [
              'daily',
              new Map([
                ['r', window.remaining],
                ['t', window.resetSeconds],
              ]),
            ],
          ]);
        },
      ),
    );
  });
});

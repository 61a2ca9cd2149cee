// GET /partner/usage through the local server: each admitted request is counted per key and UTC day (the count that
// holds the key's quota), and the signed-in partner reads every day of the window for each of its keys active in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { createApiKey, revokeApiKey } from '#lib/partner/api-keys.ts';
import { usageWindow } from '#lib/partner/usage.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { startCodeMail, stopCodeMail } from '../support/code-mail.ts';
import { sharedChain } from '../support/chain.ts';
import { signInOverHttp } from '../accounts/flows.ts';
import { call, storePlaque } from './fixtures.ts';

const DAY = 86_400_000;
let ctx: AppContext;
let server: LocalServer;
/** Milliseconds the service's clock is off the real one (only key calls are made meanwhile: tokens need the real clock). */
let skewMs = 0;
let users = 0;

beforeAll(async () => {
  ctx = await freshTable({ chain: sharedChain(), now: () => new Date(Date.now() + skewMs) });
  await startCodeMail(ctx);
  server = await startLocalServer({ ctx, port: 0 });
});

afterAll(async () => {
  await stopCodeMail();
  await server?.close();
});

async function aSignedInPartner(): Promise<{ token: string; id: number }> {
  const { token, user } = await signInOverHttp(server.url, ctx.dataDir, `usage${users++}@example.com`);
  return { token, id: user.id as number };
}

const usage = (token: string | null, query = '') =>
  call(server.url, 'GET', `/partner/usage${query}`, { ...(token && { headers: { authorization: `Bearer ${token}` } }) });

const today = () => new Date().toISOString().slice(0, 10);

describe('GET /partner/usage', () => {
  it("counts every request that presented each of the caller's keys, today and on earlier days, whatever it answered", async () => {
    const partner = await aSignedInPartner();
    const first = await createApiKey(ctx, partner.id, 'first');
    const second = await createApiKey(ctx, partner.id, 'second');
    const other = await createApiKey(ctx, partner.id + 100_000, 'not mine');
    const plaque = await storePlaque(ctx);
    const lookup = (key: string, id = plaque.id) => call(server.url, 'GET', `/partner/plaques/${id}/lookup`, { key });

    for (let i = 0; i < 3; i++) expect((await lookup(first.apiKey)).status).toBe(200);
    expect((await lookup(first.apiKey, 999_999)).status).toBe(404);
    expect((await lookup(second.apiKey)).status).toBe(200);
    await lookup(other.apiKey);
    // A refused key is not counted: API Gateway refuses it before its usage plan.
    expect((await lookup('pk_unknown')).status).toBe(403);
    try {
      skewMs = -2 * DAY;
      await lookup(second.apiKey);
      await lookup(second.apiKey);
    } finally {
      skewMs = 0;
    }

    const reply = await usage(partner.token, '?days=7');
    expect(reply.status).toBe(200);
    // The quota of every key, so the dashboard can tell each key's window from today's count.
    expect(reply.headers.get('ratelimit-policy')).toBe('"daily";q=10000;w=86400');
    expect(reply.headers.get('ratelimit')).toBeNull();
    const dates = usageWindow(new Date(), 7);
    expect(reply.json).toEqual({
      from: dates[0],
      to: today(),
      keys: [
        { id: second.id, prefix: second.prefix, days: dates.map((date, i) => ({ date, requests: i === 6 ? 1 : i === 4 ? 2 : 0 })) },
        { id: first.id, prefix: first.prefix, days: dates.map((date, i) => ({ date, requests: i === 6 ? 4 : 0 })) },
      ],
    });
  });

  it('covers 30 days by default, lists a key revoked during the window and leaves out one revoked before it', async () => {
    const partner = await aSignedInPartner();
    const kept = await createApiKey(ctx, partner.id, 'kept');
    const revoked = await createApiKey(ctx, partner.id, 'revoked today');
    await revokeApiKey(ctx, partner.id, revoked.id);
    try {
      skewMs = -40 * DAY;
      const old = await createApiKey(ctx, partner.id, 'long gone');
      await revokeApiKey(ctx, partner.id, old.id);
    } finally {
      skewMs = 0;
    }
    const reply = await usage(partner.token);
    expect(reply.json.from).toBe(usageWindow(new Date(), 30)[0]);
    expect(reply.json.keys.map((k: { id: string }) => k.id)).toEqual([revoked.id, kept.id]);
    expect(reply.json.keys[0].days).toHaveLength(30);
  });

  it('answers 400 VALIDATION_FAILED naming days outside 1–90 or not an integer, and 401 without a token', async () => {
    const { token } = await aSignedInPartner();
    for (const days of ['0', '91', 'abc', '1.5', '', '-3']) {
      const reply = await usage(token, `?days=${days}`);
      expect(reply.status, days).toBe(400);
      expect(reply.json.errors, days).toEqual([expect.objectContaining({ path: 'days' })]);
    }
    expect((await usage(token, '?days=90')).json.keys).toEqual([]);
    expect((await usage(null)).json).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });
});

describe('usageWindow', () => {
  // The window is `days` consecutive UTC dates, oldest first, ending with the date of `now`.
  it('lists consecutive UTC days ending today', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 90 }),
        (now, days) => {
          const dates = usageWindow(now, days);
          expect(dates).toHaveLength(days);
          expect(dates.at(-1)).toBe(now.toISOString().slice(0, 10));
          for (let i = 1; i < dates.length; i++) expect(Date.parse(dates[i]!) - Date.parse(dates[i - 1]!)).toBe(DAY);
        },
      ),
    );
  });
});

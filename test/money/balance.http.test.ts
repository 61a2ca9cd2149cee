// GET /partner/balance through the local server: the sum of `due` per currency, for the partner's JWT or a key of either
// scope, and only the caller's own money.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { reversalOf } from '#lib/money/entry.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { call } from '../partner/fixtures.ts';
import { aMoneyPartner, aPayment, aSale, storeEntries, type MoneyPartner } from './fixtures.ts';

let ctx: AppContext;
let server: LocalServer;
let partner: MoneyPartner;

beforeAll(async () => {
  ctx = await freshTable();
  server = await startLocalServer({ ctx, port: 0 });
  partner = await aMoneyPartner(ctx);
  const now = ctx.now().toISOString();
  const cancelled = aSale(partner.userId, '2026-01-10T08:00:00.000Z', 40, 'EUR');
  await storeEntries(ctx, [
    aSale(partner.userId, '2025-12-31T23:59:59.999Z', 12.5),
    aSale(partner.userId, now, 7.25),
    cancelled,
    reversalOf(cancelled, new Date(now)),
    aSale(partner.userId, now, 1255, 'JPY'),
    aPayment(partner.userId, now, 1000),
  ]);
});

afterAll(async () => {
  await server.close();
});

const balanceAs = (headers: Record<string, string>) => call(server.url, 'GET', '/partner/balance', { headers });

describe('GET /partner/balance', () => {
  it('sums due per currency, by code, for the JWT and a key of either scope alike', async () => {
    // USD: 1125 + 652 (72.5 → 73 commission) − 1000; EUR: 3600 − 3600; JPY: 1255 − 126.
    const expected = {
      balances: [
        { currency: 'EUR', due: 0 },
        { currency: 'JPY', due: 1129 },
        { currency: 'USD', due: 777 },
      ],
    };
    const callers: Record<string, string>[] = [
      { authorization: `Bearer ${partner.token}` },
      { 'x-api-key': partner.sellKey },
      { 'x-api-key': partner.readKey },
    ];
    for (const headers of callers) {
      const reply = await balanceAs(headers);
      expect(reply.status).toBe(200);
      expect(reply.json).toEqual(expected);
    }
  });

  it("answers a partner without entries an empty list, and never another partner's money", async () => {
    const other = await aMoneyPartner(ctx);
    expect((await balanceAs({ 'x-api-key': other.readKey })).json).toEqual({ balances: [] });
  });

  it('asks for a credential: 401 without one, 403 for a key that is not valid', async () => {
    expect(await balanceAs({})).toMatchObject({ status: 401, json: { code: 'UNAUTHORIZED' } });
    expect(await balanceAs({ authorization: 'Bearer nope' })).toMatchObject({ status: 401, json: { code: 'UNAUTHORIZED' } });
    expect(await balanceAs({ 'x-api-key': 'pk_unknown' })).toMatchObject({ status: 403, json: { code: 'FORBIDDEN' } });
  });
});

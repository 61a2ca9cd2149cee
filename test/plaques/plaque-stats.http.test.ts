// GET /plaques/stats through the local server: counts, floor and volume equal the plainest computation over the
// records stored, the currencies of rows read from the `catalog` index (which projects none) read by key; the fixed
// path wins over /plaques/{id}; an answer is reused within the staleness bound, and a change shows once it has passed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { setPlaquePrice } from '#lib/plaques/plaque-changes.ts';
import type { StoredPlaque } from '#lib/plaques/plaque.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { call, storePlaque } from '../partner/fixtures.ts';
import { statsModel } from './stats-model.ts';

/** Long enough that a request right after another is surely within it on a busy machine. */
const BOUND_MS = 4000;
const HOUR = 3_600_000;

let ctx: AppContext;
let server: LocalServer;
const stored: StoredPlaque[] = [];

beforeAll(async () => {
  ctx = await freshTable({ catalogStalenessMs: BOUND_MS });
  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
  const inAnHour = new Date(Date.now() + HOUR).toISOString();
  for (const overrides of [
    { price: 30, currency: 'USD' },
    { price: 20, currency: 'USD' },
    { price: 20, currency: 'EUR' },
    { price: 5, currency: 'USD', featured: false },
    { price: 1, currency: 'EUR', status: 'LOCKED', lockExpiresAt: inAnHour },
    { price: 15, currency: 'EUR', status: 'LOCKED', lockExpiresAt: ago(1000) },
    { price: 2, currency: 'USD', deletedAt: ago(HOUR) },
    { price: 100, currency: 'USD', status: 'SOLD', saleAt: ago(HOUR) },
    { price: 50.25, currency: 'USD', status: 'MINTED', saleAt: ago(3 * 24 * HOUR), mintedAt: ago(HOUR) },
    { price: 40, currency: 'EUR', status: 'SOLD', saleAt: ago(10 * 24 * HOUR) },
    { price: 999, currency: 'EUR', status: 'SOLD', saleAt: ago(31 * 24 * HOUR) },
  ] as Partial<StoredPlaque>[]) {
    stored.push(await storePlaque(ctx, overrides));
  }
  server = await startLocalServer({ ctx, port: 0 });
});

afterAll(async () => {
  await server?.close();
});

const stats = async () => {
  const reply = await call(server.url, 'GET', '/plaques/stats');
  expect(reply.status, reply.text).toBe(200);
  return reply.json;
};

describe('GET /plaques/stats', () => {
  // First in the file: its first answer is computed then (the listing's catalogue is read at that request), so the
  // request right after the change is within the bound of it.
  it('reuses an answer within the staleness bound, and shows a change once the bound has passed', async () => {
    const before = await stats();
    expect(before.floor[1]).toEqual({ currency: 'USD', price: 20, plaqueId: stored[1]!.id });
    const changedAt = Date.now();
    await setPlaquePrice(ctx, stored[0]!.id, 3);
    // Within the bound the answer computed before the change is given again.
    expect(await stats()).toEqual(before);
    let after = before;
    while (after.floor[1].price === 20) {
      expect(Date.now() - changedAt, 'the change shows within the bound and a freshness check').toBeLessThan(BOUND_MS + 5000);
      await new Promise((r) => setTimeout(r, 100));
      after = await stats();
    }
    expect(after.floor[1]).toEqual({ currency: 'USD', price: 3, plaqueId: stored[0]!.id });
    stored[0] = { ...stored[0]!, price: 3 };
    expect(after).toEqual(statsModel(stored, Date.now()));
  });

  it('answers the counts, floor and volume of the records stored, at the fixed path beside /plaques/{id}', async () => {
    const answer = await stats();
    expect(answer).toEqual(statsModel(stored, Date.now()));
    expect(answer).toEqual({
      count: { AVAILABLE: 5, LOCKED: 1, SOLD: 3, MINTED: 1 },
      floor: [
        { currency: 'EUR', price: 15, plaqueId: stored[5]!.id },
        { currency: 'USD', price: 3, plaqueId: stored[0]!.id },
      ],
      volume: [
        { currency: 'EUR', h24: 0, d7: 0, d30: 40, sales24h: 0 },
        { currency: 'USD', h24: 100, d7: 150.25, d30: 150.25, sales24h: 1 },
      ],
    });
    // `stats` is no plaque id: /plaques/{id} answers 400 for it only under its other paths.
    expect((await call(server.url, 'GET', '/plaques/stats/activity')).json).toMatchObject({
      status: 400,
      errors: [expect.objectContaining({ path: 'id' })],
    });
    const wrong = await call(server.url, 'POST', '/plaques/stats', { body: {} });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
  });
});

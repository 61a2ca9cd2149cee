// GET /partner/ledger through the local server: the caller's entries newest first, in cursor pages that together are
// exactly the ledger, filtered by time (inclusive, a date as `to` its whole day) and type; bad input answers 400
// naming the parameter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { reversalOf, type LedgerEntry } from '#lib/money/entry.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { call, type Reply } from '../partner/fixtures.ts';
import { aMoneyPartner, aPayment, aSale, storeEntriesOnly, type MoneyPartner } from './fixtures.ts';

let ctx: AppContext;
let server: LocalServer;
let partner: MoneyPartner;
/** The partner's entries, newest first, as the ledger must list them. */
let newestFirst: LedgerEntry[];

const minute = (n: number) => new Date(Date.UTC(2026, 9, 30, 23, 50) + n * 60_000).toISOString();

beforeAll(async () => {
  ctx = await freshTable();
  server = await startLocalServer({ ctx, port: 0 });
  partner = await aMoneyPartner(ctx);
  const other = await aMoneyPartner(ctx);
  // 2026-10-30 23:50 to 2026-10-31 00:14 UTC, one entry a minute: sales, two of them reversed, and payments.
  const entries: LedgerEntry[] = [];
  for (let n = 0; n < 25; n++)
    entries.push(n % 5 === 4 ? aPayment(partner.userId, minute(n), 100 + n) : aSale(partner.userId, minute(n), 10 + n));
  entries.push(reversalOf(entries[0]!, new Date(minute(25))), reversalOf(entries[1]!, new Date(minute(25))));
  await storeEntriesOnly(ctx, [...entries, aSale(other.userId, minute(3))]);
  newestFirst = entries.sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1));
});

afterAll(async () => {
  await server.close();
});

const ledger = (query: string, headers: Record<string, string> = { 'x-api-key': partner.readKey }): Promise<Reply> =>
  call(server.url, 'GET', `/partner/ledger${query}`, { headers });

/** Every page from the first, following nextCursor. */
async function allPages(query: string): Promise<{ pages: number; ids: string[] }> {
  const ids: string[] = [];
  let pages = 0;
  let cursor: string | null = null;
  do {
    const reply = await ledger(`${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(reply.status).toBe(200);
    pages++;
    ids.push(...reply.json.entries.map((e: { id: string }) => e.id));
    cursor = reply.json.nextCursor;
  } while (cursor);
  return { pages, ids };
}

describe('GET /partner/ledger', () => {
  it('lists the entries newest first, as the contract shapes them, 20 a page unless asked', async () => {
    const first = await ledger('', { authorization: `Bearer ${partner.token}` });
    expect(first.status).toBe(200);
    expect(first.json.entries).toHaveLength(20);
    expect(first.json.entries.map((e: { id: string }) => e.id)).toEqual(newestFirst.slice(0, 20).map((e) => e.id));
    const payment = first.json.entries.find((e: { type: string }) => e.type === 'payment');
    expect(Object.keys(payment).sort()).toEqual(
      ['id', 'type', 'orderId', 'plaqueId', 'currency', 'gross', 'commission', 'due', 'reference', 'createdAt'].sort(),
    );
    expect(payment).toMatchObject({ orderId: null, plaqueId: null, commission: 0, reference: expect.stringMatching(/^REF /) });
    expect(first.json.nextCursor).toEqual(expect.any(String));
  });

  it('pages through exactly the ledger with the cursor, each entry once', async () => {
    for (const limit of [1, 7, 27, 100]) {
      const { pages, ids } = await allPages(`?limit=${limit}`);
      expect(ids).toEqual(newestFirst.map((e) => e.id));
      expect(pages).toBe(Math.max(1, Math.ceil(newestFirst.length / limit)));
    }
  });

  it('filters by type and by an inclusive time range, a date as `to` being its whole day', async () => {
    const only = (type: string) => newestFirst.filter((e) => e.type === type).map((e) => e.id);
    for (const type of ['sale', 'reversal', 'payment']) expect((await allPages(`?type=${type}&limit=3`)).ids).toEqual(only(type));
    const october30 = newestFirst.filter((e) => e.createdAt < '2026-10-31').map((e) => e.id);
    expect(october30).toHaveLength(10);
    expect((await allPages('?to=2026-10-30')).ids).toEqual(october30);
    expect((await allPages('?from=2026-10-31&limit=5')).ids).toEqual(
      newestFirst.filter((e) => e.createdAt >= '2026-10-31').map((e) => e.id),
    );
    // Both ends inclusive, to the millisecond; a time without zone is UTC.
    expect((await allPages(`?from=${minute(3)}&to=2026-10-30T23:55:00`)).ids).toEqual(
      newestFirst.filter((e) => e.createdAt >= minute(3) && e.createdAt <= minute(5)).map((e) => e.id),
    );
    expect((await allPages('?from=2026-11-01')).ids).toEqual([]);
  });

  it('answers 400 naming the parameter for a bad limit, type, time, range or cursor', async () => {
    for (const [query, path] of [
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?type=refund', 'type'],
      ['?from=yesterday', 'from'],
      ['?to=2026-02-30', 'to'],
      ['?from=2026-10-31&to=2026-10-30', 'from'],
      ['?cursor=bm90LWEtY3Vyc29y', 'cursor'],
    ]) {
      const reply = await ledger(query!);
      expect(reply.status, query).toBe(400);
      expect(reply.json.code).toBe('VALIDATION_FAILED');
      expect(
        reply.json.errors.map((e: { path: string }) => e.path),
        query,
      ).toContain(path);
    }
  });
});

// The ledger read by key against DynamoDB Local: a typed page that reads past many entries of other types stops and
// hands on a cursor; a month's statement file holds exactly the month's entries, oldest first, in files of a bounded
// number of rows, each with its header row; a month's statement from the totals equals the sums of its entries.
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { reversalOf, type LedgerEntry } from '#lib/money/entry.ts';
import { ledgerPage, statement } from '#lib/money/ledger.ts';
import { csvOf, STATEMENT_CSV_COLUMNS, STATEMENT_FILE_ROWS, statementFile } from '#lib/money/statement-file.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { aPayment, aSale, inMonth, monthBefore, storeEntries, storeEntriesOnly } from './fixtures.ts';

let ctx: AppContext;

beforeAll(async () => {
  ctx = await freshTable({ statementFileRows: 3 });
});

describe('a page of one type', () => {
  // It writes over a thousand entries first: a loaded machine takes longer than the usual 30 s.
  it('stops after reading 1000 entries of other types, with a cursor that goes on to the rest', async () => {
    const partnerId = 501;
    const at = (n: number) => new Date(Date.UTC(2026, 5, 1) + n * 1000).toISOString();
    const payments = [aPayment(partnerId, at(0), 5), aPayment(partnerId, at(1), 6)];
    const sales = Array.from({ length: 1010 }, (_, n) => aSale(partnerId, at(10 + n)));
    await storeEntriesOnly(ctx, [...payments, ...sales]);

    const first = await ledgerPage(ctx, partnerId, { type: 'payment', limit: 5 });
    expect(first.entries).toEqual([]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const ids: string[] = [];
    let cursor: string | null = first.nextCursor;
    while (cursor) {
      const page = await ledgerPage(ctx, partnerId, { type: 'payment', limit: 5, cursor });
      ids.push(...page.entries.map((e) => e.id));
      cursor = page.nextCursor;
    }
    expect(ids).toEqual(payments.map((p) => p.id).reverse());
    // Unfiltered, a page reads only what it answers.
    expect((await ledgerPage(ctx, partnerId, { limit: 2 })).entries.map((e) => e.id)).toEqual(
      sales
        .slice(-2)
        .map((s) => s.id)
        .reverse(),
    );
  }, 120_000);

  it('refuses a cursor this service did not issue, naming cursor', async () => {
    await expect(ledgerPage(ctx, 501, { limit: 5, cursor: 'c29tZXRoaW5nIGVsc2U' })).rejects.toMatchObject({
      status: 400,
      errors: [{ path: 'cursor' }],
    });
  });
});

describe("a month's statement file", () => {
  it("holds the month's entries oldest first, from its first millisecond to before the next month's, in files of a few rows", async () => {
    const partnerId = 502;
    const month = [
      aSale(partnerId, '2026-03-01T00:00:00.000Z', 1),
      aSale(partnerId, '2026-03-02T10:00:00.000Z', 2),
      aPayment(partnerId, '2026-03-05T10:00:00.000Z', 300, 'USD', 'TRF "7", March'),
      aSale(partnerId, '2026-03-09T10:00:00.000Z', 1255, 'JPY'),
      aSale(partnerId, '2026-03-31T23:59:59.999Z', 0.05, 'EUR'),
    ];
    await storeEntriesOnly(ctx, [
      aSale(partnerId, '2026-02-28T23:59:59.999Z', 9),
      ...month,
      aSale(partnerId, '2026-04-01T00:00:00.000Z', 9),
      aSale(503, '2026-03-03T00:00:00.000Z', 9),
    ]);
    const files: string[] = [];
    let cursor: string | undefined;
    do {
      const file = await statementFile(ctx, partnerId, '2026-03', cursor);
      files.push(file.csv);
      cursor = file.next ?? undefined;
    } while (cursor);
    expect(files).toHaveLength(2);
    const rows = files.flatMap((csv) => {
      expect(csv.startsWith(`\uFEFF${STATEMENT_CSV_COLUMNS.join(',')}\r\n`)).toBe(true);
      return parse(csv.slice(1), { columns: true }) as Record<string, string>[];
    });
    expect(rows.map((r) => r.id)).toEqual(month.map((e) => e.id));
    expect(rows.map((r) => [r.currency, r.gross, r.grossDecimal, r.due, r.dueDecimal])).toEqual([
      ['USD', '100', '1.00', '90', '0.90'],
      ['USD', '200', '2.00', '180', '1.80'],
      ['USD', '-300', '-3.00', '-300', '-3.00'],
      ['JPY', '1255', '1255', '1129', '1129'],
      ['EUR', '5', '0.05', '4', '0.04'],
    ]);
    expect(rows[2]!.reference).toBe('TRF "7", March');
  });

  it('never ends with a file of no rows: a month of exactly two files takes two', async () => {
    const partnerId = 507;
    const month = Array.from({ length: 6 }, (_, n) => aSale(partnerId, `2026-03-0${n + 1}T10:00:00.000Z`, n + 1));
    await storeEntriesOnly(ctx, month);
    const first = await statementFile(ctx, partnerId, '2026-03', undefined);
    expect(first.next).toEqual(expect.any(String));
    const second = await statementFile(ctx, partnerId, '2026-03', first.next!);
    expect(second.next).toBeNull();
    const ids = [first, second].flatMap((file) => (parse(file.csv.slice(1), { columns: true }) as { id: string }[]).map((r) => r.id));
    expect(ids).toEqual(month.map((e) => e.id));
  });

  it('answers a month without entries with the header row alone, and refuses a month not begun', async () => {
    expect(await statementFile(ctx, 504, '2026-03', undefined)).toEqual({
      csv: `\uFEFF${STATEMENT_CSV_COLUMNS.join(',')}\r\n`,
      next: null,
    });
    await expect(statementFile(ctx, 504, '2999-01', undefined)).rejects.toMatchObject({ status: 404, code: 'STATEMENT_NOT_FOUND' });
  });
});

describe("a month's statement", () => {
  it("sums the month's entries per currency and type from the totals, opening at the sum of every earlier due", async () => {
    const partnerId = 505;
    const [before, last] = [monthBefore(ctx.now(), 2), monthBefore(ctx.now(), 1)];
    const sale = aSale(partnerId, inMonth(before, 10), 30);
    const entries = [
      sale,
      aSale(partnerId, inMonth(last, 1), 12.5),
      aSale(partnerId, inMonth(last, 2), 7.25),
      reversalOf(sale, new Date(inMonth(last, 3))),
      aPayment(partnerId, inMonth(last, 4), 400),
      aSale(partnerId, inMonth(last, 5), 1255, 'JPY'),
      aSale(partnerId, ctx.now().toISOString(), 1),
    ];
    await storeEntries(ctx, entries);
    const found = await statement(ctx, partnerId, last);
    const sum = (list: LedgerEntry[]) => ({
      count: list.length,
      gross: list.reduce((s, e) => s + e.gross, 0),
      commission: list.reduce((s, e) => s + e.commission, 0),
      due: list.reduce((s, e) => s + e.due, 0),
    });
    for (const line of found.currencies) {
      const of = (type: string) => entries.filter((e) => e.currency === line.currency && e.type === type && e.createdAt.startsWith(last));
      const earlier = entries.filter((e) => e.currency === line.currency && e.createdAt < `${last}-01`);
      expect(line).toEqual({
        currency: line.currency,
        opening: sum(earlier).due,
        sales: sum(of('sale')),
        reversals: sum(of('reversal')),
        payments: sum(of('payment')),
        closing: sum(earlier).due + sum(of('sale')).due + sum(of('reversal')).due + sum(of('payment')).due,
      });
    }
    expect(found.currencies.map((c) => [c.currency, c.opening, c.closing])).toEqual([
      ['JPY', 0, 1129],
      ['USD', 2700, 2700 + 1125 + 652 - 2700 - 400],
    ]);
    await expect(statement(ctx, partnerId, monthBefore(ctx.now(), -1))).rejects.toMatchObject({ status: 404, code: 'STATEMENT_NOT_FOUND' });
  });
});

describe('a statement file of the most entries it holds', () => {
  it("stays well under Lambda's 6 MB answer with the longest rows an entry makes", () => {
    const longest: LedgerEntry = {
      ...aPayment(506, '2026-12-31T23:59:59.999Z', Number.MAX_SAFE_INTEGER, 'BHD', `"${'R,'.repeat(31)}"`),
      id: `pay_${'x'.repeat(64)}`,
    };
    const sale: LedgerEntry = {
      ...aSale(506, '2026-12-31T23:59:59.999Z'),
      id: `sale_ord_${'y'.repeat(64)}`,
      orderId: `ord_${'y'.repeat(64)}`,
      plaqueId: 999_999_999,
      currency: 'BHD',
      gross: -9_007_199_254_740_991,
      commission: -900_719_925_474_099,
      due: -8_106_479_329_266_892,
    };
    // What the function answers: the file as a JSON string (CRLF and quotes escaped) in the proxy result.
    const answer = (entry: LedgerEntry) =>
      JSON.stringify({ statusCode: 200, headers: {}, body: csvOf(Array(STATEMENT_FILE_ROWS).fill(entry)) });
    const bytes = Math.max(...[longest, sale].map((entry) => Buffer.byteLength(answer(entry))));
    expect(bytes).toBeLessThan(4 * 1024 * 1024);
  });
});

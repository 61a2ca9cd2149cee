// GET /partner/statements/{month} through the local server: the month's figures per currency as JSON, or its entries as
// a CSV file a spreadsheet opens (Accept: text/csv), continued by a Link header when a month outgrows one file.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { reversalOf, type LedgerEntry } from '#lib/money/entry.ts';
import { STATEMENT_CSV_COLUMNS } from '#lib/money/statement-file.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { call, type Reply } from '../partner/fixtures.ts';
import { aMoneyPartner, aPayment, aSale, inMonth, monthBefore, storeEntries, type MoneyPartner } from './fixtures.ts';

let ctx: AppContext;
let server: LocalServer;
let partner: MoneyPartner;
let [earlier, last, current] = ['', '', ''];
let lastMonths: LedgerEntry[];

beforeAll(async () => {
  // Two rows a file, so that a month of five entries takes three.
  ctx = await freshTable({ statementFileRows: 2 });
  server = await startLocalServer({ ctx, port: 0 });
  partner = await aMoneyPartner(ctx);
  [earlier, last, current] = [monthBefore(ctx.now(), 2), monthBefore(ctx.now(), 1), monthBefore(ctx.now(), 0)];
  const opened = aSale(partner.userId, inMonth(earlier, 20), 40, 'EUR');
  const cancelled = aSale(partner.userId, inMonth(last, 2), 10);
  lastMonths = [
    cancelled,
    aSale(partner.userId, inMonth(last, 3), 12.5),
    aPayment(partner.userId, inMonth(last, 4), 500, 'EUR', 'TRF, "Q3"'),
    reversalOf(cancelled, new Date(inMonth(last, 5))),
    aSale(partner.userId, inMonth(last, 6), 1255, 'JPY'),
  ];
  await storeEntries(ctx, [opened, aSale(partner.userId, inMonth(earlier, 21), 20, 'EUR'), ...lastMonths]);
});

afterAll(async () => {
  await server.close();
});

const statement = (month: string, headers: Record<string, string> = {}, query = ''): Promise<Reply> =>
  call(server.url, 'GET', `/partner/statements/${month}${query}`, { headers: { 'x-api-key': partner.readKey, ...headers } });

const lines = (count: number, gross: number, commission: number, due: number) => ({ count, gross, commission, due });
const none = lines(0, 0, 0, 0);

describe('GET /partner/statements/{month} as JSON', () => {
  it("answers per currency the opening, the month's sales, reversals and payments, and the closing", async () => {
    const reply = await statement(last, { authorization: `Bearer ${partner.token}`, 'x-api-key': '' });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(reply.json).toEqual({
      month: last,
      currencies: [
        // Opened at 3600 + 1800 (two sales at 10 %) the month before; 5 EUR paid.
        { currency: 'EUR', opening: 5400, sales: none, reversals: none, payments: lines(1, -500, 0, -500), closing: 4900 },
        { currency: 'JPY', opening: 0, sales: lines(1, 1255, 126, 1129), reversals: none, payments: none, closing: 1129 },
        {
          currency: 'USD',
          opening: 0,
          sales: lines(2, 2250, 225, 2025),
          reversals: lines(1, -1000, -100, -900),
          payments: none,
          closing: 1125,
        },
      ],
    });
    const next = (await statement(current)).json;
    expect(next.currencies.map((c: { currency: string; opening: number }) => [c.currency, c.opening])).toEqual([
      ['EUR', 4900],
      ['JPY', 1129],
      ['USD', 1125],
    ]);
  });

  it('answers JSON for any Accept but text/csv, lists nothing before the first entry, and 404s a month not begun', async () => {
    for (const accept of ['application/json', '*/*', 'text/csv;q=0, application/json']) {
      expect((await statement(last, { accept })).json.month, accept).toBe(last);
    }
    expect((await statement('2001-01')).json).toEqual({ month: '2001-01', currencies: [] });
    expect(await statement(monthBefore(ctx.now(), -1))).toMatchObject({ status: 404, json: { code: 'STATEMENT_NOT_FOUND' } });
    for (const month of ['2026-13', '2026-1', 'last']) {
      expect(await statement(month), month).toMatchObject({ status: 400, json: { code: 'VALIDATION_FAILED' } });
    }
  });
});

describe('GET /partner/statements/{month} as CSV', () => {
  it('is a second media type of the same answer in the published document', async () => {
    const document = (await call(server.url, 'GET', '/openapi.json')).json;
    const content = document.paths['/partner/statements/{month}'].get.responses['200'].content;
    expect(Object.keys(content).sort()).toEqual(['application/json', 'text/csv']);
    expect(content['text/csv']).toMatchObject({ schema: { type: 'string' }, example: expect.stringMatching(/^id,type,createdAt,/) });
  });

  it("answers the month's entries, oldest first, as files a spreadsheet opens, continued by Link until the last", async () => {
    const files: Reply[] = [];
    let query = '';
    for (;;) {
      const reply = await statement(last, { accept: 'text/csv' }, query);
      expect(reply.status).toBe(200);
      files.push(reply);
      const link = reply.headers.get('link');
      if (!link) break;
      // The next file: the same address with the cursor the Link names, relative to this request's.
      const target = new URL(/^<([^>]+)>; rel="next"$/.exec(link)![1]!, `${server.url}/partner/statements/${last}`);
      expect(target.pathname).toBe(`/partner/statements/${last}`);
      query = target.search;
    }
    expect(files).toHaveLength(3);
    const rows: Record<string, string>[] = [];
    for (const file of files) {
      expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
      expect(file.headers.get('content-disposition')).toBe(`attachment; filename="statement-${last}.csv"`);
      // fetch's text() drops the byte order mark: the bytes are checked below.
      expect(file.text.startsWith(`${STATEMENT_CSV_COLUMNS.join(',')}\r\n`)).toBe(true);
      expect(file.text.endsWith('\r\n')).toBe(true);
      rows.push(...(parse(file.text, { columns: true }) as Record<string, string>[]));
    }
    expect(rows.map((r) => r.id)).toEqual(lastMonths.map((e) => e.id));
    expect(rows[2]).toMatchObject({
      type: 'payment',
      reference: 'TRF, "Q3"',
      currency: 'EUR',
      due: '-500',
      dueDecimal: '-5.00',
      orderId: '',
    });
    expect(rows[3]).toMatchObject({ type: 'reversal', gross: '-1000', grossDecimal: '-10.00', commissionDecimal: '-1.00' });
    expect(rows[4]).toMatchObject({ currency: 'JPY', gross: '1255', grossDecimal: '1255' });
    // UTF-8 with a byte order mark, so that a spreadsheet reads it as UTF-8.
    const bytes = Buffer.from(
      await (
        await fetch(`${server.url}/partner/statements/${last}`, { headers: { accept: 'text/csv', 'x-api-key': partner.readKey } })
      ).arrayBuffer(),
    );
    expect([...bytes.subarray(0, 5)]).toEqual([0xef, 0xbb, 0xbf, 0x69, 0x64]);
  });

  it('takes either scope of key and the JWT, and refuses a cursor this service did not issue', async () => {
    for (const headers of [{ 'x-api-key': partner.sellKey }, { 'x-api-key': '', authorization: `Bearer ${partner.token}` }] as Record<
      string,
      string
    >[]) {
      expect((await statement(earlier, { accept: 'text/csv', ...headers })).text.split('\r\n')).toHaveLength(4);
    }
    expect(await statement(last, { accept: 'text/csv' }, '?cursor=Zm9v')).toMatchObject({
      status: 400,
      json: { code: 'VALIDATION_FAILED', errors: [{ path: 'cursor' }] },
    });
    expect(await statement(last, { accept: 'text/csv', 'x-api-key': 'pk_nope' })).toMatchObject({ status: 403 });
  });
});

// The dashboard's Money view in a real browser (headless Chromium via playwright-core) against the local server: a
// partner signs in through the outbox and finds its balance per currency, the statement of the month it picks, the CSV
// file of that month downloaded whole (two files of the API joined under one header row), and its ledger page by page
// and by type. axe finds no violation in any state; every state is saved at 1280 and 390 px.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildDashboard, WEB_ROOT } from '#lib/local/dashboard-build.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { dbOf } from '#lib/db/client.ts';
import { userRepo } from '#lib/db/user-repo.ts';
import { reversalOf, type LedgerEntry } from '#lib/money/entry.ts';
import { STATEMENT_CSV_COLUMNS } from '#lib/money/statement-file.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { startCodeMail, stopCodeMail } from '../support/code-mail.ts';
import { aPayment, aSale, inMonth, monthBefore, storeEntries } from '../money/fixtures.ts';
import { launchChromium, noAxeViolations, openView, screenshots as savedAt, signIn } from './page-checks.ts';

let ctx: AppContext;
let server: LocalServer;
let browser: Browser;
let shots: string;
let dashboard: string;

beforeAll(async () => {
  shots = mkdtempSync(join(tmpdir(), 'plaque-money-shots-'));
  const dist = join(mkdtempSync(join(tmpdir(), 'plaque-money-build-')), 'dist');
  await buildDashboard(WEB_ROOT, dist);
  // Ten rows a statement file, so that the month below takes three files the download joins.
  ctx = await freshTable({ statementFileRows: 10 });
  server = await startLocalServer({ ctx, port: 0, dashboardDir: dist });
  dashboard = `${server.url}/dashboard/`;
  await startCodeMail(ctx);
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await stopCodeMail();
  await browser?.close();
  await server?.close();
});

const screenshots = (page: Page, state: string) => savedAt(page, shots, state);

describe('the Money view', () => {
  it('shows the balance, the statement of the month picked with its CSV, and the ledger page by page', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const email = `money-${process.pid}@example.com`;
    await signIn(page, dashboard, ctx.dataDir, email);
    const partnerId = (await userRepo(dbOf(ctx), ctx.tableName).findByEmail(email))!.id;

    // Last month: 24 sales of 10.00 USD and one cancelled; a payment of 50.00; a sale in yen. This month: one sale.
    const [last, current] = [monthBefore(new Date(), 1), monthBefore(new Date(), 0)];
    const sales = Array.from({ length: 24 }, (_, n) => aSale(partnerId, inMonth(last, 1 + (n % 27), n), 10));
    const entries: LedgerEntry[] = [
      ...sales,
      reversalOf(sales[0]!, new Date(inMonth(last, 28))),
      aPayment(partnerId, inMonth(last, 28, 1), 5000, 'USD', 'TRF 2026, "Q4"'),
      aSale(partnerId, inMonth(last, 28, 2), 1255, 'JPY'),
      aSale(partnerId, new Date().toISOString(), 12.5),
    ];
    await storeEntries(ctx, entries);

    await openView(page, 'Money');
    // USD: 24 × 9.00 − 9.00 − 50.00 + 11.25; JPY: 1255 − 126.
    const usd = page.locator('.balances [data-currency="USD"]');
    await usd.waitFor();
    expect(await usd.getAttribute('data-due')).toBe(String(24 * 900 - 900 - 5000 + 1125));
    expect(await usd.textContent()).toContain('$168.25');
    expect(await page.locator('.balances [data-currency="JPY"]').textContent()).toContain('¥1,129');

    // This month's statement first; then last month's, picked.
    const month = page.getByLabel('Month (UTC)');
    expect(await month.inputValue()).toBe(current);
    await page.locator(`table.statement tr[data-currency="USD"][data-closing="${24 * 900 - 900 - 5000 + 1125}"]`).waitFor();
    await noAxeViolations(page, 'money');
    await screenshots(page, 'money');
    await month.fill(last);
    const lastUsd = page.locator(`table.statement tr[data-currency="USD"][data-closing="${24 * 900 - 900 - 5000}"]`);
    await lastUsd.waitFor();
    expect(await lastUsd.textContent()).toContain('24');
    await noAxeViolations(page, 'money-last-month');

    // The month's CSV, saved whole: 27 entries from three files under one header row, as a spreadsheet opens it.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`statement-${last}.csv`);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    expect(text.startsWith(`${STATEMENT_CSV_COLUMNS.join(',')}\r\n`)).toBe(true);
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(27);
    expect(rows.find((r) => r.type === 'payment')).toMatchObject({ reference: 'TRF 2026, "Q4"', dueDecimal: '-50.00' });
    await page
      .getByRole('status')
      .filter({ hasText: `Saved statement-${last}.csv` })
      .waitFor();

    // The ledger: 28 entries, 20 a page, newest first; then only payments.
    const ledgerRows = page.locator('table.ledger tbody tr');
    await ledgerRows.first().waitFor();
    expect(await ledgerRows.count()).toBe(20);
    expect(await ledgerRows.first().getAttribute('data-entry-id')).toBe(entries.at(-1)!.id);
    await page.getByRole('navigation', { name: 'Ledger pages' }).getByRole('button', { name: 'Next page' }).click();
    await page.getByText('Page 2').waitFor();
    await page.waitForFunction(() => (globalThis as any).document.querySelectorAll('table.ledger tbody tr').length === 8);
    await noAxeViolations(page, 'money-ledger-page-2');
    await screenshots(page, 'money-ledger-page-2');
    await page.getByLabel('Entry type').selectOption('payment');
    await page.waitForFunction(() => (globalThis as any).document.querySelectorAll('table.ledger tbody tr').length === 1);
    expect(await ledgerRows.first().textContent()).toContain('TRF 2026, "Q4"');
    expect(await ledgerRows.first().textContent()).toContain('-$50.00');

    expect(errors).toEqual([]);
    await context.close();
  });
});

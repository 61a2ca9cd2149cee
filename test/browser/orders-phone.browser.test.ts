// The Orders view on a phone (390 px wide) in headless Chromium against the local server: a hint above the orders table
// says that columns lie beyond its edge and which way to scroll (none at desktop width), every column, header and
// cell, is on screen or scrolls into view within the table, and axe finds no violation.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { buildDashboard, WEB_ROOT } from '#lib/local/dashboard-build.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { dbOf } from '#lib/db/client.ts';
import { toItem } from '#lib/db/order-item.ts';
import { freshTable } from '../support/db.ts';
import { startCodeMail, stopCodeMail } from '../support/code-mail.ts';
import { anOrder } from '../support/factories.ts';
import { call } from '../partner/fixtures.ts';
import { launchChromium, noAxeViolations, openView, screenshots, signIn } from './page-checks.ts';

let ctx: AppContext;
let server: LocalServer;
let browser: Browser;

beforeAll(async () => {
  const dist = join(mkdtempSync(join(tmpdir(), 'plaque-dashboard-build-')), 'dist');
  await buildDashboard(WEB_ROOT, dist);
  ctx = await freshTable({ explorerBaseUrl: 'https://explorer.example' });
  await startCodeMail(ctx);
  server = await startLocalServer({ ctx, port: 0, dashboardDir: dist });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await stopCodeMail();
  await browser?.close();
  await server?.close();
});

describe('the Orders view on a phone', () => {
  it('brings every column of the orders table into view at 390 px, and axe passes', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, `${server.url}/dashboard/`, ctx.dataDir, 'phone@example.com');
    const token = (await page.evaluate(`sessionStorage.getItem('plaque-dashboard.token')`)) as string;
    const profile = await call(server.url, 'GET', '/auth/profile', { headers: { authorization: `Bearer ${token}` } });
    // Every column filled: a delivered order (transaction and token links) and a cancelled one (its reason).
    const at = new Date().toISOString();
    const orders = [
      anOrder({ partnerId: profile.json.id, status: 'DELIVERED', txHash: `0x${'ab'.repeat(32)}`, createdAt: at, deliveredAt: at }),
      anOrder({ partnerId: profile.json.id, status: 'CANCELLED', failureReason: 'NOT_MINTABLE', cancelReason: 'refunded', createdAt: at }),
    ];
    for (const order of orders) await dbOf(ctx).send(new PutCommand({ TableName: ctx.tableName, Item: toItem(order) }));

    await openView(page, 'Orders');
    await page.locator(`tr[data-order-id="${orders[0]!.orderId}"]`).waitFor();
    // A phone shows no scrollbar until one scrolls: the hint says the table goes on, and the region names it.
    const region = page.getByRole('region', { name: 'Orders' });
    const hint = page.locator('.scroll-hint');
    await expect.poll(() => hint.isVisible()).toBe(true);
    expect(await hint.textContent()).toMatch(/^Scroll the table sideways: \d+ columns to the right →$/);
    expect(await region.getAttribute('aria-describedby')).toBe(await hint.getAttribute('id'));
    const headers = page.locator('table.orders thead th');
    const columns = await headers.count();
    expect(columns).toBe(9);
    for (const order of orders) {
      const cells = page.locator(`tr[data-order-id="${order.orderId}"] td`);
      expect(await cells.count()).toBe(columns);
      for (let column = 0; column < columns; column++) {
        for (const [what, cell] of [
          ['header', headers.nth(column)],
          ['cell', cells.nth(column)],
        ] as const) {
          await cell.scrollIntoViewIfNeeded();
          // Wholly inside the screen, and what is drawn at its middle is the cell itself (not cut off by a parent).
          const seen = await cell.evaluate((el: any) => {
            const box = el.getBoundingClientRect();
            const doc = (globalThis as any).document;
            const win = globalThis as any;
            const top = doc.elementFromPoint(box.left + box.width / 2, box.top + Math.min(box.height / 2, 10));
            return {
              inside: box.left >= -0.5 && box.right <= win.innerWidth + 0.5 && box.width > 0,
              drawn: top !== null && el.contains(top),
              box: `${Math.round(box.left)}..${Math.round(box.right)}`,
            };
          });
          expect(seen, `${what} of column ${column + 1} of ${order.status} (${seen.box})`).toMatchObject({ inside: true, drawn: true });
        }
      }
    }
    // Scrolled to its end, the hint points back; at desktop width every column shows and there is no hint.
    await region.evaluate((el: any) => (el.scrollLeft = el.scrollWidth));
    await expect.poll(() => hint.textContent()).toMatch(/^Scroll the table sideways: \d+ columns to the left ←$/);
    await noAxeViolations(page, 'orders at 390 px');
    await page.setViewportSize({ width: 1280, height: 900 });
    await hint.waitFor({ state: 'detached' });
    expect(await region.getAttribute('aria-describedby')).toBeNull();
    // The page no wider than the screen at either width, the hint and the table's shaded edges in the pictures.
    await region.evaluate((el: any) => (el.scrollLeft = 0));
    await screenshots(page, mkdtempSync(join(tmpdir(), 'plaque-orders-phone-shots-')), 'orders');
    await context.close();
  });
});

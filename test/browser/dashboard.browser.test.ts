// The partner dashboard in a real browser (headless Chromium via playwright-core) against the local server, which
// serves the page as built by Vite: a partner signs in through the outbox, creates a named key and reads it once,
// the test sells a plaque with that key, the order appears and turns DELIVERED on the page, the usage chart counts
// the calls, and after revoking the key on the page the next partner call is refused; the activity log lists the
// sign-in and the key's changes, page by page. axe checks every view (no serious or critical violation); every view
// is saved at 1280 and 390 px under the test's temporary folder.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { buildDashboard, WEB_ROOT } from '#lib/local/dashboard-build.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import type { StreamPoller } from '#lib/local/stream-poller.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { startCodeMail, stopCodeMail } from '../support/code-mail.ts';
import { deliveryChain, startDeliveryWorker } from '../delivery/fixtures.ts';
import { aWallet, call, storePlaque } from '../partner/fixtures.ts';
import { anOrder } from '../support/factories.ts';
import { moveRecord, rewriteRecord } from '../webhooks/fixtures.ts';
import { eventIdOf } from '#lib/webhooks/events.ts';
import { makeOrderEvents } from '#lib/webhooks/order-events.ts';
import { makeEvents } from '#lib/webhooks/stream-events.ts';
import { plaqueEventIdOf } from '#lib/webhooks/catalogue-changes.ts';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dbOf } from '#lib/db/client.ts';
import { toItem } from '#lib/db/order-item.ts';
import { auditItemOf } from '#lib/db/audit-repo.ts';
import { transactWrite } from '#lib/db/transaction.ts';
import { launchChromium, openView, renderedLines, screenshots as savedAt, signIn as signInAt, WIDTHS, withinWidth } from './page-checks.ts';

const EXPLORER = 'https://explorer.example';

let ctx: AppContext;
let server: LocalServer;
let poller: StreamPoller;
let browser: Browser;
let shots: string;
let dashboard: string;
let users = 0;

beforeAll(async () => {
  shots = mkdtempSync(join(tmpdir(), 'plaque-dashboard-shots-'));
  // The page as the stack ships it, built from this checkout into a folder of the test's own.
  const dist = join(mkdtempSync(join(tmpdir(), 'plaque-dashboard-build-')), 'dist');
  await buildDashboard(WEB_ROOT, dist);
  const own = await deliveryChain();
  ctx = await freshTable({ chain: own.chain, catalogStalenessMs: 0, explorerBaseUrl: EXPLORER });
  await startCodeMail(ctx);
  server = await startLocalServer({ ctx, port: 0, dashboardDir: dist });
  dashboard = `${server.url}/dashboard/`;
  poller = await startDeliveryWorker(ctx);
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await stopCodeMail();
  await browser?.close();
  await poller?.stop();
  await server?.close();
});

/** A fresh browser context (its own sessionStorage) at desktop width, collecting what the console reports as errors. */
async function aVisitor(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: WIDTHS[0], height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** No serious or critical accessibility violation on the view as it is now. */
async function accessible(page: Page, view: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const grave = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    grave.map((v) => `${view}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    view,
  ).toEqual([]);
}

/** The view saved at each width (full page) into this run's folder, the paths printed. */
const screenshots = (page: Page, view: string) => savedAt(page, shots, view);

/** Signs in on the dashboard with the emailed code (the keyboard's Enter submits it); the API keys view shows. */
const signIn = (page: Page, email: string) => signInAt(page, dashboard, ctx.dataDir, email);

describe('the partner dashboard in a browser', () => {
  it('signs in, creates a key, follows a sale made with it to DELIVERED, counts its use, and revokes it', async () => {
    const { context, page, errors } = await aVisitor();
    const email = `dashboard-${process.pid}-${users++}@example.com`;

    // Sign-in.
    await page.goto(dashboard);
    await page.getByRole('heading', { level: 1, name: 'Partner dashboard' }).waitFor();
    await accessible(page, 'sign-in');
    await screenshots(page, 'sign-in');
    await signIn(page, email);

    // Keys: a named key, shown once.
    await page.getByLabel('Name (optional)').fill('Browser shop');
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.locator('#new-key-value');
    await shown.waitFor();
    const apiKey = (await shown.textContent())!;
    expect(apiKey).toMatch(/^pk_/);
    await page.getByText('you will not see it again').waitFor();
    const row = page.locator('tr', { hasText: 'Browser shop' });
    await row.waitFor();
    expect(await row.textContent()).toContain(`${apiKey.slice(0, 10)}…`);
    await accessible(page, 'keys');
    await screenshots(page, 'keys');
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await shown.waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(apiKey);

    // The partner sells with the key: look up, hold, buy.
    const plaque = await storePlaque(ctx, { price: 75, currency: 'USD' });
    const wallet = aWallet();
    const lookup = await call(server.url, 'GET', `/partner/plaques/${plaque.id}/lookup`, { key: apiKey });
    expect(lookup.json).toMatchObject({ available: true, mintable: true });
    const held = await call(server.url, 'POST', `/partner/plaques/${plaque.id}/prepare`, { key: apiKey, body: { buyerWallet: wallet } });
    expect(held.status).toBe(200);
    const bought = await call(server.url, 'POST', `/partner/plaques/${plaque.id}/buy`, {
      key: apiKey,
      body: { reservationId: held.json.reservationId, buyerWallet: wallet },
      headers: { 'idempotency-key': `dashboard-${Date.now()}` },
    });
    expect(bought.status).toBe(201);
    const orderId = bought.json.orderId as string;

    // Orders: the sale appears and turns DELIVERED by itself, with its transaction and its token linked to the explorer.
    await openView(page, 'Orders');
    const order = page.locator(`tr[data-order-id="${orderId}"]`);
    await order.waitFor();
    expect(await order.textContent()).toContain(`PRT-${String(plaque.id).padStart(4, '0')}`);
    expect(await order.textContent()).toContain('$75.00');
    expect(await order.textContent()).toContain(`${wallet.slice(0, 6)}…${wallet.slice(-4)}`);
    await order.locator('.badge', { hasText: 'Delivered' }).waitFor({ timeout: 60_000 });
    const link = order.getByRole('link', { name: /^0x/ });
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^${EXPLORER}/tx/0x[0-9a-f]{64}$`));
    const token = order.getByRole('link', { name: `Token of ${plaque.name} (opens the block explorer)` });
    expect(await token.getAttribute('href')).toBe(`${EXPLORER}/token/${ctx.chain!.contractAddress}?a=${plaque.tokenId ?? plaque.id}`);
    await accessible(page, 'orders');
    await screenshots(page, 'orders');
    // The plaque's name on one line, at a phone's width too: never broken at its hyphen.
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      expect(await renderedLines(order.getByText(plaque.name, { exact: true })), `${width} px`).toEqual([plaque.name]);
    }
    await page.setViewportSize({ width: WIDTHS[0], height: 900 });

    // Usage: the three calls made with the key today.
    await openView(page, 'Usage');
    const today = new Date().toISOString().slice(0, 10);
    await page.locator(`rect.bar[data-date="${today}"][data-requests="3"]`).waitFor();
    expect(await page.locator('tr', { hasText: 'Browser shop' }).locator('td[data-requests]').getAttribute('data-requests')).toBe('3');
    expect(await page.locator('td[data-total]').getAttribute('data-total')).toBe('3');
    // The key's window today: the quota the answer's RateLimit-Policy names, less those three.
    const quota = Number(await page.locator('[data-daily-quota]').getAttribute('data-daily-quota'));
    expect(quota).toBe(10_000);
    expect(await page.locator('tr', { hasText: 'Browser shop' }).locator('td[data-remaining]').getAttribute('data-remaining')).toBe(
      String(quota - 3),
    );
    await accessible(page, 'usage');
    await screenshots(page, 'usage');

    // Getting started: the calls against this server.
    await openView(page, 'Getting started');
    const commands = await page.locator('ol.calls pre').allTextContents();
    expect(commands).toHaveLength(6);
    for (const command of commands) expect(command).toContain(`"${server.url}/partner/`);
    // Releasing a hold is the checkout's call: shown as a command, never a button.
    expect(commands[5]).toContain(`-X DELETE "${server.url}/partner/reservations/$RESERVATION"`);
    await accessible(page, 'getting-started');
    await screenshots(page, 'getting-started');

    // Keys again: last use shown; revoke by keyboard, confirming; the next partner call is refused.
    await openView(page, 'API keys');
    const keyRow = page.locator('tr', { hasText: 'Browser shop' });
    await keyRow.locator('time').nth(1).waitFor();
    await keyRow.getByRole('button', { name: 'Revoke…' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('button', { name: 'Revoke key' });
    await page.locator('button:focus', { hasText: 'Revoke key' }).waitFor();
    await accessible(page, 'keys-revoking');
    await confirm.press('Enter');
    await page.getByRole('status').filter({ hasText: 'is revoked' }).waitFor();
    await keyRow.getByText('Revoked').waitFor();
    const refused = await call(server.url, 'GET', `/partner/plaques/${plaque.id}/lookup`, { key: apiKey });
    expect(refused.status).toBe(403);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('creates a read-only key, rolls it with the overlap chosen, and shows when the old key stops', async () => {
    const { context, page, errors } = await aVisitor();
    await signIn(page, `dashboard-${process.pid}-${users++}@example.com`);

    // A read-only key: chosen on the form, shown in the list.
    await page.getByLabel('Name (optional)').fill('Storefront');
    await page.getByRole('radio', { name: /Read only/ }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const oldKey = (await page.locator('#new-key-value').textContent())!;
    const row = page.locator('tr', { hasText: 'Storefront' });
    await row.getByText('Read only').waitFor();
    // The form starts over for the next key: a sell key unless chosen otherwise again.
    expect(await page.getByRole('radio', { name: /^Sell/ }).isChecked()).toBe(true);
    expect(await page.getByLabel('Name (optional)').inputValue()).toBe('');
    await accessible(page, 'keys-read-only');
    await page.getByRole('button', { name: 'I have copied it' }).click();
    const plaque = await storePlaque(ctx);
    const prepare = () =>
      call(server.url, 'POST', `/partner/plaques/${plaque.id}/prepare`, { key: oldKey, body: { buyerWallet: aWallet() } });
    expect((await prepare()).json.code).toBe('KEY_SCOPE_INSUFFICIENT');

    // Roll it, the old key working one more hour: on a phone, the choice opens within the screen, its button focused.
    await page.setViewportSize({ width: 390, height: 844 });
    await row.getByRole('button', { name: 'Roll…' }).click();
    const overlap = page.getByLabel('Old key keeps working for');
    const rollButton = page.getByRole('button', { name: 'Roll key' });
    await page.locator('button:focus', { hasText: 'Roll key' }).waitFor();
    for (const control of [overlap, rollButton]) expect(await withinWidth(page, control)).toBe(true);
    await page.setViewportSize({ width: WIDTHS[0], height: 900 });
    expect(await overlap.inputValue()).toBe('24');
    await accessible(page, 'keys-rolling');
    await screenshots(page, 'keys-rolling');
    await overlap.selectOption('1');
    await rollButton.click();
    const newKey = (await page.locator('#new-key-value').textContent())!;
    expect(newKey).not.toBe(oldKey);
    await page.getByRole('status').filter({ hasText: 'keeps working until' }).waitFor();
    const oldRow = page.locator('tr', { hasText: `${oldKey.slice(0, 10)}…` });
    await oldRow.getByText('Rolled: works until').waitFor();
    expect(await oldRow.getByRole('button', { name: 'Roll…' }).count()).toBe(0);
    const newRow = page.locator('tr', { hasText: `${newKey.slice(0, 10)}…` });
    expect(await newRow.textContent()).toContain('Storefront');
    expect(await newRow.textContent()).toContain('Read only');
    await accessible(page, 'keys-rolled');
    await screenshots(page, 'keys-rolled');

    // Both keys work during the overlap.
    for (const key of [oldKey, newKey]) {
      expect((await call(server.url, 'GET', `/partner/plaques/${plaque.id}/lookup`, { key })).status).toBe(200);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the API’s detail next to the field it names, keeps what was typed when the service is out of reach, and retries', async () => {
    const { context, page } = await aVisitor();
    await signIn(page, `dashboard-${process.pid}-${users++}@example.com`);
    const name = page.getByLabel('Name (optional)');

    await name.fill('x'.repeat(65));
    await page.getByRole('button', { name: 'Create key' }).click();
    const error = page.locator('#key-name-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/name/);
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await name.getAttribute('aria-describedby')).toBe('key-name-error');
    await accessible(page, 'keys-refused');

    // The network fails: a retry message, the name still there; retrying once it is back creates the key.
    await name.fill('Second shop');
    await page.route('**/partner/api-keys', (route) =>
      route.request().method() === 'POST' ? route.abort('connectionrefused') : route.fallback(),
    );
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByText('The service could not be reached.').waitFor();
    expect(await name.inputValue()).toBe('Second shop');
    await page.unroute('**/partner/api-keys');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.locator('#new-key-value').waitFor();
    await page.locator('tr', { hasText: 'Second shop' }).waitFor();

    // A 5xx is the same: retry, nothing lost. The view's first page is in before the service fails, so the refusal
    // shown is the status filter's own.
    await openView(page, 'Orders');
    await page.getByText('No orders yet').waitFor();
    await page.route('**/partner/orders*', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/problem+json',
        headers: { 'retry-after': '2' },
        body: '{"status":503,"code":"SERVICE_UNAVAILABLE"}',
      }),
    );
    const refused = page.waitForResponse((response) => response.url().includes('status=FAILED') && response.status() === 503);
    await page.getByLabel('Status').selectOption('FAILED');
    await refused;
    await page.getByText('The service is not answering right now (503).').waitFor();
    await page.unroute('**/partner/orders*');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('No orders with this status').waitFor();
    expect(await page.getByLabel('Status').inputValue()).toBe('FAILED');
    await context.close();
  });

  it('lists a CANCELLED order with its reason, filters the orders by CANCELLED, and shows its event in the Events view', async () => {
    const { context, page, errors } = await aVisitor();
    await signIn(page, `dashboard-${process.pid}-${users++}@example.com`);
    const token = (await page.evaluate(`sessionStorage.getItem('plaque-dashboard.token')`)) as string;
    const profile = await call(server.url, 'GET', '/auth/profile', { headers: { authorization: `Bearer ${token}` } });
    const at = new Date().toISOString();
    const cancelled = anOrder({
      orderId: `ord_cancelled${users}`,
      partnerId: profile.json.id as number,
      status: 'CANCELLED',
      failureReason: 'NOT_MINTABLE: the contract refuses the mint',
      cancelReason: 'refunded to the buyer',
      createdAt: at,
      updatedAt: at,
    });
    const delivered = anOrder({
      orderId: `ord_delivered${users}`,
      partnerId: profile.json.id as number,
      status: 'DELIVERED',
      createdAt: at,
    });
    for (const order of [cancelled, delivered]) await dbOf(ctx).send(new PutCommand({ TableName: ctx.tableName, Item: toItem(order) }));

    await openView(page, 'Orders');
    const row = page.locator(`tr[data-order-id="${cancelled.orderId}"]`);
    await row.locator('.badge', { hasText: 'Cancelled' }).waitFor();
    expect(await row.textContent()).toContain('Cancelled: refunded to the buyer');
    expect(await row.textContent()).toContain('failed: NOT_MINTABLE');
    await page.getByLabel('Status').selectOption('CANCELLED');
    await page.locator(`tr[data-order-id="${delivered.orderId}"]`).waitFor({ state: 'detached' });
    await row.waitFor();
    expect(await page.locator('tr[data-order-id]').count()).toBe(1);
    await accessible(page, 'orders-cancelled');
    await screenshots(page, 'orders-cancelled');

    // Its event, as the table's stream makes it, read with the session as every view reads: no key to type.
    await makeOrderEvents(ctx, [moveRecord(cancelled, 'FAILED')]);
    await openView(page, 'Events');
    await page.locator('tr[data-event-id]').first().waitFor();
    expect(await page.getByLabel('API key').count()).toBe(0);
    await page.getByLabel('Type').selectOption('order.cancelled');
    const event = page.locator(`tr[data-event-id="${eventIdOf({ orderId: cancelled.orderId, round: 0, status: 'CANCELLED' })}"]`);
    await event.waitFor();
    expect(await event.textContent()).toContain(cancelled.orderId);
    await event.locator('.badge', { hasText: 'Cancelled' }).waitFor();
    expect(await page.locator('tr[data-event-id]').count()).toBe(1);
    await accessible(page, 'events');
    await screenshots(page, 'events');

    // A catalogue event is every partner's: a plaque's new price shows with the one it replaced.
    const plaque = await storePlaque(ctx, { price: 100, currency: 'USD' });
    const record = rewriteRecord(plaque, { ...plaque, price: 150, updatedAt: new Date().toISOString() });
    expect((await makeEvents(ctx, [record])).batchItemFailures).toEqual([]);
    await page.getByLabel('Type').selectOption('plaque.price_changed');
    const priced = page.locator(
      `tr[data-event-id="${plaqueEventIdOf(plaque.id, record.dynamodb!.SequenceNumber!, 'plaque.price_changed')}"]`,
    );
    await priced.waitFor();
    expect(await priced.textContent()).toContain(plaque.name);
    expect(await priced.textContent()).toContain('150 USD (was 100 USD)');
    await accessible(page, 'events-catalogue');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('lists the sign-in and the key changes in the Activity log, newest first, page by page', async () => {
    const { context, page, errors } = await aVisitor();
    const email = `dashboard-${process.pid}-${users++}@example.com`;
    await signIn(page, email);
    // A key made and revoked on the page.
    await page.getByLabel('Name (optional)').fill('Logged shop');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.locator('#new-key-value').waitFor();
    await page.getByRole('button', { name: 'I have copied it' }).click();
    const keyRow = page.locator('tr', { hasText: 'Logged shop' });
    await keyRow.getByRole('button', { name: 'Revoke…' }).click();
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await keyRow.getByText('Revoked').waitFor();

    await openView(page, 'Activity log');
    const rows = page.locator('tr[data-action]');
    await rows.first().waitFor();
    expect(await rows.evaluateAll((found) => found.map((row) => row.getAttribute('data-action')))).toEqual([
      'api_key.revoked',
      'api_key.created',
      'user.signed_in',
    ]);
    expect(await rows.nth(0).textContent()).toContain('API key revoked');
    // A key is named as the keys view shows it: its name and prefix.
    expect(await rows.nth(0).textContent()).toMatch(/Key Logged shop \(pk_\S{7}…\)/);
    expect(await rows.nth(0).textContent()).toContain(email);
    expect(await rows.nth(2).textContent()).toContain('Signed in');
    expect(await rows.nth(2).textContent()).toContain('with an emailed code');
    await accessible(page, 'activity');
    await screenshots(page, 'activity');

    // 25 more entries, as the changes write them: 20 a page, the next page the other 8, and back.
    const token = (await page.evaluate(`sessionStorage.getItem('plaque-dashboard.token')`)) as string;
    const profile = await call(server.url, 'GET', '/auth/profile', { headers: { authorization: `Bearer ${token}` } });
    const caller = { userId: profile.json.id as number, email, ip: '203.0.113.9' };
    const more = Array.from({ length: 25 }, (_, n) =>
      auditItemOf(ctx, caller, 'webhook.resent', { type: 'webhook', id: 'wh_logged', detail: `evt_${n}` }),
    );
    await transactWrite(dbOf(ctx), more, { written: () => undefined, refused: () => Promise.reject(new Error('refused')) });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await rows.nth(19).waitFor();
    expect(await rows.count()).toBe(20);
    expect(await rows.nth(0).textContent()).toContain('203.0.113.9');
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.locator('tr[data-action="user.signed_in"]').waitFor();
    expect(await rows.count()).toBe(8);
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await accessible(page, 'activity-next-page');
    await page.getByRole('button', { name: 'Previous page' }).click();
    await page.locator('tr[data-action="user.signed_in"]').waitFor({ state: 'detached' });
    expect(await rows.count()).toBe(20);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('returns to the sign-in when the token is refused (revoked or expired), saying why', async () => {
    const { context, page } = await aVisitor();
    await signIn(page, `dashboard-${process.pid}-${users++}@example.com`);
    // The keys view's own request is answered first, so the refusal is the one opening Orders provokes.
    await page.getByText('You have no keys yet.').waitFor();
    // Whatever makes the service refuse the token (expiry, a password change elsewhere), the page sees a 401.
    await page.evaluate(`sessionStorage.setItem('plaque-dashboard.token', 'expired.token.value')`);
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { level: 1, name: 'Partner dashboard' }).waitFor();
    await page.getByText('Your session has ended. Please sign in again.').waitFor();
    expect(await page.evaluate(`sessionStorage.getItem('plaque-dashboard.token')`)).toBeNull();
    await page.getByLabel('Email address').waitFor();
    await context.close();
  });
});

// The dashboard's Webhooks view in a real browser (headless Chromium via playwright-core) against the local server with
// its webhook runtime (lib/local/webhook-runtime.ts, as `npm start` runs it): a partner signs in through the outbox,
// registers an endpoint on a receiver of the test's own on 127.0.0.1, reads the signing secret once (gone after leaving
// the view), sends a test event that the receiver verifies with that secret, finds the attempt with status 200 in the
// delivery log, sends it again from its row, rotates the secret (both secrets sign during the overlap), and deletes the
// endpoint. The API's refusals show next to the form with their code. axe finds no violation in any state of the view
// (empty, refused, with the secret shown, with an endpoint, with the log, after a resend, rotating and rotated).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { buildDashboard, WEB_ROOT } from '#lib/local/dashboard-build.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { startLocalWebhooks } from '#lib/local/webhook-runtime.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { MAX_WEBHOOKS } from '#lib/webhooks/endpoints.ts';
import { freshTable } from '../support/db.ts';
import { call } from '../partner/fixtures.ts';
import { eventually, soldOrder, startReceiver, type Receiver } from '../webhooks/fixtures.ts';
import { startCodeMail, stopCodeMail } from '../support/code-mail.ts';
import { launchChromium, noAxeViolations, openView, renderedLines, screenshots, signIn, withinWidth } from './page-checks.ts';
import { dbOf } from '#lib/db/client.ts';
import { toItem } from '#lib/db/order-item.ts';
import { eventIdOf } from '#lib/webhooks/events.ts';
import { PutCommand } from '@aws-sdk/lib-dynamodb';

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

let ctx: AppContext;
let server: LocalServer;
let stopWebhooks: () => Promise<void>;
let receiver: Receiver;
let browser: Browser;
let shots: string;
let dashboard: string;
let users = 0;

beforeAll(async () => {
  shots = mkdtempSync(join(tmpdir(), 'plaque-webhooks-shots-'));
  const dist = join(mkdtempSync(join(tmpdir(), 'plaque-webhooks-build-')), 'dist');
  await buildDashboard(WEB_ROOT, dist);
  ctx = await freshTable();
  server = await startLocalServer({ ctx, port: 0, dashboardDir: dist });
  dashboard = `${server.url}/dashboard/`;
  // The order-events consumer and the sender over the wake-up folder, as `npm start` runs them.
  stopWebhooks = await startLocalWebhooks({
    projectRoot: PROJECT_ROOT,
    dataDir: ctx.dataDir,
    dynamoEndpoint: inject('dynamoEndpoint'),
    region: 'us-east-1',
    tableName: ctx.tableName,
  });
  // The sign-in mail is sent by the code mail sender, as `npm start` runs it.
  await startCodeMail(ctx);
  receiver = await startReceiver();
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stopWebhooks?.();
  await stopCodeMail();
  await server?.close();
  await receiver?.close();
});

/** A fresh browser context (its own sessionStorage), collecting what the console reports as errors. */
async function aVisitor(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

const anEmail = () => `webhooks-${process.pid}-${users++}@example.com`;

/** Clicks Refresh until the log shows `eventId`'s attempt with `status`, within `limitMs`. */
async function refreshUntil(page: Page, eventId: string, status: number, limitMs = 45_000) {
  const row = page.locator(`section.delivery-log tr[data-event-id="${eventId}"][data-status="${status}"]`);
  const until = Date.now() + limitMs;
  while (!(await row.isVisible())) {
    if (Date.now() > until) throw new Error(`the delivery log shows no attempt of ${eventId} with ${status} after ${limitMs} ms`);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await row.waitFor({ timeout: 1_000 }).catch(() => undefined);
  }
  return row;
}

describe('the Webhooks view in a browser', () => {
  it('registers an endpoint, shows its secret once, sends a test event the receiver verifies, logs it with 200, and deletes it', async () => {
    const { context, page, errors } = await aVisitor();
    await signIn(page, dashboard, ctx.dataDir, anEmail());

    // Empty.
    await openView(page, 'Webhooks');
    await page.getByText('You have no endpoints yet.').waitFor();
    await noAxeViolations(page, 'webhooks-empty');
    await screenshots(page, shots, 'webhooks-empty');

    // Against the local server, the hint says it takes http on this machine too.
    expect(await page.locator('#webhook-url-hint').textContent()).toContain('http://127.0.0.1:<port>/');

    // The form's own check: a URL and an event. Then the API's judgement of the URL, next to it with its code.
    const url = page.getByLabel('Endpoint URL');
    for (const box of await page.getByRole('checkbox').all()) await box.uncheck();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.locator('#webhook-url-error', { hasText: 'Enter the URL' }).waitFor();
    await page.locator('#webhook-events-error', { hasText: 'Choose at least one event.' }).waitFor();
    await page.getByRole('checkbox', { name: /order\.sold/ }).check();
    await url.fill('https://192.168.1.1/hooks');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const urlError = page.locator('#webhook-url-error', { hasText: 'INVALID_WEBHOOK_URL' });
    await urlError.waitFor();
    expect(await urlError.textContent()).toBe('192.168.1.1 is not a public address (INVALID_WEBHOOK_URL)');
    expect(await url.getAttribute('aria-invalid')).toBe('true');
    expect(await url.getAttribute('aria-describedby')).toContain('webhook-url-error');
    expect(await url.inputValue()).toBe('https://192.168.1.1/hooks');
    await noAxeViolations(page, 'webhooks-refused');

    // Registered: the secret once, the focus on it, the endpoint listed.
    for (const box of await page.getByRole('checkbox').all()) await box.check();
    await url.fill(receiver.url);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const shown = page.locator('#new-secret-value');
    await shown.waitFor();
    const secret = (await shown.textContent())!;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    receiver.secret = secret;
    await page.getByText('it is shown only now').waitFor();
    await page.locator('h3:focus', { hasText: 'Signing secret' }).waitFor();
    expect(await page.locator('#webhook-url-error').count()).toBe(0);
    expect(await url.inputValue()).toBe('');
    const row = page.locator('tr[data-webhook-id]', { hasText: receiver.url });
    await row.waitFor();
    for (const event of ['order.sold', 'order.minting', 'order.delivered', 'order.failed'])
      expect(await row.textContent()).toContain(event);
    await noAxeViolations(page, 'webhooks-secret');
    await screenshots(page, shots, 'webhooks-secret');

    // Leaving the view and coming back: the endpoint is there, its secret is not.
    await openView(page, 'API keys');
    await openView(page, 'Webhooks');
    await row.waitFor();
    expect(await shown.count()).toBe(0);
    expect(await page.content()).not.toContain(secret);
    await noAxeViolations(page, 'webhooks-endpoint');

    // A test event: its id is announced, the receiver gets it signed with the secret, the log shows it with 200.
    await row.getByRole('button', { name: 'Send test' }).click();
    const queued = page.getByRole('status').filter({ hasText: 'Test event' });
    await queued.waitFor();
    const eventId = (await queued.locator('code').textContent())!;
    expect(eventId).toMatch(/^evt_/);
    await eventually(() => receiver.received.some((r) => r.id === eventId), 'the test event arrives', 30_000);
    const arrived = receiver.received.find((r) => r.id === eventId)!;
    expect(arrived.verified).toBe(true);
    expect(arrived.type).toBe('ping');
    await page.getByRole('heading', { level: 2, name: /Delivery log of/ }).waitFor();
    const attempt = await refreshUntil(page, eventId, 200);
    const cells = await attempt.locator('td').allTextContents();
    expect(cells.slice(0, 4)).toEqual([`${eventId}ping (test)`, '—no order (a test event)', '1', '200']);
    expect(cells[4]).toMatch(/^\d+ ms$|^\d+(\.\d)? s$/);
    expect(cells[5]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC—no next attempt$/);
    // At a laptop's width the log fits: no sideways scrolling to reach Resend, each time on one line.
    const region = page.getByRole('region', { name: 'Delivery attempts' });
    expect(await region.evaluate((el: any) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await withinWidth(page, attempt.getByRole('button', { name: 'Resend' }))).toBe(true);
    for (const time of await region.locator('time').all()) expect(await renderedLines(time)).toHaveLength(1);
    await noAxeViolations(page, 'webhooks-log');
    await screenshots(page, shots, 'webhooks-log');

    // Deleted by keyboard, after confirming: the list is empty again, the log closed, the service agrees.
    await row.getByRole('button', { name: 'Delete…' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('button:focus', { hasText: 'Delete endpoint' }).waitFor();
    await noAxeViolations(page, 'webhooks-deleting');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'is deleted' }).waitFor();
    await page.getByText('You have no endpoints yet.').waitFor();
    expect(await page.locator('section.delivery-log').count()).toBe(0);
    const token = (await page.evaluate(`sessionStorage.getItem('plaque-dashboard.token')`)) as string;
    const listed = await call(server.url, 'GET', '/partner/webhooks', { headers: { authorization: `Bearer ${token}` } });
    expect(listed.json).toEqual({ webhooks: [] });

    // The browser reports the refused registration's 400 itself; nothing else went wrong on the page.
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    await context.close();
  }, 240_000);

  it(`shows the refusal of an endpoint beyond ${MAX_WEBHOOKS} above the form, with its code, and keeps what was typed`, async () => {
    const { context, page } = await aVisitor();
    await signIn(page, dashboard, ctx.dataDir, anEmail());
    const token = (await page.evaluate(`sessionStorage.getItem('plaque-dashboard.token')`)) as string;
    for (let i = 0; i < MAX_WEBHOOKS; i++) {
      const made = await call(server.url, 'POST', '/partner/webhooks', {
        headers: { authorization: `Bearer ${token}` },
        body: { url: `http://127.0.0.1:9/hooks/${i}`, events: ['order.sold'] },
      });
      expect(made.status, made.text).toBe(201);
    }
    await openView(page, 'Webhooks');
    await page
      .locator('tr[data-webhook-id]')
      .nth(MAX_WEBHOOKS - 1)
      .waitFor();
    expect(await page.locator('tr[data-webhook-id]').count()).toBe(MAX_WEBHOOKS);
    await page.getByLabel('Endpoint URL').fill('http://127.0.0.1:9/hooks/eleventh');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const refusal = page.locator('#webhook-form-error');
    await refusal.waitFor();
    expect(await refusal.getAttribute('role')).toBe('alert');
    expect(await refusal.textContent()).toBe(
      `at most ${MAX_WEBHOOKS} webhook endpoints per partner; delete one first (WEBHOOK_LIMIT_REACHED)`,
    );
    expect(await page.getByLabel('Endpoint URL').inputValue()).toBe('http://127.0.0.1:9/hooks/eleventh');
    await noAxeViolations(page, 'webhooks-limit');
    await context.close();
  }, 120_000);

  it('sends a logged event again from its row, and rotates the secret: the new one shown once, both signing during the overlap', async () => {
    const { context, page, errors } = await aVisitor();
    await signIn(page, dashboard, ctx.dataDir, anEmail());
    const token = (await page.evaluate(`sessionStorage.getItem('plaque-dashboard.token')`)) as string;
    const made = await call(server.url, 'POST', '/partner/webhooks', {
      headers: { authorization: `Bearer ${token}` },
      body: { url: receiver.url, events: ['order.sold'] },
    });
    expect(made.status, made.text).toBe(201);
    const old = made.json.secret as string;
    receiver.secret = old;
    await openView(page, 'Webhooks');
    const row = page.locator('tr[data-webhook-id]', { hasText: receiver.url });
    await row.waitFor();

    // Resend: a test event logged with 200, sent again from its row under the same webhook-id.
    await row.getByRole('button', { name: 'Send test' }).click();
    const queued = page.getByRole('status').filter({ hasText: 'Test event' });
    await queued.waitFor();
    const eventId = (await queued.locator('code').textContent())!;
    const logged = await refreshUntil(page, eventId, 200);
    await logged.getByRole('button', { name: 'Resend' }).click();
    await page.getByRole('status').filter({ hasText: 'queued for' }).filter({ hasText: 'again' }).waitFor();
    await eventually(() => receiver.received.filter((r) => r.id === eventId).length === 2, 'the event arrives again', 30_000);
    expect(receiver.received.filter((r) => r.id === eventId).every((r) => r.verified)).toBe(true);
    // The log follows by itself: the resend's attempt shows without Refresh, numbered after the first.
    const rows = page.locator(`section.delivery-log tr[data-event-id="${eventId}"]`);
    await rows.nth(1).waitFor({ timeout: 30_000 });
    expect(await rows.first().locator('td.number').first().textContent()).toBe('2');
    await noAxeViolations(page, 'webhooks-resent');

    // Rotate: the overlap chosen, the new secret shown once with the focus on it.
    await row.getByRole('button', { name: 'Rotate secret…' }).click();
    const overlap = page.getByLabel('Old secret keeps signing for');
    await page.locator('select:focus').waitFor();
    expect(await overlap.inputValue()).toBe('24');
    await noAxeViolations(page, 'webhooks-rotating');
    await overlap.selectOption('1');
    await row.getByRole('button', { name: 'Rotate secret', exact: true }).click();
    const shown = page.locator('#rotated-secret-value');
    await shown.waitFor();
    const fresh = (await shown.textContent())!;
    expect(fresh).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(fresh).not.toBe(old);
    await page.locator('h3:focus', { hasText: 'New signing secret' }).waitFor();
    await page.getByText('signed with both the old and the new secret').waitFor();
    await noAxeViolations(page, 'webhooks-rotated');
    await screenshots(page, shots, 'webhooks-rotated');

    // A receiver holding either secret accepts the next delivery.
    await row.getByRole('button', { name: 'Send test' }).click();
    const next = page.getByRole('status').filter({ hasText: 'Test event' });
    await next.waitFor();
    const nextId = (await next.locator('code').textContent())!;
    await eventually(() => receiver.received.some((r) => r.id === nextId), 'the next test event arrives', 30_000);
    const arrived = receiver.received.find((r) => r.id === nextId)!;
    expect(arrived.verified).toBe(true);
    expect(arrived.signature.split(' ')).toHaveLength(2);
    const headers = { 'webhook-id': arrived.id, 'webhook-timestamp': arrived.timestamp, 'webhook-signature': arrived.signature };
    expect(new Webhook(fresh).verify(arrived.body, headers)).toMatchObject({ type: 'ping' });

    await page.getByRole('button', { name: 'I have copied it' }).click();
    expect(await page.content()).not.toContain(fresh);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('breaks a long endpoint URL only after its slashes and dots, at a laptop’s width and a phone’s', async () => {
    const { context, page, errors } = await aVisitor();
    await signIn(page, dashboard, ctx.dataDir, anEmail());
    const token = (await page.evaluate(`sessionStorage.getItem('plaque-dashboard.token')`)) as string;
    const url = 'http://127.0.0.1:9/partners/hooks/plaques/orders-and-deliveries/receiver/production-endpoint/v2/index.json';
    const made = await call(server.url, 'POST', '/partner/webhooks', {
      headers: { authorization: `Bearer ${token}` },
      body: { url, events: ['order.sold'] },
    });
    expect(made.status, made.text).toBe(201);
    await openView(page, 'Webhooks');
    const row = page.locator('tr[data-webhook-id]', { hasText: 'production-endpoint' });
    await row.getByRole('button', { name: /^Delivery log/ }).click();
    await page.getByRole('heading', { level: 2, name: /Delivery log of/ }).waitFor();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const shown of [row.locator('code.url'), page.locator('#log-heading code.url')]) {
        const lines = await renderedLines(shown);
        expect(lines.join(''), `${width} px`).toBe(url);
        // Every line but the last ends where a URL may break: no word ("hooks", "endpoint") is cut.
        for (const line of lines.slice(0, -1)) expect(line, `${width} px: ${JSON.stringify(lines)}`).toMatch(/[/.?&=#]$/);
      }
    }
    expect(await page.locator('#log-heading code.url').evaluate((el: any) => el.getClientRects().length)).toBeGreaterThan(1);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('names in each row of the delivery log the order its event tells of, as the Orders view shows it', async () => {
    const { context, page, errors } = await aVisitor();
    await signIn(page, dashboard, ctx.dataDir, anEmail());
    const token = (await page.evaluate(`sessionStorage.getItem('plaque-dashboard.token')`)) as string;
    const headers = { authorization: `Bearer ${token}` };
    const made = await call(server.url, 'POST', '/partner/webhooks', { headers, body: { url: receiver.url, events: ['order.sold'] } });
    expect(made.status, made.text).toBe(201);
    receiver.secret = made.json.secret as string;
    // A sale of the partner's: its order.sold event goes to the endpoint.
    const profile = await call(server.url, 'GET', '/auth/profile', { headers });
    const order = soldOrder(profile.json.id as number);
    await dbOf(ctx).send(new PutCommand({ TableName: ctx.tableName, Item: toItem(order) }));
    const eventId = eventIdOf({ orderId: order.orderId, round: 0, status: 'SOLD' });

    await openView(page, 'Webhooks');
    const row = page.locator('tr[data-webhook-id]', { hasText: receiver.url });
    await row.getByRole('button', { name: /^Delivery log/ }).click();
    const logged = await refreshUntil(page, eventId, 200);
    expect(await logged.locator('code.order-id').textContent()).toBe(order.orderId);
    await noAxeViolations(page, 'webhooks-log-order');

    // The same id on the order's row of the Orders view.
    await openView(page, 'Orders');
    const ordered = page.locator(`tr[data-order-id="${order.orderId}"]`);
    expect(await ordered.locator('code.order-id').textContent()).toBe(order.orderId);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

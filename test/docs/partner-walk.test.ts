// The partner walkthroughs of docs/ run as written, one after the other as they say they continue each other: selling
// (docs/partner.md), delivery (docs/delivery.md) and webhooks (docs/webhooks.md), with bash and curl against the local
// server, its code mail sender and its delivery worker. Only the server's address and the data folder are this test's
// own; the key is revoked last, as the walkthroughs that continue from it still use it. They run twice on one server:
// for a fresh address, then for the same address signing in again with its earlier code mail in the outbox. The first
// run's server clock lags one resend interval, so the second may ask for a code at once (tokens are checked against
// the real clock, so the server's clock may lag but not lead).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESEND_INTERVAL_MS } from '#lib/accounts/verification-code.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import type { StreamPoller } from '#lib/local/stream-poller.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { mailsTo, runRecipe, shBlock } from './sh-blocks.ts';
import { startCodeMail, stopCodeMail } from '../support/code-mail.ts';
import { deliveryChain, startDeliveryWorker } from '../delivery/fixtures.ts';
import { storePlaque } from '../partner/fixtures.ts';

let ctx: AppContext;
let server: LocalServer;
let poller: StreamPoller;
/** How far the server's clock lags the real one. */
let behind = RESEND_INTERVAL_MS + 1_000;

beforeAll(async () => {
  const own = await deliveryChain();
  ctx = await freshTable({ chain: own.chain, catalogStalenessMs: 0, now: () => new Date(Date.now() - behind) });
  // As `npm start` runs them: the walkthrough waits for the code's mail and for the delivery.
  await startCodeMail(ctx);
  poller = await startDeliveryWorker(ctx);
  server = await startLocalServer({ ctx, port: 0 });
}, 60_000);
afterAll(async () => {
  await stopCodeMail();
  await poller?.stop();
  await server?.close();
});

/** Runs the three walkthroughs and the revocation, and checks each step's answer. */
async function walk(): Promise<void> {
  // Stored now, as an import stores it: the listing reads the plaques changed since the last it saw.
  const plaque = await storePlaque(ctx, { updatedAt: ctx.now().toISOString() });
  const [selling, revoke] = shBlock('docs/partner.md', '# Selling as a partner').split(/\n(?=# Revoke the key)/);
  expect(revoke).toMatch(/^# Revoke the key/);
  const delivery = shBlock('docs/delivery.md', '# Delivery and crash safety');
  const webhooks = shBlock('docs/webhooks.md', '# Order events for partners (webhooks)');
  for (const next of [delivery, webhooks]) expect(next).toMatch(/^# Continuing the partner walkthrough of docs\/partner\.md/);
  // The test's own last line: the revoked key is refused.
  const refused = 'curl -s -o /dev/null -w "%{http_code}" $B/partner/orders/$ORDER -H "x-api-key: $KEY"';
  const stdout = await runRecipe([selling, delivery, webhooks, revoke, refused].join('\n'), server.url, ctx.dataDir);
  const answers = stdout.split('\n').map((line) => (line ? (JSON.parse(line) as Record<string, any>) : null));
  const [sent, lookup, owner, sold, delivered, minted, hook, ping, attempts, endpoints, deleted, revoked, status] = answers;
  expect(sent).toMatchObject({ sentTo: 's***@example.com' });
  expect(lookup).toMatchObject({ plaqueId: plaque.id, available: true, mintable: true });
  expect(owner).toMatchObject({ username: 'plaques' });
  expect(sold).toMatchObject({ plaqueId: plaque.id, status: expect.stringMatching(/^(SOLD|MINTING|DELIVERED)$/) });
  expect(delivered).toMatchObject({ orderId: sold!.orderId, status: 'DELIVERED', txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
  expect(minted!.plaques).toEqual([expect.objectContaining({ id: plaque.id, status: 'MINTED', minted: true, tokenId: String(plaque.id) })]);
  expect(hook).toMatchObject({
    id: expect.stringMatching(/^wh_/),
    url: 'http://127.0.0.1:4000/hooks',
    secret: expect.stringMatching(/^whsec_/),
  });
  expect(ping).toMatchObject({ eventId: expect.stringMatching(/^evt_/) });
  // No sender runs here, so the ping waits in its lane and no attempt is logged yet.
  expect(attempts).toEqual({ deliveries: [] });
  expect(endpoints).toEqual({ webhooks: [expect.objectContaining({ id: hook!.id, url: hook!.url })] });
  expect([deleted, revoked]).toEqual([null, null]);
  expect(status).toBe(403);
}

describe("docs/'s partner walkthroughs", () => {
  it('run as written for a fresh address: key, lookup, prepare, buy, delivery, MINTED, a webhook endpoint, key revoked', async () => {
    expect(mailsTo(ctx.dataDir, 'shop@example.com')).toEqual([]);
    await walk();
    expect(mailsTo(ctx.dataDir, 'shop@example.com')).toHaveLength(1);
  }, 120_000);

  it('run as written for an address that signed in before, its older code mail in the outbox', async () => {
    const before = mailsTo(ctx.dataDir, 'shop@example.com').length;
    behind = 0;
    await walk();
    expect(mailsTo(ctx.dataDir, 'shop@example.com')).toHaveLength(before + 1);
  }, 120_000);
});

// The partner walkthroughs of docs/ run as written, one after the other as they say they continue each other: selling
// (docs/partner.md), delivery (docs/delivery.md) and webhooks (docs/webhooks.md), with bash and curl against the local
// server, its code mail sender and its delivery worker. Only the server's address and the data folder are this test's
// own; the key is revoked last, as the walkthroughs that continue from it still use it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import type { StreamPoller } from '#lib/local/stream-poller.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { shBlock } from './sh-blocks.ts';
import { startCodeMail, stopCodeMail } from '../support/code-mail.ts';
import { deliveryChain, startDeliveryWorker } from '../delivery/fixtures.ts';
import { storePlaque } from '../partner/fixtures.ts';

const run = promisify(execFile);

let ctx: AppContext;
let server: LocalServer;
let poller: StreamPoller;

beforeAll(async () => {
  const own = await deliveryChain();
  ctx = await freshTable({ chain: own.chain, catalogStalenessMs: 0 });
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

describe("docs/'s partner walkthroughs", () => {
  it('run as written: key, lookup, prepare, buy, delivery, the plaque MINTED, a webhook endpoint, the key revoked', async () => {
    const plaque = await storePlaque(ctx);
    const [selling, revoke] = shBlock('docs/partner.md', '# Selling as a partner').split(/\n(?=# Revoke the key)/);
    expect(revoke).toMatch(/^# Revoke the key/);
    const delivery = shBlock('docs/delivery.md', '# Delivery and crash safety');
    const webhooks = shBlock('docs/webhooks.md', '# Order events for partners (webhooks)');
    for (const next of [delivery, webhooks]) expect(next).toMatch(/^# Continuing the partner walkthrough of docs\/partner\.md/);
    // The test's own last line: the revoked key is refused.
    const refused = 'curl -s -o /dev/null -w "%{http_code}" $B/partner/orders/$ORDER -H "x-api-key: $KEY"';
    const script = [selling, delivery, webhooks, revoke, refused]
      .join('\n')
      .replace('B=http://127.0.0.1:3000', `B=${server.url}`)
      .replaceAll('.data/', `${ctx.dataDir}/`);
    // Each step's answer on its own line, and stop at the first failing command.
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', script.replace(/^(curl [^#\n]*?)(\s+#.*)?$/gm, '$1; echo$2')], {
      env: { ...process.env, LOG_LEVEL: 'SILENT' },
    });
    const answers = stdout.split('\n').map((line) => (line ? (JSON.parse(line) as Record<string, any>) : null));
    const [sent, lookup, owner, sold, delivered, minted, hook, ping, attempts, endpoints, deleted, revoked, status] = answers;
    expect(sent).toMatchObject({ sentTo: 's***@example.com' });
    expect(lookup).toMatchObject({ plaqueId: plaque.id, available: true, mintable: true });
    expect(owner).toMatchObject({ username: 'plaques' });
    expect(sold).toMatchObject({ plaqueId: plaque.id, status: expect.stringMatching(/^(SOLD|MINTING|DELIVERED)$/) });
    expect(delivered).toMatchObject({ orderId: sold!.orderId, status: 'DELIVERED', txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect(minted!.plaques).toEqual([
      expect.objectContaining({ id: plaque.id, status: 'MINTED', minted: true, tokenId: String(plaque.id) }),
    ]);
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
  }, 120_000);
});

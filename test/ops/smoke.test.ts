// `npm run smoke` against the local server over HTTP: every check passes on a healthy service, the partner dry run
// holds a plaque without buying it, and a broken service fails the run with exit code 1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { promisify } from 'node:util';
import { freePort } from '#lib/local/child-process.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { ensureServiceAccount } from '#lib/partner/service-account.ts';
import { smoke } from '#lib/ops/smoke.ts';
import { dbOf } from '#lib/db/client.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { sharedChain } from '../support/chain.ts';
import { freshTable } from '../support/db.ts';
import { aPartner, storePlaque, type TestPartner } from '../partner/fixtures.ts';

const run = promisify(execFile);

let ctx: AppContext;
let server: LocalServer;
let partner: TestPartner;
let broken: Server;
let brokenUrl: string;

beforeAll(async () => {
  ctx = await freshTable({ chain: sharedChain() });
  await ensureServiceAccount(ctx, (await ctx.chain!.minterAddress())!);
  await storePlaque(ctx, { id: 9_001, featured: true, status: 'AVAILABLE' });
  server = await startLocalServer({ ctx, port: 0 });
  partner = await aPartner(ctx);
  // A "stage" that answers 500 to everything.
  broken = createServer((_req, res) => res.writeHead(500).end('{}'));
  await new Promise<void>((done) => broken.listen(0, '127.0.0.1', done));
  brokenUrl = `http://127.0.0.1:${(broken.address() as { port: number }).port}`;
});

afterAll(async () => {
  await server.close();
  broken.close();
});

describe('smoke', () => {
  it('passes the public checks, requests a code, and runs the partner dry run up to the hold, buying nothing', async () => {
    const checks = await smoke({ base: server.url, email: 'smoke@example.com', apiKey: partner.apiKey });
    expect(checks.map((c) => [c.name, c.ok])).toEqual([
      ['listing', true],
      ['openapi', true],
      ['jwks', true],
      ['errors', true],
      ['sign-in code', true],
      ['partner: an available plaque', true],
      ['partner: lookup', true],
      ['partner: owner', true],
      ['partner: prepare (no buy)', true],
    ]);
    expect(checks.find((c) => c.name === 'partner: owner')!.detail).toContain('plaques');
    expect(checks.find((c) => c.name === 'partner: lookup')!.detail).toMatch(/key quota "daily";q=10000;w=86400, now "daily";r=\d+;t=\d+$/);
    const { plaque } = (await plaqueRepo(dbOf(ctx), ctx.tableName).getForSale(9_001))!;
    expect(plaque.status).toBe('LOCKED');
    // A second run within the minute: the code request answers 429 RESEND_TOO_SOON, which still shows the flow works.
    const again = await smoke({ base: `${server.url}/`, email: 'smoke@example.com' });
    expect(again.find((c) => c.name === 'sign-in code')).toMatchObject({ ok: true, detail: expect.stringContaining('RESEND_TOO_SOON') });
  });

  it('reports each failed check with the answer it got', async () => {
    const checks = await smoke({ base: brokenUrl });
    expect(checks.every((c) => !c.ok)).toBe(true);
    expect(checks[0]!.detail).toBe('answered 500');
  });

  it('says why a stage that does not answer got no answer: the refused connection, not only "fetch failed"', async () => {
    const stopped = await freePort();
    const checks = await smoke({ base: `http://127.0.0.1:${stopped}` });
    expect(checks[0]!.detail).toMatch(new RegExp(`^request failed: fetch failed: .*ECONNREFUSED.*127\\.0\\.0\\.1:${stopped}`));
  });
});

describe('npm run smoke', () => {
  it('prints one line per check and exits 0 on the local server, 1 against a failing one', async () => {
    const env = { ...process.env, LOG_LEVEL: 'SILENT' };
    const passed = await run('npm', ['run', '--silent', 'smoke', '--', '--base', server.url], { env });
    expect(passed.stdout).toMatch(/^✓ listing +\d+ ms {2}\d+ featured plaque\(s\)$/m);
    expect(passed.stdout).toContain(`All 4 checks passed against ${server.url}.`);
    const failed = await run('npm', ['run', '--silent', 'smoke', '--', '--base', brokenUrl], { env }).catch(
      (e: { code: number; stdout: string }) => e,
    );
    expect(failed).toMatchObject({ code: 1, stdout: expect.stringContaining('4 of 4 checks failed') });
  }, 60_000);
});

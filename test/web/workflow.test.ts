// "Getting started": the four workflow calls (look up, owner, hold, buy), the order poll and the release, against the partner's
// base URL, as curl lines a shell runs as written: pasted in order into bash against the local server, they buy a plaque.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { ensureServiceAccount } from '#lib/partner/service-account.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { sharedChain } from '../support/chain.ts';
import { freshTable } from '../support/db.ts';
import { aPartner, storePlaque, type TestPartner } from '../partner/fixtures.ts';
import { workflowCalls, workflowVariables } from '../../web/src/workflow.ts';

const run = promisify(execFile);

describe('workflowCalls', () => {
  it('names the partner operations against the base URL, with the key header, however the base URL ends', () => {
    for (const base of ['https://abc.execute-api.eu-west-1.amazonaws.com/v1', 'https://abc.execute-api.eu-west-1.amazonaws.com/v1/']) {
      const commands = workflowCalls(base).map((c) => c.command);
      expect(commands).toHaveLength(6);
      for (const command of commands) {
        expect(command).toMatch(/^(?:(?:RESERVATION|ORDER)=\$\()?curl -s /);
        expect(command).toContain('"https://abc.execute-api.eu-west-1.amazonaws.com/v1/partner/');
        expect(command).toContain('-H "x-api-key: $KEY"');
      }
      expect(commands[0]).toContain('/partner/plaques/$PLAQUE/lookup"');
      expect(commands[1]).toContain('/partner/plaques/$PLAQUE/owner"');
      expect(commands[2]).toMatch(/-X POST ".*\/partner\/plaques\/\$PLAQUE\/prepare"/);
      expect(commands[3]).toMatch(/-X POST ".*\/partner\/plaques\/\$PLAQUE\/buy"/);
      expect(commands[3]).toContain('-H "idempotency-key: checkout-$RESERVATION"');
      expect(commands[4]).toContain('/partner/orders/$ORDER"');
      expect(commands[5]).toMatch(/-X DELETE ".*\/partner\/reservations\/\$RESERVATION"/);
    }
  });

  it('sends JSON bodies the shell expands into the documented members', () => {
    const [, , hold, buy] = workflowCalls('http://127.0.0.1:3000/');
    expect(hold!.command).toContain(`-d "{\\"buyerWallet\\":\\"$WALLET\\"}"`);
    expect(buy!.command).toContain(`-d "{\\"reservationId\\":\\"$RESERVATION\\",\\"buyerWallet\\":\\"$WALLET\\"}"`);
  });

  it('starts with the variables the calls use', () => {
    const lines = workflowVariables('http://127.0.0.1:3000/', null).split('\n');
    expect(lines.map((l) => l.split('=')[0])).toEqual(['KEY', 'PLAQUE', 'WALLET']);
    expect(lines[1]).toContain('"http://127.0.0.1:3000/plaques/featured?filters[status][]=AVAILABLE&limit=1"');
    expect(workflowVariables('http://127.0.0.1:3000', 'pk_live_ab')).toContain('KEY=pk_live_ab…');
  });
});

describe('the workflow pasted into a shell', () => {
  let ctx: AppContext;
  let server: LocalServer;
  let partner: TestPartner;
  beforeAll(async () => {
    // The listing answers from a projection synced within its staleness bound (CATALOG_STALENESS_MS): the second call
    // picks the plaque stored just before it, so this table's listing syncs on every page.
    ctx = await freshTable({ chain: sharedChain(), catalogStalenessMs: 0 });
    await ensureServiceAccount(ctx, (await ctx.chain!.minterAddress())!);
    // A plaque held for sale and one available: the variables pick the available one.
    await storePlaque(ctx, { id: 9_101, featured: true, status: 'SOLD' });
    await storePlaque(ctx, { id: 9_102, featured: true, status: 'AVAILABLE' });
    server = await startLocalServer({ ctx, port: 0 });
    partner = await aPartner(ctx);
  }, 60_000);
  afterAll(async () => server?.close());

  it('holds and buys an available plaque, each step taking what the one before it kept', async () => {
    const variables = workflowVariables(server.url, null).replace(/^KEY=.*$/m, `KEY=${partner.apiKey}`);
    const [lookup, owner, hold, buy, follow] = workflowCalls(server.url).map((call) => call.command);
    const script = [variables, lookup, owner, hold, buy, follow, 'echo', 'echo "PLAQUE=$PLAQUE RESERVATION=$RESERVATION ORDER=$ORDER"'];
    const { stdout } = await run('bash', ['-c', script.join('\n')], { timeout: 60_000 });
    const kept = stdout.trim().split('\n').at(-1)!;
    expect(kept).toMatch(/^PLAQUE=9102 RESERVATION=res_9102_\S+ ORDER=ord_\S+$/);
    const orderId = kept.split('ORDER=')[1]!;
    // The last call printed the order the buy made.
    expect(stdout).toContain(`"orderId":"${orderId}"`);
  }, 90_000);

  it('holds another plaque for the same key and releases the hold, the plaque available again', async () => {
    // Stored now, as an import stores it: the listing reads the plaques changed since the last it saw.
    await storePlaque(ctx, { id: 9_103, featured: true, status: 'AVAILABLE', updatedAt: ctx.now().toISOString() });
    const variables = workflowVariables(server.url, null).replace(/^KEY=.*$/m, `KEY=${partner.apiKey}`);
    const [lookup, owner, hold, , , release] = workflowCalls(server.url).map((call) => call.command);
    const script = [variables, lookup, owner, hold, release, 'echo', 'echo "PLAQUE=$PLAQUE RESERVATION=$RESERVATION"'];
    const { stdout } = await run('bash', ['-c', script.join('\n')], { timeout: 60_000 });
    expect(stdout.trim().split('\n').at(-1)).toMatch(/^PLAQUE=9103 RESERVATION=res_9103_\S+$/);
    const after = await fetch(`${server.url}/partner/plaques/9103/lookup`, { headers: { 'x-api-key': partner.apiKey } });
    expect(await after.json()).toMatchObject({ plaqueId: 9_103, available: true });
  }, 90_000);
});

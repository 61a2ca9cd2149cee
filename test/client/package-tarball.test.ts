// The client package as a partner installs it: `npm run client:pack`'s tarball installed into an empty project outside
// this repository (its dependencies from the npm cache `npm ci` filled), a TypeScript partner flow type-checked against
// the declarations it ships, then run with plain node against the local server.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { projectRoot } from '../../infra/bundling.ts';
import { packClient } from '../../packages/client/scripts/pack.ts';
import { sharedChain } from '../support/chain.ts';
import { freshTable } from '../support/db.ts';
import { aPartner, aWallet, storePlaque, type TestPartner } from '../partner/fixtures.ts';

const run = promisify(execFile);
const bin = (name: string) => path.join(projectRoot, 'node_modules', '.bin', name);

let ctx: AppContext;
let server: LocalServer;
let partner: TestPartner;
let project: string;

beforeAll(async () => {
  ctx = await freshTable({ chain: sharedChain() });
  server = await startLocalServer({ ctx, port: 0 });
  partner = await aPartner(ctx);
  project = mkdtempSync(path.join(tmpdir(), 'plaque-client-'));
});

afterAll(async () => {
  await server?.close();
  if (project) rmSync(project, { recursive: true, force: true });
});

/** README's three lines of a partner's sale (its "Call it" section), as a partner pastes them. */
function readmeFlow(): string {
  const readme = readFileSync(path.join(projectRoot, 'README.md'), 'utf8');
  const block = [...readme.slice(readme.indexOf('## Call it')).matchAll(/```ts\n([\s\S]*?)```/g)][0]?.[1];
  if (!block?.includes('createPlaqueClient')) throw new Error('README\'s "Call it" has no client package example');
  return block.replace("'http://127.0.0.1:3000'", 'BASE_URL').replaceAll('42', 'PLAQUE_ID');
}

// What a partner writes: README's lines, then the order read back, the ledger paged through, a refusal caught.
const flow = () => `import { createPlaqueClient, PlaqueApiError, type Order } from '@plaque-marketplace/client';

const { BASE_URL, API_KEY: apiKey, PLAQUE_ID, BUYER_WALLET: buyerWallet } = process.env as Record<string, string>;

${readmeFlow()}
const read: Order = await plaques.order(order.orderId);
const entries: string[] = [];
for await (const entry of plaques.items('/partner/ledger', 'entries', { query: { limit: 1 } })) entries.push(entry.type);
const again = await plaques.prepare(PLAQUE_ID, { buyerWallet }).catch((error: unknown) => error);
console.log(JSON.stringify({ order: read, entries, refused: again instanceof PlaqueApiError ? again.code : String(again) }));
`;

describe('the client package’s tarball', () => {
  it('installs into an empty project, type-checks a partner flow, and runs it with node', async () => {
    const tarball = await packClient();
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'a-partner-shop', private: true, type: 'module' }));
    // Without npm's own variables of the `npm test` running this, which name this repository as the project.
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')));
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], { cwd: project, env, timeout: 300_000 });
    const installed = JSON.parse(readFileSync(path.join(project, 'node_modules', '@plaque-marketplace', 'client', 'package.json'), 'utf8'));
    expect(installed.exports['.']).toEqual({ types: './dist/index.d.ts', default: './dist/index.js' });

    writeFileSync(path.join(project, 'flow.ts'), flow());
    writeFileSync(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          types: ['node'],
          typeRoots: [path.join(projectRoot, 'node_modules', '@types')],
          outDir: 'out',
        },
        files: ['flow.ts'],
      }),
    );
    // A type error against the shipped declarations fails here; tsc writes its JavaScript into the out folder for node.
    await run(bin('tsc'), ['-p', 'tsconfig.json'], { cwd: project, timeout: 120_000 }).catch((error: { stdout?: string }) => {
      throw new Error(`the partner flow does not type-check against the package:\n${error.stdout ?? String(error)}`);
    });

    const plaque = await storePlaque(ctx, { status: 'AVAILABLE' });
    const buyerWallet = aWallet();
    const { stdout } = await run(process.execPath, [path.join('out', 'flow.js')], {
      cwd: project,
      timeout: 120_000,
      env: { ...process.env, BASE_URL: server.url, API_KEY: partner.apiKey, PLAQUE_ID: String(plaque.id), BUYER_WALLET: buyerWallet },
    });
    const seen = JSON.parse(stdout.trim().split('\n').at(-1)!);
    expect(seen.order).toMatchObject({ plaqueId: plaque.id, buyerWallet, status: expect.stringMatching(/^(SOLD|MINTING|DELIVERED)$/) });
    expect(seen.entries).toEqual(['sale']);
    expect(seen.refused).toBe('NOT_AVAILABLE');
  }, 600_000);
});

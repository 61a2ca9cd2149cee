// The published document as a partner uses it: types generated with openapi-typescript, a client script on
// openapi-fetch (test/http/openapi-client/client.ts) type-checked against them with tsc, then run against the local
// server: the listing with array filters, sign-in by emailed code, and the whole partner flow.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { outboxDir } from '#lib/mail/mailer.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { projectRoot } from '../../infra/bundling.ts';
import { sharedChain } from '../support/chain.ts';
import { freshTable } from '../support/db.ts';
import { startCodeMail, stopCodeMail } from '../support/code-mail.ts';
import { aWallet, storePlaque } from '../partner/fixtures.ts';

const run = promisify(execFile);
const bin = (name: string) => path.join(projectRoot, 'node_modules', '.bin', name);
// Inside the project, so the script resolves openapi-fetch from its node_modules; git-ignored.
const dir = path.join(projectRoot, '.build', 'openapi-client');

let ctx: AppContext;
let server: LocalServer;

beforeAll(async () => {
  ctx = await freshTable({ chain: sharedChain() });
  await startCodeMail(ctx);
  server = await startLocalServer({ ctx, port: 0 });
  await storePlaque(ctx, { id: 7001, condition: 'VIRGIN', status: 'AVAILABLE' });
  await storePlaque(ctx, { id: 7002, condition: 'DAMAGED', status: 'AVAILABLE' });
  // Filtered out: another condition, another status.
  await storePlaque(ctx, { id: 7003, condition: 'VIRGIN', status: 'SOLD' });
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
});

afterAll(async () => {
  await stopCodeMail();
  await server?.close();
});

describe('a client generated from the OpenAPI document', () => {
  it('type-checks against the generated types and runs the listing, sign-in and partner flows', async () => {
    const document = await (await fetch(`${server.url}/openapi.json`)).text();
    writeFileSync(path.join(dir, 'openapi.json'), document);
    await run(bin('openapi-typescript'), ['openapi.json', '--output', 'schema.d.ts'], { cwd: dir, timeout: 60_000 });
    copyFileSync(path.join(projectRoot, 'test', 'http', 'openapi-client', 'client.ts'), path.join(dir, 'client.ts'));
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noUncheckedIndexedAccess: true,
          types: ['node'],
          typeRoots: [path.join(projectRoot, 'node_modules', '@types')],
          noEmit: true,
          skipLibCheck: true,
        },
        files: ['client.ts', 'schema.d.ts'],
      }),
    );
    // A type error (a member the document does not declare, a wrong enum value) fails here.
    await run(bin('tsc'), ['-p', 'tsconfig.json'], { cwd: dir, timeout: 120_000 }).catch((error: { stdout?: string }) => {
      throw new Error(`the client does not type-check against the generated types:\n${error.stdout ?? String(error)}`);
    });

    const buyerWallet = aWallet();
    const { stdout } = await run(bin('tsx'), ['client.ts'], {
      cwd: dir,
      timeout: 120_000,
      env: {
        ...process.env,
        BASE_URL: server.url,
        OUTBOX_DIR: outboxDir(ctx.dataDir),
        EMAIL: 'generated-client@example.com',
        BUYER_WALLET: buyerWallet,
      },
    });
    const seen = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, any>;
    expect(seen.listed).toEqual([
      { id: 7001, status: 'AVAILABLE', condition: 'VIRGIN' },
      { id: 7002, status: 'AVAILABLE', condition: 'DAMAGED' },
    ]);
    expect(seen.listedCount).toBe(2);
    expect(seen.searched).toEqual(['AVAILABLE', 'AVAILABLE']);
    expect(seen.sentTo).toBe('g***@example.com');
    expect(seen.signedInAs).toBe('generated-client@example.com');
    expect(seen.profileEmail).toBe('generated-client@example.com');
    expect(seen.lookup).toEqual({ plaqueId: 7001, available: true, status: 'AVAILABLE' });
    expect(seen.owner).toEqual({ plaqueId: 7001 });
    expect(seen.reservation.tokenStandard).toBeTruthy();
    expect(seen.sale).toEqual({ status: 'SOLD', plaqueStatus: 'SOLD' });
    expect(seen.order).toMatchObject({ status: 'SOLD', plaqueId: 7001 });
    expect(seen.refused).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(seen.token).toEqual({ status: 404, code: 'TOKEN_NOT_FOUND' });
    expect(seen.imageSet).toBe(true);
  }, 240_000);
});

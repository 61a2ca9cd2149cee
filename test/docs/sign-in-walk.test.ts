// The sign-in walkthrough of docs/sign-in.md, run as written with bash and curl against the local server: only the server's
// address and the data folder are this test's own. The upload step sends the image the repository provides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { shBlock } from './sh-blocks.ts';
import { startCodeMail, stopCodeMail } from '../support/code-mail.ts';

const run = promisify(execFile);

let ctx: AppContext;
let server: LocalServer;

beforeAll(async () => {
  ctx = await freshTable();
  // As `npm start` runs it: the walkthrough waits for the mail it sends.
  await startCodeMail(ctx);
  server = await startLocalServer({ ctx, port: 0 });
});
afterAll(async () => {
  await stopCodeMail();
  await server.close();
});

describe("docs/sign-in.md's walkthrough", () => {
  it('runs as written for an address that signed in before: code, token, profile, image upload with a password, login', async () => {
    // The address's earlier sign-in left its code mail in the outbox: the walkthrough must wait for the new one.
    mkdirSync(join(ctx.dataDir, 'outbox'), { recursive: true });
    const earlier = { to: 'ada@example.com', subject: 'Your sign-in code', text: 'Your code is 000000.', code: '000000' };
    writeFileSync(join(ctx.dataDir, 'outbox', `${Date.now() - 86_400_000}-ada@example.com.json`), JSON.stringify(earlier));
    const steps = shBlock('docs/sign-in.md', '# Signing in locally');
    expect(steps).toContain('-F image=@docs/avatar.png');
    const script = steps.replace('B=http://127.0.0.1:3000', `B=${server.url}`).replaceAll('.data/', `${ctx.dataDir}/`);
    // Each step's answer on its own line, and stop at the first failing command.
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', script.replace(/^(curl [^#\n]*?)(\s+#.*)?$/gm, '$1; echo$2')], {
      env: { ...process.env, LOG_LEVEL: 'SILENT' },
    });
    const answers = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, any>);
    expect(answers[0]).toMatchObject({ sentTo: 'a***@example.com' });
    expect(answers[1]).toMatchObject({ email: 'ada@example.com', emailVerify: true });
    expect(answers[2]).toMatchObject({ username: 'ada', image: expect.stringMatching(/\/_media\/users\/\d+\/.+\.png$/) });
    expect(answers[3]).toMatchObject({ user: { email: 'ada@example.com' }, token: expect.any(String) });
    // The uploaded image is the repository's file, served back byte for byte.
    const image = await fetch(String(answers[2]!.image).replace('http://127.0.0.1:3000', server.url));
    expect(Buffer.from(await image.arrayBuffer()).equals(readFileSync('docs/avatar.png'))).toBe(true);
  }, 60_000);
});

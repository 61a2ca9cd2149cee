// The sign-in walkthrough of docs/sign-in.md, run as written with bash and curl against the local server: only the server's
// address and the data folder are this test's own. The upload step sends the image the repository provides. It runs
// twice on one server: for a fresh address, then for the same address signing in again, with its earlier code mails
// in the outbox. The first walk runs on a server clock one resend interval behind, so the second may ask for a code
// at once (tokens are checked against the real clock, so the server's clock may lag but not lead).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { RESEND_INTERVAL_MS } from '#lib/accounts/verification-code.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { mailsTo, runRecipe, shBlock } from './sh-blocks.ts';
import { startCodeMail, stopCodeMail } from '../support/code-mail.ts';

let ctx: AppContext;
let server: LocalServer;
/** How far the server's clock lags the real one. */
let behind = RESEND_INTERVAL_MS + 1_000;

beforeAll(async () => {
  ctx = await freshTable({ now: () => new Date(Date.now() - behind) });
  // As `npm start` runs it: the walkthrough waits for the mail it sends.
  await startCodeMail(ctx);
  server = await startLocalServer({ ctx, port: 0 });
});
afterAll(async () => {
  await stopCodeMail();
  await server.close();
});

/** Runs the walkthrough and checks each step's answer. */
async function walk(): Promise<void> {
  const steps = shBlock('docs/sign-in.md', '# Signing in locally');
  expect(steps).toContain('-F image=@docs/avatar.png');
  const answers = (await runRecipe(steps, server.url, ctx.dataDir))
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
}

describe("docs/sign-in.md's walkthrough", () => {
  it('runs as written for a fresh address: code, token, profile, image upload with a password, login', async () => {
    expect(mailsTo(ctx.dataDir, 'ada@example.com')).toEqual([]);
    await walk();
    expect(mailsTo(ctx.dataDir, 'ada@example.com')).toHaveLength(1);
  }, 60_000);

  it('runs as written for an address that signed in before, its older code mails in the outbox', async () => {
    // An older sign-in's mail besides the one of the walk above, should this test run alone.
    mkdirSync(join(ctx.dataDir, 'outbox'), { recursive: true });
    const earlier = { to: 'ada@example.com', subject: 'Your sign-in code', text: 'Your code is 000000.', code: '000000' };
    writeFileSync(join(ctx.dataDir, 'outbox', `${Date.now() - 86_400_000}-ada@example.com.json`), JSON.stringify(earlier));
    const before = mailsTo(ctx.dataDir, 'ada@example.com').length;
    behind = 0;
    await walk();
    expect(mailsTo(ctx.dataDir, 'ada@example.com')).toHaveLength(before + 1);
  }, 60_000);
});

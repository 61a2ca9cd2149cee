// README.md's "Call it" and every walkthrough of docs/, pasted in the order README gives them into one bash session
// against a real `npm start` (its own data folder and ports, which the recipes take from PORT and DATA_DIR as a user's
// shell would have them): signing in, selling with a key, a read key rolled and revoked, a hold released, the order
// followed to delivery, its webhook events, feed, resend and secret rotation, and the minted token's metadata. Twice:
// for fresh addresses, then for the same addresses with a code asked for less than a minute before, which the
// recipes wait out (429 RESEND_TOO_SOON, Retry-After). A wait that never ends, or a step that answers something else,
// fails here. A walkthrough document's blocks are its recipe, except those of operators' `npm run ops` commands,
// which name placeholders (`ord_…`) and are held to the command line by commands.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '#lib/local/child-process.ts';

const run = promisify(execFile);
const README = readFileSync('README.md', 'utf8');

/** The walkthrough documents, in the order README's "Call it" names them. */
function readingOrder(): string[] {
  const paragraph = README.slice(README.indexOf('Walkthroughs, each a recipe'), README.indexOf('## Test it'));
  return [...paragraph.matchAll(/\]\((docs\/[\w-]+\.md)\)/g)].map((link) => link[1]!);
}

/** The sh blocks of a document, in order. */
const shBlocks = (text: string): string[] => [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((block) => block[1]!);

/** Whether every command of a block is an operator's `npm run ops` line (a reference, not part of the walkthrough). */
const isOpsReference = (block: string): boolean =>
  block
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.replace(/(^|\s+)#.*$/, '').trim())
    .filter(Boolean)
    .every((line) => line.startsWith('npm run ops -- '));

/** README's "Call it" block, then each walkthrough document's recipe blocks. */
function recipe(): { doc: string; block: string }[] {
  const callIt = shBlocks(README.slice(README.indexOf('## Call it')))[0]!;
  return [
    { doc: 'README.md', block: callIt },
    ...readingOrder().flatMap((doc) =>
      shBlocks(readFileSync(doc, 'utf8'))
        .filter((block) => !isOpsReference(block))
        .map((block) => ({ doc, block })),
    ),
  ];
}

/**
 * The JSON values of one line of output, one after the other (a 429 and the answer to curl's retry of it share a
 * line); a line of anything else is itself, an empty line (a 204's) nothing.
 */
function jsonValues(line: string): unknown[] {
  const values: unknown[] = [];
  let depth = 0;
  let start = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (depth++ === 0) start = i;
    } else if ((c === '}' || c === ']') && --depth === 0) values.push(JSON.parse(line.slice(start, i + 1)));
  }
  if (depth === 0 && values.length > 0) return values;
  return line.trim() ? [line.trim()] : [];
}

let npm: ChildProcess;
let output = '';
const env: Record<string, string> = {};
const dataDir = mkdtempSync(join(tmpdir(), 'plaque-walkthroughs-'));

beforeAll(async () => {
  Object.assign(env, {
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    DYNAMODB_PORT: String(await freePort()),
    ANVIL_PORT: String(await freePort()),
  });
  // As a terminal's job: its own process group, so a failed run takes all of it down.
  npm = spawn('npm', ['start'], { env: { ...process.env, ...env, LOG_LEVEL: 'WARN' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  npm.stdout!.on('data', (chunk) => (output += chunk));
  npm.stderr!.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 240_000;
  while (!/listening on http/.test(output)) {
    if (npm.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not listen:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}, 300_000);

afterAll(async () => {
  if (!npm || npm.exitCode !== null) return;
  const exited = new Promise((done) => npm.once('exit', done));
  npm.kill('SIGTERM');
  const timer = setTimeout(() => process.kill(-npm.pid!, 'SIGKILL'), 60_000);
  await exited;
  clearTimeout(timer);
}, 90_000);

const base = () => `http://127.0.0.1:${env['PORT']}`;

/** Pastes the whole recipe into one bash session (no -e: a paste goes on after a failing command) and reads its answers. */
async function paste(): Promise<{ answers: unknown[][]; stdout: string }> {
  const script = join(mkdtempSync(join(tmpdir(), 'plaque-paste-')), 'session.sh');
  writeFileSync(
    script,
    recipe()
      .map(({ block }) => block)
      .join('\n'),
  );
  const { stdout } = await run('bash', [script], { env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024, timeout: 540_000 });
  return { answers: stdout.replace(/\n$/, '').split('\n').map(jsonValues), stdout };
}

/**
 * Makes sure `email` asked for a code less than a minute ago: it asks for one as a client would and waits until its
 * mail is in the outbox, unless a 429 says the last request was recent enough (with more than 10 s of it left).
 */
async function askForCode(email: string): Promise<void> {
  const mails = () => readdirSync(join(dataDir, 'outbox')).filter((name) => name.endsWith(`-${email}.json`)).length;
  const before = mails();
  const ask = () =>
    fetch(`${base()}/auth/email-verification-code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
  let sent = await ask();
  if (sent.status === 429) {
    const wait = Number(sent.headers.get('retry-after'));
    if (wait > 10) return;
    await new Promise((r) => setTimeout(r, wait * 1000));
    sent = await ask();
  }
  expect(sent.status, await sent.text()).toBe(202);
  for (let i = 0; i < 300 && mails() === before; i++) await new Promise((r) => setTimeout(r, 100));
  expect(mails()).toBe(before + 1);
}

/** Checks every answer of one paste, in order; `returning`: ada's code request meets a 429 first. */
function expectWalk(answers: unknown[][], stdout: string, returning: boolean): void {
  let at = 0;
  const next = (): any[] => {
    expect(at, `an answer after line ${at} of:\n${stdout}`).toBeLessThan(answers.length);
    return answers[at++]! as any[];
  };
  const one = (): any => {
    const values = next();
    expect(values, `line ${at}`).toHaveLength(1);
    return values[0];
  };
  const empty = () => expect(next(), `line ${at}: a 204's empty line`).toEqual([]);
  /** A code request's line: the 202, after a 429 RESEND_TOO_SOON when the address asked within the minute. */
  const codeSent = (masked: string, waited: boolean | 'maybe') => {
    const values = next();
    const sent = values.at(-1);
    expect(sent, `line ${at}`).toMatchObject({ sentTo: masked });
    if (waited !== 'maybe') expect(values, `line ${at}`).toHaveLength(waited ? 2 : 1);
    if (values.length === 2) expect(values[0]).toMatchObject({ status: 429, code: 'RESEND_TOO_SOON' });
  };

  // README: the listing twice, the OpenAPI document, the collection.
  expect(one().plaques).toHaveLength(2);
  expect(one().plaques.map((p: { condition: string }) => p.condition)).toSatisfy((c: string[]) => c.every((x) => x === 'VIRGIN'));
  expect(one()).toMatchObject({ openapi: '3.1.0' });
  expect(one()).toMatchObject({ name: expect.any(String) });
  // docs/sign-in.md
  codeSent('a***@example.com', returning);
  expect(one()).toMatchObject({ email: 'ada@example.com', emailVerify: true });
  expect(one()).toMatchObject({ username: 'ada', image: expect.stringMatching(/\/_media\/users\/\d+\/.+\.png$/) });
  expect(one()).toMatchObject({ user: { email: 'ada@example.com' }, token: expect.any(String) });
  // docs/partner.md: selling
  codeSent('s***@example.com', returning ? 'maybe' : false);
  const lookup = one();
  expect(lookup).toMatchObject({ available: true, mintable: true });
  const id = lookup.plaqueId as number;
  expect(one()).toMatchObject({ username: 'plaques' });
  const sold = one();
  expect(sold).toMatchObject({ plaqueId: id, status: expect.stringMatching(/^(SOLD|MINTING|DELIVERED)$/) });
  // the read key: reads, cannot hold, rolled, listed, revoked
  expect(one()).toMatchObject({ orderId: sold.orderId });
  expect(one()).toMatchObject({ status: 403, code: 'KEY_SCOPE_INSUFFICIENT' });
  expect(one()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  expect(one().keys).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Storefront', scope: 'read' })]));
  empty();
  expect(one()).toMatchObject({ status: 403 });
  // the audit log: those changes, newest first
  expect(one().entries.map((e: { action: string }) => e.action)).toEqual([
    'api_key.revoked',
    'api_key.rolled',
    'api_key.created',
    'api_key.created',
  ]);
  // a hold released
  empty();
  const released = one();
  expect(released).toMatchObject({ available: true });
  expect(released.plaqueId).not.toBe(id);
  // docs/delivery.md
  expect(one()).toMatchObject({ orderId: sold.orderId, status: 'DELIVERED', txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
  expect(one()).toMatchObject({ id, status: 'MINTED', minted: true, tokenId: String(id) });
  // docs/webhooks.md
  const hook = one();
  expect(hook).toMatchObject({ id: expect.stringMatching(/^wh_/), secret: expect.stringMatching(/^whsec_/) });
  expect(one()).toMatchObject({ eventId: expect.stringMatching(/^evt_/) });
  expect(one()).toMatchObject({ deliveries: expect.any(Array) });
  expect(one().webhooks).toEqual(expect.arrayContaining([expect.objectContaining({ id: hook.id })]));
  const feed = one();
  expect(feed.events[0]).toMatchObject({ id: expect.stringMatching(/^evt_/), data: { orderId: sold.orderId } });
  expect(one()).toMatchObject({ eventId: expect.stringMatching(/^evt_/) });
  expect(one()).toMatchObject({ secret: expect.stringMatching(/^whsec_/) });
  empty();
  // docs/tokens.md
  const metadata = one();
  expect(metadata).toMatchObject({ name: expect.any(String), properties: { plaqueId: id } });
  expect(one()).toEqual(metadata);
  expect(next()).toEqual([expect.stringMatching(/^access-control-allow-origin: \*\s*$/i)]);
  expect(at, `no answer left over in:\n${stdout}`).toBe(answers.length);
}

describe('README and the walkthroughs of docs/, pasted in order into one shell', () => {
  it('reads the documents in README’s order, every walkthrough block but the operators’ references', () => {
    expect(readingOrder()).toEqual(['docs/sign-in.md', 'docs/partner.md', 'docs/delivery.md', 'docs/webhooks.md', 'docs/tokens.md']);
    const blocks = recipe();
    expect(blocks.map((b) => b.doc)).toEqual([
      'README.md',
      'docs/sign-in.md',
      'docs/partner.md',
      'docs/partner.md',
      'docs/partner.md',
      'docs/delivery.md',
      'docs/webhooks.md',
      'docs/tokens.md',
    ]);
    // delivery.md's second block is the operators' commands, run by commands.test.ts.
    expect(shBlocks(readFileSync('docs/delivery.md', 'utf8')).filter(isOpsReference)).toHaveLength(1);
  });

  it('runs to the end for fresh addresses', async () => {
    const { answers, stdout } = await paste();
    expectWalk(answers, stdout, false);
  }, 600_000);

  it('runs to the end again for the same addresses, ada’s code asked for less than a minute before (429, waited out)', async () => {
    await askForCode('ada@example.com');
    const { answers, stdout } = await paste();
    expectWalk(answers, stdout, true);
  }, 600_000);
});

// The local runtime's logs as a person sees them: readable lines at a terminal (a real pseudo-terminal, through
// util-linux `script`), structured JSON with LOG_FORMAT=json; and the server's own answers (404, 405, 413, 431) logged
// like every other request.
import { afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '#lib/local/child-process.ts';
import { readableLine } from '#lib/local/readable-log.ts';

const children: ChildProcess[] = [];
afterEach(async () => {
  await Promise.all(
    children.splice(0).map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }),
  );
}, 20_000);

/** `npm start`'s server process at a terminal: `script` gives it a pseudo-terminal as stdout. */
async function startAtTerminal(env: Record<string, string>): Promise<{ url: string; output: () => string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn('script', ['-qfec', 'node --import tsx lib/local/start.ts', '/dev/null'], {
    env: {
      ...process.env,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'plaque-logs-')),
      PORT: String(port),
      DYNAMODB_PORT: String(await freePort()),
      ANVIL_PORT: String(await freePort()),
      LOG_LEVEL: 'INFO',
      ...env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const deadline = Date.now() + 90_000;
  while (!/listening on http/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`no start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url: `http://127.0.0.1:${port}`, output: () => output.replace(/\r/g, ''), child };
}

/** Sends a request head of `headerBytes` (431 once over 16 KB). */
const bigHeaders = (url: string, headerBytes: number) =>
  new Promise<number>((done, fail) => {
    const req = request(`${url}/plaques/featured`, { headers: { 'x-padding': 'a'.repeat(headerBytes) } }, (res) => {
      res.resume();
      done(res.statusCode!);
    });
    req.on('error', fail);
    req.end();
  });

async function traffic(url: string): Promise<void> {
  expect((await fetch(`${url}/plaques/featured?limit=1`)).status).toBe(200);
  expect((await fetch(`${url}/no-such-route`)).status).toBe(404);
  expect((await fetch(`${url}/partner/plaques/1/lookup`)).status).toBe(403);
  expect((await fetch(`${url}/plaques/featured`, { method: 'DELETE' })).status).toBe(405);
  expect((await fetch(`${url}/auth/profile`, { method: 'POST', body: new Uint8Array(7 * 1024 * 1024) })).status).toBe(413);
  expect(await bigHeaders(url, 20_000)).toBe(431);
  await new Promise((r) => setTimeout(r, 300));
}

describe('local logs', () => {
  it('prints readable lines at a terminal: time, level, method, path, status, duration and request id, its own answers included', async () => {
    const server = await startAtTerminal({});
    await traffic(server.url);
    const lines = server.output().split('\n');
    const time = '\\d{2}:\\d{2}:\\d{2}\\.\\d{3}';
    const id = '[0-9a-f-]{36}';
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${time} INFO  GET /plaques/featured 200 \\d+ ms ${id}$`)));
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^${time} INFO  GET /no-such-route 404 \\d+ ms NOT_FOUND \\(request refused\\) ${id}$`)),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^${time} INFO  GET /partner/plaques/1/lookup 403 \\d+ ms FORBIDDEN \\(request refused\\) ${id}$`)),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^${time} INFO  DELETE /plaques/featured 405 \\d+ ms METHOD_NOT_ALLOWED`)),
    );
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${time} INFO  POST /auth/profile 413 \\d+ ms PAYLOAD_TOO_LARGE`)));
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^${time} INFO  request refused status=431 code=REQUEST_HEADERS_TOO_LARGE ${id}$`)),
    );
    expect(server.output()).not.toContain('"level":"INFO"');
    // One line per start-up step, with its duration.
    for (const step of [
      'data folder',
      'ports',
      'database',
      'contract compile',
      'chain',
      'contract deploy',
      'migrations',
      'seeding',
      'listening',
    ]) {
      expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^✓ ${step} +\\d+\\.\\d+ s `)));
    }
  }, 150_000);

  it('keeps the structured JSON lines at a terminal with LOG_FORMAT=json', async () => {
    const server = await startAtTerminal({ LOG_FORMAT: 'json' });
    await traffic(server.url);
    const entries = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toContainEqual(
      expect.objectContaining({ level: 'INFO', message: 'request', method: 'GET', path: '/plaques/featured', status: 200 }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({ message: 'request refused', path: '/no-such-route', status: 404, code: 'NOT_FOUND' }),
    );
    expect(entries).toContainEqual(expect.objectContaining({ message: 'request refused', status: 431, code: 'REQUEST_HEADERS_TOO_LARGE' }));
    for (const entry of entries)
      expect(entry).toMatchObject({ service: 'plaque-api', timestamp: expect.any(String), requestId: expect.any(String) });
  }, 150_000);
});

describe('readableLine', () => {
  it('writes any other entry as its message and its members, and an error with its stack under it', () => {
    const line = readableLine({
      level: 'ERROR',
      message: 'delivery failed',
      timestamp: '2026-01-02T03:04:05.006Z',
      service: 'plaque-api',
      orderId: 'ord_1',
      detail: 'two words',
      error: { name: 'Error', message: 'boom', stack: 'Error: boom\n    at here' },
    });
    const [first, ...rest] = line.split('\n');
    expect(first).toMatch(/^\d{2}:\d{2}:\d{2}\.006 ERROR delivery failed orderId=ord_1 detail="two words"$/);
    expect(rest).toEqual(['  Error: boom', '      at here']);
  });
});

// The local server's edges, over raw sockets where a client library would not send the request: a request without
// Host, a request head over 16 KB as it stands on the wire, a body that breaks off or is malformed, missing files under
// /_media/ and /dashboard/, and HEAD on media. Each gets a problem+json answer with an x-request-id (HEAD: the headers
// GET would give) and one log line saying what the client got.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { connect } from 'node:net';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { logger, printLogsWith } from '#lib/runtime/logger.ts';
import { MAX_HEADER_BYTES } from '#lib/http/routes.ts';
import { freshTable } from '../support/db.ts';

let server: LocalServer;
const logged: Record<string, unknown>[] = [];

beforeAll(async () => {
  const ctx = await freshTable();
  server = await startLocalServer({ ctx, port: 0 });
  logger.setLogLevel('INFO');
  printLogsWith((attributes) => void logged.push(attributes));
});
afterAll(async () => {
  printLogsWith(null);
  logger.setLogLevel('SILENT');
  await server?.close();
});
afterEach(() => void logged.splice(0));

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends bytes as they are and reads the answer until the server closes the connection (or the client breaks off). */
function raw(chunks: string[], { abortAfterMs }: { abortAfterMs?: number } = {}): Promise<RawResponse | null> {
  return new Promise((done, fail) => {
    const socket = connect(server.port, '127.0.0.1');
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', fail);
    socket.on('close', () => done(received === '' ? null : parse(received)));
    socket.on('connect', () => {
      for (const chunk of chunks) socket.write(chunk, 'latin1');
      // The connection stays open for the answer: a client that closes its side first leaves the server nothing to answer.
      if (abortAfterMs !== undefined) setTimeout(() => socket.destroy(), abortAfterMs);
    });
  });
}

function parse(text: string): RawResponse {
  const headEnd = text.indexOf('\r\n\r\n');
  const [statusLine, ...lines] = text.slice(0, headEnd).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = text.slice(headEnd + 4);
  if (headers['transfer-encoding'] === 'chunked') body = dechunk(body);
  return { status: Number(statusLine!.split(' ')[1]), headers, body };
}

function dechunk(chunked: string): string {
  let body = '';
  for (let at = 0; ;) {
    const lineEnd = chunked.indexOf('\r\n', at);
    const size = parseInt(chunked.slice(at, lineEnd), 16);
    if (!(size > 0)) return body;
    body += chunked.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

/** The log lines that name a request (the handler stack's and the server's own), once the server has logged them. */
async function requestLines(count: number): Promise<Record<string, unknown>[]> {
  const deadline = Date.now() + 5_000;
  const lines = () => logged.filter((entry) => typeof entry.status === 'number');
  while (lines().length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 100));
  return lines();
}

function expectProblem(response: RawResponse | null, status: number, code: string): void {
  expect(response, 'an answer').not.toBeNull();
  expect(response!.status).toBe(status);
  expect(response!.headers['content-type']).toBe('application/problem+json');
  expect(response!.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  expect(JSON.parse(response!.body)).toMatchObject({ status, code, requestId: response!.headers['x-request-id'] });
}

/** A request head of these header lines, as a client writes it. */
const head = (requestLine: string, headers: [string, string][]): string =>
  `${requestLine}\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`;

describe('a request without Host', () => {
  it('answers 400 MALFORMED_REQUEST as problem+json with an x-request-id, and logs it', async () => {
    const response = await raw([head('GET /plaques/featured?limit=1 HTTP/1.1', [['connection', 'close']])]);
    expectProblem(response, 400, 'MALFORMED_REQUEST');
    expect(await requestLines(1)).toEqual([
      expect.objectContaining({
        level: 'INFO',
        method: 'GET',
        path: '/plaques/featured',
        status: 400,
        code: 'MALFORMED_REQUEST',
        requestId: response!.headers['x-request-id'],
      }),
    ]);
  });

  it('reads a Host sent after a thousand other headers', async () => {
    const padding = Array.from({ length: 1_500 }, (_, i): [string, string] => [`x-${i}`, '1']);
    const response = await raw([
      head('GET /plaques/featured?limit=1 HTTP/1.1', [...padding, ['host', '127.0.0.1'], ['connection', 'close']]),
    ]);
    expect(response?.status).toBe(200);
  });
});

describe('a request head over 16 KB', () => {
  it('answers 431 when two thousand headers make 22.9 KB on the wire though their names and values make less than 16 KB', async () => {
    const headers = Array.from({ length: 2_001 }, (_, i): [string, string] => [`h${String(i).padStart(4, '0')}`, 'v'.repeat(2 + (i % 2))]);
    const text = head('GET /plaques/featured?limit=1 HTTP/1.1', [['host', '127.0.0.1'], ...headers, ['connection', 'close']]);
    const namesAndValues = headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0);
    expect(namesAndValues).toBeLessThan(MAX_HEADER_BYTES);
    expect(text.length).toBeGreaterThan(22_900);
    const response = await raw([text]);
    expectProblem(response, 431, 'REQUEST_HEADERS_TOO_LARGE');
    expect(await requestLines(1)).toEqual([
      expect.objectContaining({ method: 'GET', path: '/plaques/featured', status: 431, code: 'REQUEST_HEADERS_TOO_LARGE' }),
    ]);
  });

  // The limit holds for the head as sent, whatever the mix of header count and sizes: up to 16 KB is served, one byte
  // more is 431.
  it('counts the request line, names, values, separators and line ends', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1_500 }),
        fc.integer({ min: -2, max: 2 }),
        fc.integer({ min: 0, max: 40 }),
        async (count, overBy, pathPadding) => {
          const requestLine = `GET /plaques/featured?limit=1&x=${'p'.repeat(pathPadding)} HTTP/1.1`;
          const fixed: [string, string][] = [
            ['host', '127.0.0.1'],
            ['connection', 'close'],
          ];
          const headers = Array.from({ length: count }, (_, i): [string, string] => [`x${i}`, '']);
          // The last header's value takes up what is left to reach the wanted size.
          const size = head(requestLine, [...fixed, ...headers, ['x-last', '']]).length;
          const wanted = MAX_HEADER_BYTES + overBy;
          fc.pre(size <= wanted);
          const text = head(requestLine, [...fixed, ...headers, ['x-last', 'l'.repeat(wanted - size)]]);
          expect(text.length).toBe(wanted);
          const response = await raw([text]);
          expect(response?.status, `${text.length} bytes in ${count + 3} headers`).toBe(overBy > 0 ? 431 : 200);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('a body that cannot be read', () => {
  it('logs a malformed chunked body as the 400 the client gets, never as a 500', async () => {
    const response = await raw([
      head('POST /auth/email-verification-code HTTP/1.1', [
        ['host', '127.0.0.1'],
        ['content-type', 'application/json'],
        ['transfer-encoding', 'chunked'],
      ]),
      '5\r\n{"em"\r\nzz\r\n',
    ]);
    expectProblem(response, 400, 'MALFORMED_REQUEST');
    const lines = await requestLines(1);
    expect(lines).toEqual([expect.objectContaining({ level: 'INFO', status: 400, code: 'MALFORMED_REQUEST' })]);
    expect(logged.filter((entry) => entry.level === 'ERROR')).toEqual([]);
  });

  it('logs a body the client breaks off as a 400, never as a 500', async () => {
    const response = await raw(
      [
        head('POST /auth/email-verification-code HTTP/1.1', [
          ['host', '127.0.0.1'],
          ['content-type', 'application/json'],
          ['content-length', '100'],
        ]),
        '{"email":',
      ],
      { abortAfterMs: 200 },
    );
    expect(response).toBeNull();
    const lines = await requestLines(1);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'INFO',
        method: 'POST',
        path: '/auth/email-verification-code',
        status: 400,
        code: 'MALFORMED_REQUEST',
      }),
    ]);
    expect(logged.filter((entry) => entry.level === 'ERROR')).toEqual([]);
  });
});

describe('files under /_media/ and /dashboard/', () => {
  it.each(['/_media/plaques/no-such.png', '/dashboard/no-such.js'])('logs the 404 for %s like every other answer', async (path) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(404);
    expect(await requestLines(1)).toEqual([
      expect.objectContaining({ method: 'GET', path, status: 404, code: 'NOT_FOUND', requestId: response.headers.get('x-request-id') }),
    ]);
  });

  it('answers HEAD on a media file as GET does, without a body, and HEAD on a missing one 404', async () => {
    const get = await fetch(`${server.url}/_media/plaques/placeholder.png`);
    const body = Buffer.from(await get.arrayBuffer());
    expect(get.status).toBe(200);
    const response = await raw([
      head('HEAD /_media/plaques/placeholder.png HTTP/1.1', [
        ['host', '127.0.0.1'],
        ['connection', 'close'],
      ]),
    ]);
    expect(response?.status).toBe(200);
    expect(response!.body).toBe('');
    const same = ['content-type', 'content-length', 'cache-control', 'x-content-type-options'];
    for (const name of same) expect(response!.headers[name], name).toBe(get.headers.get(name) ?? undefined);
    expect(Number(response!.headers['content-length'])).toBe(body.length);
    expect(response!.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const missing = await fetch(`${server.url}/_media/plaques/no-such.png`, { method: 'HEAD' });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('application/problem+json');
  });
});

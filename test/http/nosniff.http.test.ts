// `X-Content-Type-Options: nosniff` on the JSON answers of the local server: an operation's answer, a handler's problem,
// the problems the server answers itself (unknown path, wrong method, an unreadable request) and an idempotent replay.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { aSignedInPartner, bearer } from '../webhooks/fixtures.ts';

let ctx: AppContext;
let server: LocalServer;

beforeAll(async () => {
  ctx = await freshTable();
  server = await startLocalServer({ ctx, port: 0 });
});
afterAll(async () => {
  await server?.close();
});

const sniffing = (response: Response) => response.headers.get('x-content-type-options');

/** The head of the answer to bytes sent as they are, up to the server closing the connection. */
const rawHead = (bytes: string): Promise<string> =>
  new Promise((done, fail) => {
    const socket = connect(server.port, '127.0.0.1');
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', fail);
    socket.on('close', () => done(received.split('\r\n\r\n')[0]!.toLowerCase()));
    socket.on('connect', () => socket.write(bytes, 'latin1'));
  });

describe('X-Content-Type-Options', () => {
  it('is nosniff on answers and problems of the operations', async () => {
    const listing = await fetch(`${server.url}/plaques/featured?limit=1`);
    expect(listing.status).toBe(200);
    expect(sniffing(listing)).toBe('nosniff');
    const refused = await fetch(`${server.url}/plaques/featured?limit=1000`);
    expect(refused.status).toBe(400);
    expect(sniffing(refused)).toBe('nosniff');
    const document = await fetch(`${server.url}/openapi.json`);
    expect(sniffing(document)).toBe('nosniff');
  });

  it("is nosniff on the server's own problems: unknown path, wrong method, no token, an unreadable request", async () => {
    for (const [method, path, status] of [
      ['GET', '/no/such/path', 404],
      ['DELETE', '/plaques/featured', 405],
      ['GET', '/auth/profile', 401],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, { method });
      expect(response.status, path).toBe(status);
      expect(sniffing(response), path).toBe('nosniff');
    }
    const head = await rawHead('GET /plaques/featured HTTP/1.1\r\n\r\n');
    expect(head).toMatch(/^http\/1\.1 400/);
    expect(head).toContain('\r\nx-content-type-options: nosniff');
  });

  it('is nosniff on a replayed answer', async () => {
    const partner = await aSignedInPartner(ctx);
    const create = () =>
      fetch(`${server.url}/partner/api-keys`, {
        method: 'POST',
        headers: { ...bearer(partner), 'content-type': 'application/json', 'idempotency-key': `nosniff-${partner.userId}` },
        body: JSON.stringify({ name: 'replayed' }),
      });
    expect(sniffing(await create())).toBe('nosniff');
    const replay = await create();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(sniffing(replay)).toBe('nosniff');
  });
});

// The client package (packages/client) against the local server: the partner flow through its named calls, an
// Idempotency-Key on every create unless the call names one, pages followed to the end, problems thrown with their
// code; and against a server that asks to be retried: the same request again after its Retry-After.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlaqueClient, PlaqueApiError } from '@plaque-marketplace/client';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { sharedChain } from '../support/chain.ts';
import { freshTable } from '../support/db.ts';
import { aPartner, aWallet, storePlaque, type TestPartner } from '../partner/fixtures.ts';

let ctx: AppContext;
let server: LocalServer;
let partner: TestPartner;

beforeAll(async () => {
  ctx = await freshTable({ chain: sharedChain() });
  server = await startLocalServer({ ctx, port: 0 });
  partner = await aPartner(ctx);
});

afterAll(async () => {
  await server?.close();
});

interface Sent {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
}

/** A client of the partner's key whose requests are written down as they leave. */
function aRecordingClient(options: { idempotent?: boolean } = {}) {
  const sent: Sent[] = [];
  const client = createPlaqueClient({
    baseUrl: server.url,
    apiKey: partner.apiKey,
    fetch: (request) => {
      const url = new URL(request.url);
      sent.push({ method: request.method, path: url.pathname, query: url.searchParams, headers: new Headers(request.headers) });
      return fetch(request);
    },
    ...options,
  });
  return { client, sent };
}

describe('the client package against the local server', () => {
  it('runs the partner flow: lookup, owner, prepare, buy and the order, with a fresh Idempotency-Key on each create', async () => {
    const { client, sent } = aRecordingClient();
    const plaque = await storePlaque(ctx, { status: 'AVAILABLE' });
    const buyerWallet = aWallet();
    expect(await client.lookup(plaque.id)).toMatchObject({ plaqueId: plaque.id, available: true });
    expect(await client.owner(plaque.id)).toMatchObject({ plaqueId: plaque.id });
    const { reservationId } = await client.prepare(plaque.id, { buyerWallet });
    const sale = await client.buy(plaque.id, { reservationId, buyerWallet });
    expect(sale).toMatchObject({ status: 'SOLD', plaque: { id: plaque.id } });
    expect(await client.order(sale.orderId)).toMatchObject({ orderId: sale.orderId, plaqueId: plaque.id, buyerWallet });

    const keys = sent.map((request) => [request.method, request.headers.get('idempotency-key')] as const);
    const creates = keys.filter(([method]) => method === 'POST');
    expect(creates).toHaveLength(2);
    for (const [, key] of creates) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(creates[0]![1]).not.toBe(creates[1]![1]);
    // Reads carry none; every request carries the key.
    expect(keys.filter(([method]) => method === 'GET').every(([, key]) => key === null)).toBe(true);
    expect(sent.every((request) => request.headers.get('x-api-key') === partner.apiKey)).toBe(true);
  });

  it('sends the Idempotency-Key a call names, so a buy retried by hand answers the first order', async () => {
    const { client, sent } = aRecordingClient();
    const plaque = await storePlaque(ctx, { status: 'AVAILABLE' });
    const buyerWallet = aWallet();
    const { reservationId } = await client.prepare(plaque.id, { buyerWallet }, { idempotencyKey: 'hold-once-0001' });
    const first = await client.buy(plaque.id, { reservationId, buyerWallet }, { idempotencyKey: 'buy-once-0001' });
    const again = await client.buy(plaque.id, { reservationId, buyerWallet }, { idempotencyKey: 'buy-once-0001' });
    expect(again).toEqual(first);
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.headers.get('idempotency-key'))).toEqual([
      'hold-once-0001',
      'buy-once-0001',
      'buy-once-0001',
    ]);
  });

  it('throws the problem of a refused call with its status and code', async () => {
    const { client } = aRecordingClient();
    const sold = await storePlaque(ctx, { status: 'SOLD' });
    const refused = await client.prepare(sold.id, { buyerWallet: aWallet() }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PlaqueApiError);
    expect(refused).toMatchObject({ status: 409, code: 'NOT_AVAILABLE', problem: { status: 409, code: 'NOT_AVAILABLE' } });
    const unknown = await client.lookup(987_654).catch((error: unknown) => error);
    expect(unknown).toMatchObject({ status: 404, code: 'PLAQUE_NOT_FOUND' });
    // The typed calls answer the error instead of throwing it.
    const typed = await client.GET('/partner/plaques/{id}/lookup', { params: { path: { id: '987654' } } });
    expect(typed.data).toBeUndefined();
    expect(typed.response.status).toBe(404);
    expect(typed.error).toMatchObject({ code: 'PLAQUE_NOT_FOUND' });
  });

  it('follows nextCursor to the last page: every ledger entry once, newest first', async () => {
    const seller = await aPartner(ctx);
    const client = createPlaqueClient({ baseUrl: server.url, apiKey: seller.apiKey });
    const orders: string[] = [];
    for (let i = 0; i < 3; i++) {
      const plaque = await storePlaque(ctx, { status: 'AVAILABLE' });
      const buyerWallet = aWallet();
      const { reservationId } = await client.prepare(plaque.id, { buyerWallet });
      orders.push((await client.buy(plaque.id, { reservationId, buyerWallet })).orderId);
    }
    const pages = [];
    for await (const page of client.pages('/partner/ledger', { query: { limit: 1 } })) pages.push(page);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const entries = [];
    for await (const entry of client.items('/partner/ledger', 'entries', { query: { limit: 2, type: 'sale' } })) entries.push(entry);
    expect(entries.map((entry) => entry.orderId)).toEqual([...orders].reverse());
    expect(pages.flatMap((page) => page.entries).map((entry) => entry.id)).toEqual(entries.map((entry) => entry.id));
  });

  it('writes the listing’s filters object as the query’s JSON text', async () => {
    const { client, sent } = aRecordingClient();
    await storePlaque(ctx, { status: 'AVAILABLE', condition: 'VIRGIN', featured: true });
    await storePlaque(ctx, { status: 'AVAILABLE', condition: 'DAMAGED', featured: true });
    const filters = { status: ['AVAILABLE' as const], condition: ['VIRGIN' as const] };
    const page = await client.listFeatured({ filters, orderBy: 'p.id', limit: 100 });
    expect(page.plaques.length).toBeGreaterThan(0);
    expect(page.plaques.every((plaque) => plaque.status === 'AVAILABLE' && plaque.condition === 'VIRGIN')).toBe(true);
    const url = sent.at(-1)!;
    expect(url.path).toBe('/plaques/featured');
    expect(url.query.get('filters')).toBe(JSON.stringify(filters));
  });
});

/** A server that answers each request with the next of `answers`, and writes down what it got. */
async function aScriptedServer(answers: { status: number; headers?: Record<string, string>; body: unknown }[]) {
  const got: { headers: IncomingMessage['headers']; body: string; at: number }[] = [];
  const scripted: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      got.push({ headers: request.headers, body, at: Date.now() });
      const answer = answers[Math.min(got.length - 1, answers.length - 1)]!;
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => scripted.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(scripted.address() as AddressInfo).port}`;
  return { url, got, close: () => new Promise((resolve) => scripted.close(resolve)) };
}

const tooMany = (retryAfter: string) => ({
  status: 429,
  headers: { 'retry-after': retryAfter },
  body: { status: 429, code: 'TOO_MANY_REQUESTS' },
});

describe('the client package’s retries', () => {
  it('sends the same request again after the 429’s Retry-After, Idempotency-Key and body alike', async () => {
    const sale = { orderId: 'ord_1', status: 'SOLD', plaque: {} };
    const scripted = await aScriptedServer([tooMany('1'), { status: 201, body: sale }]);
    try {
      const client = createPlaqueClient({ baseUrl: scripted.url, apiKey: 'pk_test' });
      expect(await client.buy(7, { reservationId: 'res_1', buyerWallet: '0x0' })).toEqual(sale);
      expect(scripted.got).toHaveLength(2);
      const [first, second] = scripted.got;
      expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
      expect(second!.body).toBe(first!.body);
      expect(JSON.parse(second!.body)).toEqual({ reservationId: 'res_1', buyerWallet: '0x0' });
      // Not before the second the answer asked for.
      expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
    } finally {
      await scripted.close();
    }
  });

  it('gives up after its attempts, and hands back at once a 429 that asks for a longer wait than it takes', async () => {
    const unavailable = { status: 503, body: { status: 503, code: 'SERVICE_UNAVAILABLE' } };
    const scripted = await aScriptedServer([unavailable]);
    try {
      const client = createPlaqueClient({ baseUrl: scripted.url, retry: { attempts: 3, baseDelayMs: 1 } });
      await expect(client.getPlaque(1)).rejects.toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
      expect(scripted.got).toHaveLength(3);
    } finally {
      await scripted.close();
    }
    const quota = await aScriptedServer([tooMany('3600')]);
    try {
      const client = createPlaqueClient({ baseUrl: quota.url });
      const refused = await client.getPlaque(1).catch((error: unknown) => error);
      expect(refused).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
      expect((refused as PlaqueApiError).response.headers.get('retry-after')).toBe('3600');
      expect(quota.got).toHaveLength(1);
    } finally {
      await quota.close();
    }
  });

  it('does not retry other answers', async () => {
    const scripted = await aScriptedServer([{ status: 500, body: { status: 500, code: 'INTERNAL' } }]);
    try {
      await expect(createPlaqueClient({ baseUrl: scripted.url }).getPlaque(1)).rejects.toMatchObject({ status: 500 });
      expect(scripted.got).toHaveLength(1);
    } finally {
      await scripted.close();
    }
  });
});

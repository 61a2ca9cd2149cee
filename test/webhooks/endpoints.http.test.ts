// Managing webhook endpoints through the local server with a partner user's JWT: registration (secret shown once,
// stored sealed), listing, deletion, test events and the delivery log; and the refusals — a URL the stage may not send
// to, unknown event names, the eleventh endpoint, another partner's ids — as problem documents that write nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { Webhook } from 'standardwebhooks';
import { dbOf } from '#lib/db/client.ts';
import { webhookCountKey } from '#lib/db/keys.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import type { Resolver } from '#lib/webhooks/address-guard.ts';
import { MAX_WEBHOOKS } from '#lib/webhooks/endpoints.ts';
import { freshTable } from '../support/db.ts';
import { openApiDocument } from '#lib/http/openapi.ts';
import { call } from '../partner/fixtures.ts';
import { aSignedInPartner, bearer, registerWebhook, type SignedInPartner } from './fixtures.ts';

let ctx: AppContext;

/** The URL's schema as the OpenAPI document states it. */
const webhookUrlSchema = (openApiDocument() as Record<string, any>).paths['/partner/webhooks'].post.requestBody.content['application/json']
  .schema.properties.url as Record<string, unknown>;
let server: LocalServer;

/** Names the tests resolve without DNS: a public host, a host on a private address, and one that does not exist. */
const dns: Record<string, string[]> = {
  localhost: ['127.0.0.1', '::1'],
  'hooks.shop.example': ['93.184.215.14'],
  'internal.shop.example': ['10.1.2.3'],
  'metadata.shop.example': ['169.254.169.254'],
  'mixed.shop.example': ['93.184.215.14', 'fd00:ec2::254'],
};
const resolve: Resolver = async (host) => {
  const addresses = dns[host];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

beforeAll(async () => {
  ctx = await freshTable({ webhooks: { resolve } });
  server = await startLocalServer({ ctx, port: 0 });
});

afterAll(async () => server?.close());

const list = (who: SignedInPartner) => call(server.url, 'GET', '/partner/webhooks', { headers: bearer(who) });
const remove = (who: SignedInPartner, id: string) =>
  call(server.url, 'DELETE', `/partner/webhooks/${encodeURIComponent(id)}`, { headers: bearer(who) });
const ping = (who: SignedInPartner, id: string) =>
  call(server.url, 'POST', `/partner/webhooks/${encodeURIComponent(id)}/test`, { headers: bearer(who) });
const deliveries = (who: SignedInPartner, id: string, query = '') =>
  call(server.url, 'GET', `/partner/webhooks/${encodeURIComponent(id)}/deliveries${query}`, { headers: bearer(who) });

/** Every stored item of the table: what a refused request must leave unchanged. */
async function allItems(): Promise<Record<string, unknown>[]> {
  const out = await dbOf(ctx).send(new ScanCommand({ TableName: ctx.tableName }));
  return out.Items ?? [];
}

/** Runs `refused` and expects the table to be exactly as before. */
async function writesNothing(refused: () => Promise<unknown>): Promise<void> {
  const before = await allItems();
  await refused();
  expect(await allItems()).toEqual(before);
}

function expectProblem(reply: { status: number; headers: Headers; json: any }, status: number, code: string) {
  expect(reply.status, JSON.stringify(reply.json)).toBe(status);
  expect(reply.headers.get('content-type')).toBe('application/problem+json');
  expect(reply.json).toMatchObject({ status, code });
}

describe('registering an endpoint', () => {
  it('answers 201 with the endpoint and its secret, shown once and stored only sealed', async () => {
    const partner = await aSignedInPartner(ctx);
    const reply = await registerWebhook(server.url, partner, {
      url: 'https://hooks.shop.example/plaques',
      events: ['order.delivered', 'order.sold', 'order.sold'],
    });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.json).toEqual({
      id: expect.stringMatching(/^wh_/),
      url: 'https://hooks.shop.example/plaques',
      events: ['order.sold', 'order.delivered'],
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      createdAt: expect.any(String),
      // Its deliveries are shaped for the newest API version.
      version: '2026-11-28',
    });
    const { secret, id } = reply.json;
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    // The secret is what a Standard Webhooks verifier takes.
    expect(() => new Webhook(secret)).not.toThrow();

    const stored = JSON.stringify(await allItems());
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(secret.slice('whsec_'.length));

    const listed = await list(partner);
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual({
      webhooks: [
        {
          id,
          url: 'https://hooks.shop.example/plaques',
          events: ['order.sold', 'order.delivered'],
          createdAt: reply.json.createdAt,
          version: '2026-11-28',
        },
      ],
    });
    expect(listed.text).not.toContain('secret');
  });

  it('accepts http://127.0.0.1 and http://localhost on the local server', async () => {
    const partner = await aSignedInPartner(ctx);
    for (const url of ['http://127.0.0.1:9/hook', 'http://localhost:9/hook']) {
      const reply = await registerWebhook(server.url, partner, { url, events: ['order.sold'] });
      expect(reply.status, reply.text).toBe(201);
    }
  });

  it('refuses unknown event names and an empty list with 400 VALIDATION_FAILED naming events, writing nothing', async () => {
    const partner = await aSignedInPartner(ctx);
    for (const events of [['order.shipped'], [], ['ping'], 'order.sold']) {
      await writesNothing(async () => {
        const reply = await registerWebhook(server.url, partner, { url: 'https://hooks.shop.example/x', events });
        expectProblem(reply, 400, 'VALIDATION_FAILED');
        expect(reply.json.errors.map((e: { path: string }) => e.path.split('[')[0])).toContain('events');
      });
    }
  });

  it('refuses a malformed body: unknown members, no url, not a URL, a bidi control in the url', async () => {
    const partner = await aSignedInPartner(ctx);
    for (const body of [
      { url: 'https://hooks.shop.example/x', events: ['order.sold'], secret: 'mine' },
      { events: ['order.sold'] },
      { url: 'not a url', events: ['order.sold'] },
      { url: 'http://127.0.0.1:9/\u202Ekoob', events: ['order.sold'] },
    ]) {
      await writesNothing(async () => expectProblem(await registerWebhook(server.url, partner, body), 400, 'VALIDATION_FAILED'));
    }
  });

  it('refuses URLs the local server may not send to with 400 INVALID_WEBHOOK_URL, writing nothing', async () => {
    const partner = await aSignedInPartner(ctx);
    const refused = [
      'http://hooks.shop.example/x', // plain http beyond loopback
      'ftp://hooks.shop.example/x',
      'https://user:pw@hooks.shop.example/x',
      'https://internal.shop.example/x', // resolves to 10.x
      'https://metadata.shop.example/x', // resolves to the metadata address
      'https://mixed.shop.example/x', // one of its addresses is private
      'https://nowhere.shop.example/x', // does not resolve
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.8/x',
      'https://192.168.1.1/x',
      'https://[fe80::1]/x',
    ];
    for (const url of refused) {
      await writesNothing(async () => {
        const reply = await registerWebhook(server.url, partner, { url, events: ['order.sold'] });
        expectProblem(reply, 400, 'INVALID_WEBHOOK_URL');
        expect(reply.json.errors).toEqual([{ path: 'url', message: expect.any(String) }]);
      });
    }
  });

  it(`answers 409 WEBHOOK_LIMIT_REACHED for an endpoint beyond ${MAX_WEBHOOKS}, writing nothing; deleting one makes room`, async () => {
    const partner = await aSignedInPartner(ctx);
    const made = await Promise.all(
      Array.from({ length: MAX_WEBHOOKS }, (_, i) =>
        registerWebhook(server.url, partner, { url: `https://hooks.shop.example/${i}`, events: ['order.sold'] }),
      ),
    );
    expect(made.map((r) => r.status)).toEqual(Array(MAX_WEBHOOKS).fill(201));
    await writesNothing(async () =>
      expectProblem(
        await registerWebhook(server.url, partner, { url: 'https://hooks.shop.example/11', events: ['order.sold'] }),
        409,
        'WEBHOOK_LIMIT_REACHED',
      ),
    );
    expect((await list(partner)).json.webhooks).toHaveLength(MAX_WEBHOOKS);

    expect((await remove(partner, made[0]!.json.id)).status).toBe(204);
    expect((await registerWebhook(server.url, partner, { url: 'https://hooks.shop.example/11', events: ['order.sold'] })).status).toBe(201);
  });

  it('keeps the limit under concurrent registrations: exactly the room left is taken', async () => {
    const partner = await aSignedInPartner(ctx);
    const replies = await Promise.all(
      Array.from({ length: MAX_WEBHOOKS + 5 }, (_, i) =>
        registerWebhook(server.url, partner, { url: `https://hooks.shop.example/c${i}`, events: ['order.minting'] }),
      ),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(MAX_WEBHOOKS);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(5);
    const counter = await dbOf(ctx).send(
      new QueryCommand({
        TableName: ctx.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': webhookCountKey(partner.userId).pk },
      }),
    );
    expect(counter.Items?.[0]?.endpoints).toBe(MAX_WEBHOOKS);
  });

  it('answers 401 UNAUTHORIZED without a token', async () => {
    const reply = await call(server.url, 'POST', '/partner/webhooks', {
      body: { url: 'https://hooks.shop.example/x', events: ['order.sold'] },
    });
    expectProblem(reply, 401, 'UNAUTHORIZED');
  });
});

describe("another partner's endpoint", () => {
  it('is 404 WEBHOOK_NOT_FOUND to delete, test or read the log of, like an unknown id, and stays as it was', async () => {
    const owner = await aSignedInPartner(ctx);
    const stranger = await aSignedInPartner(ctx);
    const { id } = (await registerWebhook(server.url, owner, { url: 'https://hooks.shop.example/own', events: ['order.sold'] })).json;
    for (const target of [id, 'wh_unknown']) {
      await writesNothing(async () => {
        expectProblem(await remove(stranger, target), 404, 'WEBHOOK_NOT_FOUND');
        expectProblem(await ping(stranger, target), 404, 'WEBHOOK_NOT_FOUND');
        expectProblem(await deliveries(stranger, target), 404, 'WEBHOOK_NOT_FOUND');
      });
    }
    expect((await list(stranger)).json).toEqual({ webhooks: [] });
    expect((await list(owner)).json.webhooks.map((w: { id: string }) => w.id)).toEqual([id]);
  });
});

describe('deleting an endpoint', () => {
  it('answers 204, then 404 for the same id, and lists it no more', async () => {
    const partner = await aSignedInPartner(ctx);
    const { id } = (await registerWebhook(server.url, partner, { url: 'https://hooks.shop.example/gone', events: ['order.sold'] })).json;
    const gone = await remove(partner, id);
    expect(gone.status).toBe(204);
    expect(gone.text).toBe('');
    expectProblem(await remove(partner, id), 404, 'WEBHOOK_NOT_FOUND');
    expect((await list(partner)).json).toEqual({ webhooks: [] });
  });
});

describe('the test event and the delivery log', () => {
  it('queues a ping (202 with its id); the log of a fresh endpoint is empty; limit is checked', async () => {
    const partner = await aSignedInPartner(ctx);
    const { id } = (await registerWebhook(server.url, partner, { url: 'https://hooks.shop.example/ping', events: ['order.sold'] })).json;
    const sent = await ping(partner, id);
    expect(sent.status, sent.text).toBe(202);
    expect(sent.json).toEqual({ eventId: expect.stringMatching(/^evt_/) });
    expect((await deliveries(partner, id)).json).toEqual({ deliveries: [] });
    for (const query of ['?limit=0', '?limit=101', '?limit=ten'])
      expectProblem(await deliveries(partner, id, query), 400, 'VALIDATION_FAILED');
    expect((await deliveries(partner, id, '?limit=100')).status).toBe(200);
  });

  it('takes no body or an empty JSON object for the test event, and refuses members with 400 VALIDATION_FAILED', async () => {
    const partner = await aSignedInPartner(ctx);
    const { id } = (await registerWebhook(server.url, partner, { url: 'https://hooks.shop.example/ping', events: ['order.sold'] })).json;
    const test = (body: unknown) => call(server.url, 'POST', `/partner/webhooks/${id}/test`, { body, headers: bearer(partner) });
    expect((await test({})).status).toBe(202);
    await writesNothing(async () => expectProblem(await test({ type: 'order.sold' }), 400, 'VALIDATION_FAILED'));
  });
});

describe('on a deployed stage (https to public addresses only)', () => {
  // The policy every deployed stage (STAGE other than local) takes, set on this file's context for these tests.
  beforeAll(() => {
    ctx.webhooks!.urlPolicy = 'aws';
  });
  afterAll(() => {
    ctx.webhooks!.urlPolicy = 'local';
  });

  it('refuses http, loopback and private URLs with 400 INVALID_WEBHOOK_URL, writing nothing, and accepts public https', async () => {
    const partner = await aSignedInPartner(ctx);
    for (const url of [
      'http://127.0.0.1:9/hook',
      'http://localhost/hook',
      'https://127.0.0.1/hook',
      'https://[::1]/hook',
      'http://hooks.shop.example/x',
      'https://internal.shop.example/x',
    ]) {
      await writesNothing(async () =>
        expectProblem(await registerWebhook(server.url, partner, { url, events: ['order.sold'] }), 400, 'INVALID_WEBHOOK_URL'),
      );
    }
    expect((await registerWebhook(server.url, partner, { url: 'https://hooks.shop.example/x', events: ['order.sold'] })).status).toBe(201);
  });

  it('refuses a URL the parser would repair, as the document does, and takes one in the form the document states', async () => {
    const partner = await aSignedInPartner(ctx);
    const pattern = new RegExp(webhookUrlSchema.pattern as string);
    for (const [url, code] of [
      ['https:hooks.shop.example/x', 'INVALID_WEBHOOK_URL'],
      ['https://hooks.shop.example/x#', 'INVALID_WEBHOOK_URL'],
      ['https:\\\\hooks.shop.example/x', 'INVALID_WEBHOOK_URL'],
      [' https://hooks.shop.example/x', 'VALIDATION_FAILED'],
      ['https://hooks.shop.example/x\n', 'VALIDATION_FAILED'],
    ] as const) {
      expect(pattern.test(url), url).toBe(false);
      await writesNothing(async () =>
        expectProblem(await registerWebhook(server.url, partner, { url, events: ['order.sold'] }), 400, code),
      );
    }
    const written = 'HTTPS://Hooks.Shop.Example:443/x?shop=1';
    expect(pattern.test(written)).toBe(true);
    const created = await registerWebhook(server.url, partner, { url: written, events: ['order.sold'] });
    expect(created.status, created.text).toBe(201);
    expect(created.json.url).toBe('https://hooks.shop.example/x?shop=1');
  });
});

// The dashboard's API client against the real local server: signs in with an emailed code, manages keys and webhook
// endpoints, reads orders and usage; sorts every failure into the three kinds the page treats alike (a refusal to show
// by its field, the service out of reach, the session over).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { freePort } from '#lib/local/child-process.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { apiClient, ApiRefusal, joinUrl, ServiceUnreachable, SessionEnded, type ApiClient } from '../../web/src/api.ts';
import { freshTable } from '../support/db.ts';
import { startCodeMail, stopCodeMail } from '../support/code-mail.ts';
import { latestCode } from '../accounts/flows.ts';
import { intercept, throttled } from '../support/faults.ts';

let ctx: AppContext;
let server: LocalServer;
let users = 0;

beforeAll(async () => {
  ctx = await freshTable();
  await startCodeMail(ctx);
  server = await startLocalServer({ ctx, port: 0 });
});

afterAll(async () => {
  await stopCodeMail();
  await server?.close();
});

/** A client as the page builds it, with its own session and a count of the times it was told the session ended. */
function aClient(baseUrl = `${server.url}/`) {
  const state = { token: null as string | null, ended: 0 };
  const api = apiClient({
    baseUrl,
    token: () => state.token,
    onSessionEnded: () => {
      state.ended++;
      state.token = null;
    },
  });
  return { api, state };
}

async function signedIn(): Promise<{ api: ApiClient; state: { token: string | null; ended: number } }> {
  const client = aClient();
  const email = `web-client-${users++}@example.com`;
  const sent = await client.api.requestCode(email);
  expect(sent.sentTo).toMatch(/^w\*\*\*@example\.com$/);
  client.state.token = (await client.api.verifyCode(email, await latestCode(ctx.dataDir, email))).token;
  return client;
}

describe('the dashboard API client', () => {
  it('signs in, creates a named key, lists it, revokes it, and reads orders and usage', async () => {
    const { api } = await signedIn();
    const created = await api.createKey('  Shop front-end  ', 'read');
    expect(created.apiKey).toMatch(/^pk_/);
    expect(created).toMatchObject({ name: 'Shop front-end', prefix: created.apiKey?.slice(0, 10), scope: 'read' });
    const unnamed = await api.createKey('   ', 'sell');
    expect(unnamed).toMatchObject({ name: null, scope: 'sell' });
    expect((await api.listKeys()).map((k) => k.id)).toEqual([unnamed.id, created.id]);
    await api.revokeKey(created.id);
    expect((await api.listKeys()).find((k) => k.id === created.id)!.revokedAt).not.toBeNull();
    expect(await api.listOrders({ status: 'SOLD', limit: 5 })).toEqual({ orders: [], nextCursor: null });
    const usage = await api.usage(7);
    expect(usage.keys.map((k) => k.id).sort()).toEqual([created.id, unnamed.id].sort());
    expect(usage.keys[0]!.days).toHaveLength(7);
    // The quota every key has, read from the answer's RateLimit-Policy: the local default.
    expect(usage.dailyQuota).toBe(10_000);
  });

  it('rolls a key: a new one of the same name and scope, the old one listed with the end of its window', async () => {
    const { api } = await signedIn();
    const old = await api.createKey('Checkout', 'read');
    const next = await api.rollKey(old.id, 3);
    expect(next).toMatchObject({ name: 'Checkout', scope: 'read' });
    const listed = await api.listKeys();
    const end = listed.find((k) => k.id === old.id)!.expiresAt!;
    expect(Date.parse(end) - Date.parse(next.createdAt)).toBe(3 * 3_600_000);
  });

  it('registers a webhook endpoint, lists it, sends it a test event, reads its log and deletes it', async () => {
    const { api } = await signedIn();
    expect(await api.listWebhooks()).toEqual([]);
    const created = await api.createWebhook('  http://127.0.0.1:9/hooks  ', ['order.sold', 'order.delivered']);
    expect(created).toMatchObject({ url: 'http://127.0.0.1:9/hooks', events: ['order.sold', 'order.delivered'] });
    expect(created.secret).toMatch(/^whsec_/);
    const { secret: _secret, ...listed } = created;
    expect(await api.listWebhooks()).toEqual([listed]);
    expect((await api.sendWebhookTest(created.id)).eventId).toMatch(/^evt_/);
    expect(await api.webhookDeliveries(created.id, 5)).toEqual([]);
    await api.deleteWebhook(created.id);
    expect(await api.listWebhooks()).toEqual([]);
    const gone = await api.deleteWebhook(created.id).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(ApiRefusal);
    expect((gone as ApiRefusal).problem).toMatchObject({ status: 404, code: 'WEBHOOK_NOT_FOUND' });
  });

  it('reads a URL the service may not send to as a refusal naming url', async () => {
    const { api } = await signedIn();
    const refusal = await api.createWebhook('https://10.0.0.8/hooks', ['order.sold']).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiRefusal);
    expect((refusal as ApiRefusal).problem).toMatchObject({ status: 400, code: 'INVALID_WEBHOOK_URL' });
    expect((refusal as ApiRefusal).messageFor('url')).toBe('10.0.0.8 is not a public address');
    expect(await api.listWebhooks()).toEqual([]);
  });

  it('turns a refused input into a problem that names its field, with the API’s detail', async () => {
    const { api } = await signedIn();
    const refusal = await api.createKey('x'.repeat(65), 'sell').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiRefusal);
    const problem = (refusal as ApiRefusal).problem;
    expect(problem).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect((refusal as ApiRefusal).messageFor('name')).toBe(problem.detail);
    expect((refusal as ApiRefusal).messageFor('email')).toBeNull();
    expect((refusal as ApiRefusal).messageFor('email', true)).toBe(problem.detail);
  });

  it('reads a wrong sign-in code as a refusal, not as a lapsed session', async () => {
    const { api, state } = aClient();
    const email = `web-client-${users++}@example.com`;
    await api.requestCode(email);
    const code = await latestCode(ctx.dataDir, email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refusal = await api.verifyCode(email, wrong).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiRefusal);
    expect((refusal as ApiRefusal).problem.code).toBe('CODE_MISMATCH');
    expect(state.ended).toBe(0);
  });

  it('ends the session on a 401, and before calling at all without a token', async () => {
    const { api, state } = aClient();
    await expect(api.listKeys()).rejects.toBeInstanceOf(SessionEnded);
    expect(state.ended).toBe(1);
    state.token = 'not-a-jwt';
    await expect(api.listOrders({})).rejects.toBeInstanceOf(SessionEnded);
    expect(state.ended).toBe(2);
    expect(state.token).toBeNull();
  });

  it('reads a 5xx as the service out of reach, with the Retry-After it asked for', async () => {
    const { api, state } = await signedIn();
    const remove = intercept(ctx, 'QueryCommand', () => Promise.reject(throttled()));
    try {
      const failure = await api.listKeys().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ServiceUnreachable);
      expect((failure as ServiceUnreachable).status).toBe(503);
      expect((failure as ServiceUnreachable).retryAfter).toBeGreaterThan(0);
    } finally {
      remove();
    }
    expect(state.ended).toBe(0);
  });

  it('reads a connection that fails as the service out of reach', async () => {
    const { api, state } = aClient(`http://127.0.0.1:${await freePort()}`);
    state.token = 'any';
    const failure = await api.listKeys().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ServiceUnreachable);
    expect((failure as ServiceUnreachable).status).toBeNull();
    const signIn = await api.requestCode('a@example.com').catch((error: unknown) => error);
    expect(signIn).toBeInstanceOf(ServiceUnreachable);
  });

  it('joins the base URL and the path with one slash, whatever the base ends with', () => {
    expect(joinUrl('https://x.example/v1/', '/partner/usage')).toBe('https://x.example/v1/partner/usage');
    expect(joinUrl('https://x.example/v1', '/partner/usage')).toBe('https://x.example/v1/partner/usage');
    expect(joinUrl('http://127.0.0.1:3000/', '/auth/profile')).toBe('http://127.0.0.1:3000/auth/profile');
  });
});

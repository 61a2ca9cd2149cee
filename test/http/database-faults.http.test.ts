// Every operation of the route table, over the local server, when DynamoDB stops answering part-way: throttling or a
// timeout injected (an SDK middleware on the real client) from the first, then the second, ... of the request's
// DynamoDB calls on, the local server's own API-key check included. Every such request answers 503
// SERVICE_UNAVAILABLE with Retry-After, never 500; once the fault comes after its last call, it succeeds as usual.
// A route without a case here fails this file.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '#lib/http/routes.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { dbOf } from '#lib/db/client.ts';
import { userRepo } from '#lib/db/user-repo.ts';
import { newUser, type StoredUser } from '#lib/accounts/user.ts';
import { requestCode, signedIn } from '#lib/accounts/sign-in.ts';
import { hashPassword } from '#lib/auth/password.ts';
import { createApiKey } from '#lib/partner/api-keys.ts';
import { createWebhook } from '#lib/webhooks/registration.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { startCodeMail, stopCodeMail } from '../support/code-mail.ts';
import { sharedChain } from '../support/chain.ts';
import { intercept, throughputExceeded, timeout } from '../support/faults.ts';
import { latestCode, multipart } from '../accounts/flows.ts';
import { aHeldPlaque, aPartner, aWallet, storePlaque, type TestPartner } from '../partner/fixtures.ts';

let ctx: AppContext;
let server: LocalServer;
let partner: TestPartner;
let passwordHash: string;
let reader: { user: StoredUser; token: string };
let listed: number;
let orderId: string;

const PASSWORD = 'correct horse battery';
let next = 0;

/** A user stored directly (no mail, no code), optionally with the test password, and a token for it. */
async function aUser(withPassword = false): Promise<{ user: StoredUser; token: string }> {
  const users = userRepo(dbOf(ctx), ctx.tableName);
  const id = await users.allocateId();
  const user: StoredUser = {
    ...newUser({ id, email: `faults${id}-${next++}@example.com`, walletAddress: aWallet(), now: ctx.now() }),
    ...(withPassword && { passwordHash }),
  };
  if ((await users.create(user)) !== 'created') throw new Error(`user ${id} was not stored`);
  return { user, token: (await signedIn(ctx, user)).token };
}

const freshEmail = () => `faults-${randomUUID()}@example.com`;

const HOOK = { url: 'http://127.0.0.1:9/hooks', events: ['order.sold', 'order.delivered'] };

/** A new user with one webhook endpoint, registered before any fault. */
async function aWebhook(): Promise<{ token: string; id: string }> {
  const owner = await aUser();
  const { id } = await createWebhook(ctx, owner.user.id, { url: HOOK.url, events: ['order.sold', 'order.delivered'] });
  return { token: owner.token, id };
}

/**
 * Marks the calls of the code mail sender's own polling loop: it shares the table's client with the server and may mail
 * a code while a request is under test, and its calls are neither that request's to count nor to fail.
 */
const codeMailSender = new AsyncLocalStorage<true>();

beforeAll(async () => {
  ctx = await freshTable({ chain: sharedChain(), catalogStalenessMs: 0 });
  await codeMailSender.run(true, () => startCodeMail(ctx));
  server = await startLocalServer({ ctx, port: 0 });
  partner = await aPartner(ctx);
  passwordHash = await hashPassword(PASSWORD);
  reader = await aUser();
  listed = (await storePlaque(ctx, { featured: true })).id;
  await storePlaque(ctx, { featured: true });
  // The first prepare of a process records the service account (best effort, once): done here, before any fault.
  const { plaque, wallet, reservationId } = await aHeldPlaque(ctx, server.url, partner);
  const bought = await send({
    method: 'POST',
    path: `/partner/plaques/${plaque.id}/buy`,
    headers: { 'x-api-key': partner.apiKey, 'idempotency-key': randomUUID() },
    json: { reservationId, buyerWallet: wallet },
  });
  orderId = (bought.json as { orderId: string }).orderId;
});

afterAll(async () => {
  await stopCodeMail();
  await server?.close();
});

interface Request {
  method: string;
  path: string;
  headers?: Record<string, string>;
  json?: unknown;
  form?: ReturnType<typeof multipart>;
}

interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

async function send(request: Request): Promise<Reply> {
  const headers: Record<string, string> = { ...request.headers };
  let body: string | Buffer | undefined;
  if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  } else if (request.form) {
    headers['content-type'] = request.form.contentType;
    body = request.form.body;
  }
  const response = await fetch(server.url + request.path, { method: request.method, headers, body });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const apiKey = () => ({ 'x-api-key': partner.apiKey });

interface Case {
  /** A new request, set up with whatever it needs (made before any fault is injected). */
  request: () => Promise<Request>;
  /** What it answers when the table answers. */
  status: number;
  /** The operation reads no table: it must make no DynamoDB call at all. */
  tableFree?: true;
}

/** One case per operationId of the route table. */
const cases: Record<string, Case> = {
  listFeaturedPlaques: { request: async () => ({ method: 'GET', path: '/plaques/featured?limit=2' }), status: 200 },
  searchFeaturedPlaques: { request: async () => ({ method: 'POST', path: '/plaques/featured', json: { limit: 2 } }), status: 200 },
  getOpenApiDocument: { request: async () => ({ method: 'GET', path: '/openapi.json' }), status: 200, tableFree: true },
  requestEmailVerificationCode: {
    request: async () => ({ method: 'POST', path: '/auth/email-verification-code', json: { email: freshEmail() } }),
    status: 202,
  },
  evaluateEmailVerificationCode: {
    request: async () => {
      const email = freshEmail();
      await requestCode(ctx, email);
      const code = await latestCode(ctx.dataDir, email);
      return { method: 'GET', path: `/auth/evaluate-email-verification-code?email=${encodeURIComponent(email)}&code=${code}` };
    },
    status: 200,
  },
  evaluateEmailVerificationCodePost: {
    request: async () => {
      const email = freshEmail();
      await requestCode(ctx, email);
      return {
        method: 'POST',
        path: '/auth/evaluate-email-verification-code',
        json: { email, code: await latestCode(ctx.dataDir, email) },
      };
    },
    status: 200,
  },
  login: {
    request: async () => ({ method: 'POST', path: '/auth/login', json: { email: (await aUser(true)).user.email, password: PASSWORD } }),
    status: 200,
  },
  getProfile: { request: async () => ({ method: 'GET', path: '/auth/profile', headers: bearer(reader.token) }), status: 200 },
  updateProfile: {
    request: async () => ({
      method: 'POST',
      path: '/auth/profile',
      headers: bearer((await aUser()).token),
      form: multipart([{ name: 'phoneNumber', value: '+4915112345678' }]),
    }),
    status: 201,
  },
  getJwks: { request: async () => ({ method: 'GET', path: '/.well-known/jwks.json' }), status: 200, tableFree: true },
  createApiKey: {
    request: async () => ({ method: 'POST', path: '/partner/api-keys', headers: bearer((await aUser()).token), json: { name: 'shop' } }),
    status: 201,
  },
  listApiKeys: {
    request: async () => {
      const owner = await aUser();
      await createApiKey(ctx, owner.user.id, 'listed');
      return { method: 'GET', path: '/partner/api-keys', headers: bearer(owner.token) };
    },
    status: 200,
  },
  revokeApiKey: {
    request: async () => {
      const owner = await aUser();
      const { id } = await createApiKey(ctx, owner.user.id, null);
      return { method: 'DELETE', path: `/partner/api-keys/${id}`, headers: bearer(owner.token) };
    },
    status: 204,
  },
  lookupPlaque: { request: async () => ({ method: 'GET', path: `/partner/plaques/${listed}/lookup`, headers: apiKey() }), status: 200 },
  preparePlaque: {
    request: async () => ({
      method: 'POST',
      path: `/partner/plaques/${(await storePlaque(ctx)).id}/prepare`,
      headers: apiKey(),
      json: { buyerWallet: aWallet() },
    }),
    status: 200,
  },
  getPlaqueOwner: { request: async () => ({ method: 'GET', path: `/partner/plaques/${listed}/owner`, headers: apiKey() }), status: 200 },
  buyPlaque: {
    request: async () => {
      const { plaque, wallet, reservationId } = await aHeldPlaque(ctx, server.url, partner);
      return {
        method: 'POST',
        path: `/partner/plaques/${plaque.id}/buy`,
        headers: { ...apiKey(), 'idempotency-key': randomUUID() },
        json: { reservationId, buyerWallet: wallet },
      };
    },
    status: 201,
  },
  getUsage: {
    request: async () => {
      const owner = await aUser();
      await createApiKey(ctx, owner.user.id, 'counted');
      return { method: 'GET', path: '/partner/usage?days=3', headers: bearer(owner.token) };
    },
    status: 200,
  },
  listOrders: { request: async () => ({ method: 'GET', path: '/partner/orders?limit=5', headers: bearer(reader.token) }), status: 200 },
  getOrder: { request: async () => ({ method: 'GET', path: `/partner/orders/${orderId}`, headers: apiKey() }), status: 200 },
  // Webhook endpoints point at a loopback literal: the local server accepts it without asking DNS, and no sender runs here.
  createWebhook: {
    request: async () => ({ method: 'POST', path: '/partner/webhooks', headers: bearer((await aUser()).token), json: HOOK }),
    status: 201,
  },
  listWebhooks: {
    request: async () => ({ method: 'GET', path: '/partner/webhooks', headers: bearer((await aWebhook()).token) }),
    status: 200,
  },
  deleteWebhook: {
    request: async () => {
      const { token, id } = await aWebhook();
      return { method: 'DELETE', path: `/partner/webhooks/${id}`, headers: bearer(token) };
    },
    status: 204,
  },
  sendWebhookTest: {
    request: async () => {
      const { token, id } = await aWebhook();
      return { method: 'POST', path: `/partner/webhooks/${id}/test`, headers: bearer(token) };
    },
    status: 202,
  },
  listWebhookDeliveries: {
    request: async () => {
      const { token, id } = await aWebhook();
      return { method: 'GET', path: `/partner/webhooks/${id}/deliveries`, headers: bearer(token) };
    },
    status: 200,
  },
};

const FAULTS = [
  ['is throttled', throughputExceeded],
  ['times out', timeout],
] as const;

/** Far more DynamoDB calls than any operation makes: a loop that gets here is broken. */
const MAX_CALLS = 40;

describe('DynamoDB failing part-way through a request, for every operation of the route table', () => {
  for (const route of routes) {
    const spec = cases[route.operationId];
    describe(`${route.method} ${route.path} (${route.operationId})`, () => {
      it('has a case in this file', () => {
        expect(spec, `add a case for ${route.operationId} to the table above`).toBeDefined();
      });
      if (!spec) return;

      for (const [what, fault] of FAULTS) {
        it(`answers 503 SERVICE_UNAVAILABLE with Retry-After, never 500, when DynamoDB ${what} from any of its calls on`, async () => {
          for (let from = 1; ; from++) {
            const request = await spec.request();
            let calls = 0;
            const remove = intercept(ctx, '*', async (sendToTable) =>
              codeMailSender.getStore() || ++calls < from ? sendToTable() : Promise.reject(fault()),
            );
            let reply: Reply;
            try {
              reply = await send(request);
            } finally {
              remove();
            }
            if (calls < from) {
              // The request made fewer calls than `from`: the fault never fired, and it must simply succeed.
              expect(reply.status, reply.text).toBe(spec.status);
              expect(from - 1 === 0, `${route.operationId} made ${from - 1} DynamoDB calls`).toBe(spec.tableFree === true);
              return;
            }
            const where = `fault from DynamoDB call ${from} on: ${reply.text}`;
            expect(reply.status, where).toBe(503);
            expect(reply.headers.get('content-type'), where).toBe('application/problem+json');
            expect(reply.json, where).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
            expect(Number(reply.headers.get('retry-after')), where).toBeGreaterThanOrEqual(1);
            expect(from, `${route.operationId} made more than ${MAX_CALLS} DynamoDB calls`).toBeLessThan(MAX_CALLS);
          }
        }, 180_000);
      }
    });
  }
});

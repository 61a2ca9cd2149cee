// Every operation of the route table, over the local server, when DynamoDB stops answering part-way: throttling or a
// timeout injected (an SDK middleware on the real client) from the first, then the second, ... of the request's
// DynamoDB calls on, the local server's own API-key check included. Every such request answers 503
// SERVICE_UNAVAILABLE with Retry-After, never 500; once the fault comes after its last call, it succeeds as usual.
// Each request is the operation's own example (its declaration in lib/http/operations/), given live values made for
// its caller before any fault: a new operation is covered here without a line of this file.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type Route } from '#lib/http/routes.ts';
import type { ExampleValues } from '#lib/http/example-values.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { dbOf } from '#lib/db/client.ts';
import { userRepo } from '#lib/db/user-repo.ts';
import { newUser, usernameSkeleton, type StoredUser } from '#lib/accounts/user.ts';
import { requestCode, signedIn } from '#lib/accounts/sign-in.ts';
import { hashPassword } from '#lib/auth/password.ts';
import { createApiKey } from '#lib/partner/api-keys.ts';
import { createWebhook } from '#lib/webhooks/registration.ts';
import { eventIdOf } from '#lib/webhooks/events.ts';
import { makeOrderEvents } from '#lib/webhooks/order-events.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { startCodeMail, stopCodeMail } from '../support/code-mail.ts';
import { sharedChain } from '../support/chain.ts';
import { intercept, throughputExceeded, timeout } from '../support/faults.ts';
import { latestCode, multipart } from '../accounts/flows.ts';
import { aHeldPlaque, aPartner, aWallet, storePlaque, type TestPartner } from '../partner/fixtures.ts';
import { moveRecord, soldOrder } from '../webhooks/fixtures.ts';

let ctx: AppContext;
let server: LocalServer;
let partner: TestPartner;
let passwordHash: string;
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
  if ((await users.create(user, usernameSkeleton(user.username))).kind !== 'created') throw new Error(`user ${id} was not stored`);
  return { user, token: (await signedIn(ctx, user)).token };
}

const freshEmail = () => `faults-${randomUUID()}@example.com`;

// Webhook endpoints point at a loopback literal: the local server accepts it without asking DNS, and no sender runs here.
const HOOK = { url: 'http://127.0.0.1:9/hooks', events: ['order.sold', 'order.delivered'] as ('order.sold' | 'order.delivered')[] };

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
  // The listing has something to show.
  await storePlaque(ctx, { featured: true });
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

/** The caller of a request: a new user for a JWT operation (its keys and endpoints its own), the partner for an API-key one. */
type Caller = { kind: 'none' } | { kind: 'user'; user: StoredUser; token: string } | { kind: 'partner' };

async function callerOf(route: Route): Promise<Caller> {
  if (route.auth.kind === 'jwt') return { kind: 'user', ...(await aUser()) };
  return route.auth.kind === 'apiKey' || route.auth.kind === 'jwtOrApiKey' ? { kind: 'partner' } : { kind: 'none' };
}

function userOf(caller: Caller, value: string): StoredUser {
  if (caller.kind !== 'user') throw new Error(`${value} belongs to a signed-in caller`);
  return caller.user;
}

/** Makes the live values an example names, for its caller. */
const makers: { [K in keyof ExampleValues]: (caller: Caller) => Promise<ExampleValues[K]> } = {
  newEmail: async () => freshEmail(),
  pendingCode: async () => {
    const email = freshEmail();
    // From the local server's client address: the example's request comes from there.
    await requestCode(ctx, email, '127.0.0.1');
    return { email, code: await latestCode(ctx.dataDir, email) };
  },
  passwordAccount: async () => ({ email: (await aUser(true)).user.email, password: PASSWORD }),
  plaqueId: async () => (await storePlaque(ctx)).id,
  wallet: async () => aWallet(),
  hold: async () => {
    const { plaque, wallet, reservationId } = await aHeldPlaque(ctx, server.url, partner);
    return { plaqueId: plaque.id, reservationId, buyerWallet: wallet };
  },
  idempotencyKey: async () => randomUUID(),
  apiKeyId: async (caller) => (await createApiKey(ctx, userOf(caller, 'apiKeyId').id, 'listed')).id,
  webhookUrl: async () => HOOK.url,
  webhookId: async (caller) => (await createWebhook(ctx, userOf(caller, 'webhookId').id, HOOK)).id,
  orderId: async () => orderId,
  plaqueName: async () => (await storePlaque(ctx)).name,
  mintedWallet: async () => {
    const wallet = aWallet();
    const at = ctx.now().toISOString();
    await storePlaque(ctx, { status: 'MINTED', minted: true, wallet_address: wallet, saleAt: at, mintedAt: at, tokenId: '1' });
    return wallet;
  },
  mintedTokenId: async () => {
    const plaque = await storePlaque(ctx, { status: 'MINTED', minted: true, mintedAt: ctx.now().toISOString() });
    return String(plaque.id);
  },
  eventId: async (caller) => {
    // The move of an order of the caller, as the table's stream would hand it to the event maker.
    const order = soldOrder(userOf(caller, 'eventId').id);
    await makeOrderEvents(ctx, [moveRecord(order, null)]);
    return eventIdOf({ orderId: order.orderId, round: 0, status: 'SOLD' });
  },
};

/** The operation's example as a request of a new caller, with the live values it names (made before any fault). */
async function exampleRequest(route: Route): Promise<Request> {
  const caller = await callerOf(route);
  const values: Record<string, unknown> = {};
  for (const need of route.example.needs) values[need] = await makers[need](caller);
  const example = route.example.request(values as unknown as ExampleValues);
  const path = route.documentedPath.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(example.path?.[name])));
  const query = new URLSearchParams(
    Object.entries(example.query ?? {}).map(([name, value]): [string, string] => [name, String(value)]),
  ).toString();
  const headers: Record<string, string> = {
    ...(caller.kind === 'user' && bearer(caller.token)),
    ...(caller.kind === 'partner' && { 'x-api-key': partner.apiKey }),
    ...example.headers,
  };
  const request: Request = { method: route.method, path: query ? `${path}?${query}` : path, headers };
  if (example.body === undefined) return request;
  if (route.request?.body?.contentType === 'multipart/form-data') {
    const parts = Object.entries(example.body as Record<string, string>).map(([name, value]) => ({ name, value }));
    return { ...request, form: multipart(parts) };
  }
  return { ...request, json: example.body };
}

/** The operation's success: the lowest 2xx its declaration answers. */
const successOf = (route: Route): number =>
  Math.min(
    ...Object.keys(route.responses)
      .map(Number)
      .filter((status) => status < 300),
  );

const FAULTS = [
  ['is throttled', throughputExceeded],
  ['times out', timeout],
] as const;

/** Far more DynamoDB calls than any operation makes: a loop that gets here is broken. */
const MAX_CALLS = 40;

describe('DynamoDB failing part-way through a request, for every operation of the route table', () => {
  for (const route of routes as readonly Route[]) {
    describe(`${route.method} ${route.path} (${route.operationId})`, () => {
      for (const [what, fault] of FAULTS) {
        it(`answers 503 SERVICE_UNAVAILABLE with Retry-After, never 500, when DynamoDB ${what} from any of its calls on`, async () => {
          for (let from = 1; ; from++) {
            const request = await exampleRequest(route);
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
              expect(reply.status, reply.text).toBe(successOf(route));
              // An operation whose function may not touch the table makes no DynamoDB call at all.
              expect(from - 1 === 0, `${route.operationId} made ${from - 1} DynamoDB calls`).toBe(!route.access.table);
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

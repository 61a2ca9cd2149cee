// Resending an event and rotating an endpoint's secret, over the local server with the sender driven by the local
// wake-up queue, against a receiver on 127.0.0.1: each delivery is checked with the `standardwebhooks` package's own
// verifier under each secret, as a partner's server would check it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { verifyWebhook, WebhookVerificationError } from '@plaque-marketplace/client';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { startLocalWakeupQueue, type LocalWakeupQueue } from '#lib/local/webhook-queue.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { eventIdOf } from '#lib/webhooks/events.ts';
import { makeOrderEvents } from '#lib/webhooks/order-events.ts';
import { localQueueDir } from '#lib/webhooks/queue.ts';
import { rotateSecret } from '#lib/webhooks/secret-rotation.ts';
import { serveWakeups } from '#lib/webhooks/sender.ts';
import { freshTable } from '../support/db.ts';
import { call, type Reply } from '../partner/fixtures.ts';
import {
  aSignedInPartner,
  bearer,
  eventually,
  moveRecord,
  registerWebhook,
  soldOrder,
  startReceiver,
  type Receiver,
  type SignedInPartner,
} from './fixtures.ts';

let ctx: AppContext;
let server: LocalServer;
let queue: LocalWakeupQueue;
const receivers: Receiver[] = [];

beforeAll(async () => {
  ctx = await freshTable();
  server = await startLocalServer({ ctx, port: 0 });
  queue = await startLocalWakeupQueue({
    dir: localQueueDir(ctx.dataDir),
    handler: (event) => serveWakeups(ctx, event.Records, { timeoutMs: 2000 }),
    pollIntervalMs: 20,
  });
});

afterAll(async () => {
  await queue?.stop();
  await server?.close();
  for (const receiver of receivers) await receiver.close();
});

/** A signed-in partner with an endpoint on a fresh receiver (which verifies with the secret it was registered with). */
async function anEndpoint(): Promise<{ user: SignedInPartner; receiver: Receiver; webhookId: string; secret: string }> {
  const receiver = await startReceiver();
  receivers.push(receiver);
  const user = await aSignedInPartner(ctx);
  const registered = await registerWebhook(server.url, user, { url: receiver.url, events: ['order.delivered'] });
  expect(registered.status, registered.text).toBe(201);
  receiver.secret = registered.json.secret;
  return { user, receiver, webhookId: registered.json.id, secret: registered.json.secret };
}

const post = (user: SignedInPartner, path: string, body?: unknown): Promise<Reply> =>
  call(server.url, 'POST', path, { headers: bearer(user), ...(body !== undefined && { body }) });

/** Whether a receiver holding only `secret` accepts the request, as the `standardwebhooks` verifier judges it. */
function accepts(secret: string, request: Receiver['received'][number]): boolean {
  try {
    new Webhook(secret).verify(request.body, {
      'webhook-id': request.id,
      'webhook-timestamp': request.timestamp,
      'webhook-signature': request.signature,
    });
    return true;
  } catch {
    return false;
  }
}

/** Sends the endpoint a test event and answers the request the receiver got. */
async function aPing(user: SignedInPartner, receiver: Receiver, webhookId: string) {
  const sent = await post(user, `/partner/webhooks/${webhookId}/test`);
  expect(sent.status).toBe(202);
  await eventually(() => receiver.received.some((r) => r.id === sent.json.eventId), 'the ping arrives');
  return receiver.received.find((r) => r.id === sent.json.eventId)!;
}

/** The move of an order of `partnerId` into SOLD, its event made as the stream would; answers the event id. */
async function anOrderEvent(partnerId: number, at = new Date()): Promise<string> {
  const order = soldOrder(partnerId, { createdAt: at.toISOString(), updatedAt: at.toISOString() });
  expect((await makeOrderEvents(ctx, [moveRecord(order, null)])).batchItemFailures).toEqual([]);
  return eventIdOf({ orderId: order.orderId, round: 0, status: 'SOLD' });
}

const deliveryLog = async (user: SignedInPartner, webhookId: string) =>
  (await call(server.url, 'GET', `/partner/webhooks/${webhookId}/deliveries`, { headers: bearer(user) })).json.deliveries as {
    eventId: string;
    statusCode: number;
    attempt: number;
  }[];

describe('POST /partner/webhooks/{id}/resend', () => {
  it('sends the event again now, with the same webhook-id and body, whatever the endpoint subscribed to, and logs it', async () => {
    const { user, receiver, webhookId } = await anEndpoint();
    // order.sold: the endpoint subscribed to order.delivered only, so nothing was sent when it was made.
    const eventId = await anOrderEvent(user.userId);
    const resent = await post(user, `/partner/webhooks/${webhookId}/resend`, { eventId });
    expect(resent.status, resent.text).toBe(202);
    expect(resent.json).toEqual({ eventId });
    await eventually(() => receiver.received.some((r) => r.id === eventId), 'the event arrives');
    const [got] = receiver.received.filter((r) => r.id === eventId);
    expect(got!.verified).toBe(true);
    expect(got!.payload).toMatchObject({ type: 'order.sold', data: { status: 'SOLD' } });
    await eventually(async () => (await deliveryLog(user, webhookId)).some((d) => d.eventId === eventId), 'the resend is logged');
    expect((await deliveryLog(user, webhookId)).find((d) => d.eventId === eventId)).toMatchObject({ statusCode: 200 });

    // Again: the same bytes under the same id, as a retry would send them.
    expect((await post(user, `/partner/webhooks/${webhookId}/resend`, { eventId })).status).toBe(202);
    await eventually(() => receiver.received.filter((r) => r.id === eventId).length === 2, 'the second resend arrives');
    const [first, second] = receiver.received.filter((r) => r.id === eventId);
    expect(second!.body).toBe(first!.body);
    // Logged as a further attempt of the event at this endpoint, not its first again.
    await eventually(async () => (await deliveryLog(user, webhookId)).filter((d) => d.eventId === eventId).length === 2, 'both logged');
    expect((await deliveryLog(user, webhookId)).filter((d) => d.eventId === eventId).map((d) => d.attempt)).toEqual([2, 1]);
  });

  it("answers 404 EVENT_NOT_FOUND for another partner's event, an unknown one and one older than 30 days, and queues nothing", async () => {
    const { user, receiver, webhookId } = await anEndpoint();
    const other = await aSignedInPartner(ctx);
    const foreign = await anOrderEvent(other.userId);
    const old = await anOrderEvent(user.userId, new Date(Date.now() - 31 * 24 * 3600_000));
    for (const eventId of [foreign, old, 'evt_unknown']) {
      const refused = await post(user, `/partner/webhooks/${webhookId}/resend`, { eventId });
      expect(refused.status, eventId).toBe(404);
      expect(refused.json).toMatchObject({ code: 'EVENT_NOT_FOUND' });
    }
    const unknownEndpoint = await post(user, '/partner/webhooks/wh_unknown/resend', { eventId: old });
    expect(unknownEndpoint.json).toMatchObject({ status: 404, code: 'WEBHOOK_NOT_FOUND' });
    // Someone else's endpoint is unknown too, even for that partner's own event.
    const theirs = await post(other, `/partner/webhooks/${webhookId}/resend`, { eventId: foreign });
    expect(theirs.json).toMatchObject({ status: 404, code: 'WEBHOOK_NOT_FOUND' });
    for (const body of [{}, { eventId: '' }, { eventId: foreign, more: 1 }]) {
      expect((await post(user, `/partner/webhooks/${webhookId}/resend`, body)).json).toMatchObject({
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
    // A ping proves the lane is live; nothing else came.
    await aPing(user, receiver, webhookId);
    expect(receiver.received).toHaveLength(1);
    // The attempt is logged once the receiver has answered: wait for it, then nothing more is there.
    await eventually(async () => (await deliveryLog(user, webhookId)).length > 0, 'the ping is logged');
    expect(await deliveryLog(user, webhookId)).toHaveLength(1);
  });
});

describe('POST /partner/webhooks/{id}/rotate-secret', () => {
  it('signs every delivery with both secrets during the overlap, so a receiver holding either accepts it', async () => {
    const { user, receiver, webhookId, secret: old } = await anEndpoint();
    const before = Date.now();
    const rotated = await post(user, `/partner/webhooks/${webhookId}/rotate-secret`, { expiresInHours: 2 });
    expect(rotated.status, rotated.text).toBe(200);
    const fresh = rotated.json.secret as string;
    expect(fresh).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(fresh).not.toBe(old);
    const expires = Date.parse(rotated.json.previousSecretExpiresAt);
    expect(expires - before).toBeGreaterThanOrEqual(2 * 3600_000 - 1000);
    expect(expires - before).toBeLessThanOrEqual(2 * 3600_000 + 60_000);

    const ping = await aPing(user, receiver, webhookId);
    expect(ping.signature.split(' ')).toHaveLength(2);
    expect(accepts(fresh, ping)).toBe(true);
    expect(accepts(old, ping)).toBe(true);
    const stranger = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    expect(accepts(stranger, ping)).toBe(false);

    // The client package's verifier judges alike: either secret, or both as a receiver holds them in the overlap.
    const headers = { 'webhook-id': ping.id, 'webhook-timestamp': ping.timestamp, 'webhook-signature': ping.signature };
    expect(verifyWebhook(old, ping.body, headers)).toEqual(JSON.parse(ping.body));
    expect(verifyWebhook([stranger, fresh], Buffer.from(ping.body), new Headers(headers))).toEqual(JSON.parse(ping.body));
    expect(() => verifyWebhook(stranger, ping.body, headers)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(old, `${ping.body} `, headers)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(old, ping.body, { ...headers, 'webhook-signature': '' })).toThrow(/missing webhook-signature/);
  });

  it('signs with the new secret only once the old one expired, or at once with 0 hours', async () => {
    const { user, receiver, webhookId, secret: old } = await anEndpoint();
    // Rotated two hours ago with one hour of overlap: the old secret has expired.
    const twoHoursAgo = { ...ctx, now: () => new Date(Date.now() - 2 * 3600_000) };
    const { secret: fresh } = await rotateSecret(twoHoursAgo, user.userId, webhookId, 1);
    const ping = await aPing(user, receiver, webhookId);
    expect(ping.signature.split(' ')).toHaveLength(1);
    expect(accepts(fresh, ping)).toBe(true);
    expect(accepts(old, ping)).toBe(false);

    const rotated = await post(user, `/partner/webhooks/${webhookId}/rotate-secret`, { expiresInHours: 0 });
    expect(rotated.json.previousSecretExpiresAt).toBeNull();
    const next = await aPing(user, receiver, webhookId);
    expect(accepts(rotated.json.secret, next)).toBe(true);
    expect(accepts(fresh, next)).toBe(false);
  });

  it('answers every one of many rotations sent at once, never 5xx, and keeps the last secret and the one it replaced', async () => {
    const { user, receiver, webhookId, secret: first } = await anEndpoint();
    const rotations = await Promise.all(
      Array.from({ length: 12 }, () => post(user, `/partner/webhooks/${webhookId}/rotate-secret`, { expiresInHours: 1 })),
    );
    expect(rotations.map((r) => r.status)).toEqual(rotations.map(() => 200));
    const secrets = rotations.map((r) => r.json.secret as string);
    expect(new Set(secrets).size).toBe(secrets.length);

    // The rotations took turns: the last one's secret signs, beside the one it replaced (the overlap rule), and no other.
    const ping = await aPing(user, receiver, webhookId);
    expect(ping.signature.split(' ')).toHaveLength(2);
    const signing = [first, ...secrets].filter((secret) => accepts(secret, ping));
    expect(signing).toHaveLength(2);
  });

  it('takes no body for the default of 24 hours, and refuses an overlap out of range with 400, changing nothing', async () => {
    const { user, receiver, webhookId, secret } = await anEndpoint();
    for (const body of [{ expiresInHours: 73 }, { expiresInHours: -1 }, { expiresInHours: 1.5 }, { expiresInHours: '24' }, { other: 1 }]) {
      const refused = await post(user, `/partner/webhooks/${webhookId}/rotate-secret`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const ping = await aPing(user, receiver, webhookId);
    expect(ping.signature.split(' ')).toHaveLength(1);
    expect(accepts(secret, ping)).toBe(true);

    const other = await aSignedInPartner(ctx);
    expect((await post(other, `/partner/webhooks/${webhookId}/rotate-secret`)).json).toMatchObject({
      status: 404,
      code: 'WEBHOOK_NOT_FOUND',
    });

    const before = Date.now();
    const rotated = await post(user, `/partner/webhooks/${webhookId}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(Date.parse(rotated.json.previousSecretExpiresAt) - before).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
  });
});

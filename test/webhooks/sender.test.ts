// The sender, driven by the local wake-up queue as `npm start` drives it, against a receiver on 127.0.0.1 that
// verifies every request with the `standardwebhooks` verifier: retries on a shortened schedule (the documented one
// is tested in retry-schedule.test.ts), a receiver that hangs, a sender killed between send and record, the order of
// one order's events, the address checked again at every send, duplicate stream records.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { dbOf, createDocumentClient } from '#lib/db/client.ts';
import { webhookRepo } from '#lib/db/webhook-repo.ts';
import { webhookAttemptKey } from '#lib/db/keys.ts';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { startLocalWakeupQueue, type LocalWakeupQueue } from '#lib/local/webhook-queue.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import type { Resolver } from '#lib/webhooks/address-guard.ts';
import { deleteWebhook, listDeliveries } from '#lib/webhooks/endpoints.ts';
import { createWebhook } from '#lib/webhooks/registration.ts';
import { eventIdOf, orderLaneId } from '#lib/webhooks/events.ts';
import { makeOrderEvents } from '#lib/webhooks/order-events.ts';
import { localQueueDir } from '#lib/webhooks/queue.ts';
import { serveWakeups, type SenderOptions } from '#lib/webhooks/sender.ts';
import { resendEvent } from '#lib/webhooks/resend.ts';
import type { WebhookEventType } from '#lib/webhooks/events.ts';
import { freshTable } from '../support/db.ts';
import { eventually, moveRecord, soldOrder, startReceiver, type Receiver } from './fixtures.ts';

/** The schedule shortened: each retry 50 ms after the attempt before it. */
const RETRIES = Array(7).fill(50) as number[];
/**
 * A receiver gets 300 ms. The lease outlasts an attempt by 3 s, however slow the table is on a busy machine: a lease
 * that lapsed while its attempt was still being recorded would let another sender send the event again.
 */
const OPTIONS: SenderOptions = { retryDelaysMs: RETRIES, timeoutMs: 300, leaseMarginMs: 3000 };

let ctx: AppContext;
let queue: LocalWakeupQueue;
/** The context the sender runs with: a test swaps in a doomed one, as if another process ran it. */
let worker: AppContext;
const receivers: Receiver[] = [];
let partners = 7000;

/** Host names the tests answer themselves; a test may change an answer between sends. */
const dns = new Map<string, string[]>();
const resolve: Resolver = async (host) => {
  const addresses = dns.get(host);
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

beforeAll(async () => {
  ctx = await freshTable({ webhooks: { resolve } });
  worker = ctx;
  queue = await startLocalWakeupQueue({
    dir: localQueueDir(ctx.dataDir),
    handler: (event) => serveWakeups(worker, event.Records, OPTIONS),
    pollIntervalMs: 20,
    // Shorter than an attempt's lease: a wake-up that comes back while the crashed attempt's claim is still live
    // looks at its lane again when the claim lapses.
    visibilityTimeoutMs: 800,
  });
});

afterEach(() => {
  worker = ctx;
});

afterAll(async () => {
  await queue?.stop();
  for (const receiver of receivers) await receiver.close();
});

/** A receiver and an endpoint of a new partner pointing at it, subscribed to `events`. */
async function anEndpoint(
  answer: Receiver['answer'],
  events: WebhookEventType[] = ['order.sold', 'order.minting', 'order.delivered', 'order.failed'],
  url?: (r: Receiver) => string,
) {
  const receiver = await startReceiver(answer);
  receivers.push(receiver);
  const partnerId = partners++;
  const created = await createWebhook(ctx, partnerId, { url: url ? url(receiver) : receiver.url, events });
  receiver.secret = created.secret;
  return { receiver, partnerId, webhookId: created.id };
}

const log = async (partnerId: number, webhookId: string) => (await listDeliveries(ctx, partnerId, webhookId, 100)).deliveries;

describe('retries', () => {
  it('sends an event answered 500, 500, 200 three times under one webhook-id, and logs all three attempts', async () => {
    const { receiver, partnerId, webhookId } = await anEndpoint((n) => (n <= 2 ? 500 : 200));
    const order = soldOrder(partnerId);
    await makeOrderEvents(ctx, [moveRecord(order, null)]);

    await eventually(async () => (await log(partnerId, webhookId)).length === 3, 'three attempts are logged');
    await queue.drain();
    const eventId = eventIdOf({ orderId: order.orderId, round: 0, status: 'SOLD' });
    expect(receiver.received.map((r) => [r.id, r.verified, r.type])).toEqual([
      [eventId, true, 'order.sold'],
      [eventId, true, 'order.sold'],
      [eventId, true, 'order.sold'],
    ]);
    // Same body every time; each attempt signed at its own time.
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    expect(receiver.received[0]!.payload).toEqual({
      type: 'order.sold',
      timestamp: order.updatedAt,
      apiVersion: '2026-11-28',
      data: expect.objectContaining({ orderId: order.orderId, status: 'SOLD' }),
    });

    const attempts = await log(partnerId, webhookId);
    expect(attempts.map((a) => [a.attempt, a.statusCode, a.eventId, a.type, a.orderId])).toEqual([
      [3, 200, eventId, 'order.sold', order.orderId],
      [2, 500, eventId, 'order.sold', order.orderId],
      [1, 500, eventId, 'order.sold', order.orderId],
    ]);
    expect(attempts[0]).toMatchObject({ error: null, nextAttemptAt: null });
    for (const failed of attempts.slice(1)) {
      expect(failed.error).toContain('500');
      expect(Date.parse(failed.nextAttemptAt!) - Date.parse(failed.at)).toBe(50);
    }
    // Delivered: nothing waits in the lane any more.
    expect(await webhookRepo(dbOf(ctx), ctx.tableName).laneHead({ endpointId: webhookId, laneId: orderLaneId(order.orderId) })).toBeNull();
  });

  it('names the order of an attempt logged before the order was recorded with it, from its event', async () => {
    const { partnerId, webhookId } = await anEndpoint(() => 200);
    const order = soldOrder(partnerId);
    await makeOrderEvents(ctx, [moveRecord(order, null)]);
    await eventually(async () => (await log(partnerId, webhookId)).length === 1, 'the attempt is logged');
    const [logged] = await log(partnerId, webhookId);
    // The attempt as an earlier sender wrote it: without the order.
    await dbOf(ctx).send(
      new UpdateCommand({
        TableName: ctx.tableName,
        Key: webhookAttemptKey(webhookId, logged!.at, logged!.eventId, logged!.attempt),
        UpdateExpression: 'REMOVE orderId',
        ConditionExpression: 'attribute_exists(orderId)',
      }),
    );
    expect(await log(partnerId, webhookId)).toEqual([{ ...logged, orderId: order.orderId }]);
  });

  it('records a receiver that never answers as a timeout, and tries it again', async () => {
    const { receiver, partnerId, webhookId } = await anEndpoint((n) => (n === 1 ? 'hang' : 204));
    await makeOrderEvents(ctx, [moveRecord(soldOrder(partnerId), null)]);

    await eventually(async () => (await log(partnerId, webhookId)).length === 2, 'the retry is logged');
    const [retry, first] = await log(partnerId, webhookId);
    expect(first).toMatchObject({ attempt: 1, statusCode: null, error: 'no answer within 0.3 s', nextAttemptAt: expect.any(String) });
    expect(first!.durationMs).toBeGreaterThanOrEqual(300);
    expect(retry).toMatchObject({ attempt: 2, statusCode: 204, error: null, nextAttemptAt: null });
    expect(receiver.received.map((r) => r.id)).toEqual([first!.eventId, first!.eventId]);
  });

  it('does not follow a redirect: a 3xx is a failed attempt', async () => {
    const { receiver, partnerId, webhookId } = await anEndpoint((n) => (n === 1 ? 307 : 200));
    await makeOrderEvents(ctx, [moveRecord(soldOrder(partnerId), null)]);
    await eventually(async () => (await log(partnerId, webhookId)).length === 2, 'the retry is logged');
    expect((await log(partnerId, webhookId))[1]).toMatchObject({ statusCode: 307, error: 'redirects are not followed' });
    expect(receiver.received).toHaveLength(2);
  });

  it('gives an event up after its last retry: eight attempts, the last recorded as failed, and the next event goes on', async () => {
    const { receiver, partnerId, webhookId } = await anEndpoint((n) => (n <= 8 ? 503 : 200));
    const order = soldOrder(partnerId);
    await makeOrderEvents(ctx, [moveRecord(order, null)]);
    await eventually(async () => (await log(partnerId, webhookId)).length === 8, 'eight attempts are logged');
    const attempts = await log(partnerId, webhookId);
    expect(attempts.map((a) => a.attempt)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    expect(attempts[0]).toMatchObject({ statusCode: 503, nextAttemptAt: null });
    expect(attempts.slice(1).every((a) => a.nextAttemptAt !== null)).toBe(true);

    await makeOrderEvents(ctx, [moveRecord({ ...order, status: 'MINTING' }, 'SOLD')]);
    await eventually(() => receiver.received.length === 9, 'the next event is sent');
    expect(receiver.received.map((r) => r.type)).toEqual([...Array(8).fill('order.sold'), 'order.minting']);
  });

  it('numbers a resent event’s attempts on from its earlier ones, and retries it on the schedule from its own first', async () => {
    const { partnerId, webhookId } = await anEndpoint((n) => (n <= 9 ? 503 : 200), ['order.sold']);
    const order = soldOrder(partnerId);
    await makeOrderEvents(ctx, [moveRecord(order, null)]);
    await eventually(async () => (await log(partnerId, webhookId)).length === 8, 'eight attempts are logged, the event given up');
    const eventId = eventIdOf({ orderId: order.orderId, round: 0, status: 'SOLD' });
    await resendEvent(ctx, partnerId, webhookId, eventId);
    await eventually(async () => (await log(partnerId, webhookId)).length === 10, 'the resend and its retry are logged');
    const [retried, resent] = await log(partnerId, webhookId);
    expect(resent).toMatchObject({ attempt: 9, statusCode: 503, nextAttemptAt: expect.any(String) });
    expect(retried).toMatchObject({ attempt: 10, statusCode: 200, nextAttemptAt: null });
  });
});

describe('a sender killed between send and record', () => {
  it('leaves the event to be sent again, with the same webhook-id, once its claim lapsed', async () => {
    const { receiver, partnerId, webhookId } = await anEndpoint(() => 200);
    const kill = { dead: false };
    const db = createDocumentClient({ region: 'us-east-1', endpoint: inject('dynamoEndpoint') });
    db.middlewareStack.add(
      (next) => async (args) => {
        if (kill.dead) throw new Error('sender killed');
        return next(args);
      },
      { step: 'initialize', name: 'kill-switch' },
    );
    worker = { ...ctx, db };
    receiver.onRequest = () => {
      // The request has reached the receiver: the process dies now, before anything more reaches the table.
      kill.dead = true;
      worker = ctx;
    };

    const order = soldOrder(partnerId);
    await makeOrderEvents(ctx, [moveRecord(order, null)]);
    await eventually(async () => (await log(partnerId, webhookId)).length === 1, 'the attempt after the crash is logged');
    await queue.drain();

    const eventId = eventIdOf({ orderId: order.orderId, round: 0, status: 'SOLD' });
    expect(receiver.received.map((r) => [r.id, r.verified])).toEqual([
      [eventId, true],
      [eventId, true],
    ]);
    // A receiver that deduplicates by webhook-id handles it once.
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(1);
    // The crashed attempt was never recorded; the one after it counts it.
    expect((await log(partnerId, webhookId)).map((a) => [a.attempt, a.statusCode])).toEqual([[2, 200]]);
  });
});

describe("the order of one order's events", () => {
  it('holds an order’s later events back while an earlier one is retried, other orders going on meanwhile', async () => {
    const slow = new Set<string>();
    const { receiver, partnerId } = await anEndpoint((_n, request) => {
      const orderId = request.payload?.data?.orderId as string;
      // The first SOLD of the first order fails twice.
      if (request.type === 'order.sold' && orderId === first.orderId && slow.size < 2) {
        slow.add(`${slow.size}`);
        return 500;
      }
      return 200;
    });
    const first = soldOrder(partnerId);
    const second = soldOrder(partnerId);
    // Every move of both orders, made at once.
    await makeOrderEvents(ctx, [
      moveRecord(first, null),
      moveRecord({ ...first, status: 'MINTING' }, 'SOLD'),
      moveRecord(second, null),
      moveRecord({ ...first, status: 'DELIVERED' }, 'MINTING'),
      moveRecord({ ...second, status: 'MINTING' }, 'SOLD'),
    ]);
    await eventually(() => receiver.received.length === 7, 'all five events are delivered (two retried)');
    const of = (orderId: string) => receiver.received.filter((r) => r.payload.data.orderId === orderId).map((r) => r.type);
    expect(of(first.orderId)).toEqual(['order.sold', 'order.sold', 'order.sold', 'order.minting', 'order.delivered']);
    expect(of(second.orderId)).toEqual(['order.sold', 'order.minting']);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
  });
});

describe('events from the stream', () => {
  it('makes one event per move: a duplicate record sends nothing more', async () => {
    const { receiver, partnerId, webhookId } = await anEndpoint(() => 200);
    const record = moveRecord(soldOrder(partnerId), null);
    await makeOrderEvents(ctx, [record]);
    await makeOrderEvents(ctx, [record, record]);
    await queue.drain();
    await makeOrderEvents(ctx, [record]);
    await queue.drain();
    expect(receiver.received).toHaveLength(1);
    expect(await log(partnerId, webhookId)).toHaveLength(1);
  });

  it("tells a re-queued order's second round apart: its SOLD is a new event with an id of its own", async () => {
    const { receiver, partnerId } = await anEndpoint(() => 200);
    const order = soldOrder(partnerId);
    await makeOrderEvents(ctx, [
      moveRecord(order, null),
      moveRecord({ ...order, status: 'MINTING' }, 'SOLD'),
      moveRecord({ ...order, status: 'FAILED', failureReason: 'paused' }, 'MINTING'),
      moveRecord(order, 'FAILED', 1),
      moveRecord({ ...order, status: 'MINTING' }, 'SOLD', 1),
    ]);
    await eventually(() => receiver.received.length === 5, 'five events are delivered');
    expect(receiver.received.map((r) => r.type)).toEqual(['order.sold', 'order.minting', 'order.failed', 'order.sold', 'order.minting']);
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(5);
  });

  it('sends only the events an endpoint subscribed to, and nothing for writes that keep the status', async () => {
    const { receiver, partnerId } = await anEndpoint(() => 200, ['order.delivered']);
    const order = soldOrder(partnerId);
    await makeOrderEvents(ctx, [
      moveRecord(order, null),
      moveRecord({ ...order, status: 'MINTING' }, 'SOLD'),
      moveRecord({ ...order, status: 'MINTING', txHash: `0x${'ab'.repeat(32)}` }, 'MINTING'),
      moveRecord({ ...order, status: 'DELIVERED', txHash: `0x${'ab'.repeat(32)}` }, 'MINTING'),
    ]);
    await eventually(() => receiver.received.length === 1, 'the delivered event arrives');
    await queue.drain();
    expect(receiver.received.map((r) => [r.type, r.payload.data.status, r.payload.data.txHash])).toEqual([
      ['order.delivered', 'DELIVERED', `0x${'ab'.repeat(32)}`],
    ]);
  });
});

describe('the address, checked again at every send', () => {
  it('refuses a host whose DNS answer turned private since registration, then sends once it is allowed again', async () => {
    dns.set('localhost', ['127.0.0.1']);
    const { receiver, partnerId, webhookId } = await anEndpoint(
      () => 200,
      undefined,
      (r) => r.url.replace('127.0.0.1', 'localhost'),
    );
    dns.set('localhost', ['10.0.0.7']);
    await makeOrderEvents(ctx, [moveRecord(soldOrder(partnerId), null)]);
    await eventually(async () => (await log(partnerId, webhookId)).length >= 1, 'the refused attempt is logged');
    const [refused] = await log(partnerId, webhookId);
    expect(refused).toMatchObject({
      attempt: 1,
      statusCode: null,
      error: 'not sent: the host localhost resolves to 10.0.0.7, which is not a public address',
    });
    expect(receiver.received).toHaveLength(0);

    dns.set('localhost', ['127.0.0.1']);
    await eventually(() => receiver.received.length === 1, 'the retry reaches the receiver');
    expect(receiver.received[0]!.verified).toBe(true);
  });
});

describe('a deleted endpoint', () => {
  it('gets nothing more: events waiting for it are dropped', async () => {
    const { receiver, partnerId, webhookId } = await anEndpoint(() => 500);
    const order = soldOrder(partnerId);
    await makeOrderEvents(ctx, [moveRecord(order, null)]);
    await eventually(() => receiver.received.length >= 1, 'the first attempt arrives');
    await deleteWebhook(ctx, partnerId, webhookId);
    await makeOrderEvents(ctx, [moveRecord({ ...order, status: 'MINTING' }, 'SOLD')]);
    await eventually(
      async () =>
        (await webhookRepo(dbOf(ctx), ctx.tableName).laneHead({ endpointId: webhookId, laneId: orderLaneId(order.orderId) })) === null,
      'its lane is empty',
    );
    const seen = receiver.received.length;
    await queue.drain();
    expect(receiver.received.length).toBe(seen);
  });
});

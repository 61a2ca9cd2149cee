// Order events end to end, as `npm start` runs them: a partner registers an endpoint over HTTP, buys over HTTP, the
// delivery worker mints (fed by the table's stream), a second stream consumer makes the events, the sender sends them
// from the local wake-up queue, and a receiver on 127.0.0.1 verifies each with the `standardwebhooks` verifier. Then
// a hundred orders moving at once: three hundred events, none lost, none sent twice under different ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Context, SQSEvent } from 'aws-lambda';
import { handler as orderEvents } from '#functions/webhooks/order-events.ts';
import { handler as sendWebhooks } from '#functions/webhooks/send-webhooks.ts';
import { dbOf } from '#lib/db/client.ts';
import { deliveryOrderRepo } from '#lib/db/delivery-order-repo.ts';
import { partnerOrderRepo } from '#lib/db/partner-order-repo.ts';
import { transactWrite } from '#lib/db/transaction.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { startStreamPoller, type StreamPoller } from '#lib/local/stream-poller.ts';
import { startLocalWakeupQueue, type LocalWakeupQueue } from '#lib/local/webhook-queue.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { localQueueDir } from '#lib/webhooks/queue.ts';
import { EVENT_STREAM_FILTERS } from '#lib/webhooks/stream-filter.ts';
import { freshTable } from '../support/db.ts';
import { deliveryChain, startDeliveryWorker } from '../delivery/fixtures.ts';
import { aHeldPlaque, aPartner, call, type TestPartner } from '../partner/fixtures.ts';
import {
  aSignedInPartner,
  bearer,
  eventually,
  registerWebhook,
  soldOrder,
  startReceiver,
  type Receiver,
  type SignedInPartner,
} from './fixtures.ts';

let ctx: AppContext;
let server: LocalServer;
let deliveries: StreamPoller;
let events: StreamPoller;
let queue: LocalWakeupQueue;
let receiver: Receiver;
let user: SignedInPartner;
let partner: TestPartner;
let webhookId: string;

const streamOptions = () => ({
  endpoint: inject('dynamoEndpoint'),
  region: 'us-east-1',
  tableName: ctx.tableName,
  pollIntervalMs: 50,
});

beforeAll(async () => {
  ctx = await freshTable({ chain: (await deliveryChain()).chain, catalogStalenessMs: 0 });
  server = await startLocalServer({ ctx, port: 0 });
  deliveries = await startDeliveryWorker(ctx);
  events = await startStreamPoller({
    ...streamOptions(),
    handler: (event) => orderEvents(event),
    filters: EVENT_STREAM_FILTERS,
    batchSize: 100,
  });
  queue = await startLocalWakeupQueue({
    dir: localQueueDir(ctx.dataDir),
    handler: (event: SQSEvent) => sendWebhooks(event, { getRemainingTimeInMillis: () => 120_000 } as Context),
    pollIntervalMs: 20,
  });
  receiver = await startReceiver();
  // The partner user manages webhooks with its JWT and sells with an API key of the same account.
  user = await aSignedInPartner(ctx);
  partner = await aPartner(ctx, user.userId);
  const registered = await registerWebhook(server.url, user, {
    url: receiver.url,
    events: ['order.sold', 'order.minting', 'order.delivered', 'order.failed'],
  });
  expect(registered.status, registered.text).toBe(201);
  receiver.secret = registered.json.secret;
  webhookId = registered.json.id;
});

afterAll(async () => {
  await deliveries?.stop();
  await events?.stop();
  await queue?.stop();
  await server?.close();
  await receiver?.close();
});

const ofOrder = (orderId: string) => receiver.received.filter((r) => r.payload?.data?.orderId === orderId);

describe('a partner buying with a webhook endpoint registered', () => {
  it('receives order.sold, order.minting and order.delivered in order, each verified, the last one the order as delivered', async () => {
    const { plaque, wallet, reservationId } = await aHeldPlaque(ctx, server.url, partner);
    const bought = await call(server.url, 'POST', `/partner/plaques/${plaque.id}/buy`, {
      key: partner.apiKey,
      body: { reservationId, buyerWallet: wallet },
      headers: { 'idempotency-key': `hooks-${plaque.id}-buy` },
    });
    expect(bought.status, bought.text).toBe(201);
    const orderId = bought.json.orderId as string;

    await eventually(() => ofOrder(orderId).length >= 3, 'three events of the order arrive', 60_000);
    const received = ofOrder(orderId);
    expect(received.every((r) => r.verified)).toBe(true);
    expect(received.map((r) => r.type)).toEqual(['order.sold', 'order.minting', 'order.delivered']);
    expect(received.map((r) => r.payload.data.status)).toEqual(['SOLD', 'MINTING', 'DELIVERED']);
    expect(new Set(received.map((r) => r.id)).size).toBe(3);
    for (const r of received) expect(Number(r.timestamp)).toBeGreaterThan(0);

    const order = await call(server.url, 'GET', `/partner/orders/${orderId}`, { key: partner.apiKey });
    // The endpoint is new, so pinned to the newest API version, which every body names.
    expect(received[2]!.payload).toEqual({
      type: 'order.delivered',
      timestamp: order.json.updatedAt,
      apiVersion: '2026-11-28',
      data: order.json,
    });

    const log = await call(server.url, 'GET', `/partner/webhooks/${webhookId}/deliveries?limit=3`, { headers: bearer(user) });
    expect(log.status).toBe(200);
    expect(
      log.json.deliveries.map((d: { type: string; statusCode: number; orderId: string }) => [d.type, d.statusCode, d.orderId]),
    ).toEqual([
      ['order.delivered', 200, orderId],
      ['order.minting', 200, orderId],
      ['order.sold', 200, orderId],
    ]);
  }, 90_000);

  it('sends the test event when asked, and logs it', async () => {
    const sent = await call(server.url, 'POST', `/partner/webhooks/${webhookId}/test`, { headers: bearer(user) });
    expect(sent.status).toBe(202);
    await eventually(() => receiver.received.some((r) => r.id === sent.json.eventId), 'the ping arrives');
    const ping = receiver.received.find((r) => r.id === sent.json.eventId)!;
    expect(ping.verified).toBe(true);
    expect(ping.payload).toEqual({ type: 'ping', timestamp: expect.any(String), apiVersion: '2026-11-28', data: { webhookId } });
    await eventually(async () => {
      const log = await call(server.url, 'GET', `/partner/webhooks/${webhookId}/deliveries?limit=1`, { headers: bearer(user) });
      return log.json.deliveries[0]?.eventId === sent.json.eventId;
    }, 'the ping is logged');
    const log = await call(server.url, 'GET', `/partner/webhooks/${webhookId}/deliveries?limit=1`, { headers: bearer(user) });
    // A test event tells of no order.
    expect(log.json.deliveries[0]).toMatchObject({ eventId: sent.json.eventId, type: 'ping', orderId: null });
  });
});

describe('a hundred orders moving at once', () => {
  it('makes three hundred events and delivers every one, in each order the order of its moves', async () => {
    const orders = Array.from({ length: 100 }, () => soldOrder(user.userId));
    const repo = deliveryOrderRepo(dbOf(ctx), ctx.tableName);
    const partnerOrders = partnerOrderRepo(dbOf(ctx), ctx.tableName);
    // The moves the sale and the delivery write, without the chain: SOLD (inserted), MINTING (in a batch), DELIVERED.
    // The delivery poller is stopped first, so the worker leaves these orders alone.
    await deliveries.stop();
    const answers = { written: () => 'written', refused: () => 'refused' };
    await Promise.all(orders.map((order) => transactWrite(dbOf(ctx), [partnerOrders.insertItem(order)], answers)));
    await Promise.all(
      orders.map(async (order) => {
        const at = new Date();
        const tx = `0x${'cd'.repeat(32)}`;
        const batch = { batchId: `mb_${order.orderId}`, hash: tx, nonce: 0 };
        expect(await transactWrite(dbOf(ctx), [repo.batchedItem(order.orderId, { status: 'SOLD' }, batch, at)], answers)).toBe('written');
        expect(await transactWrite(dbOf(ctx), [repo.deliveredItem(order.orderId, batch.batchId, tx, null, new Date())], answers)).toBe(
          'written',
        );
      }),
    );

    const ids = new Set(orders.map((o) => o.orderId));
    const mine = () => receiver.received.filter((r) => ids.has(r.payload?.data?.orderId));
    await eventually(() => new Set(mine().map((r) => r.id)).size === 300, 'three hundred distinct events arrive', 120_000);
    await events.drain();
    await queue.drain();

    const received = mine();
    expect(received.every((r) => r.verified)).toBe(true);
    // At least once: a repeat carries the id, type and body of its first sending.
    const byId = new Map<string, string>();
    for (const r of received) {
      if (byId.has(r.id)) expect(r.body).toBe(byId.get(r.id));
      byId.set(r.id, r.body);
    }
    expect(byId.size).toBe(300);
    for (const order of orders) {
      const firsts = [...new Map(ofOrder(order.orderId).map((r) => [r.id, r.type] as const)).values()];
      expect(firsts, order.orderId).toEqual(['order.sold', 'order.minting', 'order.delivered']);
    }
  }, 180_000);
});

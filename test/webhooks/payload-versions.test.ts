// Webhook bodies shaped per endpoint version, end to end as `npm start` runs them: a plaque's price rewritten in the
// table, the event maker fed by DynamoDB Local's stream, the sender sending to two receivers that verify every
// delivery: one endpoint registered now (pinned to the newest version) and one registered before pins were kept
// (2026-11-23). The test event and a resend are shaped the same way; the events feed shapes `data` by the request's
// version.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Context, SQSEvent } from 'aws-lambda';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { handler as makeEvents } from '#functions/webhooks/order-events.ts';
import { handler as sendWebhooks } from '#functions/webhooks/send-webhooks.ts';
import { dbOf } from '#lib/db/client.ts';
import { plaqueKey, webhookKey } from '#lib/db/keys.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { startStreamPoller, type StreamPoller } from '#lib/local/stream-poller.ts';
import { startLocalWakeupQueue, type LocalWakeupQueue } from '#lib/local/webhook-queue.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { CATALOGUE_EVENT_TYPES } from '#lib/webhooks/events.ts';
import { localQueueDir } from '#lib/webhooks/queue.ts';
import { EVENT_STREAM_FILTERS } from '#lib/webhooks/stream-filter.ts';
import { freshTable } from '../support/db.ts';
import { sharedChain } from '../support/chain.ts';
import { aPartner, call, storePlaque, type TestPartner } from '../partner/fixtures.ts';
import { aSignedInPartner, bearer, eventually, registerWebhook, startReceiver, type Receiver, type SignedInPartner } from './fixtures.ts';

let ctx: AppContext;
let server: LocalServer;
let events: StreamPoller;
let queue: LocalWakeupQueue;
/** Receives for the endpoint registered now; `old` for the one registered before pins were kept. */
let newest: Receiver;
let old: Receiver;
let oldWebhookId: string;
let newestWebhookId: string;
let user: SignedInPartner;
let partner: TestPartner;

beforeAll(async () => {
  ctx = await freshTable({ chain: sharedChain(), catalogStalenessMs: 0 });
  server = await startLocalServer({ ctx, port: 0 });
  events = await startStreamPoller({
    endpoint: inject('dynamoEndpoint'),
    region: 'us-east-1',
    tableName: ctx.tableName,
    pollIntervalMs: 50,
    handler: (event) => makeEvents(event),
    filters: EVENT_STREAM_FILTERS,
    batchSize: 100,
  });
  queue = await startLocalWakeupQueue({
    dir: localQueueDir(ctx.dataDir),
    handler: (event: SQSEvent) => sendWebhooks(event, { getRemainingTimeInMillis: () => 120_000 } as Context),
    pollIntervalMs: 20,
  });
  newest = await startReceiver();
  old = await startReceiver();
  user = await aSignedInPartner(ctx);
  partner = await aPartner(ctx, user.userId);
  for (const receiver of [newest, old]) {
    const registered = await registerWebhook(server.url, user, { url: receiver.url, events: [...CATALOGUE_EVENT_TYPES] });
    expect(registered.status, registered.text).toBe(201);
    expect(registered.json.version).toBe('2026-11-28');
    receiver.secret = registered.json.secret;
    if (receiver === old) oldWebhookId = registered.json.id;
    else newestWebhookId = registered.json.id;
  }
  // As an endpoint registered before pins were kept is stored: without a version.
  await dbOf(ctx).send(new UpdateCommand({ TableName: ctx.tableName, Key: webhookKey(oldWebhookId), UpdateExpression: 'REMOVE version' }));
});

afterAll(async () => {
  await events?.stop();
  await queue?.stop();
  await server?.close();
  await newest?.close();
  await old?.close();
});

/** A price change of a stored plaque, written as the service's write paths write it. */
async function changePrice(): Promise<number> {
  const plaque = await storePlaque(ctx, { price: 100, currency: 'USD', featured: false });
  await dbOf(ctx).send(
    new UpdateCommand({
      TableName: ctx.tableName,
      Key: plaqueKey(plaque.id),
      UpdateExpression: 'SET price = :price, updatedAt = :now',
      ExpressionAttributeValues: { ':price': 250, ':now': new Date().toISOString() },
    }),
  );
  return plaque.id;
}

const ofPlaque = (receiver: Receiver, id: number) => receiver.received.filter((r) => r.payload?.data?.id === id);

describe('webhook bodies', () => {
  it('are shaped for each endpoint’s version: token_id for one pinned to 2026-11-23, none for the newest, apiVersion in both', async () => {
    const id = await changePrice();
    await eventually(() => ofPlaque(newest, id).length >= 1 && ofPlaque(old, id).length >= 1, 'the price change reaches both endpoints');
    const [toNewest] = ofPlaque(newest, id);
    const [toOld] = ofPlaque(old, id);
    for (const delivery of [toNewest!, toOld!]) {
      expect(delivery.verified).toBe(true);
      expect(delivery.type).toBe('plaque.price_changed');
      expect(delivery.payload.data).toMatchObject({ id, price: 250, previousPrice: 100, tokenId: null });
    }
    // One event, one webhook-id, shaped twice.
    expect(toOld!.id).toBe(toNewest!.id);
    expect(toNewest!.payload.apiVersion).toBe('2026-11-28');
    expect(toNewest!.payload.data).not.toHaveProperty('token_id');
    expect(toOld!.payload.apiVersion).toBe('2026-11-23');
    expect(toOld!.payload.data.token_id).toBeNull();
    expect(Object.keys(toOld!.payload)).toEqual(['type', 'timestamp', 'apiVersion', 'data']);
    const { token_id: _copy, ...withoutCopy } = toOld!.payload.data;
    expect(withoutCopy).toEqual(toNewest!.payload.data);

    // The endpoint list shows each pin.
    const listed = await call(server.url, 'GET', '/partner/webhooks', { headers: bearer(user) });
    const versions = Object.fromEntries(listed.json.webhooks.map((w: { id: string; version: string }) => [w.id, w.version]));
    expect(versions).toEqual({ [oldWebhookId]: '2026-11-23', [newestWebhookId]: '2026-11-28' });
  });

  it('resend an event in the same bytes it was first sent with, and name the version in a test event', async () => {
    const id = await changePrice();
    await eventually(() => ofPlaque(old, id).length >= 1, 'the price change reaches the old endpoint');
    const [first] = ofPlaque(old, id);
    const resent = await call(server.url, 'POST', `/partner/webhooks/${oldWebhookId}/resend`, {
      body: { eventId: first!.id },
      headers: bearer(user),
    });
    expect(resent.status, resent.text).toBe(202);
    await eventually(() => ofPlaque(old, id).length >= 2, 'the resend arrives');
    expect(ofPlaque(old, id)[1]!.body).toBe(first!.body);

    for (const [receiver, webhookId, version] of [
      [old, oldWebhookId, '2026-11-23'],
      [newest, newestWebhookId, '2026-11-28'],
    ] as const) {
      const sent = await call(server.url, 'POST', `/partner/webhooks/${webhookId}/test`, { headers: bearer(user) });
      expect(sent.status, sent.text).toBe(202);
      await eventually(() => receiver.received.some((r) => r.id === sent.json.eventId), 'the test event arrives');
      const ping = receiver.received.find((r) => r.id === sent.json.eventId)!;
      expect(ping.verified).toBe(true);
      expect(ping.payload).toEqual({ type: 'ping', timestamp: expect.any(String), apiVersion: version, data: { webhookId } });
    }
  });

  it("list in the events feed in the request's version: the key's pin, or the header's", async () => {
    const id = await changePrice();
    await eventually(() => ofPlaque(newest, id).length >= 1, 'the price change is made');
    const feedData = async (headers: Record<string, string> = {}) => {
      const feed = await call(server.url, 'GET', '/partner/events?type=plaque.price_changed&limit=100', { key: partner.apiKey, headers });
      expect(feed.status, feed.text).toBe(200);
      return {
        version: feed.headers.get('plaque-version'),
        data: feed.json.events.find((e: { data: { id: number } }) => e.data.id === id)?.data,
      };
    };
    // A new key: the newest version.
    const byPin = await feedData();
    expect(byPin.version).toBe('2026-11-28');
    expect(byPin.data).toMatchObject({ id, previousPrice: 100 });
    expect(byPin.data).not.toHaveProperty('token_id');
    const byHeader = await feedData({ 'plaque-version': '2026-11-23' });
    expect(byHeader.version).toBe('2026-11-23');
    expect(byHeader.data).toMatchObject({ id, previousPrice: 100, token_id: null });
    const moved = await call(server.url, 'POST', `/partner/api-keys/${partner.id}/version`, {
      body: { version: '2026-11-23' },
      headers: bearer(user),
    });
    expect(moved.status, moved.text).toBe(200);
    expect((await feedData()).data).toMatchObject({ token_id: null });
  });
});

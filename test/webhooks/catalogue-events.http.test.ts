// Catalogue events end to end, as `npm start` runs them: plaques rewritten over HTTP (a hold, its release) and in the
// table (a price, a minted plaque's image), the one event maker fed by DynamoDB Local's stream under the filter its
// AWS mapping has, the sender sending from the local wake-up queue to a receiver that verifies every delivery; an
// import of many plaques making one `catalogue.imported` and no plaque event; every partner's feed over HTTP.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Context, SQSEvent } from 'aws-lambda';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { handler as makeEvents } from '#functions/webhooks/order-events.ts';
import { handler as sendWebhooks } from '#functions/webhooks/send-webhooks.ts';
import { dbOf } from '#lib/db/client.ts';
import { plaqueKey } from '#lib/db/keys.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { metadataAnnouncementRepo } from '#lib/db/metadata-announcement-repo.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { startStreamPoller, type StreamPoller } from '#lib/local/stream-poller.ts';
import { startLocalWakeupQueue, type LocalWakeupQueue } from '#lib/local/webhook-queue.ts';
import { importPlaques } from '#lib/ops/plaque-commands.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { CATALOGUE_EVENT_TYPES } from '#lib/webhooks/events.ts';
import { localQueueDir } from '#lib/webhooks/queue.ts';
import { EVENT_STREAM_FILTERS } from '#lib/webhooks/stream-filter.ts';
import { freshTable } from '../support/db.ts';
import { sharedChain } from '../support/chain.ts';
import { TEST_CONTRACT, TEST_PLACEHOLDER } from '../support/factories.ts';
import { aHeldPlaque, aPartner, call, storePlaque, type TestPartner } from '../partner/fixtures.ts';
import { aSignedInPartner, bearer, eventually, registerWebhook, startReceiver, type Receiver, type SignedInPartner } from './fixtures.ts';

let ctx: AppContext;
let server: LocalServer;
let events: StreamPoller;
let queue: LocalWakeupQueue;
let receiver: Receiver;
let quiet: Receiver;
let user: SignedInPartner;
let other: SignedInPartner;
let partner: TestPartner;
let otherPartner: TestPartner;
let otherWebhookId: string;

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
  receiver = await startReceiver();
  quiet = await startReceiver();
  user = await aSignedInPartner(ctx);
  other = await aSignedInPartner(ctx);
  partner = await aPartner(ctx, user.userId);
  otherPartner = await aPartner(ctx, other.userId, 'read');
  const registered = await registerWebhook(server.url, user, { url: receiver.url, events: [...CATALOGUE_EVENT_TYPES] });
  expect(registered.status, registered.text).toBe(201);
  expect(registered.json.events).toEqual([...CATALOGUE_EVENT_TYPES]);
  receiver.secret = registered.json.secret;
  // Another partner takes order events only: no catalogue event is sent to it, its feed lists them all the same.
  const orders = await registerWebhook(server.url, other, { url: quiet.url, events: ['order.sold'] });
  expect(orders.status, orders.text).toBe(201);
  quiet.secret = orders.json.secret;
  otherWebhookId = orders.json.id;
});

afterAll(async () => {
  await events?.stop();
  await queue?.stop();
  await server?.close();
  await receiver?.close();
  await quiet?.close();
});

const ofPlaque = (id: number) => receiver.received.filter((r) => r.payload?.data?.id === id);

/** Rewrites a stored plaque as a write path of the service would: the given values and a new `updatedAt`. */
async function rewrite(id: number, values: Record<string, unknown>): Promise<string> {
  const updatedAt = new Date().toISOString();
  const entries = Object.entries({ ...values, updatedAt });
  await dbOf(ctx).send(
    new UpdateCommand({
      TableName: ctx.tableName,
      Key: plaqueKey(id),
      UpdateExpression: `SET ${entries.map((_, i) => `#n${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#n${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value])),
    }),
  );
  return updatedAt;
}

describe('a partner subscribed to catalogue events', () => {
  it('receives a hold and its release as status changes and a listing, in order, each verified', async () => {
    const { plaque, reservationId } = await aHeldPlaque(ctx, server.url, partner, { featured: true });
    const released = await call(server.url, 'DELETE', `/partner/reservations/${reservationId}`, { key: partner.apiKey });
    expect(released.status, released.text).toBe(204);

    await eventually(() => ofPlaque(plaque.id).length >= 3, 'three events of the plaque arrive', 60_000);
    const received = ofPlaque(plaque.id);
    expect(received.every((r) => r.verified)).toBe(true);
    expect(received.map((r) => [r.type, r.payload.data.status, r.payload.data.previousStatus])).toEqual([
      ['plaque.status_changed', 'LOCKED', 'AVAILABLE'],
      ['plaque.status_changed', 'AVAILABLE', 'LOCKED'],
      ['plaque.listed', 'AVAILABLE', undefined],
    ]);
    // The data is the Plaque as GET /plaques/{id} answers it after the last write, read with the partner's key: the key
    // and the endpoint are both pinned to the newest API version.
    const shown = await call(server.url, 'GET', `/plaques/${plaque.id}`, { key: partner.apiKey });
    const { previousStatus: _none, ...listed } = received[2]!.payload.data;
    expect(listed).toEqual(shown.json);
    expect(received[2]!.payload.timestamp).toBe(shown.json.updatedAt);
  });

  it('receives a price change with the previous price, and nothing for a write that changes no value it tells of', async () => {
    const plaque = await storePlaque(ctx, { price: 100, currency: 'USD', featured: false });
    await rewrite(plaque.id, { description: 'a new description' });
    await rewrite(plaque.id, { price: 250, currency: 'EUR' });
    await eventually(() => ofPlaque(plaque.id).length >= 1, 'the price change arrives');
    const [change] = ofPlaque(plaque.id);
    expect(change!.type).toBe('plaque.price_changed');
    expect(change!.payload.data).toMatchObject({ price: 250, currency: 'EUR', previousPrice: 100, previousCurrency: 'USD' });
    // The feed lists what was sent, and only that, for this plaque.
    const feed = await call(server.url, 'GET', '/partner/events?limit=100', { key: partner.apiKey });
    expect(feed.json.events.filter((e: { data: { id?: number } }) => e.data.id === plaque.id).map((e: { id: string }) => e.id)).toEqual([
      change!.id,
    ]);
  });

  it("tells of a minted plaque's new image and marks its token for the on-chain announcement", async () => {
    const plaque = await storePlaque(ctx, {
      status: 'MINTED',
      minted: true,
      tokenId: '7001',
      wallet_address: '0x00000000000000000000000000000000000000aa',
      mintedAt: '2026-01-03T00:00:00.000Z',
    });
    const unminted = await storePlaque(ctx);
    await rewrite(unminted.id, { image: 'https://images.example.com/unminted.png' });
    const at = await rewrite(plaque.id, { image: 'https://images.example.com/new.png' });
    await eventually(() => ofPlaque(plaque.id).length >= 1, 'the metadata update arrives');
    expect(ofPlaque(plaque.id).map((r) => [r.type, r.payload.data.image])).toEqual([
      ['plaque.metadata_updated', 'https://images.example.com/new.png'],
    ]);
    const pending = await metadataAnnouncementRepo(dbOf(ctx), ctx.tableName).pending(100);
    expect(pending).toContainEqual({ plaqueId: plaque.id, tokenId: '7001', markedAt: at });
    expect(pending.map((p) => p.plaqueId)).not.toContain(unminted.id);
    expect(ofPlaque(unminted.id)).toEqual([]);
  });
});

describe('an import', () => {
  it('sends one catalogue.imported and no event per plaque it created', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({
      alphabetPart: 'IMP',
      numberPart: String(i).padStart(4, '0'),
      price: 10,
      currency: 'USD',
      marketplace: 'SERVICE',
      condition: 'VIRGIN',
      featured: true,
    }));
    // The counter past the ids the file's other plaques were stored under directly.
    await plaqueRepo(dbOf(ctx), ctx.tableName).allocateIds(1000);
    const file = join(ctx.dataDir, 'import.json');
    writeFileSync(file, JSON.stringify(rows));
    const report = await importPlaques(
      {
        endpoint: inject('dynamoEndpoint'),
        table: ctx.tableName,
        dataDir: ctx.dataDir,
        contractAddress: TEST_CONTRACT,
        mediaBaseUrl: new URL(TEST_PLACEHOLDER).origin,
      },
      file,
    );
    expect(report.imported).toBe(60);

    const imported = () => receiver.received.filter((r) => r.type === 'catalogue.imported');
    await eventually(() => imported().length >= 1, 'the import event arrives', 60_000);
    const [event] = imported();
    expect(event!.verified).toBe(true);
    expect(event!.payload.data).toEqual({
      importId: report.importId,
      count: 60,
      firstPlaqueId: expect.any(Number),
      lastPlaqueId: expect.any(Number),
      startedAt: expect.any(String),
      finishedAt: event!.payload.timestamp,
    });
    const { firstPlaqueId, lastPlaqueId } = event!.payload.data;
    expect(lastPlaqueId - firstPlaqueId).toBe(59);
    // Every other partner's feed lists it, though its endpoint takes no catalogue event; no plaque of the import has one.
    const feed = await call(server.url, 'GET', '/partner/events?limit=100', { key: otherPartner.apiKey });
    expect(feed.status, feed.text).toBe(200);
    const listed = feed.json.events as { id: string; type: string; data: { id?: number } }[];
    expect(listed.filter((e) => e.type === 'catalogue.imported').map((e) => e.id)).toEqual([event!.id]);
    expect(listed.filter((e) => e.data.id !== undefined && e.data.id >= firstPlaqueId && e.data.id <= lastPlaqueId)).toEqual([]);
    expect(receiver.received.filter((r) => r.payload?.data?.id >= firstPlaqueId && r.payload?.data?.id <= lastPlaqueId)).toEqual([]);
    expect(quiet.received).toEqual([]);

    // Another partner may have a catalogue event sent to its endpoint again.
    const resent = await call(server.url, 'POST', `/partner/webhooks/${otherWebhookId}/resend`, {
      body: { eventId: event!.id },
      headers: bearer(other),
    });
    expect(resent.status, resent.text).toBe(202);
    await eventually(() => quiet.received.length >= 1, 'the resent import event arrives');
    expect(quiet.received[0]).toMatchObject({ id: event!.id, verified: true, type: 'catalogue.imported' });
  });
});

describe("the partner's feed", () => {
  it('merges its order events and the catalogue events newest first, page after page, each once', async () => {
    const whole = await call(server.url, 'GET', '/partner/events?limit=100', { key: partner.apiKey });
    const all = whole.json.events as { id: string; timestamp: string }[];
    expect(all.length).toBeGreaterThanOrEqual(5);
    const stamps = all.map((e) => e.timestamp);
    expect([...stamps].sort().reverse()).toEqual(stamps);

    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/partner/events?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await call(server.url, 'GET', query, { key: partner.apiKey });
      expect(page.status, page.text).toBe(200);
      paged.push(...page.json.events.map((e: { id: string }) => e.id));
      cursor = page.json.nextCursor;
    } while (cursor);
    expect(paged).toEqual(all.map((e) => e.id));

    const typed = await call(server.url, 'GET', '/partner/events?type=plaque.listed', { key: partner.apiKey });
    expect(typed.json.events.length).toBeGreaterThanOrEqual(1);
    expect(typed.json.events.every((e: { type: string }) => e.type === 'plaque.listed')).toBe(true);
  });
});

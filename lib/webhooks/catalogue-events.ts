// Makes the catalogue's events, fed by the table's stream (EVENT_STREAM_FILTERS) like order events: each rewrite of a
// plaque makes the events plaqueChangesOf names, and each finished import its one summary. An event is stored once
// (the catalogue's feed lists it to every partner for 30 days) with a delivery for every endpoint of every partner
// subscribed to its type, in that endpoint's lane for the plaque, then the sender is woken for those lanes. A minted
// plaque whose metadata changed is also marked for its on-chain announcement (lib/delivery/announce-metadata.ts).
import type { DynamoDBRecord } from 'aws-lambda';
import { dbOf } from '#lib/db/client.ts';
import type { CatalogueImport } from '#lib/db/catalogue-import-repo.ts';
import { metadataAnnouncementRepo } from '#lib/db/metadata-announcement-repo.ts';
import { finishedImportOf, rewrittenPlaqueOf, type RewrittenPlaque } from '#lib/db/stream-images.ts';
import { webhookRepo } from '#lib/db/webhook-repo.ts';
import { webhookSubscriberRepo, type CatalogueSubscriber } from '#lib/db/webhook-subscriber-repo.ts';
import { presentPlaque } from '#lib/plaques/plaque.ts';
import { stageValuesOf } from '#lib/plaques/stage-values.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { logger } from '#lib/runtime/logger.ts';
import {
  importEventBody,
  importEventIdOf,
  importLaneId,
  plaqueChangesOf,
  plaqueEventBody,
  plaqueEventIdOf,
  plaqueLaneId,
  plaquePositionOf,
} from '#lib/webhooks/catalogue-changes.ts';
import { newDelivery } from '#lib/webhooks/deliveries.ts';
import { CATALOGUE_IMPORTED_EVENT_TYPE, PING_POSITION, type CatalogueEventType, type WebhookEvent } from '#lib/webhooks/events.ts';
import { wakeupQueueOf } from '#lib/webhooks/queue.ts';

/** One catalogue event to store: the event, and where it sits in each subscriber's lane. */
interface Made {
  event: WebhookEvent;
  laneId: string;
  position: string;
}

/** Stores the event with a delivery per subscriber of its type (none when none), then wakes the sender for them. */
async function storeCatalogueEvent(ctx: AppContext, subscribers: CatalogueSubscriber[], made: Made): Promise<number> {
  const repo = webhookRepo(dbOf(ctx), ctx.tableName);
  const type = made.event.type as CatalogueEventType;
  const endpoints = subscribers.filter((subscriber) => subscriber.events.includes(type)).map((subscriber) => subscriber.endpointId);
  const event = { ...made.event, endpointIds: endpoints };
  const now = ctx.now().toISOString();
  const deliveries = endpoints.map((endpointId) => newDelivery({ endpointId, laneId: made.laneId }, made.position, event.eventId, now));
  const stored = await repo.storeEvent(event, deliveries);
  // Stored now, or by an earlier delivery of this record whose wake-ups may not have gone out: wake its lanes either way.
  const addressed = stored.kind === 'stored' ? event.endpointIds : stored.event.endpointIds;
  await wakeupQueueOf(ctx).send(addressed.map((endpointId) => ({ lane: { endpointId, laneId: made.laneId }, delayMs: 0 })));
  return addressed.length;
}

/** The events of one rewrite of a plaque, in the order they are sent. */
function plaqueEvents(ctx: AppContext, { plaque, previous, sequence }: RewrittenPlaque): Made[] {
  const shown = presentPlaque(plaque, new Date(plaque.updatedAt), stageValuesOf(ctx));
  return plaqueChangesOf(previous, plaque).map((change) => ({
    event: {
      eventId: plaqueEventIdOf(plaque.id, sequence, change.type),
      type: change.type,
      partnerId: null,
      orderId: null,
      timestamp: plaque.updatedAt,
      body: plaqueEventBody(change, plaque.updatedAt, shown),
      endpointIds: [],
    },
    laneId: plaqueLaneId(plaque.id),
    position: plaquePositionOf(plaque.updatedAt, sequence, change.type),
  }));
}

const importEvent = (run: CatalogueImport): Made => ({
  event: {
    eventId: importEventIdOf(run.importId),
    type: CATALOGUE_IMPORTED_EVENT_TYPE,
    partnerId: null,
    orderId: null,
    timestamp: run.finishedAt,
    body: importEventBody(run),
    endpointIds: [],
  },
  laneId: importLaneId(run.importId),
  position: PING_POSITION,
});

/** What one record tells: a plaque rewrite or a finished import; null when neither. */
type CatalogueRecord = { key: string; record: DynamoDBRecord; rewrite: RewrittenPlaque | null; run: CatalogueImport | null };

export function catalogueRecordOf(record: DynamoDBRecord): CatalogueRecord | null {
  const rewrite = rewrittenPlaqueOf(record);
  if (rewrite) return { key: `plaque ${rewrite.plaque.id}`, record, rewrite, run: null };
  const run = finishedImportOf(record);
  return run ? { key: `import ${run.importId}`, record, rewrite: null, run } : null;
}

/** Makes the record's events (and marks a minted plaque's metadata for announcement); the endpoints addressed. */
async function makeRecordEvents(
  ctx: AppContext,
  subscribers: () => Promise<CatalogueSubscriber[]>,
  item: CatalogueRecord,
): Promise<number> {
  const made = item.rewrite ? plaqueEvents(ctx, item.rewrite) : [importEvent(item.run!)];
  if (made.length === 0) return 0;
  const plaque = item.rewrite?.plaque;
  if (plaque?.tokenId && made.some((m) => m.event.type === 'plaque.metadata_updated')) {
    // Marked first: a failure after it makes the record come back, and marking again is harmless.
    await metadataAnnouncementRepo(dbOf(ctx), ctx.tableName).mark({
      plaqueId: plaque.id,
      tokenId: plaque.tokenId,
      markedAt: plaque.updatedAt,
    });
  }
  let addressed = 0;
  for (const one of made) addressed += await storeCatalogueEvent(ctx, await subscribers(), one);
  return addressed;
}

/**
 * The batch's catalogue records: each plaque's one after another in stream order (so its events are made in the order
 * of its rewrites), plaques side by side. A record that fails is reported with every later record of its plaque.
 */
export async function makeCatalogueEvents(ctx: AppContext, items: CatalogueRecord[]): Promise<string[]> {
  const byKey = new Map<string, CatalogueRecord[]>();
  for (const item of items) byKey.set(item.key, [...(byKey.get(item.key) ?? []), item]);
  // Read once per batch, and only when some record makes an event.
  let read: Promise<CatalogueSubscriber[]> | undefined;
  const subscribers = () => (read ??= webhookSubscriberRepo(dbOf(ctx), ctx.tableName).catalogueSubscribers());
  const failed: string[] = [];
  await Promise.all(
    [...byKey.values()].map(async (records) => {
      for (let i = 0; i < records.length; i++) {
        try {
          const endpoints = await makeRecordEvents(ctx, subscribers, records[i]!);
          if (endpoints > 0) logger.info('catalogue event made', { what: records[i]!.key, endpoints });
        } catch (error) {
          logger.warn('catalogue event not made; it will be retried', { what: records[i]!.key, error: error as Error });
          failed.push(...records.slice(i).map((r) => r.record.dynamodb?.SequenceNumber ?? ''));
          return;
        }
      }
    }),
  );
  return failed;
}

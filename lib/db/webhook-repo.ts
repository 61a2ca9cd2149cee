// The only module that speaks DynamoDB for webhooks: partners' endpoints and their count, the events made from order
// moves, each event's delivery waiting in its lane (one order's events for one endpoint, sent from the head), and the
// log of attempts in the endpoint's item collection.
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GSI1 } from '#lib/db/table.ts';
import {
  CATALOGUE_EVENTS_PARTITION,
  ENTITY,
  WEBHOOK_ATTEMPT_PREFIX,
  catalogueEventsIndexKey,
  partnerEventsIndexKey,
  partnerEventsPartition,
  partnerWebhooksIndexKey,
  partnerWebhooksPartition,
  webhookAttemptKey,
  webhookAttemptTallyKey,
  webhookCountKey,
  webhookDeliveryKey,
  webhookEventKey,
  webhookKey,
  webhookLanePartition,
} from '#lib/db/keys.ts';
import { conditionalWrite } from '#lib/db/conditional-write.ts';
import { pageNewestFirst, sortKeyParts } from '#lib/db/index-page.ts';
import { queryAll } from '#lib/db/query-all.ts';
import { transactWrite, type TransactItem } from '#lib/db/transaction.ts';
import { subscriptionDelete, subscriptionPut } from '#lib/db/webhook-subscriber-repo.ts';
import type { WebhookEvent, WebhookEventType } from '#lib/webhooks/events.ts';
import type { Lane } from '#lib/webhooks/queue.ts';
import type { WebhookAttempt, WebhookDelivery } from '#lib/webhooks/deliveries.ts';
import type { ApiVersion } from '#lib/versions/versions.ts';

type Item = Record<string, unknown>;

export interface WebhookEndpoint {
  id: string;
  partnerId: number;
  url: string;
  events: WebhookEventType[];
  /** The secret as the secret box sealed it; never the secret itself. */
  sealedSecret: string;
  /** The secret a rotation replaced, sealed, while deliveries still carry its signature too; null when none. */
  previousSecret: { sealed: string; expiresAt: string } | null;
  createdAt: string;
  /** The API version its deliveries are shaped for, set when it is registered; null on endpoints registered before pins were kept. */
  version: ApiVersion | null;
}

/** Attempts and events are kept 30 days; a delivery still waiting then (it never is: the schedule ends in 38 h) goes too. */
const KEEP_SECONDS = 30 * 24 * 3600;
const ttlFrom = (iso: string): number => Math.floor(Date.parse(iso) / 1000) + KEEP_SECONDS;

// ---- item mapping, one pair per entity ----

function endpointToItem(endpoint: WebhookEndpoint): Item {
  const { previousSecret, version, ...rest } = endpoint;
  return {
    ...webhookKey(endpoint.id),
    ...partnerWebhooksIndexKey(endpoint.partnerId, endpoint.createdAt, endpoint.id),
    entity: ENTITY.webhook,
    ...rest,
    ...(previousSecret && { previousSealedSecret: previousSecret.sealed, previousSecretExpiresAt: previousSecret.expiresAt }),
    ...(version !== null && { version }),
  };
}

function endpointFromItem(item: Item): WebhookEndpoint {
  return {
    id: item.id as string,
    partnerId: item.partnerId as number,
    url: item.url as string,
    events: item.events as WebhookEventType[],
    sealedSecret: item.sealedSecret as string,
    previousSecret:
      typeof item.previousSealedSecret === 'string' && typeof item.previousSecretExpiresAt === 'string'
        ? { sealed: item.previousSealedSecret, expiresAt: item.previousSecretExpiresAt }
        : null,
    createdAt: item.createdAt as string,
    version: (item.version as ApiVersion | undefined) ?? null,
  };
}

/** The feed an event is listed in (gsi1): its partner's for an order event, the catalogue's for a catalogue event; none for a test event. */
function feedIndexKey(event: WebhookEvent) {
  if (event.partnerId === null) return catalogueEventsIndexKey(event.timestamp, event.eventId);
  return event.orderId !== null ? partnerEventsIndexKey(event.partnerId, event.timestamp, event.eventId) : {};
}

function eventToItem(event: WebhookEvent): Item {
  return {
    ...webhookEventKey(event.eventId),
    ...feedIndexKey(event),
    entity: ENTITY.webhookEvent,
    ...event,
    ttl: ttlFrom(event.timestamp),
  };
}

function eventFromItem(item: Item): WebhookEvent {
  return {
    eventId: item.eventId as string,
    type: item.type as WebhookEvent['type'],
    partnerId: (item.partnerId as number | null | undefined) ?? null,
    orderId: (item.orderId as string | null | undefined) ?? null,
    timestamp: item.timestamp as string,
    body: item.body as string,
    endpointIds: (item.endpointIds as string[] | undefined) ?? [],
  };
}

function deliveryToItem(delivery: WebhookDelivery): Item {
  const { leaseId, leaseUntil, ...rest } = delivery;
  return {
    ...webhookDeliveryKey(delivery.endpointId, delivery.laneId, delivery.position),
    entity: ENTITY.webhookDelivery,
    ...rest,
    ...(leaseId !== null && { leaseId }),
    ...(leaseUntil !== null && { leaseUntil }),
    ttl: ttlFrom(delivery.createdAt),
  };
}

function deliveryFromItem(item: Item): WebhookDelivery {
  return {
    endpointId: item.endpointId as string,
    laneId: item.laneId as string,
    position: item.position as string,
    eventId: item.eventId as string,
    attempts: (item.attempts as number | undefined) ?? 0,
    attemptsBefore: (item.attemptsBefore as number | undefined) ?? 0,
    nextAttemptAt: item.nextAttemptAt as string,
    leaseId: (item.leaseId as string | undefined) ?? null,
    leaseUntil: (item.leaseUntil as string | undefined) ?? null,
    createdAt: item.createdAt as string,
  };
}

function attemptToItem(attempt: WebhookAttempt): Item {
  return {
    ...webhookAttemptKey(attempt.endpointId, attempt.at, attempt.eventId, attempt.attempt),
    entity: ENTITY.webhookAttempt,
    ...attempt,
    ttl: ttlFrom(attempt.at),
  };
}

function attemptFromItem(item: Item): WebhookAttempt {
  return {
    endpointId: item.endpointId as string,
    eventId: item.eventId as string,
    type: item.type as string,
    ...('orderId' in item && { orderId: item.orderId as string | null }),
    attempt: item.attempt as number,
    statusCode: (item.statusCode as number | null | undefined) ?? null,
    error: (item.error as string | null | undefined) ?? null,
    durationMs: item.durationMs as number,
    at: item.at as string,
    nextAttemptAt: (item.nextAttemptAt as string | null | undefined) ?? null,
  };
}

/** A position in a partner's events (newest first): the page after it starts with the next older event. */
export interface EventPosition {
  timestamp: string;
  eventId: string;
}

/** The position of an index entry of a partner's events (its sort key is `<timestamp>#<eventId>`). */
function eventPositionOf(indexEntry: Item): EventPosition {
  const [timestamp, eventId] = sortKeyParts(indexEntry);
  return { timestamp, eventId };
}

export interface EventPageQuery {
  type?: WebhookEventType;
  limit: number;
  after: EventPosition | null;
}

export interface EventPage {
  events: WebhookEvent[];
  next: EventPosition | null;
}

/** What recording an attempt does to its delivery: leave it for a later try, or take it out of its lane. */
export type AttemptRecord = { kind: 'retry'; nextAttemptAt: string } | { kind: 'done' };

/** A secret rotation's answer: made, or nothing written because the endpoint is gone or another partner's. */
type RotateOutcome = { kind: 'rotated' } | { kind: 'not-found' };

/** A delivery's claim for one attempt: taken, with the attempt's number, or not (not due, or held by a live attempt). */
type DeliveryClaim = { kind: 'claimed'; attempt: number } | { kind: 'not-free' };

export const webhookRepo = (db: DynamoDBDocumentClient, tableName: string) => ({
  // ---- endpoints ----

  /**
   * Stores the endpoint and counts it, both or neither; `limit-reached` when the partner has `max` already. `also`:
   * items the same transaction writes too (the Idempotency-Key's answer, lib/db/idempotency-repo.ts; the audit log's
   * entry, lib/db/audit-repo.ts).
   */
  createEndpoint(
    endpoint: WebhookEndpoint,
    max: number,
    also: TransactItem[] = [],
  ): Promise<{ kind: 'created' } | { kind: 'limit-reached' }> {
    return transactWrite<{ kind: 'created' } | { kind: 'limit-reached' }>(
      db,
      [
        { Put: { TableName: tableName, Item: endpointToItem(endpoint), ConditionExpression: 'attribute_not_exists(pk)' } },
        {
          Update: {
            TableName: tableName,
            Key: webhookCountKey(endpoint.partnerId),
            UpdateExpression: 'SET entity = :entity, partnerId = :partner ADD endpoints :one',
            ConditionExpression: 'attribute_not_exists(endpoints) OR endpoints < :max',
            ExpressionAttributeValues: { ':entity': ENTITY.webhookCount, ':partner': endpoint.partnerId, ':one': 1, ':max': max },
          },
        },
        ...subscriptionPut(tableName, endpoint),
        ...also,
      ],
      {
        written: () => ({ kind: 'created' }),
        refused: (refusal) => {
          if (refusal.rejected(1)) return { kind: 'limit-reached' };
          // Ids are random: a collision is a fault.
          throw new Error(`webhook endpoint ${endpoint.id} was not stored (refused)`);
        },
      },
      { conflictRetries: 3 },
    );
  },

  async getEndpoint(id: string): Promise<WebhookEndpoint | null> {
    const out = await db.send(new GetCommand({ TableName: tableName, Key: webhookKey(id), ConsistentRead: true }));
    return out.Item ? endpointFromItem(out.Item) : null;
  },

  /** The partner's endpoints, oldest first (the index is eventually consistent in AWS). */
  async listEndpoints(partnerId: number): Promise<WebhookEndpoint[]> {
    const items = await queryAll(db, {
      TableName: tableName,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': partnerWebhooksPartition(partnerId) },
    });
    return items.map(endpointFromItem);
  },

  /**
   * Replaces the endpoint's secret with `sealed` in one update that reads no secret first: with an overlap end, the
   * secret it replaces (whatever it is at that moment) becomes the previous one until then; without, there is no
   * previous one. Rotations racing on one endpoint so take turns in the table, each replacing the one before it.
   * `not-found` when the endpoint is gone or another partner's. `also`: items the same transaction writes too (the audit
   * log's entry), written only with the rotation.
   */
  rotateSecret(
    id: string,
    partnerId: number,
    sealed: string,
    previousExpiresAt: string | null,
    also: TransactItem[] = [],
  ): Promise<RotateOutcome> {
    const rotation = {
      TableName: tableName,
      Key: webhookKey(id),
      // Every operand reads the item as it was before this update: the previous secret is the one being replaced.
      UpdateExpression: previousExpiresAt
        ? 'SET previousSealedSecret = sealedSecret, previousSecretExpiresAt = :expires, sealedSecret = :sealed'
        : 'SET sealedSecret = :sealed REMOVE previousSealedSecret, previousSecretExpiresAt',
      ConditionExpression: 'attribute_exists(pk) AND partnerId = :partner',
      ExpressionAttributeValues: {
        ':sealed': sealed,
        ':partner': partnerId,
        ...(previousExpiresAt && { ':expires': previousExpiresAt }),
      },
    };
    if (also.length === 0) {
      return conditionalWrite<UpdateCommand, RotateOutcome>(db, new UpdateCommand(rotation), {
        written: () => ({ kind: 'rotated' }),
        refused: () => ({ kind: 'not-found' }),
      });
    }
    return transactWrite<RotateOutcome>(
      db,
      [{ Update: rotation }, ...also],
      {
        written: () => ({ kind: 'rotated' }),
        refused: (refusal) => {
          if (refusal.rejected(0)) return { kind: 'not-found' };
          throw new Error(`webhook endpoint ${id}'s secret was not rotated (refused)`);
        },
      },
      { conflictRetries: 3 },
    );
  },

  /**
   * Deletes the partner's endpoint and uncounts it, both or neither; `not-found` for an unknown or foreign id. `also`:
   * items the same transaction writes too (the audit log's entry).
   */
  deleteEndpoint(id: string, partnerId: number, also: TransactItem[] = []): Promise<{ kind: 'deleted' } | { kind: 'not-found' }> {
    return transactWrite<{ kind: 'deleted' } | { kind: 'not-found' }>(
      db,
      [
        {
          Delete: {
            TableName: tableName,
            Key: webhookKey(id),
            ConditionExpression: 'attribute_exists(pk) AND partnerId = :partner',
            ExpressionAttributeValues: { ':partner': partnerId },
          },
        },
        {
          Update: {
            TableName: tableName,
            Key: webhookCountKey(partnerId),
            UpdateExpression: 'ADD endpoints :minusOne',
            ConditionExpression: 'endpoints > :zero',
            ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
          },
        },
        subscriptionDelete(tableName, id),
        ...also,
      ],
      {
        written: () => ({ kind: 'deleted' }),
        refused: (refusal) => {
          if (refusal.rejected(0)) return { kind: 'not-found' };
          throw new Error(`webhook endpoint ${id} was not deleted (refused)`);
        },
      },
      { conflictRetries: 3 },
    );
  },

  // ---- events and their deliveries ----

  /**
   * Stores a new event with its deliveries, all or none. `duplicate` when the event exists already (another record
   * of the same move), with the event as stored.
   */
  storeEvent(event: WebhookEvent, deliveries: WebhookDelivery[]): Promise<{ kind: 'stored' } | { kind: 'duplicate'; event: WebhookEvent }> {
    const items: TransactItem[] = [
      {
        Put: {
          TableName: tableName,
          Item: eventToItem(event),
          ConditionExpression: 'attribute_not_exists(pk)',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      ...deliveries.map((d) => ({ Put: { TableName: tableName, Item: deliveryToItem(d) } })),
    ];
    return transactWrite<{ kind: 'stored' } | { kind: 'duplicate'; event: WebhookEvent }>(
      db,
      items,
      {
        written: () => ({ kind: 'stored' }),
        refused: (refusal) => {
          const stored = refusal.current(0);
          if (stored) return { kind: 'duplicate', event: eventFromItem(stored) };
          throw new Error(`webhook event ${event.eventId} was not stored (refused)`);
        },
      },
      { conflictRetries: 3 },
    );
  },

  /**
   * Adds one delivery of a stored event to a lane of its own (a resend); with `also` (the Idempotency-Key's answer, the
   * audit log's entry), in one transaction with those items.
   */
  async addDelivery(delivery: WebhookDelivery, also: TransactItem[] = []): Promise<void> {
    if (also.length === 0) {
      await db.send(new PutCommand({ TableName: tableName, Item: deliveryToItem(delivery) }));
      return;
    }
    await transactWrite(db, [{ Put: { TableName: tableName, Item: deliveryToItem(delivery) } }, ...also], {
      written: () => undefined,
      refused: () => {
        throw new Error(`delivery of ${delivery.eventId} was not stored (refused)`);
      },
    });
  },

  /** How many attempts to deliver the event to the endpoint are logged (0 for one logged before the tally was kept). */
  async attemptTally(endpointId: string, eventId: string): Promise<number> {
    const out = await db.send(
      new GetCommand({ TableName: tableName, Key: webhookAttemptTallyKey(endpointId, eventId), ConsistentRead: true }),
    );
    return (out.Item?.attempts as number | undefined) ?? 0;
  },

  async getEvent(eventId: string): Promise<WebhookEvent | null> {
    const out = await db.send(new GetCommand({ TableName: tableName, Key: webhookEventKey(eventId), ConsistentRead: true }));
    return out.Item ? eventFromItem(out.Item) : null;
  },

  /**
   * A page of the partner's order events (`partnerId` null: the catalogue's events), newest first, from the partner's index partition (never a scan); `type`
   * filters (a page may then hold fewer than asked while `next` is not null). Positions are `{ timestamp, eventId }`.
   */
  async pageEvents(partnerId: number | null, query: EventPageQuery): Promise<EventPage> {
    const indexKey = (at: EventPosition) =>
      partnerId === null ? catalogueEventsIndexKey(at.timestamp, at.eventId) : partnerEventsIndexKey(partnerId, at.timestamp, at.eventId);
    const page = await pageNewestFirst(db, {
      tableName,
      partition: partnerId === null ? CATALOGUE_EVENTS_PARTITION : partnerEventsPartition(partnerId),
      limit: query.limit,
      after: query.after ? { ...webhookEventKey(query.after.eventId), ...indexKey(query.after) } : undefined,
      ...(query.type && { filter: { attribute: 'type', value: query.type } }),
    });
    return { events: page.items.map(eventFromItem), next: page.next && eventPositionOf(page.next) };
  },

  /** The first delivery of the lane (the next to send), or null when the lane is empty. */
  async laneHead(lane: Lane): Promise<WebhookDelivery | null> {
    const out = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': webhookLanePartition(lane.endpointId, lane.laneId) },
        ConsistentRead: true,
        Limit: 1,
      }),
    );
    const item = out.Items?.[0];
    return item ? deliveryFromItem(item) : null;
  },

  /**
   * Takes the delivery for one attempt under `leaseId` until `leaseUntil`, if it is due and no live attempt holds it;
   * `claimed` with the attempt's number, or `not-free` when it was not (nothing written).
   */
  claimDelivery(delivery: WebhookDelivery, leaseId: string, leaseUntil: string, now: Date): Promise<DeliveryClaim> {
    return conditionalWrite<UpdateCommand, DeliveryClaim>(
      db,
      new UpdateCommand({
        TableName: tableName,
        Key: webhookDeliveryKey(delivery.endpointId, delivery.laneId, delivery.position),
        UpdateExpression: 'SET leaseId = :lease, leaseUntil = :until ADD attempts :one',
        ConditionExpression: 'attribute_exists(pk) AND nextAttemptAt <= :now AND (attribute_not_exists(leaseUntil) OR leaseUntil <= :now)',
        ExpressionAttributeValues: { ':lease': leaseId, ':until': leaseUntil, ':one': 1, ':now': now.toISOString() },
        ReturnValues: 'UPDATED_NEW',
      }),
      { written: (output) => ({ kind: 'claimed', attempt: output.Attributes!.attempts as number }), refused: () => ({ kind: 'not-free' }) },
    );
  },

  /**
   * Records an attempt and what follows from it, both or neither, only while `leaseId` still holds the delivery:
   * false when another attempt took it over (its lease had lapsed), and nothing is written.
   */
  recordAttempt(delivery: WebhookDelivery, leaseId: string, attempt: WebhookAttempt, next: AttemptRecord): Promise<boolean> {
    const key = webhookDeliveryKey(delivery.endpointId, delivery.laneId, delivery.position);
    const held = { ConditionExpression: 'leaseId = :lease', ExpressionAttributeValues: { ':lease': leaseId } };
    const deliveryItem: TransactItem =
      next.kind === 'done'
        ? { Delete: { TableName: tableName, Key: key, ...held } }
        : {
            Update: {
              TableName: tableName,
              Key: key,
              UpdateExpression: 'SET nextAttemptAt = :next REMOVE leaseId, leaseUntil',
              ...held,
              ExpressionAttributeValues: { ...held.ExpressionAttributeValues, ':next': next.nextAttemptAt },
            },
          };
    // The tally of the event's attempts at this endpoint moves with the log, so it is the number of attempts logged.
    const tally: TransactItem = {
      Update: {
        TableName: tableName,
        Key: webhookAttemptTallyKey(attempt.endpointId, attempt.eventId),
        UpdateExpression: 'SET entity = :entity, #ttl = :ttl ADD attempts :one',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':entity': ENTITY.webhookAttemptTally, ':ttl': ttlFrom(attempt.at), ':one': 1 },
      },
    };
    return transactWrite(
      db,
      [deliveryItem, { Put: { TableName: tableName, Item: attemptToItem(attempt) } }, tally],
      {
        written: () => true,
        refused: (refusal) => {
          if (refusal.rejected(0)) return false;
          throw new Error(`attempt ${attempt.attempt} of ${attempt.eventId} was not recorded (refused)`);
        },
      },
      { conflictRetries: 3 },
    );
  },

  /** Ends the attempt's lease now (it could not be made), so the next wake-up may try at once. */
  releaseLease(delivery: WebhookDelivery, leaseId: string, now: Date): Promise<boolean> {
    return conditionalWrite(
      db,
      new UpdateCommand({
        TableName: tableName,
        Key: webhookDeliveryKey(delivery.endpointId, delivery.laneId, delivery.position),
        UpdateExpression: 'SET leaseUntil = :now',
        ConditionExpression: 'leaseId = :lease',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':lease': leaseId },
      }),
      { written: () => true, refused: () => false },
    );
  },

  /** Takes a delivery out of its lane without sending it (its endpoint or its event is gone). */
  async dropDelivery(delivery: WebhookDelivery): Promise<void> {
    await db.send(
      new DeleteCommand({ TableName: tableName, Key: webhookDeliveryKey(delivery.endpointId, delivery.laneId, delivery.position) }),
    );
  },

  // ---- the delivery log ----

  /** The endpoint's most recent attempts, newest first. */
  async recentAttempts(endpointId: string, limit: number): Promise<WebhookAttempt[]> {
    const out = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': webhookKey(endpointId).pk, ':prefix': WEBHOOK_ATTEMPT_PREFIX },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (out.Items ?? []).map(attemptFromItem);
  },
});

// The response shapes of the webhook operations: the one declaration of each answer's shape, as components built on
// first use (lib/schema.ts). The domain's types are `Shape` of these, imported as types only.
import * as z from 'zod/mini';
import { component, inlineComponent } from '#lib/schema.ts';
import { orderSchema } from '#lib/partner/response-schemas.ts';
import { plaqueSchema } from '#lib/plaques/response-schemas.ts';
import { STATUSES } from '#lib/plaques/plaque.ts';
import { CATALOGUE_IMPORTED_EVENT_TYPE, ORDER_EVENT_TYPES, WEBHOOK_EVENT_TYPES } from '#lib/webhooks/events.ts';
import { API_VERSIONS } from '#lib/versions/versions.ts';

/** `whsec_` and the base64 of 32 bytes. */
const secretSchema = () => z.string().check(z.regex(/^whsec_[A-Za-z0-9+/]{43}=$/));

export const webhookSchema = inlineComponent('Webhook', () =>
  z.object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    createdAt: z.iso.datetime(),
    // The API version every delivery to it is shaped for (its body's `apiVersion`): the newest when it was registered.
    version: z.enum(API_VERSIONS),
  }),
);

/**
 * The endpoint as registered, with its secret: shown in this answer only (and in its Idempotency-Key's replays while
 * the endpoint exists: a replay after it was deleted has no `secret`).
 */
export const webhookCreatedSchema = component('WebhookCreated', () =>
  z.extend(webhookSchema.schema(), { secret: z.optional(secretSchema()) }),
);

export const webhookListSchema = component('WebhookList', () => z.object({ webhooks: z.array(webhookSchema.schema()) }));

export const webhookTestSentSchema = component('WebhookTestSent', () => z.object({ eventId: z.string() }));

export const webhookResentSchema = component('WebhookResent', () => z.object({ eventId: z.string() }));

/** The endpoint's new secret (shown in this answer only), and until when the one it replaced still signs. */
export const webhookSecretSchema = component('WebhookSecret', () =>
  z.object({
    secret: secretSchema(),
    previousSecretExpiresAt: z.nullable(z.iso.datetime()),
  }),
);

export const webhookAttemptSchema = inlineComponent('WebhookAttempt', () =>
  z.object({
    eventId: z.string(),
    type: z.string(),
    // The order the event tells of; null for a test event (ping) and a catalogue event.
    orderId: z.nullable(z.string()),
    attempt: z.int().check(z.minimum(1)),
    statusCode: z.nullable(z.int()),
    error: z.nullable(z.string()),
    durationMs: z.int().check(z.minimum(0)),
    at: z.iso.datetime(),
    // When the event is tried again; null once delivered or given up.
    nextAttemptAt: z.nullable(z.iso.datetime()),
  }),
);

export const webhookDeliveriesSchema = component('WebhookDeliveries', () =>
  z.object({ deliveries: z.array(webhookAttemptSchema.schema()) }),
);

/** One event of an order as the feed lists it: the body every delivery of it carries, with its `webhook-id`. */
const orderEventSchema = component('OrderEvent', () =>
  z.object({
    id: z.string(),
    type: z.enum(ORDER_EVENT_TYPES),
    timestamp: z.iso.datetime(),
    data: orderSchema.schema(),
  }),
);

/** A plaque event: `timestamp` is when the plaque was rewritten, `data` the Plaque as the rewrite left it. */
const plaqueEvent = <T extends string>(type: T, extra: () => Record<string, z.ZodMiniType> = () => ({})) =>
  z.object({
    id: z.string(),
    type: z.literal(type),
    timestamp: z.iso.datetime(),
    data: z.extend(plaqueSchema.schema(), extra()),
  });

const plaqueListedEventSchema = component('PlaqueListedEvent', () => plaqueEvent('plaque.listed'));
const plaqueMetadataUpdatedEventSchema = component('PlaqueMetadataUpdatedEvent', () => plaqueEvent('plaque.metadata_updated'));
const plaquePriceChangedEventSchema = component('PlaquePriceChangedEvent', () =>
  plaqueEvent('plaque.price_changed', () => ({ previousPrice: z.number(), previousCurrency: z.string() })),
);
const plaqueStatusChangedEventSchema = component('PlaqueStatusChangedEvent', () =>
  plaqueEvent('plaque.status_changed', () => ({ previousStatus: z.enum(STATUSES) })),
);

/** An import's one event: how many plaques it created and their ids (`firstPlaqueId` to `lastPlaqueId`, consecutive). */
const catalogueImportedEventSchema = component('CatalogueImportedEvent', () =>
  z.object({
    id: z.string(),
    type: z.literal(CATALOGUE_IMPORTED_EVENT_TYPE),
    timestamp: z.iso.datetime(),
    data: z.object({
      importId: z.string(),
      count: z.int().check(z.minimum(1)),
      firstPlaqueId: z.int().check(z.positive()),
      lastPlaqueId: z.int().check(z.positive()),
      startedAt: z.iso.datetime(),
      finishedAt: z.iso.datetime(),
    }),
  }),
);

export const eventPageSchema = component('EventPage', () =>
  z.object({
    events: z.array(
      z.union([
        orderEventSchema.schema(),
        plaqueListedEventSchema.schema(),
        plaquePriceChangedEventSchema.schema(),
        plaqueStatusChangedEventSchema.schema(),
        plaqueMetadataUpdatedEventSchema.schema(),
        catalogueImportedEventSchema.schema(),
      ]),
    ),
    nextCursor: z.nullable(z.string()),
  }),
);

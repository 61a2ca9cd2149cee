// The response shapes of the webhook operations: the one declaration of each answer's shape. The domain's types are
// z.infer of these schemas, imported as types only: no deployed function builds them at cold start; the operation
// manifest's readers (the OpenAPI writer, the CDK app, the local server) and tests do.
import * as z from 'zod/mini';
import { orderSchema } from '#lib/partner/response-schemas.ts';
import { WEBHOOK_EVENT_TYPES } from '#lib/webhooks/events.ts';

/** `whsec_` and the base64 of 32 bytes. */
const secretSchema = z.string().check(z.regex(/^whsec_[A-Za-z0-9+/]{43}=$/));

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  createdAt: z.iso.datetime(),
});

/** The endpoint as registered, with its secret: shown in this answer only. */
export const webhookCreatedSchema = z.extend(webhookSchema, { secret: secretSchema }).register(z.globalRegistry, { id: 'WebhookCreated' });

export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema) }).register(z.globalRegistry, { id: 'WebhookList' });

export const webhookTestSentSchema = z.object({ eventId: z.string() }).register(z.globalRegistry, { id: 'WebhookTestSent' });

export const webhookResentSchema = z.object({ eventId: z.string() }).register(z.globalRegistry, { id: 'WebhookResent' });

/** The endpoint's new secret (shown in this answer only), and until when the one it replaced still signs. */
export const webhookSecretSchema = z
  .object({
    secret: secretSchema,
    previousSecretExpiresAt: z.nullable(z.iso.datetime()),
  })
  .register(z.globalRegistry, { id: 'WebhookSecret' });

const webhookAttemptSchema = z.object({
  eventId: z.string(),
  type: z.string(),
  // The order the event tells of; null for a test event (ping).
  orderId: z.nullable(z.string()),
  attempt: z.int().check(z.minimum(1)),
  statusCode: z.nullable(z.int()),
  error: z.nullable(z.string()),
  durationMs: z.int().check(z.minimum(0)),
  at: z.iso.datetime(),
  // When the event is tried again; null once delivered or given up.
  nextAttemptAt: z.nullable(z.iso.datetime()),
});

export const webhookDeliveriesSchema = z
  .object({ deliveries: z.array(webhookAttemptSchema) })
  .register(z.globalRegistry, { id: 'WebhookDeliveries' });

/** One event of an order as the feed lists it: the body every delivery of it carries, with its `webhook-id`. */
const orderEventSchema = z
  .object({
    id: z.string(),
    type: z.enum(WEBHOOK_EVENT_TYPES),
    timestamp: z.iso.datetime(),
    data: orderSchema,
  })
  .register(z.globalRegistry, { id: 'OrderEvent' });

export const eventPageSchema = z
  .object({ events: z.array(orderEventSchema), nextCursor: z.nullable(z.string()) })
  .register(z.globalRegistry, { id: 'EventPage' });

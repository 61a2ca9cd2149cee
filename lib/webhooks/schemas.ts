// Request shapes of the webhook operations, as zod schemas: they validate requests and generate the OpenAPI document.
// Where a URL may point (https, public addresses) depends on the stage and on DNS, so the service judges it after
// these shapes (address-guard.ts) and answers 400 INVALID_WEBHOOK_URL.
import * as z from 'zod/mini';
import { WEBHOOK_EVENT_TYPES } from '#lib/webhooks/events.ts';
import { MAX_URL_LENGTH } from '#lib/webhooks/limits.ts';

export const createWebhookBody = z.strictObject({
  url: z.url().check(z.maxLength(MAX_URL_LENGTH)),
  /** Repeated names count once. */
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).check(z.minLength(1)),
});

export type CreateWebhookBody = z.infer<typeof createWebhookBody>;

/** Endpoint ids are opaque: any id answers, unknown and foreign ones 404 WEBHOOK_NOT_FOUND. */
export const webhookIdParam = z.string().check(z.minLength(1), z.maxLength(128));

export const webhookIdInput = z.object({ id: webhookIdParam });

/** The test event takes no options: no body, or an empty JSON object (what many HTTP clients send with a POST). */
export const sendTestBody = z.strictObject({});

export const sendTestInput = z.extend(sendTestBody, { id: webhookIdParam });

export const MAX_DELIVERIES_LIMIT = 100;

export const deliveriesQuery = z.object({
  limit: z._default(z.int().check(z.minimum(1), z.maximum(MAX_DELIVERIES_LIMIT)), 20),
});

export const deliveriesInput = z.extend(deliveriesQuery, { id: webhookIdParam });

/** Query text → the JSON types the schema expects: a plainly written integer becomes a number. */
export const typedLimit = (raw: unknown): unknown => (typeof raw === 'string' && /^-?\d{1,15}$/.test(raw) ? Number(raw) : raw);

// The input of GET /partner/webhooks/{id}/deliveries.
import * as z from 'zod/mini';
import { webhookIdParam } from '#lib/webhooks/schemas.ts';

export const MAX_DELIVERIES_LIMIT = 100;

export const deliveriesQuery = z.object({
  limit: z._default(z.int().check(z.minimum(1), z.maximum(MAX_DELIVERIES_LIMIT)), 20),
});

export const deliveriesInput = z.extend(deliveriesQuery, { id: webhookIdParam });

/** Query text → the JSON types the schema expects: a plainly written integer becomes a number. */
export const typedLimit = (raw: unknown): unknown => (typeof raw === 'string' && /^-?\d{1,15}$/.test(raw) ? Number(raw) : raw);

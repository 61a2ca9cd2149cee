// The input of GET /partner/webhooks/{id}/deliveries.
import * as z from 'zod/mini';

export const MAX_DELIVERIES_LIMIT = 100;

export const deliveriesQuery = z.object({
  limit: z._default(z.int().check(z.minimum(1), z.maximum(MAX_DELIVERIES_LIMIT)), 20),
});

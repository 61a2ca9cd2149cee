// Request shape of the partner's key usage (GET /partner/usage), as a zod schema: it validates the query and
// generates the OpenAPI document.
import * as z from 'zod/mini';

/** Days of usage a partner may ask for at once, and when not asked. */
export const MAX_USAGE_DAYS = 90;
export const DEFAULT_USAGE_DAYS = 30;

export const usageInput = z.object({
  days: z._default(z.int().check(z.minimum(1), z.maximum(MAX_USAGE_DAYS)), DEFAULT_USAGE_DAYS),
});

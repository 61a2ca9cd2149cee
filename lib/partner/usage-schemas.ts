// Request shape of the partner's key usage (GET /partner/usage), as a zod schema: it validates the query and
// generates the OpenAPI document.
import * as z from 'zod/mini';

/** Days of usage a partner may ask for at once, and when not asked. */
export const MAX_USAGE_DAYS = 90;
export const DEFAULT_USAGE_DAYS = 30;

export const usageInput = z.object({
  days: z._default(z.int().check(z.minimum(1), z.maximum(MAX_USAGE_DAYS)), DEFAULT_USAGE_DAYS),
});

const INTEGER = /^-?\d+$/;

/** Query text → the schema's types: `days` as a number when it is written as an integer (else refused as it is). */
export function usageQuery(query: Record<string, string | string[]>): Record<string, unknown> {
  const { days } = query;
  return { days: typeof days === 'string' && INTEGER.test(days) ? Number(days) : days };
}

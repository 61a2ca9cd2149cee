// Request shape of the partner's key usage (GET /partner/usage), as a zod schema: it validates the query and
// generates the OpenAPI document.
import * as z from 'zod/mini';
import { queryInteger } from '#lib/validation.ts';

/** Days of usage a partner may ask for at once, and when not asked. */
export const MAX_USAGE_DAYS = 90;
export const DEFAULT_USAGE_DAYS = 30;

export const usageInput = z.object({
  days: z._default(z.int().check(z.minimum(1), z.maximum(MAX_USAGE_DAYS)), DEFAULT_USAGE_DAYS),
});

/** Query text → the schema's types: `days` as a number when it is written as an integer (lib/validation.ts). */
export function usageQuery(query: Record<string, string | string[]>): Record<string, unknown> {
  const { days } = query;
  return { days: queryInteger(days) };
}

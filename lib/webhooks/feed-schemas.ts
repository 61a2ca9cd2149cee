// Request shape of the partner's event feed (GET /partner/events), as a zod schema: it validates the query and
// generates the OpenAPI document.
import * as z from 'zod/mini';
import { WEBHOOK_EVENT_TYPES } from '#lib/webhooks/events.ts';

/** Events per page: at most, and when not asked. */
export const MAX_EVENTS_LIMIT = 100;
export const DEFAULT_EVENTS_LIMIT = 20;

export const listEventsInput = z.object({
  type: z.optional(z.enum(WEBHOOK_EVENT_TYPES)),
  limit: z._default(z.int().check(z.minimum(1), z.maximum(MAX_EVENTS_LIMIT)), DEFAULT_EVENTS_LIMIT),
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(512))),
});

export type ListEventsInput = z.infer<typeof listEventsInput>;

// The body of POST /partner/webhooks. Where a URL may point (https, public addresses) depends on the stage and on DNS,
// so the service judges it after this shape (address-guard.ts) and answers 400 INVALID_WEBHOOK_URL.
import * as z from 'zod/mini';
import { WEBHOOK_EVENT_TYPES } from '#lib/webhooks/events.ts';
import { MAX_URL_LENGTH } from '#lib/webhooks/limits.ts';
import { READABLE_TEXT, READABLE_TEXT_MESSAGE } from '#lib/validation.ts';

export const createWebhookBody = z.strictObject({
  url: z.url().check(z.maxLength(MAX_URL_LENGTH), z.regex(READABLE_TEXT, READABLE_TEXT_MESSAGE)),
  /** Repeated names count once. */
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).check(z.minLength(1)),
});

export type CreateWebhookBody = z.infer<typeof createWebhookBody>;

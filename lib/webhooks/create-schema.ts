// The body of POST /partner/webhooks. Where a URL may point (https, public addresses) depends on the stage and on DNS,
// so the service judges it after this shape (address-guard.ts) and answers 400 INVALID_WEBHOOK_URL.
import * as z from 'zod/mini';
import { WEBHOOK_EVENT_TYPES } from '#lib/webhooks/events.ts';
import { MAX_URL_LENGTH } from '#lib/webhooks/limits.ts';
import { READABLE_TEXT, READABLE_TEXT_MESSAGE } from '#lib/validation.ts';

/**
 * The URL as sent, judged before the URL parser reads it (the parser drops spaces around a URL and tabs and line breaks
 * within, which the document's pattern refuses): readable text with no space around it, then an absolute URL.
 */
export const webhookUrlText = z
  .string()
  .check(
    z.maxLength(MAX_URL_LENGTH),
    z.regex(READABLE_TEXT, READABLE_TEXT_MESSAGE),
    z.regex(/^\S(?:[\s\S]*\S)?$/, 'must not begin or end with a space'),
  );

export const createWebhookBody = z.strictObject({
  url: z.pipe(webhookUrlText, z.url()),
  /** Repeated names count once. */
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).check(z.minLength(1)),
});

export type CreateWebhookBody = z.infer<typeof createWebhookBody>;

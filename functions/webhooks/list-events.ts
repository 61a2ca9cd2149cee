// GET /partner/events: the partner's order events of the last 30 days, newest first, optionally of one type, page by page.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { listEvents as listOperation } from '#lib/http/operations/webhooks/list-events.ts';
import { listEvents } from '#lib/webhooks/feed.ts';

export const handler = httpHandler(listOperation, async ({ input, principal, ctx }) =>
  ok(await listEvents(ctx, principal.partnerId, input)),
);

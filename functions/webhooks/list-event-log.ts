// GET /partner/event-log: the signed-in partner's order events of the last 30 days, newest first, optionally of one
// type, page by page: the feed of GET /partner/events, read with the session (the dashboard's Events view).
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { listEventLog } from '#lib/http/operations/webhooks/list-event-log.ts';
import { listEvents } from '#lib/webhooks/feed.ts';

export const handler = httpHandler(listEventLog, async ({ input, principal, ctx }) => ok(await listEvents(ctx, principal.id, input)));

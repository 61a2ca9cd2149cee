// GET /partner/events: the partner's order events of the last 30 days, newest first, optionally of one type, page by page.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { readKeyPartner } from '#lib/http/principals.ts';
import { listEvents } from '#lib/webhooks/feed.ts';
import { listEventsInput, listEventsQuery } from '#lib/webhooks/feed-schemas.ts';

export const handler = httpHandler(
  {
    operation: 'listEvents',
    principal: readKeyPartner,
    body: 'none',
    input: { schema: listEventsInput, read: (request) => listEventsQuery(request.query) },
  },
  async ({ input, principal, ctx }) => ok(await listEvents(ctx, principal.partnerId, input)),
);

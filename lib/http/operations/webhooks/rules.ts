// What the webhooks operations' declarations share: the rules they state and the group they are listed in.
import { paragraphs, type RequestDoc } from '#lib/http/operation.ts';
import { webhookIdParam } from '#lib/webhooks/schemas.ts';
import { listEventsInput } from '#lib/webhooks/feed-schemas.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { eventPageSchema } from '#lib/webhooks/response-schemas.ts';

export const managed =
  "Managed by the signed-in partner user (the account that owns the partner's API keys): each endpoint belongs to that account, " +
  "which is the partner its orders' events come from. Another partner's endpoint and an unknown id both answer 404 WEBHOOK_NOT_FOUND.";

export const idPath = {
  id: { description: 'The endpoint id returned at registration (`wh_…`)', schema: webhookIdParam },
} as const satisfies RequestDoc['path'];

export const delivery = paragraphs(
  'Delivery follows the Standard Webhooks specification: a `POST` with `content-type: application/json` and the headers `webhook-id` ' +
    '(the event id: the same on every retry, so a receiver deduplicates by it), `webhook-timestamp` (epoch seconds of this attempt) and ' +
    '`webhook-signature` (`v1,` and the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the bytes the ' +
    'secret encodes after `whsec_`). Any Standard Webhooks library verifies it with the secret as shown. After a secret rotation, ' +
    "until the replaced secret expires, `webhook-signature` carries two signatures separated by a space (the new secret's first), " +
    'and a receiver that holds either secret accepts the delivery.',
  'Body: `{ "type", "timestamp", "data" }`; for order events `data` is the Order record of GET /partner/orders/{orderId} as the move ' +
    'left it, and `timestamp` is when the order moved. Events: `order.sold` (a buy, or an operator re-queued the delivery), ' +
    '`order.minting`, `order.delivered`, `order.failed`, `order.cancelled` (an operator cancelled a FAILED order; its plaque is on sale again). One event per move of the order; the events of one order reach an endpoint in ' +
    "the order of the order's moves (a later event waits while an earlier one is being retried).",
  'A 2xx answer within 15 s is success; anything else (another status, a redirect, which is not followed, a timeout, a refused ' +
    'connection, an address that is no longer public) is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then recorded as failed. ' +
    'Delivery is at least once: an event may arrive twice, always with the same `webhook-id`.',
);

/** What the two readings of the event feed share (GET /partner/events with a key, GET /partner/event-log signed in). */
export const eventFeed = {
  history: 'The feed holds the events made since it exists: events of moves before then are not listed.',
  request: { query: listEventsInput } as const satisfies RequestDoc,
  page: { 200: { description: 'A page of events', schema: shapeNamed<typeof eventPageSchema>('EventPage') } },
};

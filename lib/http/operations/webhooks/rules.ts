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

/** The catalogue's events: what makes each, what it carries, and what an import sends. */
export function catalogueEventsText(): string {
  return (
    "Catalogue events are every partner's: any endpoint may subscribe to them, the feed lists them to every partner. " +
    '`plaque.listed`: a plaque becomes AVAILABLE and featured (and is not deleted), whether it was put on sale, featured, or its hold ' +
    'was released or its order cancelled. `plaque.status_changed`: its stored status changed (`data.previousStatus`; a hold that lapses ' +
    'without a write shows no event). `plaque.price_changed`: its price or currency changed (`data.previousPrice` and ' +
    "`data.previousCurrency`). `plaque.metadata_updated`: a MINTED plaque's name, name parts or image changed (the token metadata of " +
    'GET /tokens/{id}.json; it is also announced on chain with ERC-4906 `MetadataUpdate`). For these `data` is the Plaque of ' +
    'GET /plaques/{id} as the write left it, plus the previous values named, and `timestamp` is its `updatedAt`. One write may make ' +
    'several events (a released hold: `plaque.status_changed` then `plaque.listed`); the events of one plaque reach an endpoint in the ' +
    'order of its writes. ' +
    'An import does not make an event per plaque it creates (a 100 000-plaque import would send 100 000 deliveries to every ' +
    'subscriber): it makes one `catalogue.imported` once its last plaque is written, `data` `{ "importId", "count", "firstPlaqueId", ' +
    '"lastPlaqueId", "startedAt", "finishedAt" }` (the ids are consecutive); read the new plaques from the listing. An import that stops ' +
    'half way sends nothing.'
  );
}

export const delivery = paragraphs(
  'Delivery follows the Standard Webhooks specification: a `POST` with `content-type: application/json` and the headers `webhook-id` ' +
    '(the event id: the same on every retry, so a receiver deduplicates by it), `webhook-timestamp` (epoch seconds of this attempt) and ' +
    '`webhook-signature` (`v1,` and the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the bytes the ' +
    'secret encodes after `whsec_`). Any Standard Webhooks library verifies it with the secret as shown. After a secret rotation, ' +
    "until the replaced secret expires, `webhook-signature` carries two signatures separated by a space (the new secret's first), " +
    'and a receiver that holds either secret accepts the delivery.',
  'Body: `{ "type", "timestamp", "apiVersion", "data" }`: `apiVersion` is the API version the endpoint was pinned to when it was ' +
    "registered (the newest then, for good: the endpoint list's `version`), and `data` is in that version's shape " +
    '(`info.x-api-versions`); an endpoint registered before versions receives 2026-11-23. For order events `data` is the Order record of GET /partner/orders/{orderId} as the move ' +
    'left it, and `timestamp` is when the order moved. Events: `order.sold` (a buy, or an operator re-queued the delivery), ' +
    '`order.minting`, `order.delivered`, `order.failed`, `order.cancelled` (an operator cancelled a FAILED order; its plaque is on sale again). One event per move of the order; the events of one order reach an endpoint in ' +
    "the order of the order's moves (a later event waits while an earlier one is being retried).",
  catalogueEventsText(),
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

// The declaration of listEvents: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { readKey } from '#lib/http/principals.ts';
import { DEFAULT_EVENTS_LIMIT, MAX_EVENTS_LIMIT } from '#lib/webhooks/feed-schemas.ts';
import { WEBHOOK_EVENT_TYPES } from '#lib/webhooks/events.ts';
import { partnerTag } from '#lib/http/operations/partner/rules.ts';
import { catalogueEventsText, eventFeed } from '#lib/http/operations/webhooks/rules.ts';

export const listEvents = operation({
  method: 'GET',
  path: '/partner/events',
  operationId: 'listEvents',
  auth: readKey,
  // Every API-key operation records the key's last use while resolving the partner.
  access: { table: 'readWrite' },
  summary: "The partner's order events and the catalogue's events of the last 30 days, newest first",
  description: [
    'The partner is the account that created the API key: any of its keys reads the events of all its orders. A missing, unknown or ' +
      'revoked key answers 403 FORBIDDEN.',
    "Every move of one of the partner's orders makes an event, whether or not a webhook endpoint is registered, kept 30 days: " +
      `${WEBHOOK_EVENT_TYPES.map((t) => `\`${t}\``).join(', ')}. A partner whose endpoint was down past the last retry reads here what it ` +
      'missed, and may have an event sent again (POST /partner/webhooks/{id}/resend).',
    "The catalogue's events (`plaque.*`, `catalogue.imported`) are every partner's and listed to each, whether or not it subscribed " +
      'an endpoint to them; pass `type` to read one kind alone. ' +
      catalogueEventsText(),
    'Each event is the body its webhook deliveries carry (`type`, `timestamp`: when the order moved, `data`: the Order record as the move ' +
      'left it; for a catalogue event as said above) with its `id`, the `webhook-id` header of those deliveries: a receiver that deduplicates by `webhook-id` can take events ' +
      'from both. Test events (`ping`) are not listed.',
    'Newest first, by the time of the move, then by id; read page by page from an index keyed by partner and time (never a scan). ' +
      `The partner's events and the catalogue's are read from two index partitions and merged in that order. \`limit\`: 1–${MAX_EVENTS_LIMIT} events per page, default ${DEFAULT_EVENTS_LIMIT}. \`type\`: only events of that type. Other query parameters are ignored.`,
    '`nextCursor` is null on the last page; pass it as `cursor` to read the next one (with the same `type`). A cursor this service could ' +
      'not have issued answers 400 VALIDATION_FAILED naming `cursor`. Events made after the first page was read appear on a new first page. ' +
      'With a type filter a page may hold fewer events than `limit` while `nextCursor` is not null (a page stops after reading 1000 events), ' +
      'so follow the cursor until it is null.',
    eventFeed.history,
  ].join('\n\n'),
  tag: partnerTag,
  request: eventFeed.request,
  example: example([], () => ({ query: { limit: 5 } })),
  responses: eventFeed.page,
});

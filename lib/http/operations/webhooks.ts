// The webhook operations: a partner's endpoints for order events, their test event and delivery log, with the
// decisions taken where the service's contract is silent.
import { example, type Operation, type RequestDoc } from '#lib/http/operation.ts';
import { createWebhookBody } from '#lib/webhooks/create-schema.ts';
import { deliveriesQuery, MAX_DELIVERIES_LIMIT } from '#lib/webhooks/deliveries-schema.ts';
import { webhookIdParam } from '#lib/webhooks/schemas.ts';
import { sendTestBody } from '#lib/webhooks/test-schema.ts';
import { resendBody } from '#lib/webhooks/resend-schema.ts';
import { DEFAULT_SECRET_OVERLAP_HOURS, MAX_SECRET_OVERLAP_HOURS, rotateSecretBody } from '#lib/webhooks/rotate-schema.ts';
import {
  webhookCreatedSchema,
  webhookDeliveriesSchema,
  webhookListSchema,
  webhookResentSchema,
  webhookSecretSchema,
  webhookTestSentSchema,
} from '#lib/webhooks/response-schemas.ts';
import { MAX_WEBHOOKS } from '#lib/webhooks/limits.ts';
import { PING_EVENT_TYPE, WEBHOOK_EVENT_TYPES } from '#lib/webhooks/events.ts';

const TAGS = ['Partner'] as const;

const managed =
  "Managed by the signed-in partner user (the account that owns the partner's API keys): each endpoint belongs to that account, " +
  "which is the partner its orders' events come from. Another partner's endpoint and an unknown id both answer 404 WEBHOOK_NOT_FOUND.";

const idPath: RequestDoc['path'] = {
  id: { description: 'The endpoint id returned at registration (`wh_…`)', schema: webhookIdParam },
};

const delivery = [
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
].join('\n\n');

// prettier-ignore
export const webhookOperations = [
  {
    method: 'POST', path: '/partner/webhooks', operationId: 'createWebhook',
    handler: 'functions/webhooks/create-webhook.ts', auth: 'jwt', principal: 'user',
    // Seals the new endpoint's secret with the stage's key; resolves the URL's host to check its addresses.
    access: { table: 'readWrite', webhookSecrets: 'seal' },
    summary: 'Register a webhook endpoint for order events (secret shown once)',
    description: [
      managed,
      `Events: ${WEBHOOK_EVENT_TYPES.map((t) => `\`${t}\``).join(', ')}; at least one, a name given twice counts once, any other name answers ` +
        '400 VALIDATION_FAILED naming `events`.',
      '`url` is written `https://`, a host, an optional port, path and query (the schema\'s pattern states the form: no user name or ' +
        'password, no fragment, nothing the URL parser would repair such as a leading space or `https:host`), and must parse as a URL ' +
        'as browsers parse it (WHATWG URL Standard); otherwise 400 VALIDATION_FAILED or INVALID_WEBHOOK_URL naming `url`.',
      '`url` must use https and its host must resolve only to public addresses: loopback, private, link-local (the cloud metadata ' +
        'address included), carrier-grade NAT, multicast and reserved addresses, and their IPv6 forms, are refused with 400 ' +
        'INVALID_WEBHOOK_URL, as are IPv6 addresses that embed an IPv4 address (IPv4-compatible `::/96`, NAT64, 6to4, Teredo), a port ' +
        'other than 443, a user name or password in the URL, a fragment, and a host that does not resolve. The address is ' +
        'checked again before every send, and the connection goes to the address just checked. The local server also accepts ' +
        '`http://127.0.0.1` and `http://localhost` (and https to loopback addresses), on any port.',
      'A `url` holding a control character (tabs and line breaks, which URL parsing would drop, included) or a bidirectional control ' +
        '(U+202E and its kin), or with a space before or after it, answers 400 VALIDATION_FAILED naming `url`.',
      '`secret` is `whsec_` and the base64 of 32 random bytes: it is shown in this answer only and stored encrypted (a KMS key of the stage ' +
        "in AWS). Keep it to verify the signatures of the endpoint's deliveries.",
      `A partner has at most ${MAX_WEBHOOKS} endpoints; another one answers 409 WEBHOOK_LIMIT_REACHED until one is deleted. Nothing is ` +
        'stored when the request is refused.',
      delivery,
    ].join('\n\n'),
    tags: TAGS,
    request: { body: { contentType: 'application/json', schema: createWebhookBody } },
    example: example(['webhookUrl'], ({ webhookUrl }) => ({ body: { url: webhookUrl, events: ['order.sold', 'order.delivered'] } })),
    responses: { 201: { description: 'The endpoint, with its secret (shown only here)', schema: webhookCreatedSchema } },
    errors: {
      400: ['VALIDATION_FAILED', 'MALFORMED_JSON', 'INVALID_WEBHOOK_URL'],
      409: ['WEBHOOK_LIMIT_REACHED'],
      413: ['PAYLOAD_TOO_LARGE'],
      415: ['UNSUPPORTED_MEDIA_TYPE'],
    },
    idempotency: 'optional',
  },
  {
    method: 'GET', path: '/partner/webhooks', operationId: 'listWebhooks',
    handler: 'functions/webhooks/list-webhooks.ts', auth: 'jwt', principal: 'user',
    access: { table: 'read' },
    summary: "The partner's webhook endpoints",
    description: [managed, 'Newest first; secrets are never shown again.'].join('\n\n'),
    tags: TAGS,
    // The caller has an endpoint, so there is one to list.
    example: example(['webhookId'], () => ({})),
    responses: { 200: { description: 'The endpoints', schema: webhookListSchema } },
    errors: { 400: ['BODY_NOT_ALLOWED'] },
  },
  {
    method: 'DELETE', path: '/partner/webhooks/{id}', operationId: 'deleteWebhook',
    handler: 'functions/webhooks/delete-webhook.ts', auth: 'jwt', principal: 'user',
    access: { table: 'readWrite' },
    summary: 'Delete a webhook endpoint',
    description: [
      managed,
      'Answers 204 with no body. Nothing more is sent to the endpoint, events still waiting for it included; its delivery log goes with it.',
    ].join('\n\n'),
    tags: TAGS,
    request: { path: idPath },
    example: example(['webhookId'], ({ webhookId }) => ({ path: { id: webhookId } })),
    responses: { 204: { description: 'Deleted' } },
    errors: { 400: ['BODY_NOT_ALLOWED', 'VALIDATION_FAILED'], 404: ['WEBHOOK_NOT_FOUND'] },
  },
  {
    method: 'POST', path: '/partner/webhooks/{id}/test', operationId: 'sendWebhookTest',
    handler: 'functions/webhooks/test-webhook.ts', auth: 'jwt', principal: 'user',
    // Stores the test event and wakes the sender for it.
    access: { table: 'readWrite', webhookQueue: true },
    summary: 'Send a test event to a webhook endpoint',
    description: [
      managed,
      `Queues a \`${PING_EVENT_TYPE}\` event for the endpoint, whatever events it subscribed to, and answers 202 with its id at once; it is ` +
        `sent within seconds, signed and retried like any other event. The request takes no body, or an empty JSON object. The event's body is \`{ "type": "${PING_EVENT_TYPE}", "timestamp", ` +
        '"data": { "webhookId" } }`. The delivery log shows how it went.',
      delivery,
    ].join('\n\n'),
    tags: TAGS,
    request: { path: idPath, body: { contentType: 'application/json', schema: sendTestBody, required: false } },
    example: example(['webhookId'], ({ webhookId }) => ({ path: { id: webhookId } })),
    responses: { 202: { description: 'Queued', schema: webhookTestSentSchema } },
    errors: {
      400: ['VALIDATION_FAILED', 'MALFORMED_JSON'],
      404: ['WEBHOOK_NOT_FOUND'],
      413: ['PAYLOAD_TOO_LARGE'],
      415: ['UNSUPPORTED_MEDIA_TYPE'],
    },
  },
  {
    method: 'GET', path: '/partner/webhooks/{id}/deliveries', operationId: 'listWebhookDeliveries',
    handler: 'functions/webhooks/list-webhook-deliveries.ts', auth: 'jwt', principal: 'user',
    access: { table: 'read' },
    summary: "A webhook endpoint's recent delivery attempts",
    description: [
      managed,
      `The most recent attempts first, \`limit\` of them (1–${MAX_DELIVERIES_LIMIT}, default 20), kept 30 days. Each is one try of one ` +
        'event: `orderId` names the order the event tells of (null for a test event); `attempt` counts from 1; `statusCode` is what the endpoint answered (null when nothing came back in time, the connection ' +
        'failed, or the address was refused); `error` says what went wrong (null on a 2xx); `nextAttemptAt` is when the event is tried again, ' +
        'null once it was delivered or, after its last retry, recorded as failed. An attempt cut short by a crash of the sender is not ' +
        'listed; the event is sent again (same `webhook-id`) under the next number.',
    ].join('\n\n'),
    tags: TAGS,
    request: { path: idPath, query: deliveriesQuery },
    example: example(['webhookId'], ({ webhookId }) => ({ path: { id: webhookId } })),
    responses: { 200: { description: 'The recent attempts', schema: webhookDeliveriesSchema } },
    errors: { 400: ['BODY_NOT_ALLOWED', 'VALIDATION_FAILED'], 404: ['WEBHOOK_NOT_FOUND'] },
  },
  {
    method: 'POST', path: '/partner/webhooks/{id}/resend', operationId: 'resendWebhookEvent',
    handler: 'functions/webhooks/resend-webhook-event.ts', auth: 'jwt', principal: 'user',
    idempotency: 'optional',
    // Queues a delivery of the stored event and wakes the sender for it.
    access: { table: 'readWrite', webhookQueue: true },
    summary: 'Send one of your events to a webhook endpoint again',
    description: [
      managed,
      'Sends the event `eventId` (an `id` of GET /partner/events, or the `webhook-id` of a delivery) to the endpoint again, now, and ' +
        'answers 202 with its id at once: the same body under the same `webhook-id`, signed with the endpoint\'s secrets of the moment and ' +
        'retried like any other event. It shows in the delivery log as further attempts of that event. It is sent whatever events the ' +
        "endpoint subscribed to, and does not wait behind the order's other events.",
      "An event of another partner, an unknown one and one older than 30 days (events are kept 30 days) answer 404 EVENT_NOT_FOUND; " +
        'nothing is queued.',
      delivery,
    ].join('\n\n'),
    tags: TAGS,
    request: { path: idPath, body: { contentType: 'application/json', schema: resendBody } },
    example: example(['webhookId', 'eventId'], ({ webhookId, eventId }) => ({ path: { id: webhookId }, body: { eventId } })),
    responses: { 202: { description: 'Queued', schema: webhookResentSchema } },
    errors: {
      400: ['VALIDATION_FAILED', 'MALFORMED_JSON'],
      404: ['WEBHOOK_NOT_FOUND', 'EVENT_NOT_FOUND'],
      413: ['PAYLOAD_TOO_LARGE'],
      415: ['UNSUPPORTED_MEDIA_TYPE'],
    },
  },
  {
    method: 'POST', path: '/partner/webhooks/{id}/rotate-secret', operationId: 'rotateWebhookSecret',
    handler: 'functions/webhooks/rotate-webhook-secret.ts', auth: 'jwt', principal: 'user',
    // Seals the new secret with the stage's key.
    access: { table: 'readWrite', webhookSecrets: 'seal' },
    summary: "Rotate a webhook endpoint's secret (new secret shown once)",
    description: [
      managed,
      '`secret` is a new secret (`whsec_` and the base64 of 32 random bytes), shown in this answer only and stored encrypted. The one it ' +
        `replaces still signs every delivery beside it for \`expiresInHours\` more hours (0–${MAX_SECRET_OVERLAP_HOURS}, default ` +
        `${DEFAULT_SECRET_OVERLAP_HOURS}; 0 ends it at once): \`webhook-signature\` then carries both signatures, space-separated, so ` +
        'a receiver may switch to the new secret at its own pace. `previousSecretExpiresAt` is when the old secret stops signing (null ' +
        'with 0).',
      'A rotation during an overlap replaces the older secret at once: a delivery carries two signatures at most, the newest secret\'s ' +
        'and the one it replaced. No body, or an empty JSON object, takes the default. `expiresInHours` out of range or not a whole number ' +
        'answers 400 VALIDATION_FAILED; nothing is changed.',
    ].join('\n\n'),
    tags: TAGS,
    request: { path: idPath, body: { contentType: 'application/json', schema: rotateSecretBody, required: false } },
    example: example(['webhookId'], ({ webhookId }) => ({ path: { id: webhookId }, body: { expiresInHours: 24 } })),
    responses: { 200: { description: 'The new secret (shown only here)', schema: webhookSecretSchema } },
    errors: {
      400: ['VALIDATION_FAILED', 'MALFORMED_JSON'],
      404: ['WEBHOOK_NOT_FOUND'],
      413: ['PAYLOAD_TOO_LARGE'],
      415: ['UNSUPPORTED_MEDIA_TYPE'],
    },
  },
] as const satisfies readonly Operation[];

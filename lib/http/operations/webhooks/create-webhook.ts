// The declaration of createWebhook: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { signedInUser } from '#lib/http/principals.ts';
import { idempotencyKeysShowingOnce } from '#lib/http/idempotency.ts';
import { createdWebhookStillThere } from '#lib/webhooks/registration.ts';
import { MAX_WEBHOOKS } from '#lib/webhooks/limits.ts';
import { WEBHOOK_EVENT_TYPES } from '#lib/webhooks/events.ts';
import { createWebhookBody } from '#lib/webhooks/create-schema.ts';
import { delivery, managed } from '#lib/http/operations/webhooks/rules.ts';
import { partnerTag } from '#lib/http/operations/partner/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { webhookCreatedSchema } from '#lib/webhooks/response-schemas.ts';

export const createWebhook = operation({
  method: 'POST',
  path: '/partner/webhooks',
  operationId: 'createWebhook',
  auth: signedInUser,
  // Seals the new endpoint's secret with the stage's key; resolves the URL's host to check its addresses.
  access: { table: 'readWrite', webhookSecrets: 'seal' },
  summary: 'Register a webhook endpoint for order and catalogue events (secret shown once)',
  description: [
    managed,
    `Events: ${WEBHOOK_EVENT_TYPES.map((t) => `\`${t}\``).join(', ')}; at least one, a name given twice counts once, any other name answers ` +
      '400 VALIDATION_FAILED naming `events`.',
    "`url` is written `https://`, a host, an optional port, path and query (the schema's pattern states the form: no user name or " +
      'password, no fragment, nothing the URL parser would repair such as a leading space or `https:host`), and must parse as a URL ' +
      'as browsers parse it (WHATWG URL Standard); otherwise 400 VALIDATION_FAILED or INVALID_WEBHOOK_URL naming `url`.',
    '`url` must use https and its host must resolve only to public addresses: loopback, private, link-local (the cloud metadata ' +
      'address included), carrier-grade NAT, multicast and reserved addresses, and their IPv6 forms, are refused with 400 ' +
      'INVALID_WEBHOOK_URL, as are IPv6 addresses that embed an IPv4 address (IPv4-compatible `::/96`, NAT64, 6to4, Teredo), IPv6 ' +
      'addresses outside `2000::/3`, the global unicast space (the reserved `::/8`, such as `::1:a9fe:a9fe`, included), a port ' +
      'other than 443, a user name or password in the URL, a fragment, and a host that does not resolve. The address is ' +
      'checked again before every send, and the connection goes to the address just checked. The local server also accepts ' +
      '`http://127.0.0.1` and `http://localhost` (and https to loopback addresses), on any port.',
    'A `url` holding a control character (tabs and line breaks, which URL parsing would drop, included), a bidirectional control ' +
      '(U+202E and its kin), a character that shows as nothing or an unpaired surrogate (the rule of API key names, ' +
      'POST /partner/api-keys), or with a space before or after it, answers 400 VALIDATION_FAILED naming `url`.',
    '`secret` is `whsec_` and the base64 of 32 random bytes: it is shown in this answer only and stored encrypted (a KMS key of the stage ' +
      "in AWS). Keep it to verify the signatures of the endpoint's deliveries.",
    `A partner has at most ${MAX_WEBHOOKS} endpoints; another one answers 409 WEBHOOK_LIMIT_REACHED until one is deleted. Nothing is ` +
      'stored when the request is refused.',
    delivery,
  ].join('\n\n'),
  tag: partnerTag,
  request: { body: { contentType: 'application/json', schema: createWebhookBody } },
  example: example(['webhookUrl'], ({ webhookUrl }) => ({ body: { url: webhookUrl, events: ['order.sold', 'order.delivered'] } })),
  responses: {
    201: {
      description: 'The endpoint, with its secret (shown only here)',
      schema: shapeNamed<typeof webhookCreatedSchema>('WebhookCreated'),
    },
  },
  errors: { 400: ['INVALID_WEBHOOK_URL'], 409: ['WEBHOOK_LIMIT_REACHED'] },
  idempotency: idempotencyKeysShowingOnce({ member: 'secret', stillExists: createdWebhookStillThere }),
});

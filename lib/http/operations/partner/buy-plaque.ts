// The declaration of buyPlaque: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { sellKey } from '#lib/http/principals.ts';
import { IDEMPOTENCY_HEADER, IN_PROGRESS_LEASE_MS, requiredIdempotencyKey } from '#lib/http/idempotency.ts';
import { DEFINITIVE_REFUSALS } from '#lib/partner/buy.ts';
import { buyBody } from '#lib/partner/buy-schemas.ts';
import { partnerRules, partnerTag, plaqueIdPath } from '#lib/http/operations/partner/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { saleSchema } from '#lib/partner/response-schemas.ts';

export const buyPlaque = operation({
  method: 'POST',
  path: '/partner/plaques/{id}/buy',
  operationId: 'buyPlaque',
  auth: sellKey,
  // The order names the contract the token is minted on, but the sale calls no chain (the delivery worker mints);
  // the sold plaque's record and token metadata show the stage's placeholder image when it has none of its own.
  access: { table: 'readWrite', namesContract: true, linksMedia: true, describesTokens: true, chargesCommission: true },
  summary: 'Buy a held plaque (idempotent)',
  description: [
    partnerRules,
    "One transaction moves the plaque to SOLD (owner = the hold's wallet), creates the order (status SOLD, the price quoted at prepare) " +
      'and stores this response for the Idempotency-Key, all or nothing: a retry after a failure at any moment finds the sale and its answer, ' +
      'or neither. Of any number of concurrent buys exactly one succeeds.',
    "Idempotency (Stripe's model): keys are scoped per partner and kept 24 h. The same key with the same request (method, path and body; " +
      'body member order and whitespace do not matter) replays the first response byte for byte, with header `Idempotent-Replayed: true`. ' +
      'Replayed: 201, and the definitive refusals 404 PLAQUE_NOT_FOUND, 409 RESERVATION_INVALID, 409 INVALID_STATE. ' +
      'Not stored (a retry with the key runs again): 400, 403, 409 CONFLICT, 503. ' +
      'The same key with another request → 409 IDEMPOTENCY_MISMATCH. ' +
      `While the key's first request is running → 409 REQUEST_IN_PROGRESS with Retry-After; a first request that died frees its key after ${IN_PROGRESS_LEASE_MS / 1000} s.`,
    "Refusals: a plaque already SOLD or MINTED → 409 INVALID_STATE. Otherwise a reservation that is expired, unknown, another partner's, " +
      'or for another wallet → 409 RESERVATION_INVALID (the hold stays as it was).',
    'Transaction conflicts are retried briefly, then answer 409 CONFLICT with Retry-After; a throttled or unavailable database answers ' +
      '503 SERVICE_UNAVAILABLE with Retry-After. After a timeout the outcome is looked up, so a retry with the same key always gets the one true outcome.',
    'Delivery (the mint to `buyerWallet`) follows asynchronously; poll GET /partner/orders/{orderId}.',
  ].join('\n\n'),
  tag: partnerTag,
  request: { path: plaqueIdPath, body: { contentType: 'application/json', schema: buyBody } },
  example: example(['hold', 'idempotencyKey'], ({ hold, idempotencyKey }) => ({
    path: { id: hold.plaqueId },
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    body: { reservationId: hold.reservationId, buyerWallet: hold.buyerWallet },
  })),
  responses: {
    201: {
      description: 'Sold: the order and the plaque as now stored',
      schema: shapeNamed<typeof saleSchema>('Sale'),
      headers: ['Idempotent-Replayed'],
    },
  },
  errors: {
    404: ['PLAQUE_NOT_FOUND'],
    409: ['RESERVATION_INVALID', 'INVALID_STATE', 'IDEMPOTENCY_MISMATCH', 'REQUEST_IN_PROGRESS', 'CONFLICT'],
    503: ['SERVICE_UNAVAILABLE'],
  },
  errorHeaders: { 404: ['Idempotent-Replayed'], 409: ['Idempotent-Replayed', 'Retry-After'] },
  idempotency: requiredIdempotencyKey(DEFINITIVE_REFUSALS),
});

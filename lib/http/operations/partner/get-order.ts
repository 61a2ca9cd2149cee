// The declaration of getOrder: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { orderIdParam } from '#lib/partner/schemas.ts';
import { readKey } from '#lib/http/principals.ts';
import { orderRecordRules, partnerCall, partnerRules, partnerTag } from '#lib/http/operations/partner/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { orderSchema } from '#lib/partner/response-schemas.ts';

export const getOrder = operation({
  method: 'GET',
  path: '/partner/orders/{orderId}',
  operationId: 'getOrder',
  auth: readKey,
  access: { ...partnerCall, linksExplorer: true },
  summary: 'An order and its delivery status',
  description: [
    partnerRules,
    "Status SOLD (paid, not minted yet) → MINTING (mint sent) → DELIVERED (token in the buyer's wallet; `txHash` set) or FAILED.",
    'Delivery runs asynchronously after the buy, usually within seconds; poll this order until DELIVERED or FAILED. On DELIVERED the plaque is MINTED with `tokenId`, `token_id`, `minted: true` and `mintedAt`.',
    '`txHash` is null while SOLD. While MINTING it is the mint transaction signed for this order, being sent or still pending; should another transaction take its nonce before it is mined, it is replaced by a new one. On DELIVERED it is the transaction that minted the token (null only when the token reached the wallet outside the service and its transaction could not be found); on FAILED, the reverted transaction, or null when nothing was sent.',
    "FAILED means the token could not be minted to the wallet (for example, the token id was minted elsewhere first); `failureReason` says why, in the operators' words. The plaque stays SOLD and the order is on the operators' list of undelivered orders. An operator may re-queue the delivery, after which the order reads SOLD again (`failureReason` and `txHash` null) and continues as above, or cancel the order: it reads CANCELLED for good (`failureReason` kept, `cancelReason` set) and the plaque is AVAILABLE again.",
    orderRecordRules,
    "Order ids are opaque: another partner's order, an unknown id and an id that could never have been issued all answer 404 ORDER_NOT_FOUND.",
    "This operation takes the API key only, like the rest of the selling workflow; the dashboard (a signed-in user's JWT) reads the same records through GET /partner/orders.",
  ].join('\n\n'),
  tag: partnerTag,
  request: { path: { orderId: { description: 'The id the buy answered (`ord_…`)', schema: orderIdParam } } },
  example: example(['orderId'], ({ orderId }) => ({ path: { orderId } })),
  responses: { 200: { description: 'The order', schema: shapeNamed<typeof orderSchema>('Order') } },
  errors: { 404: ['ORDER_NOT_FOUND'], 503: ['SERVICE_UNAVAILABLE'] },
});

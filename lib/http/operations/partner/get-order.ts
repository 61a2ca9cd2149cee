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
    'Orders are minted in batches: one transaction mints the tokens of up to 50 orders, each an ordinary ERC-1155 `TransferSingle` to its buyer, so several orders may share a `txHash`. A sold order waits for company at most a fraction of a block before its batch is sent, and batches are sent without waiting for the ones before them to be mined.',
    "`txHash` is null while SOLD. While MINTING it is the transaction of the order's batch, being sent or still pending; should it stay priced below the market for a few blocks it is replaced by one offering a higher fee (the order then names the new one), and should another transaction take its nonce before it is mined, the order goes back to SOLD and into a new batch. On DELIVERED it is the transaction that minted the token (null only when the token reached the wallet outside the service and its transaction could not be found); on FAILED, the transaction that refused its token or reverted, or null when nothing was sent.",
    "FAILED means the token could not be minted to the wallet (for example, the token id was minted elsewhere first, or the wallet is a contract that refuses ERC-1155 tokens); `failureReason` says why, in the operators' words. One order's failure never holds up the others of its batch: they are minted all the same. The plaque stays SOLD and the order is on the operators' list of undelivered orders. An operator may re-queue the delivery, after which the order reads SOLD again (`failureReason` and `txHash` null) and continues as above, or cancel the order: it reads CANCELLED for good (`failureReason` kept, `cancelReason` set) and the plaque is AVAILABLE again, unless its token already exists on chain (minted elsewhere first): that plaque can never be sold and minted again, so it stays off sale, LOCKED without expiry, in the listing as in prepare (409 NOT_AVAILABLE).",
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

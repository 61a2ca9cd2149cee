// The declaration of listOrders: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { signedInUser } from '#lib/http/principals.ts';
import { DEFAULT_ORDERS_LIMIT, listOrdersInput, MAX_ORDERS_LIMIT } from '#lib/partner/order-list-schemas.ts';
import { dashboardRules, orderRecordRules, partnerTag } from '#lib/http/operations/partner/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { orderPageSchema } from '#lib/partner/response-schemas.ts';

export const listOrders = operation({
  method: 'GET',
  path: '/partner/orders',
  operationId: 'listOrders',
  auth: signedInUser,
  access: { table: 'read', linksExplorer: true },
  summary: "The signed-in partner's orders, newest first",
  description: [
    dashboardRules,
    "The orders placed with any of the caller's API keys, newest first (by `createdAt`, then id), read page by page from an index keyed by partner and time (never a scan).",
    `\`limit\`: ${1}–${MAX_ORDERS_LIMIT} orders per page, default ${DEFAULT_ORDERS_LIMIT}. \`status\`: only orders of that status. Other query parameters are ignored.`,
    '`nextCursor` is null on the last page; pass it as `cursor` to read the next one (with the same `status`). A cursor this service could not have issued answers 400 VALIDATION_FAILED naming `cursor`. ' +
      'Orders placed after the first page was read appear on a new first page, not on later ones. ' +
      'With a status filter a page may hold fewer orders than `limit` while `nextCursor` is not null (a page stops after reading 1000 orders), so follow the cursor until it is null.',
    orderRecordRules,
  ].join('\n\n'),
  tag: partnerTag,
  request: { query: listOrdersInput },
  example: example([], () => ({ query: { limit: 5 } })),
  responses: { 200: { description: 'A page of orders', schema: shapeNamed<typeof orderPageSchema>('OrderPage') } },
});

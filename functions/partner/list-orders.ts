// GET /partner/orders: the signed-in partner's orders, newest first, optionally of one status, page by page.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { listOrders as listOrdersOperation } from '#lib/http/operations/partner/list-orders.ts';
import { listOrders } from '#lib/partner/orders.ts';

export const handler = httpHandler(listOrdersOperation, async ({ input, principal, ctx }) =>
  ok(await listOrders(ctx, principal.id, input)),
);

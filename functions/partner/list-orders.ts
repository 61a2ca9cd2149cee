// GET /partner/orders: the signed-in partner's orders, newest first, optionally of one status, page by page.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { listOrders } from '#lib/partner/orders.ts';
import { listOrdersInput, listOrdersQuery } from '#lib/partner/order-list-schemas.ts';
import { signedInUser } from '#lib/http/principals.ts';

export const handler = httpHandler(
  {
    operation: 'listOrders',
    principal: signedInUser,
    body: 'none',
    input: { schema: listOrdersInput, read: (request) => listOrdersQuery(request.query) },
  },
  async ({ input, principal, ctx }) => ok(await listOrders(ctx, principal.id, input)),
);

// GET /partner/orders/{orderId}: the partner's own order and its delivery status.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { getOrder as getOrderOperation } from '#lib/http/operations/partner/get-order.ts';
import { getOrder } from '#lib/partner/orders.ts';

export const handler = httpHandler(getOrderOperation, async ({ input, principal, ctx }) =>
  ok(await getOrder(ctx, principal, input.orderId)),
);

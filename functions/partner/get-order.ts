// GET /partner/orders/{orderId}: the partner's own order and its delivery status.
import * as z from 'zod/mini';
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { getOrder } from '#lib/partner/orders.ts';
import { readKeyPartner } from '#lib/http/principals.ts';

export const handler = httpHandler(
  {
    operation: 'getOrder',
    principal: readKeyPartner,
    body: 'none',
    input: { schema: z.object({ orderId: z.string() }), read: (request) => request.pathParameters },
  },
  async ({ input, principal, ctx }) => ok(await getOrder(ctx, principal, input.orderId)),
);

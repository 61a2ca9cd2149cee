// GET /partner/orders/{orderId}: the partner's own order and its delivery status.
import * as z from 'zod/mini';
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { getOrder } from '#lib/partner/orders.ts';
import { requirePartner } from '#lib/partner/partner-identity.ts';

export const handler = httpHandler(
  { body: 'none', input: { schema: z.object({ orderId: z.string() }), read: (request) => request.pathParameters } },
  async ({ input, ctx, request }) => {
    const partner = await requirePartner(ctx, request);
    return ok(await getOrder(ctx, partner, input.orderId));
  },
);

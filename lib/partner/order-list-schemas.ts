// Request shape of the partner's order list (GET /partner/orders), as a zod schema: it validates the query and
// generates the OpenAPI document.
import * as z from 'zod/mini';
import { ORDER_STATUSES } from '#lib/partner/order.ts';

/** Orders per page: at most, and when not asked. */
export const MAX_ORDERS_LIMIT = 100;
export const DEFAULT_ORDERS_LIMIT = 20;

export const listOrdersInput = z.object({
  status: z.optional(z.enum(ORDER_STATUSES)),
  limit: z._default(z.int().check(z.minimum(1), z.maximum(MAX_ORDERS_LIMIT)), DEFAULT_ORDERS_LIMIT),
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(512))),
});

export type ListOrdersInput = z.infer<typeof listOrdersInput>;

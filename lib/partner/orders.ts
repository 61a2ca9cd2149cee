// Orders as partners see them: only their own.
import { notFound } from '#lib/errors.ts';
import { orderRepo } from '#lib/db/order-repo.ts';
import { presentOrder, type OrderView } from '#lib/partner/order.ts';
import type { Partner } from '#lib/partner/partner-identity.ts';
import type { AppContext } from '#lib/runtime/context.ts';

/** The partner's order; another partner's order and an unknown id are both 404 ORDER_NOT_FOUND. */
export async function getOrder(ctx: AppContext, partner: Partner, orderId: string): Promise<OrderView> {
  // Order ids are opaque: one that could never have been issued is just another unknown id.
  const order = orderId.length > 0 && orderId.length <= 128 ? await orderRepo(ctx.db, ctx.tableName).get(orderId) : null;
  if (!order || order.partnerId !== partner.partnerId) throw notFound('ORDER_NOT_FOUND', 'no such order');
  return presentOrder(order);
}

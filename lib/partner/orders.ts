// Orders as partners see them: only their own, each in the one Order shape (presentOrder).
import { notFound } from '#lib/errors.ts';
import { chainConfig } from '#lib/config.ts';
import { orderRepo } from '#lib/db/order-repo.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { presentOrder, type Order, type OrderView } from '#lib/partner/order.ts';
import type { Partner } from '#lib/partner/partner-identity.ts';
import type { AppContext } from '#lib/runtime/context.ts';

/** The stage's block explorer base URL (CHAIN_EXPLORER_URL) unless the context was given one; null for none. */
export const explorerBaseUrlOf = (ctx: AppContext): string | null =>
  ctx.explorerBaseUrl !== undefined ? ctx.explorerBaseUrl : (chainConfig().CHAIN_EXPLORER_URL ?? null);

/** Orders with their plaque's name: orders stored before names were recorded with them read it from the plaque. */
export async function withPlaqueNames(ctx: AppContext, orders: Order[]): Promise<(Order & { plaqueName: string })[]> {
  const missing = [...new Set(orders.filter((o) => o.plaqueName === null).map((o) => o.plaqueId))];
  const plaques = missing.length > 0 ? await plaqueRepo(ctx.db, ctx.tableName).getMany(missing) : new Map();
  // A plaque is never deleted from the table (only marked), so its name is found; the id stands in otherwise.
  return orders.map((o) => ({ ...o, plaqueName: o.plaqueName ?? plaques.get(o.plaqueId)?.name ?? `#${o.plaqueId}` }));
}

/** Orders as the partner sees them, in the order given. */
export async function presentOrders(ctx: AppContext, orders: Order[]): Promise<OrderView[]> {
  const explorer = explorerBaseUrlOf(ctx);
  return (await withPlaqueNames(ctx, orders)).map((order) => presentOrder(order, explorer));
}

/** The partner's order; another partner's order and an unknown id are both 404 ORDER_NOT_FOUND. */
export async function getOrder(ctx: AppContext, partner: Partner, orderId: string): Promise<OrderView> {
  // Order ids are opaque: one that could never have been issued is just another unknown id.
  const order = orderId.length > 0 && orderId.length <= 128 ? await orderRepo(ctx.db, ctx.tableName).get(orderId) : null;
  if (!order || order.partnerId !== partner.partnerId) throw notFound('ORDER_NOT_FOUND', 'no such order');
  const [view] = await presentOrders(ctx, [order]);
  return view!;
}

// Orders as partners see them: only their own, each in the one Order shape (presentOrder); one at a time by id (API
// key) or page by page, newest first (the dashboard).
import { notFound } from '#lib/errors.ts';
import { decodeCursor, encodeCursor } from '#lib/validation.ts';
import { chainConfig } from '#lib/config.ts';
import { dbOf } from '#lib/db/client.ts';
import { partnerOrderRepo, type PartnerOrderPosition } from '#lib/db/partner-order-repo.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { presentOrder, type Order, type OrderView } from '#lib/partner/order.ts';
import type { Partner } from '#lib/partner/partner-identity.ts';
import type { ListOrdersInput } from '#lib/partner/order-list-schemas.ts';
import type { orderPageSchema } from '#lib/partner/response-schemas.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import type { Shape } from '#lib/schema.ts';

/** The stage's block explorer base URL (CHAIN_EXPLORER_URL) unless the context was given one; null for none. */
const explorerBaseUrlOf = (ctx: AppContext): string | null =>
  ctx.explorerBaseUrl !== undefined ? ctx.explorerBaseUrl : (chainConfig().CHAIN_EXPLORER_URL ?? null);

/** Orders with their plaque's name: orders stored before names were recorded with them read it from the plaque. */
async function withPlaqueNames(ctx: AppContext, orders: Order[]): Promise<(Order & { plaqueName: string })[]> {
  const missing = [...new Set(orders.filter((o) => o.plaqueName === null).map((o) => o.plaqueId))];
  const plaques = missing.length > 0 ? await plaqueRepo(dbOf(ctx), ctx.tableName).getMany(missing) : new Map();
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
  const order = orderId.length > 0 && orderId.length <= 128 ? await partnerOrderRepo(dbOf(ctx), ctx.tableName).get(orderId) : null;
  if (!order || order.partnerId !== partner.partnerId) throw notFound('ORDER_NOT_FOUND', 'no such order');
  const [view] = await presentOrders(ctx, [order]);
  return view!;
}

/** A page of the partner's orders as the dashboard lists them. */
export type OrderPage = Shape<typeof orderPageSchema>;

const CURSOR_POSITION = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)#(ord_[A-Za-z0-9_-]{1,64})$/;

/** The opaque cursor of a position in a partner's orders: base64url of `<createdAt>#<orderId>`. */
export const encodeOrderCursor = (position: PartnerOrderPosition): string => encodeCursor([position.createdAt, position.orderId]);

/** The position a cursor names; 400 VALIDATION_FAILED naming `cursor` when this service could not have issued it. */
export function decodeOrderCursor(cursor: string): PartnerOrderPosition {
  const [createdAt, orderId] = decodeCursor(cursor, CURSOR_POSITION);
  return { createdAt: createdAt!, orderId: orderId! };
}

/** The partner's orders, newest first, optionally of one status, one page at a time (the index, never a scan). */
export async function listOrders(ctx: AppContext, partnerId: number, input: ListOrdersInput): Promise<OrderPage> {
  const after = input.cursor === undefined ? null : decodeOrderCursor(input.cursor);
  const page = await partnerOrderRepo(dbOf(ctx), ctx.tableName).pageByPartner(partnerId, {
    ...(input.status && { status: input.status }),
    limit: input.limit,
    after,
  });
  return { orders: await presentOrders(ctx, page.orders), nextCursor: page.next && encodeOrderCursor(page.next) };
}

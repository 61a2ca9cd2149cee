// The stored order item: the order record with its keys and its place in the partner's list, read and written in one
// place (the delivery bookkeeping on the same item is read by lib/db/delivery-order-repo.ts).
import { ENTITY, orderKey, partnerOrdersIndexKey } from '#lib/db/keys.ts';
import type { Order } from '#lib/partner/order.ts';

type Item = Record<string, unknown>;

export function toItem(order: Order): Item {
  return {
    ...orderKey(order.orderId),
    ...partnerOrdersIndexKey(order.partnerId, order.createdAt, order.orderId),
    entity: ENTITY.order,
    ...order,
  };
}

/** Delivery bookkeeping attributes on the order item (see DeliveryState). */
const DELIVERY_ATTRIBUTES = [
  'deliveryAttemptId',
  'deliveryLeaseUntil',
  'deliveryAttempts',
  'deliveryRequeues',
  'mintTx',
  'mintBatchId',
  'failureKind',
  'requeueReason',
] as const;

export function fromItem(item: Item): Order {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, entity: _e, ...record } = item;
  for (const name of DELIVERY_ATTRIBUTES) delete record[name];
  const order = record as unknown as Order;
  // Orders stored before these were recorded: no name (read from the plaque when shown), and a delivery whose last
  // change was the delivery itself.
  order.plaqueName ??= null;
  order.cancelReason ??= null;
  order.deliveredAt ??= order.status === 'DELIVERED' ? order.updatedAt : null;
  order.mintCost ??= null;
  return order;
}

// Which table stream records make order events: order items whose status changed — inserted by a buy (SOLD), or
// modified into another status by the delivery worker (MINTING, DELIVERED, FAILED), an operator's re-queue (SOLD) or
// an operator's cancel (CANCELLED).
// One constant for the AWS event source mapping and the local poller alike.
import type { DynamoDBRecord } from 'aws-lambda';
import { ENTITY } from '#lib/db/keys.ts';
import { writtenOrderOf } from '#lib/db/stream-images.ts';
import { writesOf } from '#lib/db/stream-filters.ts';
import { ORDER_STATUSES, type Order, type OrderStatus } from '#lib/partner/order.ts';
import type { OrderMove } from '#lib/webhooks/events.ts';

/**
 * The new statuses each MODIFY pattern matches. DELIVERED and CANCELLED share one: neither follows the other, so
 * "into either, from any status but these two" loses no move and matches no write that keeps the status.
 */
const MODIFY_GROUPS: readonly (readonly OrderStatus[])[] = [['SOLD'], ['MINTING'], ['FAILED'], ['DELIVERED', 'CANCELLED']];

const others = (group: readonly OrderStatus[]) => ORDER_STATUSES.filter((s) => !group.includes(s));

/**
 * Lambda event filter patterns (FilterCriteria), five: the most a mapping takes. A filter cannot compare the old
 * image with the new, so each group of statuses gets a pattern that lists every other status as the old one; writes
 * that keep the status (the worker's lease and signed mint, a re-queue of a waiting order) and every other entity
 * never match.
 */
export const ORDER_EVENT_STREAM_FILTERS = [
  writesOf(ENTITY.order, ['INSERT']),
  ...MODIFY_GROUPS.map((group) => writesOf(ENTITY.order, ['MODIFY'], { status: group }, { status: others(group) })),
];

/**
 * The move a record tells of, with the order as the move left it; null for anything else. The filter's condition
 * again in code, so the consumer stays correct under a wider filter (or none).
 */
export function orderMoveOf(record: DynamoDBRecord): { move: OrderMove; order: Order } | null {
  const written = writtenOrderOf(record);
  if (!written) return null;
  const { order, previousStatus, requeues } = written;
  const status = order.status;
  if (!ORDER_STATUSES.includes(status) || previousStatus === status) return null;
  return { move: { orderId: order.orderId, partnerId: order.partnerId, status, round: requeues, at: order.updatedAt }, order };
}

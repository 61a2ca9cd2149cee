// Which table stream records make events: order items whose status changed — inserted by a buy (SOLD), or modified
// into another status by the delivery worker (MINTING, DELIVERED, FAILED), an operator's re-queue (SOLD) or an
// operator's cancel (CANCELLED) — and the catalogue's rewrites: plaques rewritten and imports marked done.
// One constant for the AWS event source mapping and the local poller alike.
import type { DynamoDBRecord } from 'aws-lambda';
import { ENTITY } from '#lib/db/keys.ts';
import { writtenOrderOf } from '#lib/db/stream-images.ts';
import { writesOf } from '#lib/db/stream-filters.ts';
import { ORDER_STATUSES, type Order, type OrderStatus } from '#lib/partner/order.ts';
import type { OrderMove } from '#lib/webhooks/events.ts';

/**
 * The new statuses each MODIFY pattern matches: a group holds statuses no order moves between (SOLD and CANCELLED;
 * FAILED and DELIVERED: the moves are SOLD → MINTING → DELIVERED | FAILED | SOLD, SOLD → FAILED, FAILED → SOLD |
 * CANCELLED, DELIVERED → SOLD | MINTING), so "into one of the group, from any status outside it" loses no move and
 * matches no write that keeps the status. Three groups leave the fifth pattern to the catalogue.
 */
const MODIFY_GROUPS: readonly (readonly OrderStatus[])[] = [['SOLD', 'CANCELLED'], ['MINTING'], ['FAILED', 'DELIVERED']];

const others = (group: readonly OrderStatus[]) => ORDER_STATUSES.filter((s) => !group.includes(s));

/**
 * Lambda event filter patterns (FilterCriteria), five: the most a mapping takes. A filter cannot compare the old
 * image with the new, so each group of statuses gets a pattern that lists every other status as the old one; writes
 * that keep the status (the worker's lease and signed mint, a re-queue of a waiting order) never match. The last
 * pattern passes every rewrite of a plaque or an import record (the code decides which make events: a filter cannot
 * tell a price from a hold), and no INSERT of either: an import's plaques never reach the event maker.
 */
export const EVENT_STREAM_FILTERS = [
  writesOf(ENTITY.order, ['INSERT']),
  ...MODIFY_GROUPS.map((group) => writesOf(ENTITY.order, ['MODIFY'], { status: group }, { status: others(group) })),
  writesOf([ENTITY.plaque, ENTITY.catalogueImport], ['MODIFY']),
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

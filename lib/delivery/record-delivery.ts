// Records what became of one order of a batch: DELIVERED with its plaque MINTED (and what its mint cost) in one
// transaction, or FAILED with the reason for the operator. Every write is conditional on the order still being MINTING
// in that batch, so two followers of one batch, or a follower next to the reconciler, never record an order twice.
import type { Hex } from 'viem';
import { serviceUnavailable } from '#lib/errors.ts';
import { logger } from '#lib/runtime/logger.ts';
import { dbOf } from '#lib/db/client.ts';
import { activityRepo } from '#lib/db/activity-repo.ts';
import { deliveryCostRepo } from '#lib/db/delivery-cost-repo.ts';
import { deliveryOrderRepo } from '#lib/db/delivery-order-repo.ts';
import { recordDelivery } from '#lib/db/delivery-transaction.ts';
import { orderMarkerRepo } from '#lib/db/order-marker-repo.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { failures, type Failure } from '#lib/delivery/delivery-state.ts';
import { DELIVERY_FAILED_MESSAGE } from '#lib/delivery/log-events.ts';
import { markMinted, stateOf } from '#lib/partner/plaque-state.ts';
import { mintActivity } from '#lib/plaques/activity-record.ts';
import type { MintCost, Order } from '#lib/partner/order.ts';
import type { AppContext } from '#lib/runtime/context.ts';

/** `delivered` / `failed`: recorded now; `superseded`: the order was no longer MINTING in this batch (nothing written). */
export type RecordOutcome = 'delivered' | 'failed' | 'superseded';

/** Tries of the delivery's transaction when the plaque changes between read and write. */
const RECORD_ROUNDS = 4;

/** Order DELIVERED (with `txHash` and its share of the cost) and plaque MINTED, in one transaction. */
export async function recordDelivered(
  ctx: AppContext,
  order: Order,
  batchId: string,
  txHash: Hex | null,
  cost: MintCost | null,
): Promise<RecordOutcome> {
  const db = dbOf(ctx);
  const orders = deliveryOrderRepo(db, ctx.tableName);
  const plaques = plaqueRepo(db, ctx.tableName);
  let read = await plaques.getForSale(order.plaqueId);
  for (let round = 0; round < RECORD_ROUNDS; round++) {
    const now = ctx.now();
    if (!read || read.orderId !== order.orderId || read.plaque.status !== 'SOLD') {
      return recordFailure(ctx, order, batchId, failures.plaqueMoved(txHash ?? 'unknown'), txHash);
    }
    const minted = markMinted(stateOf(read), now);
    // Strictly later than the version read, so the listing's change feed (ordered by updatedAt) never misses it.
    const updatedAt = new Date(Math.max(now.getTime(), Date.parse(read.plaque.updatedAt) + 1)).toISOString();
    const outcome = await recordDelivery(db, {
      order: orders.deliveredItem(order.orderId, batchId, txHash, cost, now),
      plaque: plaques.mintedItem(read.plaque, {
        orderId: order.orderId,
        tokenId: order.tokenId,
        contractAddress: order.contractAddress,
        mintedAt: minted.mintedAt!,
        updatedAt,
      }),
      markers: [
        ...orderMarkerRepo(db, ctx.tableName).deliveredMarkerItems(order.orderId, now),
        ...(cost && txHash
          ? [
              deliveryCostRepo(db, ctx.tableName).costItem({
                orderId: order.orderId,
                partnerId: order.partnerId,
                deliveredAt: now.toISOString(),
                txHash,
                ...cost,
              }),
            ]
          : []),
      ],
      activity: activityRepo(db, ctx.tableName).item(mintActivity(order, read.plaque.name, txHash, updatedAt)),
    });
    switch (outcome.kind) {
      case 'recorded':
        logger.info('order delivered', {
          orderId: order.orderId,
          plaqueId: order.plaqueId,
          batchId,
          txHash,
          ...(cost && { mintCost: cost }),
        });
        return 'delivered';
      case 'order-changed':
        return 'superseded';
      case 'plaque-changed':
        // The refusal returned the plaque as it now is: judge that one.
        read = outcome.current;
        continue;
      case 'conflict':
        await new Promise((r) => setTimeout(r, 20 * 2 ** round));
        read = await plaques.getForSale(order.plaqueId);
        continue;
      case 'unknown': {
        const current = await orders.getForDelivery(order.orderId);
        if (current?.order.status === 'DELIVERED') return 'delivered';
        if (current?.delivery.attemptId !== batchId || current.order.status !== 'MINTING') return 'superseded';
        read = await plaques.getForSale(order.plaqueId);
        continue;
      }
    }
  }
  throw serviceUnavailable(
    'DELIVERY_BUSY',
    `plaque ${order.plaqueId} kept changing while order ${order.orderId} was recorded as delivered`,
    5,
  );
}

/** Order FAILED with the reason (the plaque stays SOLD for the operator), logged for the stage's alarm. */
export async function recordFailure(
  ctx: AppContext,
  order: Order,
  batchId: string,
  failure: Failure,
  txHash: Hex | null,
): Promise<RecordOutcome> {
  const recorded = await deliveryOrderRepo(dbOf(ctx), ctx.tableName).recordFailed(
    order.orderId,
    batchId,
    { ...failure, txHash },
    ctx.now(),
  );
  if (!recorded) return 'superseded';
  logger.error(DELIVERY_FAILED_MESSAGE, { orderId: order.orderId, plaqueId: order.plaqueId, batchId, reason: failure.reason, txHash });
  return 'failed';
}

// What operators see and do about deliveries: every order not delivered yet with its age and reason, the re-queue
// that hands one back to the worker, and the cancellation that gives up on a FAILED one.
import { conflict, notFound, validationFailed } from '#lib/errors.ts';
import { dbOf } from '#lib/db/client.ts';
import { deliveryFindingRepo } from '#lib/db/delivery-finding-repo.ts';
import { deliveryOrderRepo } from '#lib/db/delivery-order-repo.ts';
import { mintBatchRepo } from '#lib/db/mint-batch-repo.ts';
import { recordCancellation } from '#lib/db/delivery-transaction.ts';
import { orderMarkerRepo } from '#lib/db/order-marker-repo.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { ledgerRepo } from '#lib/db/ledger-repo.ts';
import { activityRepo } from '#lib/db/activity-repo.ts';
import { cancelActivity } from '#lib/plaques/activity-record.ts';
import { commissionFor } from '#lib/money/commission-rates.ts';
import { reversalOf, saleEntry, saleEntryId } from '#lib/money/entry.ts';
import { failedAsAlreadyMinted, leaseHeld, requeueDecision, type OrderForDelivery } from '#lib/delivery/delivery-state.ts';
import type { OrderStatus } from '#lib/partner/order.ts';
import type { AppContext } from '#lib/runtime/context.ts';

export interface UndeliveredOrder {
  orderId: string;
  status: OrderStatus;
  plaqueId: number;
  buyerWallet: string;
  createdAt: string;
  /** Milliseconds since the sale. */
  ageMs: number;
  /** Worker runs that claimed it so far. */
  attempts: number;
  txHash: string | null;
  reason: string;
}

/** Why an order is not delivered, in words for the operator. */
function undeliveredReason({ order, delivery }: OrderForDelivery, now: Date): string {
  switch (order.status) {
    case 'FAILED':
      return order.failureReason ?? 'failed (no reason recorded)';
    case 'MINTING':
      if (delivery.batchId !== null) {
        return `minting in batch ${delivery.batchId}${delivery.mint ? ` (tx ${delivery.mint.hash}, nonce ${delivery.mint.nonce})` : ''}, followed until it is mined`;
      }
      if (leaseHeld(delivery, now)) {
        return `minting${delivery.mint ? ` (tx ${delivery.mint.hash})` : ''}; a worker holds it until ${delivery.leaseUntil}`;
      }
      return `stuck minting${delivery.mint ? ` (tx ${delivery.mint.hash})` : ''}: its worker stopped (claim lapsed at ${delivery.leaseUntil ?? 'unknown'}); the reconciler's next pass hands it on, or retry-delivery re-queues it`;
    case 'SOLD':
      return delivery.requeues > 0
        ? `${delivery.requeueReason ?? 're-queued'} (${delivery.requeues} re-queue(s)); waiting for the delivery worker`
        : 'waiting for the delivery worker';
    case 'DELIVERED':
      return 'delivered';
    case 'CANCELLED':
      return `cancelled: ${order.cancelReason ?? 'no reason recorded'}`;
  }
}

/** Every order not delivered yet, oldest first: one Query of the undelivered markers, then the orders by key. */
export async function listUndeliveredOrders(ctx: AppContext): Promise<UndeliveredOrder[]> {
  const ids = await orderMarkerRepo(dbOf(ctx), ctx.tableName).undeliveredOrderIds();
  const found = await deliveryOrderRepo(dbOf(ctx), ctx.tableName).getManyForDelivery(ids);
  const now = ctx.now();
  const list: UndeliveredOrder[] = [];
  for (const id of ids) {
    const read = found.get(id);
    // The index trails the table a little: a marker whose order was just delivered is no longer news.
    if (!read || read.order.status === 'DELIVERED' || read.order.status === 'CANCELLED') continue;
    const { order, delivery } = read;
    list.push({
      orderId: order.orderId,
      status: order.status,
      plaqueId: order.plaqueId,
      buyerWallet: order.buyerWallet,
      createdAt: order.createdAt,
      ageMs: now.getTime() - Date.parse(order.createdAt),
      attempts: delivery.attempts,
      txHash: order.txHash,
      reason: undeliveredReason(read, now),
    });
  }
  return list;
}

export interface Requeued {
  orderId: string;
  /** The status the order had. */
  was: OrderStatus;
}

/**
 * Hands an order back to the sender by making it SOLD again (the stream delivers it anew, in a new batch): a FAILED
 * one, a MINTING one nothing follows (its batch no longer in flight), or a SOLD one whose stream record was
 * dead-lettered. 404 ORDER_NOT_FOUND; 409 NOT_REQUEUEABLE (delivered, or its batch is in flight); 409 ORDER_CHANGED.
 */
export async function requeueDelivery(ctx: AppContext, orderId: string): Promise<Requeued> {
  const orders = deliveryOrderRepo(dbOf(ctx), ctx.tableName);
  const read = await orders.getForDelivery(orderId);
  if (!read) throw notFound('ORDER_NOT_FOUND', `order ${orderId} does not exist`);
  const now = ctx.now();
  const batch = read.delivery.batchId === null ? null : await mintBatchRepo(dbOf(ctx), ctx.tableName).get(read.delivery.batchId);
  const decision = requeueDecision(read, now, batch?.status === 'SENT');
  if (decision.kind === 'refused') throw conflict('NOT_REQUEUEABLE', decision.reason);
  const kind = decision.kind === 'requeue-failed' ? 'failed' : decision.kind === 'requeue-stuck' ? 'stuck' : 'waiting';
  if (!(await orders.requeue(orderId, kind, { attemptId: read.delivery.attemptId }, now, 're-queued by an operator'))) {
    throw conflict('ORDER_CHANGED', `order ${orderId} changed meanwhile; list the deliveries again`);
  }
  return { orderId, was: read.order.status };
}

export interface Cancelled {
  orderId: string;
  plaqueId: number;
  /**
   * What the plaque became: AVAILABLE (for sale again), or LOCKED without expiry when its token already exists on chain
   * (minted outside the order: it cannot be sold and minted again, and prepare would refuse it).
   */
  plaqueStatus: 'AVAILABLE' | 'LOCKED';
  tokenId: string;
  contractAddress: string;
}

/** Longest reason an operator may give for a cancellation (characters). */
const MAX_CANCEL_REASON_LENGTH = 500;

/**
 * Cancels a FAILED order: the order CANCELLED with the operator's reason, its plaque AVAILABLE again, its undelivered
 * marker gone and its sale reversed in the ledger, in one transaction conditional on the order being FAILED and the
 * plaque SOLD under it, so a concurrent re-queue or a second cancel cannot both win. The stream then makes its
 * `order.cancelled` event. An order that failed because its token was already minted elsewhere leaves its plaque
 * LOCKED without expiry instead: its token exists, so it can never be sold and minted again (prepare refuses it), and
 * the listing must not offer it. Its sale is reversed all the same: the buyer did not get the token.
 * 400 VALIDATION_FAILED for an empty or too long reason; 404 ORDER_NOT_FOUND; 409 NOT_CANCELLABLE naming the status.
 */
export async function cancelOrder(ctx: AppContext, orderId: string, reason: string): Promise<Cancelled> {
  const why = reason.trim();
  if (why.length === 0 || why.length > MAX_CANCEL_REASON_LENGTH) {
    throw validationFailed([{ path: 'reason', message: `must be 1–${MAX_CANCEL_REASON_LENGTH} characters` }]);
  }
  const db = dbOf(ctx);
  const orders = deliveryOrderRepo(db, ctx.tableName);
  const read = await orders.getForDelivery(orderId);
  if (!read) throw notFound('ORDER_NOT_FOUND', `order ${orderId} does not exist`);
  const notCancellable = (status: string | null) =>
    conflict('NOT_CANCELLABLE', `order ${orderId} is ${status ?? 'gone'}; only a FAILED order can be cancelled`, {
      extensions: { status },
    });
  if (read.order.status !== 'FAILED') throw notCancellable(read.order.status);
  const now = ctx.now();
  // The sale is reversed in the ledger; an order sold before the ledger existed gets its sale entry first.
  const ledger = ledgerRepo(db, ctx.tableName);
  let sale = await ledger.get(saleEntryId(orderId));
  if (!sale) await ledger.writeEntry((sale = saleEntry(read.order, await commissionFor(ctx, read.order.partnerId))));
  const withheld = failedAsAlreadyMinted(read);
  const plaques = plaqueRepo(db, ctx.tableName);
  // Orders stored before names were recorded with them name their plaque by reading it.
  const plaqueName = read.order.plaqueName ?? (await plaques.get(read.order.plaqueId))?.name ?? '';
  const outcome = await recordCancellation(db, {
    order: orders.cancelledItem(orderId, why, now),
    plaque: withheld
      ? plaques.withheldItem(read.order.plaqueId, orderId, now.toISOString())
      : plaques.releasedItem(read.order.plaqueId, orderId, now.toISOString()),
    marker: orderMarkerRepo(db, ctx.tableName).undeliveredRemovalItem(orderId),
    ledger: ledger.entryItems(reversalOf(sale, now)),
    activity: activityRepo(db, ctx.tableName).item(cancelActivity(read.order, plaqueName, now.toISOString())),
  });
  if (outcome.kind === 'order-changed') throw notCancellable(outcome.status);
  if (outcome.kind === 'plaque-changed') {
    throw conflict(
      'NOT_CANCELLABLE',
      `the plaque ${read.order.plaqueId} of order ${orderId} is ${outcome.status ?? 'gone'}, no longer SOLD under this order; reconcile it by hand`,
      { extensions: { status: read.order.status } },
    );
  }
  return {
    orderId,
    plaqueId: read.order.plaqueId,
    plaqueStatus: withheld ? 'LOCKED' : 'AVAILABLE',
    tokenId: read.order.tokenId,
    contractAddress: read.order.contractAddress,
  };
}

export type { StoredFinding as ReconcilerFinding } from '#lib/db/delivery-finding-repo.ts';

/** What the reconciler found since `since` (re-queued mints the chain lost, claims it ended, ...), oldest first. */
export async function reconcilerFindings(ctx: AppContext, since: Date) {
  return deliveryFindingRepo(dbOf(ctx), ctx.tableName).findingsSince(since);
}

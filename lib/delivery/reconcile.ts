// The delivery reconciler and sweeper, one pass over what no worker is looking at: recently DELIVERED orders checked
// against the chain (a reorg, or a local chain rolled back by a kill, can take a mint back), undelivered orders whose
// worker stopped or whose stream record never led anywhere, and dead-lettered stream records. In AWS a scheduled
// function runs it every minute (functions/delivery/reconcile-deliveries.ts); locally `npm start` runs it at start and
// on a timer (lib/local/delivery-reconciler.ts). Every write is conditional on what the pass read, so it may run next
// to the worker, or twice at once.
import { getAddress } from 'viem';
import { logger } from '#lib/runtime/logger.ts';
import { dbOf } from '#lib/db/client.ts';
import { deliveryFindingRepo } from '#lib/db/delivery-finding-repo.ts';
import { deliveryOrderRepo } from '#lib/db/delivery-order-repo.ts';
import { orderMarkerRepo } from '#lib/db/order-marker-repo.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { recordUndelivery } from '#lib/db/delivery-transaction.ts';
import { chainReaderOf } from '#lib/chain/chain-port.ts';
import { leaseHeld, nextStep, type OrderForDelivery } from '#lib/delivery/delivery-state.ts';
import { settleStoredMint, type DeliveryOptions } from '#lib/delivery/deliver-order.ts';
import { tokenIdNumber } from '#lib/partner/plaque-token.ts';
import type { AppContext } from '#lib/runtime/context.ts';

/** A batch of stream records that failed every retry, by the orders it names. */
export interface DeadLetter {
  id: string;
  orderIds: string[];
}

/** Where dead-lettered records wait (the SQS queue in AWS, DATA_DIR/streams/dead-letters locally). */
export interface DeadLetterBox {
  list(): Promise<DeadLetter[]>;
  /** The letter is handled: every order it names was handed back to the worker, or needs nothing more. */
  settle(id: string): Promise<void>;
}

export interface ReconcileOptions {
  /** Orders delivered within this window are checked against the chain (default 1 h). */
  deliveredWindowMs?: number;
  /** A SOLD order untouched this long has lost its stream record: it is re-queued (default 2 min). */
  staleSoldMs?: number;
  deadLetters?: DeadLetterBox;
  /**
   * No worker can be running (the local runtime at start, the only one on its DATA_DIR): every live claim is a killed
   * worker's and is ended now rather than when its lease lapses.
   */
  noWorkerRunning?: boolean;
  /** How the sweep settles a stored mint (the confirmation depth; tests). */
  delivery?: DeliveryOptions;
}

type FindingKind =
  /** DELIVERED, but the token does not exist on chain: re-queued (the worker broadcasts the stored mint again). */
  | 'mint-gone'
  /** DELIVERED, the token exists, yet neither its transaction nor the buyer's balance shows it: left to an operator. */
  | 'mint-unaccounted'
  /** MINTING, its worker's claim lapsed: the stored mint settled, or the order re-queued. */
  | 'claim-lapsed'
  /** MINTING under the claim of a worker that cannot be running any more (noWorkerRunning): the claim ended. */
  | 'claim-ended'
  /** SOLD and untouched for longer than a stream record takes: re-queued. */
  | 'stale-sold'
  /** Named by a dead-lettered stream record: handed back to the worker. */
  | 'dead-lettered';

interface Finding {
  orderId: string;
  kind: FindingKind;
  /** What the pass did: `requeued`, `delivered`, `awaiting-confirmations`, `left`, ... */
  action: string;
  detail: string;
}

export interface ReconcileReport {
  startedAt: string;
  /** Recently delivered orders checked against the chain. */
  checkedDelivered: number;
  /** Undelivered orders looked at. */
  sweptUndelivered: number;
  /** Dead letters handled (settled). */
  redriven: number;
  findings: Finding[];
  /** Orders the pass could not judge (chain or table unavailable): the next pass tries again. */
  errors: number;
}

const DELIVERED_WINDOW_MS = 60 * 60_000;
const STALE_SOLD_MS = 2 * 60_000;

export async function reconcileDeliveries(ctx: AppContext, options: ReconcileOptions = {}): Promise<ReconcileReport> {
  const orders = deliveryOrderRepo(dbOf(ctx), ctx.tableName);
  const markers = orderMarkerRepo(dbOf(ctx), ctx.tableName);
  const findings = deliveryFindingRepo(dbOf(ctx), ctx.tableName);
  const report: ReconcileReport = {
    startedAt: ctx.now().toISOString(),
    checkedDelivered: 0,
    sweptUndelivered: 0,
    redriven: 0,
    findings: [],
    errors: 0,
  };
  const recorded: Promise<unknown>[] = [];
  const found = (finding: Finding) => {
    report.findings.push(finding);
    logger.warn('delivery reconciled', { ...finding });
    // Kept a week for `ops deliveries`; a finding that cannot be stored is still in the log.
    recorded.push(
      findings
        .recordFinding({ ...finding, at: ctx.now().toISOString() })
        .catch((error: unknown) => logger.warn('reconciler finding not stored', { orderId: finding.orderId, error: error as Error })),
    );
  };
  /** Runs one order's step; a transient failure is counted and left to the next pass. */
  const guarded = async <T>(orderId: string, step: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await step();
    } catch (error) {
      report.errors++;
      logger.warn('delivery not reconciled; the next pass tries again', { orderId, error: error as Error });
      return undefined;
    }
  };

  /** Hands a stopped or forgotten order back to the worker; false when it must be looked at again later. */
  async function handBack(read: OrderForDelivery, kind: FindingKind): Promise<boolean> {
    const { order, delivery } = read;
    const now = ctx.now();
    const step = nextStep(read, now);
    if (step === 'settled') return true;
    if (step === 'busy') return false;
    if (step === 'claim') {
      const requeued = await orders.requeue(order.orderId, 'waiting', { attemptId: delivery.attemptId }, now, reasonFor(kind));
      found({ orderId: order.orderId, kind, action: requeued ? 'requeued' : 'changed meanwhile', detail: `SOLD since ${order.updatedAt}` });
      return requeued;
    }
    // MINTING whose claim lapsed: settle what it signed, or hand it back.
    if (delivery.mint) {
      const outcome = await settleStoredMint(ctx, order.orderId, options.delivery);
      found({ orderId: order.orderId, kind, action: outcome, detail: `stored mint ${delivery.mint.hash}` });
      return outcome !== 'busy';
    }
    const requeued = await orders.requeue(order.orderId, 'stuck', { attemptId: delivery.attemptId }, now, reasonFor(kind));
    found({ orderId: order.orderId, kind, action: requeued ? 'requeued' : 'changed meanwhile', detail: 'nothing signed yet' });
    return requeued;
  }

  // 1. Dead letters: the orders they name go back to the worker now, without waiting to look stale.
  for (const letter of (await options.deadLetters?.list()) ?? []) {
    let handled = true;
    const reads = await orders.getManyForDelivery(letter.orderIds);
    for (const orderId of letter.orderIds) {
      const read = reads.get(orderId);
      if (!read) continue;
      const ok = await guarded(orderId, () => handBack(read, 'dead-lettered'));
      if (ok !== true) handled = false;
    }
    if (handled) {
      await options.deadLetters!.settle(letter.id);
      report.redriven++;
    }
  }

  // 2. Undelivered orders: claims that lapsed (or whose worker is known dead), SOLD orders the stream forgot.
  const staleBefore = ctx.now().getTime() - (options.staleSoldMs ?? STALE_SOLD_MS);
  const undelivered = await orders.getManyForDelivery(await markers.undeliveredOrderIds());
  for (const read of undelivered.values()) {
    report.sweptUndelivered++;
    const { order, delivery } = read;
    if (order.status === 'MINTING' && options.noWorkerRunning && leaseHeld(delivery, ctx.now()) && delivery.attemptId !== null) {
      const ended = await guarded(order.orderId, () => orders.releaseLease(order.orderId, delivery.attemptId!, ctx.now()));
      if (ended) {
        found({ orderId: order.orderId, kind: 'claim-ended', action: 'claim ended', detail: `held by ${delivery.attemptId}` });
        delivery.leaseUntil = ctx.now().toISOString();
      }
    }
    if (order.status === 'MINTING' && !leaseHeld(delivery, ctx.now())) {
      await guarded(order.orderId, () => handBack(read, 'claim-lapsed'));
    } else if (order.status === 'SOLD' && Date.parse(order.updatedAt) < staleBefore) {
      await guarded(order.orderId, () => handBack(read, 'stale-sold'));
    }
  }

  // 3. Recently delivered orders against the chain.
  const since = new Date(ctx.now().getTime() - (options.deliveredWindowMs ?? DELIVERED_WINDOW_MS));
  const delivered = await orders.getManyForDelivery(await markers.deliveredOrderIdsSince(since));
  for (const read of delivered.values()) {
    if (read.order.status !== 'DELIVERED') continue;
    report.checkedDelivered++;
    await guarded(read.order.orderId, () => checkDelivered(ctx, read, found));
  }
  await Promise.all(recorded);
  return report;
}

function reasonFor(kind: FindingKind): string {
  switch (kind) {
    case 'dead-lettered':
      return 're-queued by the reconciler: its stream record was dead-lettered';
    case 'stale-sold':
      return 're-queued by the reconciler: no worker took it up';
    default:
      return 're-queued by the reconciler: its worker stopped before minting';
  }
}

/** A DELIVERED order's token on chain: there (its transaction, or the buyer's balance), unaccounted for, or gone. */
async function checkDelivered(ctx: AppContext, read: OrderForDelivery, found: (finding: Finding) => void): Promise<void> {
  const { order, delivery } = read;
  const chain = chainReaderOf(ctx);
  const tokenId = tokenIdNumber(order.tokenId);
  // A token on another contract (the service moved to a new one) is not this chain's to judge.
  if (tokenId === null || order.contractAddress.toLowerCase() !== chain.contractAddress.toLowerCase()) return;
  if (await chain.tokenExists(tokenId)) {
    const receipt = order.txHash ? await chain.transactionReceipt(order.txHash as `0x${string}`) : null;
    if (receipt?.status === 'success') return;
    if ((await chain.balanceOf(getAddress(order.buyerWallet), tokenId)) > 0n) return;
    found({
      orderId: order.orderId,
      kind: 'mint-unaccounted',
      action: 'left',
      detail: `token ${order.tokenId} exists, but neither tx ${order.txHash ?? 'unknown'} nor the buyer's balance shows this order's mint`,
    });
    return;
  }
  const reason = `re-queued by the reconciler: DELIVERED, but token ${order.tokenId} is not on chain (tx ${order.txHash ?? 'unknown'} gone)`;
  const plaques = plaqueRepo(dbOf(ctx), ctx.tableName);
  const plaque = await plaques.getForSale(order.plaqueId);
  if (!plaque || plaque.orderId !== order.orderId || plaque.plaque.status !== 'MINTED') {
    found({ orderId: order.orderId, kind: 'mint-gone', action: 'left', detail: `${reason}; the plaque is no longer MINTED under it` });
    return;
  }
  const orders = deliveryOrderRepo(dbOf(ctx), ctx.tableName);
  const now = ctx.now();
  const updatedAt = new Date(Math.max(now.getTime(), Date.parse(plaque.plaque.updatedAt) + 1)).toISOString();
  const outcome = await recordUndelivery(dbOf(ctx), {
    order: orders.undeliveredAgainItem(order.orderId, { attemptId: delivery.attemptId }, now, reason),
    plaque: plaques.unmintedItem(plaque.plaque, order.orderId, updatedAt),
    markers: orderMarkerRepo(dbOf(ctx), ctx.tableName).undeliveredAgainMarkerItems(order),
  });
  found({
    orderId: order.orderId,
    kind: 'mint-gone',
    action: outcome.kind === 'recorded' ? 'requeued' : `not re-queued (${outcome.kind}); the next pass tries again`,
    detail: reason,
  });
}

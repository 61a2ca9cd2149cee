// The delivery reconciler and sweeper, one pass over what no sender or follower is looking at: recently DELIVERED
// orders checked against the chain (a reorg, or a local chain rolled back by a kill, can take a mint back), mint
// batches in flight (one look each, and a wake-up for the follower in AWS), undelivered orders nothing follows or whose
// stream record never led anywhere, and dead-lettered stream records. In AWS a scheduled function runs it every minute
// (functions/delivery/reconcile-deliveries.ts); locally `npm start` runs it at start and on a timer
// (lib/local/delivery-reconciler.ts). It never signs. Every write is conditional on what the pass read, so it may run
// next to the sender and the follower, or twice at once.
import { getAddress } from 'viem';
import { logger } from '#lib/runtime/logger.ts';
import { dbOf } from '#lib/db/client.ts';
import { deliveryFindingRepo } from '#lib/db/delivery-finding-repo.ts';
import { deliveryOrderRepo } from '#lib/db/delivery-order-repo.ts';
import { orderMarkerRepo } from '#lib/db/order-marker-repo.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { recordUndelivery } from '#lib/db/delivery-transaction.ts';
import { deliveryCostRepo } from '#lib/db/delivery-cost-repo.ts';
import { mintBatchRepo } from '#lib/db/mint-batch-repo.ts';
import { chainReaderOf } from '#lib/chain/chain-port.ts';
import { leaseHeld, nextStep, type OrderForDelivery } from '#lib/delivery/delivery-state.ts';
import { followInFlight, type FollowOptions, type FollowOutcome } from '#lib/delivery/follow-mints.ts';
import { ANNOUNCE_WAKEUP, followQueueOf } from '#lib/delivery/follow-queue.ts';
import { metadataAnnouncementRepo } from '#lib/db/metadata-announcement-repo.ts';
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
   * No worker can be running (the local runtime at start, the only one on its DATA_DIR): every live claim of a
   * single-mint worker of an earlier version is a killed one's and is ended now rather than when its lease lapses.
   */
  noWorkerRunning?: boolean;
  /** How batches in flight are looked at (the confirmation depth; tests). The pass never signs. */
  follow?: Omit<FollowOptions, 'signing'>;
}

type FindingKind =
  /** DELIVERED, but the token does not exist on chain: re-queued (the worker broadcasts the stored mint again). */
  | 'mint-gone'
  /** DELIVERED, the token exists, yet neither its transaction nor the buyer's balance shows it: left to an operator. */
  | 'mint-unaccounted'
  /** MINTING, but nothing follows it (a single-mint claim that lapsed, or a batch no longer in flight): re-queued. */
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
  /** Mint batches in flight looked at, by what became of them. */
  batches: Partial<Record<FollowOutcome, number>>;
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
  const batches = mintBatchRepo(dbOf(ctx), ctx.tableName);
  const report: ReconcileReport = {
    startedAt: ctx.now().toISOString(),
    checkedDelivered: 0,
    sweptUndelivered: 0,
    batches: {},
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

  /** Hands a stopped or forgotten order back to the sender; false when it must be looked at again later. */
  async function handBack(read: OrderForDelivery, kind: FindingKind): Promise<boolean> {
    const { order, delivery } = read;
    const now = ctx.now();
    const step = nextStep(read, now);
    if (step === 'settled') return true;
    if (step === 'busy') return false;
    if (step === 'send') {
      const requeued = await orders.requeue(order.orderId, 'waiting', { attemptId: delivery.attemptId }, now, reasonFor(kind));
      found({ orderId: order.orderId, kind, action: requeued ? 'requeued' : 'changed meanwhile', detail: `SOLD since ${order.updatedAt}` });
      return requeued;
    }
    if (step === 'in-batch') {
      // Its batch's follower records it, unless the batch is no longer in flight (then nothing would).
      const batch = await batches.get(delivery.batchId!);
      if (batch?.status === 'SENT') return true;
    }
    const requeued = await orders.requeue(order.orderId, 'stuck', { attemptId: delivery.attemptId }, now, reasonFor(kind));
    found({
      orderId: order.orderId,
      kind,
      action: requeued ? 'requeued' : 'changed meanwhile',
      detail: delivery.batchId ? `its batch ${delivery.batchId} is no longer in flight` : 'nothing signed in a batch',
    });
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

  // 2. Mint batches in flight: one look each (recorded once mined and deep enough, broadcast again when not mined, dead
  // when another transaction took the nonce); those still in flight wake the follower (in AWS: a wake-up of its own
  // lost, or a run that failed, leaves no batch unfollowed for more than a pass).
  const followed = await followInFlight(ctx, { ...options.follow });
  // Metadata changes waiting to be announced: the signing follower announces them (in AWS a wake-up naming no batch).
  if ((await metadataAnnouncementRepo(dbOf(ctx), ctx.tableName).pending(1)).length > 0) {
    await followQueueOf(ctx)
      .wake([ANNOUNCE_WAKEUP], 0)
      .catch((error: unknown) =>
        logger.warn('follower not woken for the announcements; the next pass tries again', { error: error as Error }),
      );
  }
  for (const outcome of followed.values()) report.batches[outcome] = (report.batches[outcome] ?? 0) + 1;
  const open = [...followed].filter(([, outcome]) => outcome === 'pending' || outcome === 'awaiting-confirmations').map(([id]) => id);
  if (open.length > 0) {
    await followQueueOf(ctx)
      .wake(open, 0)
      .catch((error: unknown) => {
        report.errors++;
        logger.warn('follower not woken; the next pass tries again', { batchIds: open, error: error as Error });
      });
  }

  // 3. Undelivered orders: MINTING that nothing follows, SOLD orders the stream forgot.
  const staleBefore = ctx.now().getTime() - (options.staleSoldMs ?? STALE_SOLD_MS);
  const undelivered = await orders.getManyForDelivery(await markers.undeliveredOrderIds());
  for (const read of undelivered.values()) {
    report.sweptUndelivered++;
    const { order, delivery } = read;
    if (order.status === 'MINTING' && delivery.batchId !== null) {
      await guarded(order.orderId, () => handBack(read, 'claim-lapsed'));
      continue;
    }
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

  // 4. Recently delivered orders against the chain.
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
      return 're-queued by the reconciler: nothing was following its mint';
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
  // Its batch is followed again first (its transaction broadcast again: its nonce, so it is mined once at most), then
  // the order goes back to MINTING in it; an order delivered before batches goes back to SOLD, for a new batch.
  const batches = mintBatchRepo(dbOf(ctx), ctx.tableName);
  if (delivery.batchId !== null) {
    const batch = await batches.get(delivery.batchId);
    if (batch?.status === 'SETTLED') await batches.reopen(batch, ctx.now());
  }
  const orders = deliveryOrderRepo(dbOf(ctx), ctx.tableName);
  const now = ctx.now();
  const updatedAt = new Date(Math.max(now.getTime(), Date.parse(plaque.plaque.updatedAt) + 1)).toISOString();
  const outcome = await recordUndelivery(dbOf(ctx), {
    order: orders.undeliveredAgainItem(order.orderId, { attemptId: delivery.attemptId, batchId: delivery.batchId }, now, reason),
    plaque: plaques.unmintedItem(plaque.plaque, order.orderId, updatedAt),
    markers: [
      ...orderMarkerRepo(dbOf(ctx), ctx.tableName).undeliveredAgainMarkerItems(order),
      deliveryCostRepo(dbOf(ctx), ctx.tableName).costRemovalItem(order.orderId),
    ],
  });
  found({
    orderId: order.orderId,
    kind: 'mint-gone',
    action:
      outcome.kind === 'recorded'
        ? delivery.batchId
          ? `its batch ${delivery.batchId} followed again`
          : 'requeued'
        : `not re-queued (${outcome.kind}); the next pass tries again`,
    detail: reason,
  });
}

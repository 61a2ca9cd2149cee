// The follower: looks at the mint batches in flight and takes each one step further, whoever sent it and whatever was
// killed meanwhile. Mined and as deep as the stage requires → each order recorded (DELIVERED with its share of the
// cost, or FAILED for a token the contract refused) and the batch SETTLED. Mined, not deep enough → looked at again.
// Not mined → its newest transaction broadcast again (its nonce: it can be mined once at most), and replaced at a
// higher fee, up to the stage's cap, once it has been priced below the market for `replaceAfterBlocks` blocks. Its
// nonce spent by another transaction → DEAD, its orders back in the queue for a new batch. And the signer's nonces no
// transaction holds (a crash, a node that lost its pending transactions, a chain that took blocks back) are held, so
// the batches after them can be mined. Every write is conditional on what the look read: a follower may run next to
// another, or next to the reconciler.
import { getAddress, type Hex } from 'viem';
import { logger } from '#lib/runtime/logger.ts';
import { concurrencyLimit } from '#lib/runtime/concurrency-limit.ts';
import { dbOf } from '#lib/db/client.ts';
import { deliveryOrderRepo } from '#lib/db/delivery-order-repo.ts';
import { mintBatchRepo } from '#lib/db/mint-batch-repo.ts';
import { chainReaderOf, type ChainReader, type MintBatchReceipt } from '#lib/chain/chain-port.ts';
import { confirmedBlock, type ConfirmationDepth } from '#lib/chain/confirmations.ts';
import { failures } from '#lib/delivery/delivery-state.ts';
import { currentTransaction, mintCosts, type BatchTransaction, type MintBatch } from '#lib/delivery/mint-batch.ts';
import { recordDelivered, recordFailure } from '#lib/delivery/record-delivery.ts';
import { clearAnnounced } from '#lib/delivery/announce-metadata.ts';
import { deliverySettings } from '#lib/delivery/settings.ts';
import type { AppContext } from '#lib/runtime/context.ts';

export interface FollowOptions {
  /** Depth a mint must reach before its orders are DELIVERED (default: the stage's). */
  confirmations?: ConfirmationDepth;
  /** The most a replacement offers per gas, in wei (default: the stage's cap; null: none). */
  feeCap?: bigint | null;
  /** Blocks an underpriced transaction stays pending before it is replaced (default: the stage's). */
  replaceAfterBlocks?: number;
  /**
   * What this follower signs: replacements at a higher fee, transactions holding empty nonces, and the signer's funds
   * after a batch (lib/delivery/follow-signing.ts). Without it (the reconciler, whose function has no signer key) a look
   * records, broadcasts again and marks dead only.
   */
  signing?: FollowSigning;
}

/** The steps of a follower that signs, with the settings they keep to. */
export interface FollowSigning {
  /** Replaces the pending transaction of a batch at a higher fee, once it is due. */
  replaceIfUnderpriced(ctx: AppContext, batch: MintBatch, settings: FollowSettings): Promise<void>;
  /** Holds the signer's nonces no transaction holds; returns the nonces it acted on. */
  holdNonces(ctx: AppContext, settings: FollowSettings): Promise<number[]>;
  /** Logs the signer's funds after a mined batch. */
  logFunds(ctx: AppContext, batch: MintBatch, receipt: MintBatchReceipt): Promise<void>;
  /** Announces the pending metadata changes in one transaction; its batch id, or null when none was sent. */
  announce(ctx: AppContext, settings: FollowSettings): Promise<string | null>;
}

/** The stage's settings with a caller's overrides. */
export interface FollowSettings {
  confirmations: ConfirmationDepth;
  feeCap: bigint | null;
  replaceAfterBlocks: number;
}

/**
 * `settled`: its orders recorded (now or by another follower). `awaiting-confirmations`: mined, not deep enough yet.
 * `pending`: not mined yet (broadcast again, maybe replaced). `dead`: its nonce went to another transaction; its orders
 * went back to the queue. `gone`: not in flight (settled, dead or unknown) when read.
 */
export type FollowOutcome = 'settled' | 'awaiting-confirmations' | 'pending' | 'dead' | 'gone';

/** A batch whose transaction reverted is sent again at most this many times before its orders are FAILED. */
const MAX_REVERTED_REQUEUES = 3;

export const settingsOf = (options: FollowOptions): FollowSettings => {
  const stage = deliverySettings();
  return {
    confirmations: options.confirmations ?? stage.confirmations,
    feeCap: options.feeCap === undefined ? stage.feeCap : options.feeCap,
    replaceAfterBlocks: options.replaceAfterBlocks ?? stage.replaceAfterBlocks,
  };
};

/** One look at one batch: see FollowOutcome. Throws on transient trouble (chain or table unavailable). */
export async function followMintBatch(ctx: AppContext, batchId: string, options: FollowOptions = {}): Promise<FollowOutcome> {
  const settings = settingsOf(options);
  const batches = mintBatchRepo(dbOf(ctx), ctx.tableName);
  const batch = await batches.get(batchId);
  if (!batch || batch.status !== 'SENT') return 'gone';
  const chain = chainReaderOf(ctx);

  // The nonce first: when it was already spent and no receipt of the batch's own shows up after, another transaction
  // spent it.
  const confirmed = await chain.nonceOf(getAddress(batch.signer), 'latest');
  for (const tx of [...batch.txs].reverse()) {
    const receipt = await chain.mintBatchReceipt(tx.hash);
    if (!receipt) continue;
    const depth = await depthReached(chain, tx.hash, receipt, settings.confirmations);
    if (depth === 'not-yet') return 'awaiting-confirmations';
    if (depth === 'reorged') break;
    await settleBatch(ctx, chain, batch, tx, receipt);
    await options.signing?.logFunds(ctx, batch, receipt);
    return 'settled';
  }
  if (confirmed > batch.nonce) {
    await abandon(ctx, batch);
    return 'dead';
  }

  // Not mined: pending, dropped by the node, or never broadcast (its sender was killed first).
  const current = currentTransaction(batch);
  const broadcast = await chain.sendRawTransaction(current.raw).catch((error: unknown) => {
    logger.warn('mint batch not broadcast again; the next look tries again', { batchId, error: error as Error });
    return 'unreachable';
  });
  if (options.signing && broadcast !== 'nonce-used' && broadcast !== 'unreachable') {
    await options.signing.replaceIfUnderpriced(ctx, batch, settings);
  }
  return 'pending';
}

/**
 * Follows the batches in flight once each (at most four at a time), after holding the signer's empty nonces when this
 * follower signs: the local runtime's follower on every new block, and the reconciler's pass.
 */
export async function followInFlight(ctx: AppContext, options: FollowOptions = {}): Promise<Map<string, FollowOutcome>> {
  await options.signing?.holdNonces(ctx, settingsOf(options));
  // A signing follower announces the metadata changes waiting; the announcement is then in flight like any batch.
  await options.signing
    ?.announce(ctx, settingsOf(options))
    .catch((error: unknown) => logger.warn('metadata changes not announced; the next look tries again', { error: error as Error }));
  const ids = await mintBatchRepo(dbOf(ctx), ctx.tableName).inFlightIds();
  const limit = concurrencyLimit(4);
  const outcomes = new Map<string, FollowOutcome>();
  await Promise.all(
    ids.map((id) =>
      limit(async () => {
        try {
          outcomes.set(id, await followMintBatch(ctx, id, options));
        } catch (error) {
          logger.warn('mint batch not followed; the next look tries again', { batchId: id, error: error as Error });
        }
      }),
    ),
  );
  return outcomes;
}

/** Whether a mined transaction is as deep as required: `confirmed`, `not-yet`, or `reorged` (its block was taken back). */
async function depthReached(chain: ChainReader, hash: Hex, receipt: MintBatchReceipt, depth: ConfirmationDepth) {
  if (depth === 0) return 'confirmed' as const;
  const confirmedUpTo = await confirmedBlock(chain, depth);
  // Read after the head: a receipt still there in a block at or below it is confirmed.
  const again = await chain.transactionReceipt(hash);
  if (!again) return 'reorged' as const;
  return again.blockNumber <= confirmedUpTo && again.blockNumber === receipt.blockNumber ? ('confirmed' as const) : ('not-yet' as const);
}

/** Records each order of a mined batch still MINTING in it, then the batch SETTLED. */
async function settleBatch(ctx: AppContext, chain: ChainReader, batch: MintBatch, tx: BatchTransaction, receipt: MintBatchReceipt) {
  const orders = deliveryOrderRepo(dbOf(ctx), ctx.tableName);
  const reads = await orders.getManyForDelivery(batch.orders.map((o) => o.orderId));
  const minted = new Map(receipt.minted.map((m, index) => [m.tokenId, { to: m.to, index }]));
  const refused = new Map(receipt.refused.map((r) => [r.tokenId, r]));
  // Every token the transaction minted takes its share of the gas, whichever order it was for.
  const costs = mintCosts(receipt.gasUsed, receipt.effectiveGasPrice, receipt.minted.length);
  const limit = concurrencyLimit(8);
  const outcomes = await Promise.all(
    batch.orders.map((member) =>
      limit(async () => {
        const read = reads.get(member.orderId);
        if (read?.order.status !== 'MINTING' || read.delivery.attemptId !== batch.batchId) return 'elsewhere';
        const { order } = read;
        const to = getAddress(order.buyerWallet);
        const tokenId = BigInt(order.tokenId);
        const ours = minted.get(tokenId);
        if (ours && ours.to === to) return recordDelivered(ctx, order, batch.batchId, tx.hash, costs[ours.index] ?? null);
        const refusal = refused.get(tokenId);
        if (refusal && refusal.reason !== 'ALREADY_MINTED') {
          return recordFailure(ctx, order, batch.batchId, failures.refusedInBatch(tx.hash, refusal), tx.hash);
        }
        // Minted before (by an earlier transaction of this order, or to someone else), or the whole call reverted: the
        // chain says where the token is.
        if ((await chain.balanceOf(to, tokenId)) > 0n) {
          return recordDelivered(ctx, order, batch.batchId, await chain.findMintTransaction(to, tokenId), null);
        }
        if (refusal) return recordFailure(ctx, order, batch.batchId, failures.refusedInBatch(tx.hash, refusal), tx.hash);
        const simulation = await chain.simulateMint(tokenId);
        if (!simulation.mintable) return recordFailure(ctx, order, batch.batchId, failures.reverted(tx.hash, simulation), tx.hash);
        if (read.delivery.requeues >= MAX_REVERTED_REQUEUES) {
          return recordFailure(ctx, order, batch.batchId, failures.kept(read.delivery.requeues + 1), tx.hash);
        }
        const why = `re-queued: its batch's transaction ${tx.hash} reverted, though its token alone is mintable`;
        return (await orders.returnToQueue(order.orderId, batch.batchId, ctx.now(), why)) ? 'requeued' : 'elsewhere';
      }),
    ),
  );
  // An announcement's marks are cleared before the batch is settled: a crash between the two leaves the batch to settle
  // again, never a mark announced twice. A reverted announcement clears nothing: its marks go out in the next run.
  if (batch.announces && receipt.status === 'success') await clearAnnounced(ctx, batch, tx.hash);
  const settled = await mintBatchRepo(dbOf(ctx), ctx.tableName).settle(
    batch.batchId,
    {
      hash: tx.hash,
      blockNumber: Number(receipt.blockNumber),
      gasUsed: receipt.gasUsed.toString(),
      effectiveGasPrice: receipt.effectiveGasPrice.toString(),
    },
    ctx.now(),
  );
  if (!settled) return;
  const count = (outcome: string) => outcomes.filter((o) => o === outcome).length;
  logger.info('mint batch settled', {
    batchId: batch.batchId,
    nonce: batch.nonce,
    txHash: tx.hash,
    status: receipt.status,
    blockNumber: Number(receipt.blockNumber),
    orders: batch.orders.length,
    delivered: count('delivered'),
    failed: count('failed'),
    requeued: count('requeued'),
    gasUsed: Number(receipt.gasUsed),
    gasPerToken: receipt.minted.length > 0 ? Math.round(Number(receipt.gasUsed) / receipt.minted.length) : null,
  });
}

/** The batch's nonce went to another transaction: its orders back to the queue (a new batch each), the batch DEAD. */
async function abandon(ctx: AppContext, batch: MintBatch): Promise<void> {
  const orders = deliveryOrderRepo(dbOf(ctx), ctx.tableName);
  const why = `re-queued: nonce ${batch.nonce} of its batch went to another transaction`;
  await Promise.all(batch.orders.map((o) => orders.returnToQueue(o.orderId, batch.batchId, ctx.now(), why)));
  if (await mintBatchRepo(dbOf(ctx), ctx.tableName).markDead(batch.batchId, ctx.now())) {
    logger.warn('mint batch dead: another transaction took its nonce; its orders go out again', {
      batchId: batch.batchId,
      nonce: batch.nonce,
      orders: batch.orders.length,
    });
  }
}

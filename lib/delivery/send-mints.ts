// The sender: puts sold orders into mint batches, at most MAX_BATCH_TOKENS a transaction (`mintMany`), and sends each
// batch without waiting for it to be mined, so many transactions of the one signer are in flight at once. For each
// batch, one DynamoDB transaction draws the signer's next nonce, stores the batch with its signed transaction and moves
// its orders to MINTING; only then is the transaction broadcast. Whatever is killed when, the batch's follower
// (lib/delivery/follow-mints.ts) finds it in flight and follows that very transaction (its nonce: it can be mined once
// at most). No nonce is drawn twice: a batch's key is its nonce, so a second sender's batch for it is refused.
import { getAddress, type Address } from 'viem';
import { serviceUnavailable } from '#lib/errors.ts';
import { logger } from '#lib/runtime/logger.ts';
import { dbOf } from '#lib/db/client.ts';
import { deliveryOrderRepo, type ClaimFrom } from '#lib/db/delivery-order-repo.ts';
import { mintBatchRepo } from '#lib/db/mint-batch-repo.ts';
import { chainOf, type ChainPort, type FeeOffer, type MintRefusal } from '#lib/chain/chain-port.ts';
import { failures, nextStep, type Failure, type OrderForDelivery } from '#lib/delivery/delivery-state.ts';
import { batchIdOf, MAX_BATCH_TOKENS, offerFor, type MintBatch } from '#lib/delivery/mint-batch.ts';
import { DELIVERY_FAILED_MESSAGE, MINT_FEES_ABOVE_CAP_MESSAGE } from '#lib/delivery/log-events.ts';
import { deliverySettings } from '#lib/delivery/settings.ts';
import { followQueueOf } from '#lib/delivery/follow-queue.ts';
import { tokenIdNumber } from '#lib/partner/plaque-token.ts';
import { deliveryConfig } from '#lib/config.ts';
import type { AppContext } from '#lib/runtime/context.ts';

/**
 * Per order: `sent` (in a batch now, its transaction stored and broadcast), `in-batch` (already in one: its follower
 * records it), `settled` (DELIVERED, FAILED or CANCELLED: a duplicate or late record), `busy` (claimed by a single-mint
 * worker of an earlier version), `failed` (its token can never be minted by this contract: FAILED with the reason),
 * `waiting-for-fees` (fees above the stage's cap: it stays SOLD and the sweep offers it again), `changed` (it moved
 * while its batch was stored: left to the record of that move), `not-found`.
 */
type SendOutcome = 'sent' | 'in-batch' | 'settled' | 'busy' | 'failed' | 'waiting-for-fees' | 'changed' | 'not-found';

export interface SendOptions {
  /** Orders one transaction mints at most (default DELIVERY_BATCH_TOKENS, itself MAX_BATCH_TOKENS by default). */
  maxBatchTokens?: number;
  /** The most a transaction offers per gas, in wei (default: the stage's cap; null: none). */
  feeCap?: bigint | null;
}

export interface SendReport {
  outcomes: Map<string, SendOutcome>;
  /** The batches sent, in order. */
  batches: { batchId: string; nonce: number; txHash: string; orders: number }[];
}

/** Tries of one batch when its nonce was drawn by another sender, or its orders moved meanwhile. */
const SEND_ROUNDS = 5;

const busy = (detail: string) => serviceUnavailable('DELIVERY_BUSY', detail, 5);

interface Candidate {
  read: OrderForDelivery;
  from: ClaimFrom;
  to: Address;
  tokenId: bigint;
}

/** Sends the sold orders among `orderIds` in batches; throws on transient trouble (chain or table unavailable). */
export async function sendMints(ctx: AppContext, orderIds: readonly string[], options: SendOptions = {}): Promise<SendReport> {
  const report: SendReport = { outcomes: new Map(), batches: [] };
  const unique = [...new Set(orderIds)];
  const orders = deliveryOrderRepo(dbOf(ctx), ctx.tableName);
  const reads = await orders.getManyForDelivery(unique);
  const chain = chainOf(ctx);
  const candidates: Candidate[] = [];
  const now = ctx.now();
  for (const orderId of unique) {
    const read = reads.get(orderId);
    if (!read) {
      report.outcomes.set(orderId, 'not-found');
      continue;
    }
    const step = nextStep(read, now);
    if (step === 'settled' || step === 'in-batch' || step === 'busy') {
      report.outcomes.set(orderId, step);
      continue;
    }
    const failure = unmintable(read, chain.contractAddress);
    if (failure) {
      const failed = await orders.failUnsent(orderId, failure, ctx.now());
      report.outcomes.set(orderId, failed ? 'failed' : 'changed');
      if (failed) logger.error(DELIVERY_FAILED_MESSAGE, { orderId, plaqueId: read.order.plaqueId, reason: failure.reason });
      continue;
    }
    candidates.push({
      read,
      from: step === 'send' ? { status: 'SOLD' } : { status: 'MINTING', attemptId: read.delivery.attemptId },
      to: getAddress(read.order.buyerWallet),
      tokenId: BigInt(read.order.tokenId),
    });
  }
  if (candidates.length === 0) return report;

  const market = await chain.marketFees();
  const offer = offerFor(market, options.feeCap === undefined ? deliverySettings().feeCap : options.feeCap);
  if ('kind' in offer) {
    logger.warn(MINT_FEES_ABOVE_CAP_MESSAGE, {
      orders: candidates.length,
      neededWei: offer.needed.toString(),
      baseFeeWei: market.baseFeePerGas.toString(),
    });
    for (const c of candidates) report.outcomes.set(c.read.order.orderId, 'waiting-for-fees');
    return report;
  }
  const size = Math.min(MAX_BATCH_TOKENS, options.maxBatchTokens ?? deliveryConfig().DELIVERY_BATCH_TOKENS);
  for (let i = 0; i < candidates.length; i += size) {
    await sendBatch(ctx, chain, candidates.slice(i, i + size), offer, report);
  }
  // The follower looks at them a block from now (in AWS; the local one looks on every block anyway). Should the wake-up
  // be lost, the reconciler's next pass wakes it.
  if (report.batches.length > 0) {
    await followQueueOf(ctx)
      .wake(
        report.batches.map((b) => b.batchId),
        Math.max(1, deliverySettings().blockSeconds),
      )
      .catch((error: unknown) => logger.warn('follower not woken; the reconciler wakes it', { error: error as Error }));
  }
  return report;
}

/** Why the order's token can never be minted by the service's contract (nothing is sent for it then); null if it can. */
function unmintable({ order }: OrderForDelivery, serviceContract: string): Failure | null {
  if (tokenIdNumber(order.tokenId) === null) return failures.badTokenId(order.tokenId);
  if (order.contractAddress.toLowerCase() !== serviceContract.toLowerCase())
    return failures.otherContract(order.contractAddress, serviceContract);
  return null;
}

type BatchAttempt =
  | { kind: 'sent'; batch: MintBatch; broadcast: string }
  | ({ kind: 'reverts' } & MintRefusal)
  | { kind: 'orders-changed'; orderIds: string[] }
  | { kind: 'again' };

async function sendBatch(ctx: AppContext, chain: ChainPort, chunk: Candidate[], offer: FeeOffer, report: SendReport): Promise<void> {
  const orders = deliveryOrderRepo(dbOf(ctx), ctx.tableName);
  const batches = mintBatchRepo(dbOf(ctx), ctx.tableName);
  let members = chunk;
  for (let round = 0; round < SEND_ROUNDS && members.length > 0; round++) {
    const attempt = await chain.exclusiveNonce(async (pendingNonce): Promise<BatchAttempt> => {
      const signer = await chain.signerAddress();
      // The chain's next nonce, unless the service drew beyond it (batches stored, not mined or not broadcast yet).
      const nonce = Math.max((await batches.nextNonce(signer)) ?? 0, pendingNonce);
      const signed = await chain.signMintBatch(
        members.map((m) => ({ to: m.to, tokenId: m.tokenId })),
        nonce,
        offer,
      );
      if (signed.kind === 'reverts') return signed;
      const head = await chain.blockNumber('latest');
      const now = ctx.now();
      const batch: MintBatch = {
        batchId: batchIdOf(signer, nonce),
        status: 'SENT',
        signer,
        contractAddress: chain.contractAddress,
        nonce,
        orders: members.map((m) => ({ orderId: m.read.order.orderId, to: m.to, tokenId: m.tokenId.toString() })),
        txs: [
          {
            raw: signed.raw,
            hash: signed.hash,
            maxFeePerGas: signed.fees.maxFeePerGas.toString(),
            maxPriorityFeePerGas: signed.fees.maxPriorityFeePerGas.toString(),
            gas: signed.gas.toString(),
            sentAt: now.toISOString(),
            sentBlock: Number(head),
          },
        ],
        version: 1,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
        mined: null,
      };
      const mint = { batchId: batch.batchId, hash: signed.hash, nonce };
      const stored = await batches.recordSend(
        batch,
        members.map((m) => ({ orderId: m.read.order.orderId, item: orders.batchedItem(m.read.order.orderId, m.from, mint, now) })),
      );
      switch (stored.kind) {
        case 'recorded':
          break;
        case 'unknown': {
          // It may have been written: the batch's own key says.
          const found = await batches.get(batch.batchId);
          if (found?.txs[0]?.hash !== signed.hash) throw busy(`the batch of nonce ${nonce} may not have been stored; it is tried again`);
          break;
        }
        case 'orders-changed':
          return stored;
        case 'nonce-taken':
        case 'conflict':
          return { kind: 'again' };
      }
      // Stored: from here on its follower knows the transaction, so a failure to broadcast costs nothing but time.
      const broadcast = await chain.sendRawTransaction(signed.raw).catch((error: unknown) => {
        logger.warn('mint batch stored but not broadcast; its follower sends it', { batchId: batch.batchId, error: error as Error });
        return 'not broadcast';
      });
      return { kind: 'sent', batch, broadcast };
    });

    switch (attempt.kind) {
      case 'sent': {
        const { batch } = attempt;
        for (const m of members) report.outcomes.set(m.read.order.orderId, 'sent');
        report.batches.push({ batchId: batch.batchId, nonce: batch.nonce, txHash: batch.txs[0]!.hash, orders: members.length });
        logger.info('mint batch sent', {
          batchId: batch.batchId,
          nonce: batch.nonce,
          orders: members.length,
          txHash: batch.txs[0]!.hash,
          broadcast: attempt.broadcast,
        });
        return;
      }
      case 'orders-changed': {
        const changed = new Set(attempt.orderIds);
        for (const id of changed) report.outcomes.set(id, 'changed');
        members = members.filter((m) => !changed.has(m.read.order.orderId));
        continue;
      }
      case 'again':
        continue;
      case 'reverts':
        // The whole call would revert (the signer lost MINTER_ROLE, say): each token alone tells what it meets.
        members = await withoutRefused(ctx, chain, members, report);
        if (members.length === chunk.length) throw busy(`the batch mint of ${members.length} order(s) reverts: ${attempt.detail}`);
        continue;
    }
  }
  if (members.length > 0) throw busy(`the batch of ${members.length} order(s) could not be stored; it is tried again`);
}

/** The members the chain would mint alone; the others are FAILED with what their own mint meets. */
async function withoutRefused(ctx: AppContext, chain: ChainPort, members: Candidate[], report: SendReport): Promise<Candidate[]> {
  const orders = deliveryOrderRepo(dbOf(ctx), ctx.tableName);
  const kept: Candidate[] = [];
  for (const m of members) {
    const simulation = await chain.simulateMint(m.tokenId);
    if (simulation.mintable) {
      kept.push(m);
      continue;
    }
    const failed = await orders.failUnsent(m.read.order.orderId, failures.refused(simulation), ctx.now());
    report.outcomes.set(m.read.order.orderId, failed ? 'failed' : 'changed');
    if (failed) logger.error(DELIVERY_FAILED_MESSAGE, { orderId: m.read.order.orderId, reason: simulation.detail });
  }
  return kept;
}

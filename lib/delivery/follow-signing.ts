// The follower's signing steps, apart from the looks themselves (lib/delivery/follow-mints.ts) so that a function that
// only looks (the reconciler) bundles no signer: a pending transaction priced below the market for N blocks replaced at
// a higher fee up to the stage's cap (above it the orders wait and the alarm says so), the signer's empty nonces held,
// and the signer's funds logged after each mined batch. And the follower of AWS, which signs (functions/delivery/
// follow-mints.ts): it follows the batches its queue names, then wakes itself for those still in flight.
import { getAddress } from 'viem';
import { logger } from '#lib/runtime/logger.ts';
import { dbOf } from '#lib/db/client.ts';
import { deliveryOrderRepo } from '#lib/db/delivery-order-repo.ts';
import { mintBatchRepo } from '#lib/db/mint-batch-repo.ts';
import { chainOf, type MintBatchReceipt } from '#lib/chain/chain-port.ts';
import { signerFundsLogMembers } from '#lib/chain/signer-funds.ts';
import {
  batchIdOf,
  currentTransaction,
  noncesToHold,
  offerFor,
  offerOf,
  replacementDue,
  replacementOffer,
  type BatchTransaction,
  type MintBatch,
} from '#lib/delivery/mint-batch.ts';
import { MINT_FEES_ABOVE_CAP_MESSAGE, SIGNER_FUNDS_MESSAGE } from '#lib/delivery/log-events.ts';
import {
  followMintBatch,
  settingsOf,
  type FollowOptions,
  type FollowOutcome,
  type FollowSettings,
  type FollowSigning,
} from '#lib/delivery/follow-mints.ts';
import { ANNOUNCE_WAKEUP, followQueueOf } from '#lib/delivery/follow-queue.ts';
import { announceMetadataChanges } from '#lib/delivery/announce-metadata.ts';
import { deliverySettings } from '#lib/delivery/settings.ts';
import type { AppContext } from '#lib/runtime/context.ts';

/** Replaces the batch's pending transaction at a higher fee once it has been priced below the market long enough. */
async function replaceIfUnderpriced(ctx: AppContext, batch: MintBatch, settings: FollowSettings): Promise<void> {
  const chain = chainOf(ctx);
  const current = currentTransaction(batch);
  const [head, market] = await Promise.all([chain.blockNumber('latest'), chain.marketFees()]);
  if (!replacementDue(current, head, settings.replaceAfterBlocks, market)) return;
  const offer = replacementOffer(offerOf(current), market, settings.feeCap);
  if (!offer) {
    logger.warn(MINT_FEES_ABOVE_CAP_MESSAGE, {
      batchId: batch.batchId,
      nonce: batch.nonce,
      offeredWei: current.maxFeePerGas,
      baseFeeWei: market.baseFeePerGas.toString(),
      capWei: settings.feeCap?.toString() ?? null,
    });
    return;
  }
  const items = batch.orders.map((o) => ({ to: getAddress(o.to), tokenId: BigInt(o.tokenId) }));
  // An announcement batch signs its announcement again; a mint batch its mints.
  const signed = batch.announces
    ? {
        kind: 'signed' as const,
        ...(await chain.signMetadataAnnouncement(
          batch.announces.map((a) => BigInt(a.tokenId)),
          batch.nonce,
          offer,
        )),
      }
    : await chain.signMintBatch(items, batch.nonce, offer);
  if (signed.kind === 'reverts') return;
  const now = ctx.now();
  const tx: BatchTransaction = {
    raw: signed.raw,
    hash: signed.hash,
    maxFeePerGas: offer.maxFeePerGas.toString(),
    maxPriorityFeePerGas: offer.maxPriorityFeePerGas.toString(),
    gas: signed.gas.toString(),
    sentAt: now.toISOString(),
    sentBlock: Number(head),
  };
  // Stored before it is broadcast, like the first: whichever of the two is mined, a look finds it.
  if (!(await mintBatchRepo(dbOf(ctx), ctx.tableName).addTransaction(batch.batchId, batch.version, tx, now))) return;
  const orders = deliveryOrderRepo(dbOf(ctx), ctx.tableName);
  await Promise.all(batch.orders.map((o) => orders.newTransaction(o.orderId, batch.batchId, signed.hash, batch.nonce, now)));
  await chain.sendRawTransaction(signed.raw).catch(() => 'the next look broadcasts it');
  logger.warn('mint transaction replaced at a higher fee', {
    batchId: batch.batchId,
    nonce: batch.nonce,
    replaced: current.hash,
    txHash: signed.hash,
    maxFeePerGasWei: tx.maxFeePerGas,
    previousMaxFeePerGasWei: current.maxFeePerGas,
  });
}

/**
 * Holds the signer's nonces from the chain's next confirmed one up to the service's next: a batch in flight there is
 * broadcast by its follower; a settled batch whose transaction the chain no longer holds (blocks taken back) is opened
 * again, to be followed and broadcast again. The lowest nonce, when nothing of the service's holds it (its batch found
 * dead, or a transaction of another sender the chain lost) while a batch above it has waited `replaceAfterBlocks`
 * blocks, gets a transfer of nothing, so the batches after it can be mined. Returns the nonces it acted on.
 */
async function holdSignerNonces(ctx: AppContext, settings: FollowSettings): Promise<number[]> {
  const chain = chainOf(ctx);
  const batches = mintBatchRepo(dbOf(ctx), ctx.tableName);
  const signer = await chain.signerAddress();
  const confirmed = await chain.nonceOf(signer, 'latest');
  const next = await batches.nextNonce(signer);
  if (next === null || next <= confirmed) return [];
  // The healthy case costs one read: the lowest nonce is a batch in flight.
  const lowest = await batches.get(batchIdOf(signer, confirmed));
  if (lowest?.status === 'SENT') return [];
  const held: number[] = [];
  const range = await Promise.all(noncesToHold(confirmed, next).map((nonce) => batches.get(batchIdOf(signer, nonce))));
  for (const batch of range) {
    if (batch?.status !== 'SETTLED' || !batch.mined) continue;
    // Settled meanwhile by another follower, its transaction mined: not lost.
    if (await chain.transactionReceipt(batch.mined.hash)) continue;
    if (await batches.reopen(batch, ctx.now())) {
      logger.warn('mint batch opened again: the chain no longer holds its transaction', { batchId: batch.batchId, nonce: batch.nonce });
      held.push(batch.nonce);
    }
  }
  if (held.includes(confirmed)) return held;
  const head = await chain.blockNumber('latest');
  const waitingAbove = range.some(
    (batch) => batch?.status === 'SENT' && head - BigInt(currentTransaction(batch).sentBlock) >= BigInt(settings.replaceAfterBlocks),
  );
  if (!waitingAbove) return held;
  const offer = offerFor(await chain.marketFees(), settings.feeCap);
  if ('kind' in offer) {
    logger.warn(MINT_FEES_ABOVE_CAP_MESSAGE, { nonce: confirmed, neededWei: offer.needed.toString() });
    return held;
  }
  const filler = await chain.signNonceFiller(confirmed, offer);
  const sent = await chain.sendRawTransaction(filler.raw);
  logger.warn('nonce held by a transfer of nothing: no transaction of the service held it, and later batches waited', {
    nonce: confirmed,
    txHash: filler.hash,
    sent,
  });
  return [...held, confirmed];
}

/** After a mined batch: the signer's balance and the mints it still pays for at this batch's gas per token. */
async function logSignerFunds(ctx: AppContext, batch: MintBatch, receipt: MintBatchReceipt): Promise<void> {
  if (receipt.minted.length === 0) return;
  try {
    const perToken = receipt.gasUsed / BigInt(receipt.minted.length);
    logger.info(SIGNER_FUNDS_MESSAGE, { batchId: batch.batchId, ...signerFundsLogMembers(await chainOf(ctx).signerFunds(perToken)) });
  } catch (error) {
    logger.warn("the signer's balance could not be read after a mint", { batchId: batch.batchId, error: error as Error });
  }
}

/** The steps of a follower that signs with the service's signer. */
/** Announces the pending metadata changes (lib/delivery/announce-metadata.ts); the batch id of the announcement, if one was sent. */
async function announce(ctx: AppContext, settings: FollowSettings): Promise<string | null> {
  return (await announceMetadataChanges(ctx, settings.feeCap))?.batchId ?? null;
}

export const followSigning: FollowSigning = { replaceIfUnderpriced, holdNonces: holdSignerNonces, logFunds: logSignerFunds, announce };

/**
 * Follows the batches named, signing as a follower does, one look each per `pollMs`, until each is settled or dead,
 * or until shortly before `deadline` (epoch ms).
 */
async function followMintBatches(
  ctx: AppContext,
  batchIds: readonly string[],
  options: FollowOptions & { deadline: number; pollMs?: number },
): Promise<Map<string, FollowOutcome>> {
  const pollMs = options.pollMs ?? deliverySettings().pollMs;
  const look = { ...options, signing: followSigning };
  const outcomes = new Map<string, FollowOutcome>();
  let open = [...new Set(batchIds)];
  for (;;) {
    await followSigning
      .holdNonces(ctx, settingsOf(options))
      .catch((error: unknown) => logger.warn('nonces not held', { error: error as Error }));
    await Promise.all(
      open.map(async (id) => {
        try {
          outcomes.set(id, await followMintBatch(ctx, id, look));
        } catch (error) {
          logger.warn('mint batch not followed; the next look tries again', { batchId: id, error: error as Error });
        }
      }),
    );
    open = open.filter((id) => {
      const outcome = outcomes.get(id);
      return outcome === undefined || outcome === 'pending' || outcome === 'awaiting-confirmations';
    });
    if (open.length === 0 || Date.now() + pollMs > options.deadline) return outcomes;
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/**
 * The follower of AWS (functions/delivery/follow-mints.ts): follows the batches its queue's messages name for at most
 * half of the run, then wakes itself a block later for each one still in flight. A message whose batch could not be
 * woken again is reported failed, so the queue delivers it again after its visibility timeout.
 */
export async function followAndWake(
  ctx: AppContext,
  messages: readonly { id: string; batchId: string | null }[],
  options: { deadline?: number } = {},
): Promise<{ batchItemFailures: { itemIdentifier: string }[] }> {
  const named = messages.flatMap((m) => (m.batchId === null ? [] : [m.batchId]));
  // Each run announces the metadata changes waiting (the reconciler's pass wakes it for them), and follows that too.
  const announced = await announce(ctx, settingsOf({})).catch((error: unknown) => {
    logger.warn('metadata changes not announced; the next run tries again', { error: error as Error });
    return null;
  });
  const batchIds = [...new Set([...named, ...(announced ? [announced] : [])])].filter((id) => id !== ANNOUNCE_WAKEUP);
  const now = Date.now();
  const until = options.deadline === undefined ? now + 30_000 : now + (options.deadline - now) / 2;
  const outcomes = await followMintBatches(ctx, batchIds, { deadline: until });
  const open = batchIds.filter((id) => {
    const outcome = outcomes.get(id);
    return outcome === undefined || outcome === 'pending' || outcome === 'awaiting-confirmations';
  });
  logger.info('mint batches followed', { outcomes: Object.fromEntries(outcomes), stillInFlight: open.length });
  if (open.length === 0) return { batchItemFailures: [] };
  try {
    await followQueueOf(ctx).wake(open, Math.max(1, deliverySettings().blockSeconds));
    return { batchItemFailures: [] };
  } catch (error) {
    logger.warn('follower not woken again; the messages come back', { batchIds: open, error: error as Error });
    const failed = new Set(open);
    return {
      batchItemFailures: messages.filter((m) => m.batchId !== null && failed.has(m.batchId)).map((m) => ({ itemIdentifier: m.id })),
    };
  }
}

// Announcing minted tokens' metadata changes on chain (ERC-4906), so marketplaces and indexers fetch them again: the
// event maker marks each minted plaque whose name or image changed (lib/webhooks/catalogue-events.ts); a run takes every
// mark no transaction in flight carries yet and announces them all in one transaction of the signer, stored before it
// is broadcast as a batch of its own nonce (no orders, its marks instead), so the follower follows it like a mint batch:
// broadcast again, replaced at a higher fee, settled once mined. Its marks are cleared as it settles, each only if no
// later change moved it meanwhile; a reverted or dead announcement leaves its marks for the next run. Nothing is lost
// (a mark stays until a mined transaction announced it) and nothing is announced twice but after a crash between the
// mined transaction and its marks' clearing.
import { badRequest, serviceUnavailable } from '#lib/errors.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { logger } from '#lib/runtime/logger.ts';
import { dbOf } from '#lib/db/client.ts';
import { metadataAnnouncementRepo, type PendingAnnouncement } from '#lib/db/metadata-announcement-repo.ts';
import { mintBatchRepo } from '#lib/db/mint-batch-repo.ts';
import { chainOf, type FeeOffer } from '#lib/chain/chain-port.ts';
import { batchIdOf, offerFor, type BatchTransaction, type MintBatch } from '#lib/delivery/mint-batch.ts';
import { MINT_FEES_ABOVE_CAP_MESSAGE } from '#lib/delivery/log-events.ts';
import type { AppContext } from '#lib/runtime/context.ts';

/** Tokens one announcement names at most (about 32 000 gas for six ids in three runs; a few hundred stay far below a block). */
const MAX_ANNOUNCED_TOKENS = 300;
const busy = (detail: string) => serviceUnavailable('DELIVERY_BUSY', detail, 5);
/** Times a run draws a nonce again when another sender took the one it drew. */
const DRAWS = 3;

const markKey = (mark: PendingAnnouncement): string => `${mark.plaqueId}#${mark.markedAt}`;

/** The marks no announcement in flight carries: those a run announces now. */
async function marksToAnnounce(ctx: AppContext): Promise<PendingAnnouncement[]> {
  const marks = await metadataAnnouncementRepo(dbOf(ctx), ctx.tableName).pending(MAX_ANNOUNCED_TOKENS);
  if (marks.length === 0) return [];
  const batches = mintBatchRepo(dbOf(ctx), ctx.tableName);
  const inFlight = await Promise.all((await batches.inFlightIds()).map((id) => batches.get(id)));
  const carried = new Set(inFlight.flatMap((batch) => (batch?.status === 'SENT' ? (batch.announces ?? []).map(markKey) : [])));
  return marks.filter((mark) => !carried.has(markKey(mark)));
}

/** The announcement stored and broadcast: its batch, or null when another sender took the nonce drawn. */
async function sendAnnouncement(ctx: AppContext, marks: PendingAnnouncement[], offer: FeeOffer): Promise<MintBatch | null> {
  const chain = chainOf(ctx);
  const batches = mintBatchRepo(dbOf(ctx), ctx.tableName);
  return chain.exclusiveNonce(async (pendingNonce) => {
    const signer = await chain.signerAddress();
    // The chain's next nonce, unless the service drew beyond it (batches stored, not mined or not broadcast yet).
    const nonce = Math.max((await batches.nextNonce(signer)) ?? 0, pendingNonce);
    const tokenIds = [...new Set(marks.map((mark) => BigInt(mark.tokenId)))];
    const signed = await chain.signMetadataAnnouncement(tokenIds, nonce, offer);
    const head = await chain.blockNumber('latest');
    const now = ctx.now().toISOString();
    const tx: BatchTransaction = {
      raw: signed.raw,
      hash: signed.hash,
      maxFeePerGas: signed.fees.maxFeePerGas.toString(),
      maxPriorityFeePerGas: signed.fees.maxPriorityFeePerGas.toString(),
      gas: signed.gas.toString(),
      sentAt: now,
      sentBlock: Number(head),
    };
    const batch: MintBatch = {
      batchId: batchIdOf(signer, nonce),
      status: 'SENT',
      signer,
      contractAddress: chain.contractAddress,
      nonce,
      orders: [],
      announces: marks,
      txs: [tx],
      version: 1,
      createdAt: now,
      updatedAt: now,
      mined: null,
    };
    const stored = await batches.recordSend(batch, []);
    if (stored.kind === 'unknown') {
      // It may have been written: the batch's own key says.
      const found = await batches.get(batch.batchId);
      if (found?.txs[0]?.hash !== signed.hash) throw busy(`the announcement of nonce ${nonce} may not have been stored; it is tried again`);
    } else if (stored.kind !== 'recorded') return null;
    // Stored: from here on the follower knows the transaction, so a failure to broadcast costs nothing but time.
    await chain.sendRawTransaction(signed.raw).catch((error: unknown) => {
      logger.warn('metadata announcement stored but not broadcast; its follower sends it', {
        batchId: batch.batchId,
        error: error as Error,
      });
    });
    return batch;
  });
}

/**
 * One run: the pending metadata changes in one transaction, stored as a batch and broadcast; null when there was
 * nothing to announce (or the fees are above the stage's cap: the marks wait, as orders do).
 */
export async function announceMetadataChanges(ctx: AppContext, feeCap: bigint | null): Promise<MintBatch | null> {
  const marks = await marksToAnnounce(ctx);
  if (marks.length === 0) return null;
  const market = await chainOf(ctx).marketFees();
  const offer = offerFor(market, feeCap);
  if ('kind' in offer) {
    logger.warn(MINT_FEES_ABOVE_CAP_MESSAGE, { announcements: marks.length, neededWei: offer.needed.toString() });
    return null;
  }
  for (let draw = 0; draw < DRAWS; draw++) {
    const batch = await sendAnnouncement(ctx, marks, offer);
    if (!batch) continue;
    logger.info('metadata changes announced', {
      batchId: batch.batchId,
      nonce: batch.nonce,
      tokens: marks.length,
      txHash: batch.txs[0]!.hash,
    });
    return batch;
  }
  throw busy('the metadata announcement could not be stored; the next run tries again');
}

/** Clears the marks a mined announcement (`txHash`) carried, each unless a later change moved it; how many it cleared. */
export async function clearAnnounced(ctx: AppContext, batch: MintBatch, txHash: string): Promise<number> {
  const repo = metadataAnnouncementRepo(dbOf(ctx), ctx.tableName);
  const cleared = await Promise.all((batch.announces ?? []).map((mark) => repo.clear(mark, txHash, ctx.now())));
  return cleared.filter(Boolean).length;
}

/**
 * Marks minted plaques for announcement by hand (`npm run ops -- refresh-metadata`), all or none: an unknown plaque, or
 * one not minted (no token, so no metadata to refresh), is refused with every such id named and nothing marked. The
 * next run announces them with any other change waiting.
 */
export async function markForAnnouncement(ctx: AppContext, plaqueIds: readonly number[]): Promise<PendingAnnouncement[]> {
  const ids = [...new Set(plaqueIds)];
  const found = await plaqueRepo(dbOf(ctx), ctx.tableName).getMany(ids);
  const problems = ids.flatMap((id) => {
    const plaque = found.get(id);
    if (!plaque || plaque.deletedAt !== null) return [`plaque ${id} does not exist`];
    if (plaque.status !== 'MINTED' || !plaque.tokenId) {
      return [`plaque ${id} (${plaque.name}) is not minted (${plaque.status}): only a minted token has metadata to refresh`];
    }
    return [];
  });
  if (problems.length > 0) throw badRequest('NOT_ANNOUNCEABLE', `${problems.join('; ')}: nothing announced`);
  const markedAt = ctx.now().toISOString();
  const marks = ids.map((id) => ({ plaqueId: id, tokenId: found.get(id)!.tokenId!, markedAt }));
  const repo = metadataAnnouncementRepo(dbOf(ctx), ctx.tableName);
  await Promise.all(marks.map((mark) => repo.mark(mark)));
  return marks;
}

/**
 * Where the marks stand: how many still wait (a mark moved by a later change counts as announced: that change is its
 * own), and a transaction that announced or carries them (the newest one seen).
 */
export async function announcementProgress(
  ctx: AppContext,
  marks: readonly PendingAnnouncement[],
): Promise<{ waiting: number; txHash: string | null }> {
  const repo = metadataAnnouncementRepo(dbOf(ctx), ctx.tableName);
  const now = await Promise.all(marks.map((mark) => repo.get(mark.plaqueId)));
  const waiting = now.filter((mark, i) => mark !== null && mark.markedAt === marks[i]!.markedAt && mark.announcedIn === null);
  const announced = now.find((mark) => mark?.announcedIn)?.announcedIn ?? null;
  if (waiting.length === 0 || announced) return { waiting: waiting.length, txHash: announced };
  const keys = new Set(marks.map(markKey));
  const batches = mintBatchRepo(dbOf(ctx), ctx.tableName);
  const inFlight = await Promise.all((await batches.inFlightIds()).map((id) => batches.get(id)));
  const carrying = inFlight.find((batch) => (batch?.announces ?? []).some((mark) => keys.has(markKey(mark))));
  return { waiting: waiting.length, txHash: carrying ? carrying.txs[carrying.txs.length - 1]!.hash : null };
}

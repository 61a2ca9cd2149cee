// Delivers one sold order: claims it, mints its token to the buyer's wallet through the chain port, and records the
// outcome once the mint is as deep in the chain as the stage requires (lib/chain/confirmations.ts). Crash-safe: the signed mint is stored on the order before it is broadcast, so a retry resumes that very
// transaction (one nonce: it cannot mint twice) instead of sending another. Idempotent: every write is conditional
// on the attempt that holds the order, so duplicate stream records and concurrent workers never record twice.
import { randomUUID } from 'node:crypto';
import { getAddress, type Address, type Hex } from 'viem';
import { serviceUnavailable } from '#lib/errors.ts';
import { logger } from '#lib/runtime/logger.ts';
import { dbOf } from '#lib/db/client.ts';
import { deliveryOrderRepo, type ClaimFrom, type DeliveryOrderRepo } from '#lib/db/delivery-order-repo.ts';
import { orderMarkerRepo } from '#lib/db/order-marker-repo.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { recordDelivery } from '#lib/db/delivery-transaction.ts';
import type { ChainPort, ChainReader, MintReceipt } from '#lib/chain/chain-port.ts';
import { failureReasons, leaseUntil, nextStep, type OrderForDelivery, type StoredMint } from '#lib/delivery/delivery-state.ts';
import { markMinted, stateOf } from '#lib/partner/plaque-state.ts';
import { tokenIdNumber } from '#lib/partner/plaque-token.ts';
import type { Order } from '#lib/partner/order.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { chainOf, chainReaderOf } from '#lib/chain/chain-port.ts';
import { DELIVERY_FAILED_MESSAGE, SIGNER_FUNDS_MESSAGE } from '#lib/delivery/log-events.ts';
import { signerFundsLogMembers } from '#lib/chain/signer-funds.ts';
import { confirmedBlock, parseConfirmationDepth, type ConfirmationDepth } from '#lib/chain/confirmations.ts';
import { chainConfig } from '#lib/config.ts';

/**
 * `delivered`: the token is in the buyer's wallet and the order DELIVERED (minted now, or found minted).
 * `awaiting-confirmations`: the mint is mined but not yet as deep as the stage requires; the order stays MINTING with
 * its transaction, its claim given back, and the reconciler records it DELIVERED once it is (`confirmStoredMint`).
 * `busy`: another worker's live claim holds the order: that worker finishes it, or its claim lapses and the
 * reconciler's sweep hands the order back (so the record is not retried, and never dead-lettered for this).
 * `failed`: it cannot be delivered; the order is FAILED with a reason, the plaque left SOLD for the operator.
 * `settled`: the order was already DELIVERED or FAILED (a duplicate or late record): nothing done.
 * `in-progress`: this process is delivering the order right now (another record of it): nothing done.
 * `superseded`: another worker took the order over meanwhile; this attempt stopped without writing.
 * `not-found`: no such order.
 * Anything transient (chain or table unavailable, another worker's live claim) is thrown: the caller retries.
 */
export type DeliveryOutcome =
  'delivered' | 'awaiting-confirmations' | 'busy' | 'failed' | 'settled' | 'in-progress' | 'superseded' | 'not-found';

export interface DeliveryOptions {
  /** Longest wait for a mint's receipt before the attempt gives up, to be retried (default 60 s). */
  receiptTimeoutMs?: number;
  /**
   * Epoch ms (host clock) by which the run must be over (Lambda: now + remaining time). Claims then last until just
   * after it, waits end before it, and no claim is taken without time left to mint. Unknown: DELIVERY_LEASE_MS.
   */
  deadline?: number;
  /** Depth a mint must reach before the order is DELIVERED (default: the stage's CHAIN_CONFIRMATIONS). */
  confirmations?: ConfirmationDepth;
  /** Longest wait for that depth once mined (default: as long as the run allows); 0 looks once. */
  confirmationWaitMs?: number;
  /** Milliseconds between looks at the chain's head while waiting for the depth (default 2 s). */
  confirmationPollMs?: number;
}

const RECEIPT_TIMEOUT_MS = 60_000;
/** A run stops waiting this long before its deadline, to record what it knows and give its claim back. */
const STOP_MARGIN_MS = 5_000;
/** Least time left for a claim to be worth taking: sign, send and see one receipt on a slow chain. */
const MIN_RUN_MS = 20_000;
/** A claim of a killed worker that lapses within this is waited for (the retry of a timed-out run comes at once). */
const MAX_LEASE_WAIT_MS = 15_000;
/** Reads and claims before giving up when the order keeps changing under the worker. */
const CLAIM_ROUNDS = 3;
/** Fresh mints an attempt signs when each one's nonce is taken by another transaction before it is mined. */
const SEND_ROUNDS = 3;
/** Tries of the delivery's transaction when the plaque changes between read and write. */
const RECORD_ROUNDS = 4;

const CONFIRMATION_POLL_MS = 2_000;

/** The depth the options ask for, else the stage's. */
const depthOf = (options: DeliveryOptions): ConfirmationDepth =>
  options.confirmations ?? parseConfirmationDepth(chainConfig().CHAIN_CONFIRMATIONS);

/** Orders this process is delivering right now (by table and id): a second record of one is left to the first. */
const inFlight = new Set<string>();

const busy = (detail: string) => serviceUnavailable('DELIVERY_BUSY', detail, 5);

export async function deliverOrder(ctx: AppContext, orderId: string, options: DeliveryOptions = {}): Promise<DeliveryOutcome> {
  const key = `${ctx.tableName}/${orderId}`;
  if (inFlight.has(key)) return 'in-progress';
  inFlight.add(key);
  try {
    return await claimAndDeliver(ctx, orderId, options);
  } finally {
    inFlight.delete(key);
  }
}

/** Milliseconds left before the run's deadline; null when it has none. */
const remainingMs = (options: DeliveryOptions): number | null => (options.deadline === undefined ? null : options.deadline - Date.now());

async function claimAndDeliver(ctx: AppContext, orderId: string, options: DeliveryOptions): Promise<DeliveryOutcome> {
  const orders = deliveryOrderRepo(dbOf(ctx), ctx.tableName);
  let waited = false;
  for (let round = 0; round < CLAIM_ROUNDS; round++) {
    const read = await orders.getForDelivery(orderId);
    if (!read) return 'not-found';
    const now = ctx.now();
    const step = nextStep(read, now);
    if (step === 'settled') return 'settled';
    const remaining = remainingMs(options);
    if (step === 'busy') {
      const lapsesIn = Date.parse(read.delivery.leaseUntil!) - now.getTime();
      if (waited || lapsesIn > MAX_LEASE_WAIT_MS || (remaining !== null && remaining - lapsesIn < MIN_RUN_MS)) {
        logger.info('order claimed by another worker; left to it (or to the sweep once its claim lapses)', {
          orderId,
          leaseUntil: read.delivery.leaseUntil,
        });
        return 'busy';
      }
      // Most likely the claim of a run that was just killed (its retry comes at once): wait for it to lapse.
      await new Promise((r) => setTimeout(r, lapsesIn + 50));
      waited = true;
      round--;
      continue;
    }
    if (remaining !== null && remaining < MIN_RUN_MS) throw busy(`too little time left in this run to deliver order ${orderId}`);
    const attemptId = `att_${randomUUID()}`;
    const from: ClaimFrom = step === 'claim' ? { status: 'SOLD' } : { status: 'MINTING', attemptId: read.delivery.attemptId };
    if (!(await orders.claim(orderId, from, attemptId, leaseUntil(now, remaining), now))) continue;
    if (step === 'take-over') logger.warn('delivery taken over from a lapsed attempt', { orderId, previous: read.delivery.attemptId });
    return new Attempt(ctx, chainOf(ctx), read, attemptId, options).run();
  }
  throw busy(`order ${orderId} kept changing while a worker tried to claim it`);
}

/** How long the sweep's claim on a MINTING order lasts while it reads the mint's receipt and records the outcome. */
const SETTLE_LEASE_MS = 30_000;

/**
 * The sweep's look at a MINTING order whose claim lapsed and whose signed mint is stored, without signing anything:
 * the order is taken over (it stays MINTING) and the mint's receipt read once. Mined deep enough → DELIVERED; mined,
 * not deep enough yet → left awaiting; reverted → judged as the worker would; not on chain (never broadcast, dropped
 * or reorged away) → `requeued`: SOLD again with the mint kept, so the worker broadcasts those very bytes again.
 */
export async function settleStoredMint(
  ctx: AppContext,
  orderId: string,
  options: DeliveryOptions = {},
): Promise<DeliveryOutcome | 'requeued'> {
  const orders = deliveryOrderRepo(dbOf(ctx), ctx.tableName);
  const read = await orders.getForDelivery(orderId);
  if (!read) return 'not-found';
  const now = ctx.now();
  const step = nextStep(read, now);
  if (step === 'settled') return 'settled';
  if (step !== 'take-over' || !read.delivery.mint) return 'busy';
  const attemptId = `att_${randomUUID()}`;
  const lease = new Date(now.getTime() + SETTLE_LEASE_MS).toISOString();
  if (!(await orders.claim(orderId, { status: 'MINTING', attemptId: read.delivery.attemptId }, attemptId, lease, now))) return 'superseded';
  // Reads the chain only: the reconciler that settles stored mints bundles no signer.
  return new Attempt(ctx, chainReaderOf(ctx), read, attemptId, { ...options, confirmationWaitMs: 0 }).settleStored(read.delivery.mint);
}

/**
 * One worker's claim on one order, from the claim to the recorded outcome. Minting needs the signing port; settling a
 * stored mint reads the chain only (`C` is what the attempt was given).
 */
class Attempt<C extends ChainReader> {
  private readonly order: Order;
  private readonly orders: DeliveryOrderRepo;

  constructor(
    private readonly ctx: AppContext,
    private readonly chain: C,
    private readonly read: OrderForDelivery,
    private readonly attemptId: string,
    private readonly options: DeliveryOptions,
  ) {
    this.order = read.order;
    this.orders = deliveryOrderRepo(dbOf(ctx), ctx.tableName);
  }

  async run(this: Attempt<ChainPort>): Promise<DeliveryOutcome> {
    const { order } = this;
    const tokenId = tokenIdNumber(order.tokenId);
    if (tokenId === null) return this.fail(failureReasons.badTokenId(order.tokenId), null);
    if (order.contractAddress.toLowerCase() !== this.chain.contractAddress.toLowerCase()) {
      return this.fail(failureReasons.otherContract(order.contractAddress, this.chain.contractAddress), null);
    }
    try {
      return await this.mint(getAddress(order.buyerWallet), tokenId);
    } catch (error) {
      // Give the claim back so the retry need not wait for the lease; a crash skips this, and the lease then lapses.
      await this.orders.releaseLease(order.orderId, this.attemptId, this.ctx.now()).catch(() => false);
      throw error;
    }
  }

  /** See `settleStoredMint`. */
  async settleStored(mint: StoredMint): Promise<DeliveryOutcome | 'requeued'> {
    const { order } = this;
    const tokenId = tokenIdNumber(order.tokenId);
    if (tokenId === null) return this.fail(failureReasons.badTokenId(order.tokenId), null);
    try {
      const receipt = await this.chain.transactionReceipt(mint.hash);
      if (receipt) {
        const settled = await this.settleMined(mint.hash, receipt, getAddress(order.buyerWallet), tokenId);
        if (settled !== 'reorged') return settled;
      }
      await this.orders.releaseLease(order.orderId, this.attemptId, this.ctx.now());
      const reason = `re-queued by the reconciler: its worker stopped and its mint ${mint.hash} is not on chain`;
      return (await this.orders.requeue(order.orderId, 'stuck', { attemptId: this.attemptId }, this.ctx.now(), reason))
        ? 'requeued'
        : 'superseded';
    } catch (error) {
      await this.orders.releaseLease(order.orderId, this.attemptId, this.ctx.now()).catch(() => false);
      throw error;
    }
  }

  private async mint(this: Attempt<ChainPort>, buyer: Address, tokenId: bigint): Promise<DeliveryOutcome> {
    let mint = this.read.delivery.mint;
    for (let round = 0; round < SEND_ROUNDS; round++) {
      if (mint) {
        const fate = await this.follow(mint);
        if (fate.kind === 'mined') {
          await this.recordSignerFunds(fate.receipt);
          const settled = await this.settleMined(mint.hash, fate.receipt, buyer, tokenId);
          if (settled !== 'reorged') return settled;
          continue;
        }
        logger.warn('stored mint can never be mined (its nonce went to another transaction); signing anew', {
          orderId: this.order.orderId,
          txHash: mint.hash,
        });
      }
      // Nothing of ours is pending: before any new send, the chain says whether the token already arrived or cannot.
      if ((await this.chain.balanceOf(buyer, tokenId)) > 0n) return this.delivered(await this.chain.findMintTransaction(buyer, tokenId));
      const simulation = await this.chain.simulateMint(tokenId);
      if (!simulation.mintable) return this.fail(failureReasons.refused(simulation.reason, simulation.detail), null);

      const sent = await this.chain.exclusiveNonce(async (nonce) => {
        const signed = await this.chain.signMint(buyer, tokenId, nonce);
        if (signed.kind === 'reverts') return signed;
        const stored: StoredMint = { raw: signed.raw, hash: signed.hash, nonce: signed.nonce };
        // Recorded before broadcasting: whatever happens next, a retry knows this transaction and follows it.
        if (!(await this.orders.storeMint(this.order.orderId, this.attemptId, stored, this.ctx.now())))
          return { kind: 'superseded' as const };
        return { kind: 'sent' as const, stored, broadcast: await this.chain.sendRawTransaction(signed.raw) };
      });
      if (sent.kind === 'reverts') return this.fail(failureReasons.refused(sent.reason, sent.detail), null);
      if (sent.kind === 'superseded') return 'superseded';
      mint = sent.stored;
      // Its nonce was spent before it arrived (another sender of the same key): the next round finds it dead.
      if (sent.broadcast === 'nonce-used') continue;
      const receipt = await this.chain.waitForReceipt(mint.hash, this.receiptTimeout());
      await this.recordSignerFunds(receipt);
      const settled = await this.settleMined(mint.hash, receipt, buyer, tokenId);
      if (settled !== 'reorged') return settled;
    }
    throw busy(`the signer's nonces for order ${this.order.orderId} kept being taken by other transactions`);
  }

  /**
   * After a mint the signer paid for: its balance and the mints it still pays for, each using what this one used, at
   * the gas price now (the stage's alarm reads the line, infra/alarms.ts). Never in the way of the delivery.
   */
  private async recordSignerFunds(this: Attempt<ChainPort>, receipt: MintReceipt): Promise<void> {
    try {
      logger.info(SIGNER_FUNDS_MESSAGE, {
        orderId: this.order.orderId,
        ...signerFundsLogMembers(await this.chain.signerFunds(receipt.gasUsed)),
      });
    } catch (error) {
      logger.warn("the signer's balance could not be read after a mint", { orderId: this.order.orderId, error: error as Error });
    }
  }

  /** What became of a stored mint: mined (its receipt), dead (its nonce was spent by another), else broadcast again and awaited. */
  private async follow(this: Attempt<ChainPort>, mint: StoredMint): Promise<{ kind: 'mined'; receipt: MintReceipt } | { kind: 'dead' }> {
    // Nonce first: if it was already spent when the receipt lookup then finds nothing, another transaction spent it.
    const confirmed = await this.chain.confirmedNonce();
    const receipt = await this.chain.transactionReceipt(mint.hash);
    if (receipt) return { kind: 'mined', receipt };
    if (confirmed > mint.nonce) return { kind: 'dead' };
    const broadcast = await this.chain.sendRawTransaction(mint.raw);
    if (broadcast === 'nonce-used') {
      // Spent between the reads above and the broadcast: by this transaction (then it has a receipt) or another.
      const late = await this.chain.transactionReceipt(mint.hash);
      return late ? { kind: 'mined', receipt: late } : { kind: 'dead' };
    }
    return { kind: 'mined', receipt: await this.chain.waitForReceipt(mint.hash, this.receiptTimeout()) };
  }

  /** How long to wait for a receipt: the configured wait, cut short to end before the run's deadline. */
  private receiptTimeout(): number {
    const wait = this.options.receiptTimeoutMs ?? RECEIPT_TIMEOUT_MS;
    const remaining = remainingMs(this.options);
    return remaining === null ? wait : Math.max(1_000, Math.min(wait, remaining - STOP_MARGIN_MS));
  }

  /** `reorged`: the block that held the mint was taken back before it was deep enough: follow the mint again. */
  async settleMined(hash: Hex, receipt: MintReceipt, buyer: Address, tokenId: bigint): Promise<DeliveryOutcome | 'reorged'> {
    if (receipt.status === 'success') {
      const depth = await this.confirmations(hash, receipt);
      if (depth === 'confirmed') return this.delivered(hash);
      if (depth === 'reorged') return 'reorged';
      return this.awaitConfirmations(hash);
    }
    // Reverted: the token may still have reached the buyer another way; otherwise the chain explains the revert.
    if ((await this.chain.balanceOf(buyer, tokenId)) > 0n) return this.delivered(await this.chain.findMintTransaction(buyer, tokenId));
    const simulation = await this.chain.simulateMint(tokenId);
    const why = simulation.mintable ? 'the contract refused it' : failureReasons.refused(simulation.reason, simulation.detail);
    return this.fail(failureReasons.reverted(hash, why), hash);
  }

  /**
   * Whether the mint is as deep as the stage requires, waiting for it as long as the options allow: `confirmed`,
   * `pending` (mined, not deep enough yet) or `reorged` (its block was taken back; the transaction is pending again or
   * gone). With a depth of 0 a mined transaction is confirmed at once.
   */
  private async confirmations(hash: Hex, receipt: MintReceipt): Promise<'confirmed' | 'pending' | 'reorged'> {
    const depth = depthOf(this.options);
    if (depth === 0) return 'confirmed';
    const remaining = remainingMs(this.options);
    const wait = Math.min(
      this.options.confirmationWaitMs ?? Number.POSITIVE_INFINITY,
      remaining === null ? (this.options.receiptTimeoutMs ?? RECEIPT_TIMEOUT_MS) : remaining - STOP_MARGIN_MS,
    );
    const until = Date.now() + Math.max(0, wait);
    const poll = this.options.confirmationPollMs ?? CONFIRMATION_POLL_MS;
    let mined: MintReceipt | null = receipt;
    for (;;) {
      const confirmedUpTo = await confirmedBlock(this.chain, depth);
      // Read after the head: a receipt still there in a block at or below it is confirmed.
      mined = await this.chain.transactionReceipt(hash);
      if (!mined) return 'reorged';
      if (mined.blockNumber <= confirmedUpTo) return 'confirmed';
      if (Date.now() + poll > until) return 'pending';
      await new Promise((r) => setTimeout(r, poll));
    }
  }

  /** Mined, not deep enough yet: the order stays MINTING with its transaction; the claim is given back for the sweep. */
  private async awaitConfirmations(hash: Hex): Promise<DeliveryOutcome> {
    await this.orders.releaseLease(this.order.orderId, this.attemptId, this.ctx.now());
    logger.info('mint awaiting confirmations', { orderId: this.order.orderId, txHash: hash, depth: depthOf(this.options) });
    return 'awaiting-confirmations';
  }

  /** Order DELIVERED and plaque MINTED in one transaction. */
  private async delivered(txHash: Hex | null): Promise<DeliveryOutcome> {
    const { order, ctx } = this;
    const plaques = plaqueRepo(dbOf(ctx), ctx.tableName);
    let read = await plaques.getForSale(order.plaqueId);
    for (let round = 0; round < RECORD_ROUNDS; round++) {
      const now = ctx.now();
      if (!read || read.orderId !== order.orderId || read.plaque.status !== 'SOLD') {
        return this.fail(failureReasons.plaqueMoved(txHash ?? 'unknown'), txHash);
      }
      const minted = markMinted(stateOf(read), now);
      // Strictly later than the version read, so the listing's change feed (ordered by updatedAt) never misses it.
      const updatedAt = new Date(Math.max(now.getTime(), Date.parse(read.plaque.updatedAt) + 1)).toISOString();
      const outcome = await recordDelivery(dbOf(ctx), {
        order: this.orders.deliveredItem(order.orderId, this.attemptId, txHash, now),
        plaque: plaques.mintedItem(read.plaque, {
          orderId: order.orderId,
          tokenId: order.tokenId,
          contractAddress: order.contractAddress,
          mintedAt: minted.mintedAt!,
          updatedAt,
        }),
        markers: orderMarkerRepo(dbOf(ctx), ctx.tableName).deliveredMarkerItems(order.orderId, now),
      });
      switch (outcome.kind) {
        case 'recorded':
          logger.info('order delivered', { orderId: order.orderId, plaqueId: order.plaqueId, txHash });
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
          const current = await this.orders.getForDelivery(order.orderId);
          if (current?.order.status === 'DELIVERED') return 'delivered';
          if (current?.delivery.attemptId !== this.attemptId) return 'superseded';
          read = await plaques.getForSale(order.plaqueId);
          continue;
        }
      }
    }
    throw busy(`plaque ${order.plaqueId} kept changing while order ${order.orderId} was recorded as delivered`);
  }

  private async fail(reason: string, txHash: Hex | null): Promise<DeliveryOutcome> {
    const recorded = await this.orders.recordFailed(this.order.orderId, this.attemptId, { reason, txHash }, this.ctx.now());
    if (!recorded) return 'superseded';
    logger.error(DELIVERY_FAILED_MESSAGE, { orderId: this.order.orderId, plaqueId: this.order.plaqueId, reason, txHash });
    return 'failed';
  }
}

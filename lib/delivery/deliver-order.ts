// Delivers one sold order: claims it, mints its token to the buyer's wallet through the chain port, and records the
// outcome. Crash-safe: the signed mint is stored on the order before it is broadcast, so a retry resumes that very
// transaction (one nonce: it cannot mint twice) instead of sending another. Idempotent: every write is conditional
// on the attempt that holds the order, so duplicate stream records and concurrent workers never record twice.
import { randomUUID } from 'node:crypto';
import { getAddress, type Address, type Hex } from 'viem';
import { serviceUnavailable } from '#lib/errors.ts';
import { logger } from '#lib/runtime/logger.ts';
import { orderRepo, type ClaimFrom, type OrderRepo } from '#lib/db/order-repo.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { recordDelivery } from '#lib/db/delivery-transaction.ts';
import type { ChainPort, MintReceipt } from '#lib/chain/chain-port.ts';
import { failureReasons, leaseUntil, nextStep, type OrderForDelivery, type StoredMint } from '#lib/delivery/delivery-state.ts';
import { markMinted, stateOf } from '#lib/partner/plaque-state.ts';
import { tokenIdNumber } from '#lib/partner/plaque-token.ts';
import type { Order } from '#lib/partner/order.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { chainOf } from '#lib/chain/chain-port.ts';
import { DELIVERY_FAILED_MESSAGE } from '#lib/delivery/log-events.ts';

/**
 * `delivered`: the token is in the buyer's wallet and the order DELIVERED (minted now, or found minted).
 * `failed`: it cannot be delivered; the order is FAILED with a reason, the plaque left SOLD for the operator.
 * `settled`: the order was already DELIVERED or FAILED (a duplicate or late record): nothing done.
 * `in-progress`: this process is delivering the order right now (another record of it): nothing done.
 * `superseded`: another worker took the order over meanwhile; this attempt stopped without writing.
 * `not-found`: no such order.
 * Anything transient (chain or table unavailable, another worker's live claim) is thrown: the caller retries.
 */
export type DeliveryOutcome = 'delivered' | 'failed' | 'settled' | 'in-progress' | 'superseded' | 'not-found';

export interface DeliveryOptions {
  /** Longest wait for a mint's receipt before the attempt gives up, to be retried (default 60 s). */
  receiptTimeoutMs?: number;
  /**
   * Epoch ms (host clock) by which the run must be over (Lambda: now + remaining time). Claims then last until just
   * after it, waits end before it, and no claim is taken without time left to mint. Unknown: DELIVERY_LEASE_MS.
   */
  deadline?: number;
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
  const orders = orderRepo(ctx.db, ctx.tableName);
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
        throw busy(`order ${orderId} is claimed by another worker until ${read.delivery.leaseUntil}`);
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
    return new Attempt(ctx, read, attemptId, options).run();
  }
  throw busy(`order ${orderId} kept changing while a worker tried to claim it`);
}

/** One worker's claim on one order, from the claim to the recorded outcome. */
class Attempt {
  private readonly order: Order;
  private readonly chain: ChainPort;
  private readonly orders: OrderRepo;

  constructor(
    private readonly ctx: AppContext,
    private readonly read: OrderForDelivery,
    private readonly attemptId: string,
    private readonly options: DeliveryOptions,
  ) {
    this.order = read.order;
    this.chain = chainOf(ctx);
    this.orders = orderRepo(ctx.db, ctx.tableName);
  }

  async run(): Promise<DeliveryOutcome> {
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

  private async mint(buyer: Address, tokenId: bigint): Promise<DeliveryOutcome> {
    let mint = this.read.delivery.mint;
    for (let round = 0; round < SEND_ROUNDS; round++) {
      if (mint) {
        const fate = await this.follow(mint);
        if (fate.kind === 'mined') return this.settleMined(mint.hash, fate.receipt, buyer, tokenId);
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
      return this.settleMined(mint.hash, receipt, buyer, tokenId);
    }
    throw busy(`the signer's nonces for order ${this.order.orderId} kept being taken by other transactions`);
  }

  /** What became of a stored mint: mined (its receipt), dead (its nonce was spent by another), else broadcast again and awaited. */
  private async follow(mint: StoredMint): Promise<{ kind: 'mined'; receipt: MintReceipt } | { kind: 'dead' }> {
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

  private async settleMined(hash: Hex, receipt: MintReceipt, buyer: Address, tokenId: bigint): Promise<DeliveryOutcome> {
    if (receipt.status === 'success') return this.delivered(hash);
    // Reverted: the token may still have reached the buyer another way; otherwise the chain explains the revert.
    if ((await this.chain.balanceOf(buyer, tokenId)) > 0n) return this.delivered(await this.chain.findMintTransaction(buyer, tokenId));
    const simulation = await this.chain.simulateMint(tokenId);
    const why = simulation.mintable ? 'the contract refused it' : failureReasons.refused(simulation.reason, simulation.detail);
    return this.fail(failureReasons.reverted(hash, why), hash);
  }

  /** Order DELIVERED and plaque MINTED in one transaction. */
  private async delivered(txHash: Hex | null): Promise<DeliveryOutcome> {
    const { order, ctx } = this;
    const plaques = plaqueRepo(ctx.db, ctx.tableName);
    let read = await plaques.getForSale(order.plaqueId);
    for (let round = 0; round < RECORD_ROUNDS; round++) {
      const now = ctx.now();
      if (!read || read.orderId !== order.orderId || read.plaque.status !== 'SOLD') {
        return this.fail(failureReasons.plaqueMoved(txHash ?? 'unknown'), txHash);
      }
      const minted = markMinted(stateOf(read), now);
      // Strictly later than the version read, so the listing's change feed (ordered by updatedAt) never misses it.
      const updatedAt = new Date(Math.max(now.getTime(), Date.parse(read.plaque.updatedAt) + 1)).toISOString();
      const outcome = await recordDelivery(ctx.db, {
        order: this.orders.deliveredItem(order.orderId, this.attemptId, txHash, now),
        plaque: plaques.mintedItem(read.plaque, {
          orderId: order.orderId,
          tokenId: order.tokenId,
          contractAddress: order.contractAddress,
          mintedAt: minted.mintedAt!,
          updatedAt,
        }),
        marker: this.orders.deliveredMarkerItem(order.orderId),
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

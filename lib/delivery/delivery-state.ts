// The delivery of a sold order, pure: which batch mints it, what the sender does next with it, what an operator may
// re-queue, and the reasons a delivery fails.
import type { Hex } from 'viem';
import type { MintRefusal } from '#lib/chain/chain-port.ts';
import type { Order } from '#lib/partner/order.ts';

/**
 * How long a claim of the single-mint worker lasted when its deadline was unknown. Orders are minted in batches now
 * (lib/delivery/send-mints.ts), whose orders no lease holds; a MINTING order with a lease and no batch was claimed by
 * that worker before an upgrade, and its lease decides when it may be handed on.
 */
export const DELIVERY_LEASE_MS = 120_000;

/** The transaction that mints the order: its batch's, as broadcast now. */
export interface OrderMint {
  hash: Hex;
  nonce: number;
}

/** Why a delivery failed, for the operator's next step (`cancel-order` keeps a plaque whose token exists off sale). */
export type FailureKind = 'ALREADY_MINTED' | 'NOT_MINTABLE' | 'BAD_TOKEN_ID' | 'OTHER_CONTRACT' | 'REVERTED' | 'PLAQUE_MOVED';

/** The order's delivery bookkeeping (on the order item, never shown to partners). */
export interface DeliveryState {
  /** The batch that mints it (MINTING) or minted it (DELIVERED); a claim of the single-mint worker on older orders. */
  attemptId: string | null;
  /** The lapse of a single-mint worker's claim (orders claimed before batches); null for batched orders. */
  leaseUntil: string | null;
  /** Batches (or claims) that took it up so far. */
  attempts: number;
  /** Times it was re-queued (by an operator, or when its batch could not mint it). */
  requeues: number;
  /** The batch that mints or minted it; null while waiting (SOLD) and for orders delivered before batches. */
  batchId: string | null;
  /** Its batch's transaction as broadcast now (hash and nonce), kept after delivery. */
  mint: OrderMint | null;
  /** Why it failed (FAILED, and a CANCELLED order that failed before); null for failures recorded before kinds were. */
  failureKind: FailureKind | null;
  /** Who re-queued the order last and why (an operator, the reconciler, or a batch that could not mint it). */
  requeueReason: string | null;
}

export interface OrderForDelivery {
  order: Order;
  delivery: DeliveryState;
}

export const noDelivery = (): DeliveryState => ({
  attemptId: null,
  leaseUntil: null,
  attempts: 0,
  requeues: 0,
  batchId: null,
  mint: null,
  failureKind: null,
  requeueReason: null,
});

export const leaseHeld = (delivery: DeliveryState, now: Date): boolean =>
  delivery.leaseUntil !== null && Date.parse(delivery.leaseUntil) > now.getTime();

/**
 * What the sender does with an order it was told about:
 * - `send`: SOLD → into a new batch;
 * - `in-batch`: MINTING in a batch → nothing: the batch's follower records it;
 * - `take-over`: MINTING under a lapsed claim of the single-mint worker (an order claimed before batches) → a new batch;
 * - `busy`: MINTING under a live claim of that worker → left to it, or to the sweep once its claim lapses;
 * - `settled`: DELIVERED, FAILED or CANCELLED → nothing to do (a duplicate or late stream record).
 */
export type DeliveryStep = 'send' | 'in-batch' | 'take-over' | 'busy' | 'settled';

export function nextStep({ order, delivery }: OrderForDelivery, now: Date): DeliveryStep {
  switch (order.status) {
    case 'SOLD':
      return 'send';
    case 'MINTING':
      if (delivery.batchId !== null) return 'in-batch';
      return leaseHeld(delivery, now) ? 'busy' : 'take-over';
    case 'DELIVERED':
    case 'FAILED':
    case 'CANCELLED':
      return 'settled';
  }
}

/**
 * What `retry-delivery` does with an order:
 * - `requeue-failed`: FAILED → SOLD, the failed attempt's transaction and reason cleared;
 * - `requeue-stuck`: MINTING that nothing follows (its batch no longer in flight, or a single-mint claim that lapsed)
 *   → SOLD, sent again in a new batch;
 * - `requeue-waiting`: SOLD (its stream record may have been dead-lettered) → SOLD again, which the stream delivers anew;
 * - otherwise why not. `batchInFlight`: whether the order's batch is still followed.
 */
export type RequeueDecision = { kind: 'requeue-failed' | 'requeue-stuck' | 'requeue-waiting' } | { kind: 'refused'; reason: string };

export function requeueDecision({ order, delivery }: OrderForDelivery, now: Date, batchInFlight: boolean): RequeueDecision {
  switch (order.status) {
    case 'FAILED':
      return { kind: 'requeue-failed' };
    case 'SOLD':
      return { kind: 'requeue-waiting' };
    case 'MINTING':
      if (delivery.batchId !== null) {
        return batchInFlight
          ? {
              kind: 'refused',
              reason: `order ${order.orderId} is being minted in batch ${delivery.batchId} (tx ${delivery.mint?.hash ?? 'unknown'}), which is followed until it is mined`,
            }
          : { kind: 'requeue-stuck' };
      }
      return leaseHeld(delivery, now)
        ? {
            kind: 'refused',
            reason: `order ${order.orderId} is being delivered by a worker (its claim lasts until ${delivery.leaseUntil})`,
          }
        : { kind: 'requeue-stuck' };
    case 'DELIVERED':
      return { kind: 'refused', reason: `order ${order.orderId} is already delivered (tx ${order.txHash ?? 'unknown'})` };
    case 'CANCELLED':
      return { kind: 'refused', reason: `order ${order.orderId} is cancelled (${order.cancelReason ?? 'no reason recorded'})` };
  }
}

/** A failure: the words for the operator (stored as the order's failureReason) and its kind. */
export interface Failure {
  reason: string;
  kind: FailureKind;
}

/** Why an order cannot be delivered. */
export const failures = {
  badTokenId: (tokenId: string): Failure => ({ reason: `token id ${tokenId} is not a uint256`, kind: 'BAD_TOKEN_ID' }),
  otherContract: (plaqueContract: string, serviceContract: string): Failure => ({
    reason: `the plaque's token lives on contract ${plaqueContract}, not on the service's contract ${serviceContract}`,
    kind: 'OTHER_CONTRACT',
  }),
  refused: ({ reason, detail }: MintRefusal): Failure =>
    reason === 'ALREADY_MINTED'
      ? { reason: `ALREADY_MINTED: the token was already minted to another account (${detail})`, kind: 'ALREADY_MINTED' }
      : { reason: `NOT_MINTABLE: the contract refuses the mint (${detail})`, kind: 'NOT_MINTABLE' },
  /** The contract minted the rest of the batch and refused this token (MintRefused). */
  refusedInBatch: (hash: string, { reason, detail }: MintRefusal): Failure =>
    reason === 'ALREADY_MINTED'
      ? { reason: `ALREADY_MINTED: the token was already minted to another account (${detail}; tx ${hash})`, kind: 'ALREADY_MINTED' }
      : {
          reason: `NOT_MINTABLE: the buyer's wallet refused the token or cannot hold it (${detail}; tx ${hash})`,
          kind: 'NOT_MINTABLE',
        },
  reverted: (hash: string, refusal: MintRefusal | null): Failure => ({
    reason: `the mint transaction ${hash} reverted: ${refusal ? failures.refused(refusal).reason : 'the contract refused it'}`,
    kind: refusal?.reason ?? 'REVERTED',
  }),
  kept: (reverts: number): Failure => ({
    reason: `its mint reverted in ${reverts} transactions in a row, though each token alone would be minted; see the signer's balance and role`,
    kind: 'REVERTED',
  }),
  plaqueMoved: (hash: string): Failure => ({
    reason: `the token was minted (tx ${hash}) but the plaque is no longer SOLD under this order; reconcile it by hand`,
    kind: 'PLAQUE_MOVED',
  }),
} as const;

/**
 * Whether a FAILED order's token exists on chain already (minted elsewhere): its plaque is not for sale again when the
 * order is cancelled. Failures recorded before kinds were are read from their words.
 */
export const failedAsAlreadyMinted = ({ order, delivery }: OrderForDelivery): boolean =>
  delivery.failureKind === 'ALREADY_MINTED' || (delivery.failureKind === null && /ALREADY_MINTED/.test(order.failureReason ?? ''));

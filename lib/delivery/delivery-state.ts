// The delivery of a sold order, pure: who may work on it (attempts and leases), what a worker does next with it,
// what an operator may re-queue, and the reasons a delivery fails.
import type { Hex } from 'viem';
import type { Order } from '#lib/partner/order.ts';

/**
 * How long a worker's claim on an order lasts when the worker's own deadline is unknown: at least one worker run (the
 * worker Lambda's timeout is 120 s), so a live worker is never overtaken. A worker that fails gracefully gives its
 * lease back at once; only a killed one leaves it to lapse.
 */
export const DELIVERY_LEASE_MS = 120_000;
/** A claim outlives its worker's deadline by this much (clock skew between workers). */
export const LEASE_MARGIN_MS = 5_000;

/** The mint a worker signed for the order, stored before it is broadcast. */
export interface StoredMint {
  /** Serialized signed transaction: broadcasting it again can never mint twice. */
  raw: Hex;
  hash: Hex;
  nonce: number;
}

/** The order's delivery bookkeeping (on the order item, never shown to partners). */
export interface DeliveryState {
  /** The claim of the worker run delivering it (MINTING), or of the last one. */
  attemptId: string | null;
  /** ISO time the claim lapses; another worker may take the order over afterwards. */
  leaseUntil: string | null;
  /** Claims so far (each worker run that started minting counts one). */
  attempts: number;
  /** Times an operator re-queued the order. */
  requeues: number;
  /**
   * The current mint transaction, once signed; kept when a stuck MINTING order is re-queued and after delivery (a
   * reorged order is re-queued with it).
   */
  mint: StoredMint | null;
  /** Who re-queued the order last and why (an operator, or the reconciler with what it found). */
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
  mint: null,
  requeueReason: null,
});

export const leaseHeld = (delivery: DeliveryState, now: Date): boolean =>
  delivery.leaseUntil !== null && Date.parse(delivery.leaseUntil) > now.getTime();

/** The end of a claim taken at `now` by a worker that must stop within `remainingMs` (null: unknown). */
export const leaseUntil = (now: Date, remainingMs: number | null): string =>
  new Date(now.getTime() + (remainingMs === null ? DELIVERY_LEASE_MS : remainingMs + LEASE_MARGIN_MS)).toISOString();

/**
 * What a worker does with an order it was told about:
 * - `claim`: SOLD → MINTING under a new attempt;
 * - `take-over`: MINTING whose lease lapsed (its worker died) → a new attempt, resuming its stored mint if any;
 * - `busy`: MINTING under another worker's live lease → leave it to that worker, ask to be told again later;
 * - `settled`: DELIVERED, FAILED or CANCELLED → nothing to do (a duplicate or late stream record).
 */
export type DeliveryStep = 'claim' | 'take-over' | 'busy' | 'settled';

export function nextStep({ order, delivery }: OrderForDelivery, now: Date): DeliveryStep {
  switch (order.status) {
    case 'SOLD':
      return 'claim';
    case 'MINTING':
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
 * - `requeue-stuck`: MINTING with a lapsed lease → SOLD, its stored mint kept so the next worker resumes it;
 * - `requeue-waiting`: SOLD (its stream record may have been dead-lettered) → SOLD again, which the stream delivers anew;
 * - otherwise why not.
 */
export type RequeueDecision = { kind: 'requeue-failed' | 'requeue-stuck' | 'requeue-waiting' } | { kind: 'refused'; reason: string };

export function requeueDecision({ order, delivery }: OrderForDelivery, now: Date): RequeueDecision {
  switch (order.status) {
    case 'FAILED':
      return { kind: 'requeue-failed' };
    case 'SOLD':
      return { kind: 'requeue-waiting' };
    case 'MINTING':
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

/** Why an order cannot be delivered, in words for the operator (stored as the order's failureReason). */
export const failureReasons = {
  badTokenId: (tokenId: string) => `token id ${tokenId} is not a uint256`,
  otherContract: (plaqueContract: string, serviceContract: string) =>
    `the plaque's token lives on contract ${plaqueContract}, not on the service's contract ${serviceContract}`,
  refused: (reason: 'ALREADY_MINTED' | 'NOT_MINTABLE', detail: string) =>
    reason === 'ALREADY_MINTED'
      ? `ALREADY_MINTED: the token was already minted to another account (${detail})`
      : `NOT_MINTABLE: the contract refuses the mint (${detail})`,
  reverted: (hash: string, why: string) => `the mint transaction ${hash} reverted: ${why}`,
  plaqueMoved: (hash: string) =>
    `the token was minted (tx ${hash}) but the plaque is no longer SOLD under this order; reconcile it by hand`,
} as const;

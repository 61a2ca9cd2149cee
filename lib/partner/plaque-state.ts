// The plaque's sale state machine, pure: AVAILABLE → LOCKED (a partner's hold, with expiry) → SOLD → MINTED,
// plus the operator's lock without expiry. Every move is decided here; repositories only make it atomic.
import { conflict } from '#lib/errors.ts';
import { effectiveStatus, type PlaqueStatus, type StoredPlaque } from '#lib/plaques/plaque.ts';

/** How long a prepare holds a plaque for its partner. */
export const HOLD_MS = 10 * 60 * 1000;

/** A partner's hold: who placed it, for which wallet, and the price quoted when it was placed. */
export interface PlaqueHold {
  reservationId: string;
  /** ISO time the hold lapses. */
  expiresAt: string;
  /** The partner: the account that owns the API key. */
  partnerId: number;
  apiKeyId: string;
  /** Checksummed address the token will go to. */
  buyerWallet: string;
  price: number;
  currency: string;
}

/** What the state machine needs of a plaque. */
export interface PlaqueState {
  status: PlaqueStatus;
  /** ISO expiry of a partner's hold; null for an operator's lock or when not locked. */
  lockExpiresAt: string | null;
  reservationId: string | null;
  hold: PlaqueHold | null;
  /** The buyer's wallet once sold (`wallet_address`). */
  ownerWallet: string | null;
  /** The order that sold it. */
  orderId: string | null;
  saleAt: string | null;
  mintedAt: string | null;
}

export type PlaqueOperation = 'hold' | 'sell' | 'mint' | 'operatorLock' | 'operatorUnlock';

export interface SaleRequest {
  reservationId: string;
  partnerId: number;
  buyerWallet: string;
  orderId: string;
}

/** The state machine's view of a stored plaque with its hold and sale order. */
export function stateOf(read: { plaque: StoredPlaque; hold: PlaqueHold | null; orderId: string | null }): PlaqueState {
  const { plaque } = read;
  return {
    status: plaque.status,
    lockExpiresAt: plaque.lockExpiresAt,
    reservationId: plaque.reservationId,
    hold: read.hold,
    ownerWallet: plaque.wallet_address,
    orderId: read.orderId,
    saleAt: plaque.saleAt,
    mintedAt: plaque.mintedAt,
  };
}

const invalidState = (status: PlaqueStatus, operation: PlaqueOperation) =>
  conflict('INVALID_STATE', `a ${status} plaque cannot be ${PAST[operation]}`, { extensions: { status } });

const PAST: Record<PlaqueOperation, string> = {
  hold: 'held',
  sell: 'sold',
  mint: 'minted',
  operatorLock: 'locked',
  operatorUnlock: 'unlocked',
};

const sameWallet = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** AVAILABLE (or an expired hold) → LOCKED until `hold.expiresAt`; anything else → 409 NOT_AVAILABLE. */
export function placeHold(state: PlaqueState, hold: PlaqueHold, now: Date): PlaqueState {
  const status = effectiveStatus(state, now);
  if (status !== 'AVAILABLE') {
    throw conflict('NOT_AVAILABLE', `the plaque is ${status === 'LOCKED' ? 'held by another reservation' : status}`, {
      extensions: { status },
    });
  }
  return { ...state, status: 'LOCKED', lockExpiresAt: hold.expiresAt, reservationId: hold.reservationId, hold };
}

/**
 * LOCKED by this partner's live reservation for this wallet → SOLD to that wallet.
 * SOLD or MINTED → 409 INVALID_STATE (no reservation can buy it any more); any other reservation problem
 * (expired, another partner's, another reservation, another wallet, no hold at all) → 409 RESERVATION_INVALID.
 */
export function sell(state: PlaqueState, request: SaleRequest, now: Date): PlaqueState {
  const status = effectiveStatus(state, now);
  if (status === 'SOLD' || status === 'MINTED') throw invalidState(status, 'sell');
  const hold = state.hold;
  const valid =
    status === 'LOCKED' &&
    hold !== null &&
    state.reservationId === request.reservationId &&
    hold.reservationId === request.reservationId &&
    hold.partnerId === request.partnerId &&
    sameWallet(hold.buyerWallet, request.buyerWallet);
  if (!valid) throw conflict('RESERVATION_INVALID', "the reservation is expired, unknown, or not this partner's");
  return {
    ...state,
    status: 'SOLD',
    lockExpiresAt: null,
    reservationId: null,
    hold: null,
    ownerWallet: hold.buyerWallet,
    orderId: request.orderId,
    saleAt: now.toISOString(),
  };
}

/** SOLD → MINTED once the token is confirmed in the buyer's wallet. */
export function markMinted(state: PlaqueState, now: Date): PlaqueState {
  const status = effectiveStatus(state, now);
  if (status !== 'SOLD') throw invalidState(status, 'mint');
  return { ...state, status: 'MINTED', mintedAt: now.toISOString() };
}

/** An operator takes an available plaque off sale: LOCKED without expiry. */
export function operatorLock(state: PlaqueState, now: Date): PlaqueState {
  const status = effectiveStatus(state, now);
  if (status !== 'AVAILABLE') throw invalidState(status, 'operatorLock');
  return { ...state, status: 'LOCKED', lockExpiresAt: null, reservationId: null, hold: null };
}

/** An operator releases a lock (its own, or a partner's hold): → AVAILABLE. */
export function operatorUnlock(state: PlaqueState, now: Date): PlaqueState {
  const status = effectiveStatus(state, now);
  if (status !== 'LOCKED') throw invalidState(status, 'operatorUnlock');
  return { ...state, status: 'AVAILABLE', lockExpiresAt: null, reservationId: null, hold: null };
}

/** Whether `operation` may start from the plaque's state at `now` (the sale's own checks aside). */
export function canTransition(state: Pick<PlaqueState, 'status' | 'lockExpiresAt'>, operation: PlaqueOperation, now: Date): boolean {
  const status = effectiveStatus(state, now);
  switch (operation) {
    case 'hold':
    case 'operatorLock':
      return status === 'AVAILABLE';
    case 'sell':
    case 'operatorUnlock':
      return status === 'LOCKED';
    case 'mint':
      return status === 'SOLD';
  }
}

// The sale state machine, exhaustively: every state against every operation.
import { describe, expect, it } from 'vitest';
import { AppError } from '#lib/errors.ts';
import {
  canTransition,
  markMinted,
  operatorLock,
  operatorUnlock,
  placeHold,
  sell,
  type PlaqueHold,
  type PlaqueState,
} from '#lib/partner/plaque-state.ts';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const LATER = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const aHold = (overrides: Partial<PlaqueHold> = {}): PlaqueHold => ({
  reservationId: 'res_1',
  expiresAt: LATER(60_000),
  partnerId: 7,
  apiKeyId: 'key_1',
  buyerWallet: WALLET,
  price: 100,
  currency: 'USD',
  ...overrides,
});

const base: PlaqueState = {
  status: 'AVAILABLE',
  lockExpiresAt: null,
  reservationId: null,
  hold: null,
  ownerWallet: null,
  orderId: null,
  saleAt: null,
  mintedAt: null,
};

const held = (hold: PlaqueHold): PlaqueState => ({
  ...base,
  status: 'LOCKED',
  lockExpiresAt: hold.expiresAt,
  reservationId: hold.reservationId,
  hold,
});

/** Every state a plaque can be in, by name. */
const STATES: Record<string, PlaqueState> = {
  AVAILABLE: base,
  HELD: held(aHold()),
  HELD_EXPIRED: held(aHold({ expiresAt: LATER(-1) })),
  OPERATOR_LOCKED: { ...base, status: 'LOCKED' },
  SOLD: { ...base, status: 'SOLD', ownerWallet: WALLET, orderId: 'ord_1', saleAt: LATER(-1000) },
  MINTED: { ...base, status: 'MINTED', ownerWallet: WALLET, orderId: 'ord_1', saleAt: LATER(-2000), mintedAt: LATER(-1000) },
};

const sale = { reservationId: 'res_1', partnerId: 7, buyerWallet: WALLET, orderId: 'ord_2' };

/** Each operation as it is attempted; `sell*` variants differ only in who asks. */
const OPERATIONS: Record<string, (state: PlaqueState) => PlaqueState> = {
  hold: (s) => placeHold(s, aHold({ reservationId: 'res_new', partnerId: 8 }), NOW),
  sell: (s) => sell(s, sale, NOW),
  sellWithLowerCaseWallet: (s) => sell(s, { ...sale, buyerWallet: WALLET.toLowerCase() }, NOW),
  sellForeignPartner: (s) => sell(s, { ...sale, partnerId: 8 }, NOW),
  sellOtherReservation: (s) => sell(s, { ...sale, reservationId: 'res_other' }, NOW),
  sellOtherWallet: (s) => sell(s, { ...sale, buyerWallet: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' }, NOW),
  mint: (s) => markMinted(s, NOW),
  operatorLock: (s) => operatorLock(s, NOW),
  operatorUnlock: (s) => operatorUnlock(s, NOW),
};

/** Expected outcome of every pair: the resulting status, or the 409 code. */
const EXPECTED: Record<string, Record<string, string>> = {
  AVAILABLE: {
    hold: 'LOCKED',
    sell: 'RESERVATION_INVALID',
    sellWithLowerCaseWallet: 'RESERVATION_INVALID',
    sellForeignPartner: 'RESERVATION_INVALID',
    sellOtherReservation: 'RESERVATION_INVALID',
    sellOtherWallet: 'RESERVATION_INVALID',
    mint: 'INVALID_STATE',
    operatorLock: 'LOCKED',
    operatorUnlock: 'INVALID_STATE',
  },
  HELD: {
    hold: 'NOT_AVAILABLE',
    sell: 'SOLD',
    sellWithLowerCaseWallet: 'SOLD',
    sellForeignPartner: 'RESERVATION_INVALID',
    sellOtherReservation: 'RESERVATION_INVALID',
    sellOtherWallet: 'RESERVATION_INVALID',
    mint: 'INVALID_STATE',
    operatorLock: 'INVALID_STATE',
    operatorUnlock: 'AVAILABLE',
  },
  HELD_EXPIRED: {
    hold: 'LOCKED',
    sell: 'RESERVATION_INVALID',
    sellWithLowerCaseWallet: 'RESERVATION_INVALID',
    sellForeignPartner: 'RESERVATION_INVALID',
    sellOtherReservation: 'RESERVATION_INVALID',
    sellOtherWallet: 'RESERVATION_INVALID',
    mint: 'INVALID_STATE',
    operatorLock: 'LOCKED',
    operatorUnlock: 'INVALID_STATE',
  },
  OPERATOR_LOCKED: {
    hold: 'NOT_AVAILABLE',
    sell: 'RESERVATION_INVALID',
    sellWithLowerCaseWallet: 'RESERVATION_INVALID',
    sellForeignPartner: 'RESERVATION_INVALID',
    sellOtherReservation: 'RESERVATION_INVALID',
    sellOtherWallet: 'RESERVATION_INVALID',
    mint: 'INVALID_STATE',
    operatorLock: 'INVALID_STATE',
    operatorUnlock: 'AVAILABLE',
  },
  SOLD: {
    hold: 'NOT_AVAILABLE',
    sell: 'INVALID_STATE',
    sellWithLowerCaseWallet: 'INVALID_STATE',
    sellForeignPartner: 'INVALID_STATE',
    sellOtherReservation: 'INVALID_STATE',
    sellOtherWallet: 'INVALID_STATE',
    mint: 'MINTED',
    operatorLock: 'INVALID_STATE',
    operatorUnlock: 'INVALID_STATE',
  },
  MINTED: {
    hold: 'NOT_AVAILABLE',
    sell: 'INVALID_STATE',
    sellWithLowerCaseWallet: 'INVALID_STATE',
    sellForeignPartner: 'INVALID_STATE',
    sellOtherReservation: 'INVALID_STATE',
    sellOtherWallet: 'INVALID_STATE',
    mint: 'INVALID_STATE',
    operatorLock: 'INVALID_STATE',
    operatorUnlock: 'INVALID_STATE',
  },
};

function outcome(state: PlaqueState, operation: (s: PlaqueState) => PlaqueState): string {
  try {
    return operation(state).status;
  } catch (error) {
    if (error instanceof AppError && error.status === 409) return error.code;
    throw error;
  }
}

describe('plaque state machine', () => {
  for (const [stateName, state] of Object.entries(STATES)) {
    for (const [operationName, operation] of Object.entries(OPERATIONS)) {
      const expected = EXPECTED[stateName]![operationName]!;
      it(`${operationName} on a ${stateName} plaque → ${expected}`, () => {
        expect(outcome(state, operation)).toBe(expected);
      });
    }
  }

  it('agrees with canTransition on which operations may start from each state', () => {
    const start: Record<string, keyof typeof OPERATIONS> = {
      hold: 'hold',
      sell: 'sell',
      mint: 'mint',
      operatorLock: 'operatorLock',
      operatorUnlock: 'operatorUnlock',
    };
    for (const [stateName, state] of Object.entries(STATES)) {
      for (const [operation, attempt] of Object.entries(start)) {
        const allowed = canTransition(state, operation as Parameters<typeof canTransition>[1], NOW);
        const result = EXPECTED[stateName]![attempt]!;
        const succeeded = ['LOCKED', 'SOLD', 'MINTED', 'AVAILABLE'].includes(result);
        // The sale also checks the reservation: an operator's lock may start a sale that then is refused.
        if (stateName === 'OPERATOR_LOCKED' && operation === 'sell') expect(allowed).toBe(true);
        else expect(allowed, `${operation} from ${stateName}`).toBe(succeeded);
      }
    }
  });

  it("a sale moves the hold's wallet to the owner, records the order and clears the hold", () => {
    const sold = sell(STATES.HELD!, sale, NOW);
    expect(sold).toMatchObject({
      status: 'SOLD',
      ownerWallet: WALLET,
      orderId: 'ord_2',
      hold: null,
      reservationId: null,
      lockExpiresAt: null,
      saleAt: NOW.toISOString(),
    });
  });

  it('a hold lapses at its expiry instant, not a millisecond later', () => {
    const atExpiry = held(aHold({ expiresAt: NOW.toISOString() }));
    expect(outcome(atExpiry, OPERATIONS.hold!)).toBe('LOCKED');
    expect(outcome(atExpiry, OPERATIONS.sell!)).toBe('RESERVATION_INVALID');
  });
});

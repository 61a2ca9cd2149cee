// Property test of the sale state machine over random sequences of holds, buys, mints, operator locks and time.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AppError } from '#lib/errors.ts';
import { markMinted, operatorLock, operatorUnlock, placeHold, sell, type PlaqueState } from '#lib/partner/plaque-state.ts';
import { effectiveStatus } from '#lib/plaques/plaque.ts';

const WALLETS = [
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
];
const PARTNERS = [1, 2, 3];

type Step =
  | { kind: 'hold'; partner: number; wallet: number }
  | { kind: 'buy'; partner: number; wallet: number; reservation: number }
  | { kind: 'wait'; ms: number }
  | { kind: 'mint' }
  | { kind: 'operatorLock' }
  | { kind: 'operatorUnlock' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('hold' as const), partner: fc.constantFrom(...PARTNERS), wallet: fc.nat(WALLETS.length - 1) }),
  fc.record({
    kind: fc.constant('buy' as const),
    partner: fc.constantFrom(...PARTNERS),
    wallet: fc.nat(WALLETS.length - 1),
    // Which of the reservations issued so far is presented (counting from the latest); beyond them, a made-up one.
    reservation: fc.nat(3),
  }),
  fc.record({ kind: fc.constant('wait' as const), ms: fc.constantFrom(1, 60_000, 9 * 60_000, 10 * 60_000, 11 * 60_000) }),
  fc.constant({ kind: 'mint' as const }),
  fc.constant({ kind: 'operatorLock' as const }),
  fc.constant({ kind: 'operatorUnlock' as const }),
);

interface Model {
  state: PlaqueState;
  now: number;
  reservations: { id: string; partner: number; wallet: string }[];
  orders: { orderId: string; wallet: string; partner: number }[];
}

function apply(model: Model, s: Step, n: number): void {
  const now = new Date(model.now);
  const attempt = (move: () => PlaqueState, after?: (next: PlaqueState) => void) => {
    try {
      const next = move();
      model.state = next;
      after?.(next);
    } catch (error) {
      // A refused move is a 409 with a code and leaves the state as it was.
      if (!(error instanceof AppError) || error.status !== 409) throw error;
    }
  };
  switch (s.kind) {
    case 'hold': {
      const id = `res_${n}`;
      const wallet = WALLETS[s.wallet]!;
      const hold = {
        reservationId: id,
        expiresAt: new Date(model.now + 10 * 60_000).toISOString(),
        partnerId: s.partner,
        apiKeyId: `key_${s.partner}`,
        buyerWallet: wallet,
        price: 5,
        currency: 'USD',
      };
      attempt(
        () => placeHold(model.state, hold, now),
        () => model.reservations.push({ id, partner: s.partner, wallet }),
      );
      break;
    }
    case 'buy': {
      const presented = model.reservations[model.reservations.length - 1 - s.reservation]?.id ?? 'res_made_up';
      const orderId = `ord_${n}`;
      const wallet = WALLETS[s.wallet]!;
      attempt(
        () => sell(model.state, { reservationId: presented, partnerId: s.partner, buyerWallet: wallet, orderId }, now),
        () => model.orders.push({ orderId, wallet, partner: s.partner }),
      );
      break;
    }
    case 'wait':
      model.now += s.ms;
      break;
    case 'mint':
      attempt(() => markMinted(model.state, now));
      break;
    case 'operatorLock':
      attempt(() => operatorLock(model.state, now));
      break;
    case 'operatorUnlock':
      attempt(() => operatorUnlock(model.state, now));
      break;
  }
}

describe('plaque state machine (property)', () => {
  // Invariant: whatever happens, a plaque has at most one order; it is SOLD or MINTED exactly when it has one, then
  // owned by that order's wallet (the one its buyer's hold named, placed by the same partner), and unowned otherwise.
  it('keeps one owner, one order per sale, and no sale without an order', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const model: Model = {
          state: {
            status: 'AVAILABLE',
            lockExpiresAt: null,
            reservationId: null,
            hold: null,
            ownerWallet: null,
            orderId: null,
            saleAt: null,
            mintedAt: null,
          },
          now: Date.parse('2026-03-01T00:00:00.000Z'),
          reservations: [],
          orders: [],
        };
        steps.forEach((s, n) => {
          const holdBefore = model.state.hold;
          apply(model, s, n);
          const { state, orders } = model;
          const status = effectiveStatus(state, new Date(model.now));
          expect(orders.length).toBeLessThanOrEqual(1);
          if (status === 'SOLD' || status === 'MINTED') {
            expect(orders).toHaveLength(1);
            expect(state.orderId).toBe(orders[0]!.orderId);
            expect(state.ownerWallet).toBe(orders[0]!.wallet);
          } else {
            expect(orders).toHaveLength(0);
            expect(state.ownerWallet).toBeNull();
            expect(state.orderId).toBeNull();
          }
          if (s.kind === 'buy' && orders.length === 1 && orders[0]!.orderId === `ord_${n}`) {
            // The sale that just happened was the live hold's own partner and wallet.
            expect(holdBefore?.partnerId).toBe(s.partner);
            expect(holdBefore?.buyerWallet).toBe(orders[0]!.wallet);
          }
          if (state.status === 'LOCKED' && state.hold) expect(state.reservationId).toBe(state.hold.reservationId);
        });
      }),
      { numRuns: 500 },
    );
  });
});

// The pure rules of mint batches: the fees a transaction offers under a cap, when a pending one is replaced and at
// what fees, each delivered order's share of its transaction's gas, and the nonces that must be held.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { gasShares, mintCosts, noncesToHold, offerFor, replacementDue, replacementOffer, underpriced } from '#lib/delivery/mint-batch.ts';

const GWEI = 1_000_000_000n;
const market = (base: bigint, tip: bigint) => ({ baseFeePerGas: base * GWEI, priorityFeePerGas: tip * GWEI });

describe('offerFor', () => {
  it('offers the suggested tip over twice the base fee, cut to the cap, and nothing when base fee and tip exceed the cap', () => {
    expect(offerFor(market(10n, 2n), null)).toEqual({ maxFeePerGas: 22n * GWEI, maxPriorityFeePerGas: 2n * GWEI });
    expect(offerFor(market(10n, 2n), 15n * GWEI)).toEqual({ maxFeePerGas: 15n * GWEI, maxPriorityFeePerGas: 2n * GWEI });
    expect(offerFor(market(14n, 2n), 15n * GWEI)).toEqual({ kind: 'above-cap', needed: 16n * GWEI });
  });
});

describe('replacement', () => {
  const tx = (maxFee: bigint, tip: bigint, sentBlock: number) => ({
    raw: '0x' as const,
    hash: '0x' as const,
    maxFeePerGas: (maxFee * GWEI).toString(),
    maxPriorityFeePerGas: (tip * GWEI).toString(),
    gas: '100000',
    sentAt: '2026-01-01T00:00:00.000Z',
    sentBlock,
  });

  it('is due once the transaction has been priced below the market for the given blocks', () => {
    expect(underpriced({ maxFeePerGas: 20n * GWEI, maxPriorityFeePerGas: 2n * GWEI }, market(19n, 2n))).toBe(true);
    expect(underpriced({ maxFeePerGas: 22n * GWEI, maxPriorityFeePerGas: 2n * GWEI }, market(19n, 2n))).toBe(false);
    expect(replacementDue(tx(20n, 2n, 100), 102n, 3, market(19n, 2n))).toBe(false);
    expect(replacementDue(tx(20n, 2n, 100), 103n, 3, market(19n, 2n))).toBe(true);
    expect(replacementDue(tx(22n, 2n, 100), 110n, 3, market(19n, 2n))).toBe(false);
  });

  // A replacement a node takes raises both fees by more than 10%, reaches the market where the cap allows, never
  // exceeds the cap; when the cap leaves no such room, there is none.
  it('raises both fees by more than 10%, to the market where the cap allows, and never beyond the cap', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 500n }),
        fc.bigInt({ min: 0n, max: 50n }),
        fc.bigInt({ min: 1n, max: 500n }),
        fc.bigInt({ min: 1n, max: 50n }),
        fc.option(fc.bigInt({ min: 1n, max: 2000n }), { nil: null }),
        (baseGwei, tipGwei, oldFeeGwei, oldTipGwei, capGwei) => {
          const current = { maxFeePerGas: (oldFeeGwei + oldTipGwei) * GWEI, maxPriorityFeePerGas: oldTipGwei * GWEI };
          const cap = capGwei === null ? null : capGwei * GWEI;
          const offer = replacementOffer(current, market(baseGwei, tipGwei), cap);
          if (offer === null) {
            expect(cap).not.toBeNull();
            return;
          }
          expect(offer.maxFeePerGas * 100n).toBeGreaterThan(current.maxFeePerGas * 110n);
          expect(offer.maxPriorityFeePerGas * 100n).toBeGreaterThan(current.maxPriorityFeePerGas * 110n);
          expect(offer.maxPriorityFeePerGas).toBeLessThanOrEqual(offer.maxFeePerGas);
          if (cap !== null) expect(offer.maxFeePerGas).toBeLessThanOrEqual(cap);
          const wanted = 2n * baseGwei * GWEI + tipGwei * GWEI;
          if (cap === null || cap >= wanted) expect(offer.maxFeePerGas).toBeGreaterThanOrEqual(wanted);
        },
      ),
    );
  });
});

describe('gas shares', () => {
  // The shares of a transaction's gas add up to exactly what it used, and no two differ by more than one gas.
  it('split the gas evenly, to the last unit', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 21_000n, max: 30_000_000n }), fc.integer({ min: 1, max: 100 }), (gasUsed, count) => {
        const shares = gasShares(gasUsed, count);
        expect(shares).toHaveLength(count);
        expect(shares.reduce((a, b) => a + b, 0n)).toBe(gasUsed);
        expect(shares.every((share) => share - shares[shares.length - 1]! <= 1n)).toBe(true);
      }),
    );
  });

  it('price each share at what the transaction paid', () => {
    expect(mintCosts(100_001n, 3n, 2)).toEqual([
      { gas: 50_001, gasPriceWei: '3', feeWei: '150003', tokensInTransaction: 2 },
      { gas: 50_000, gasPriceWei: '3', feeWei: '150000', tokensInTransaction: 2 },
    ]);
  });
});

describe('noncesToHold', () => {
  it('lists every nonce from the chain next confirmed one to the next the service draws, at most the limit', () => {
    expect(noncesToHold(5, 5)).toEqual([]);
    expect(noncesToHold(5, 8)).toEqual([5, 6, 7]);
    expect(noncesToHold(0, 1000, 3)).toEqual([0, 1, 2]);
  });
});

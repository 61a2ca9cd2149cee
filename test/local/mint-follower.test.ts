// When the local runtime's sender gets its gathered orders before the next block: as long before it as the last sends
// took (a quarter more), never less than half a second (a quarter of a short block), never more than half a block.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { handOverMargin } from '#lib/local/mint-follower.ts';

describe('the hand-over margin before the next block', () => {
  it('keeps half a second on a quiet machine, a quarter of a short block', () => {
    expect(handOverMargin([], 12_000)).toBe(500);
    expect(handOverMargin([120, 80], 2_000)).toBe(500);
    expect(handOverMargin([], 1_000)).toBe(250);
  });

  it('keeps as long as the slowest of the last sends and a quarter more, at most half a block', () => {
    expect(handOverMargin([300, 1_200, 400], 12_000)).toBe(1_500);
    expect(handOverMargin([300, 1_200, 400], 2_000)).toBe(1_000);
  });

  it('stays between its floor and half a block, and never shrinks as sends grow slower', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 60_000 }), { maxLength: 5 }),
        fc.nat({ max: 60_000 }),
        fc.integer({ min: 1, max: 600 }),
        (sends, slower, seconds) => {
          const blockMs = seconds * 1000;
          const margin = handOverMargin(sends, blockMs);
          expect(margin).toBeGreaterThanOrEqual(Math.min(500, blockMs / 4));
          expect(margin).toBeLessThanOrEqual(blockMs / 2);
          expect(handOverMargin([...sends, slower], blockMs)).toBeGreaterThanOrEqual(margin);
        },
      ),
    );
  });
});

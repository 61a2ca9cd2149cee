// The index's bitmap arithmetic against a bit-by-bit reference: a range kept over words dense and sparse, with
// columns shorter than the bitmap, NaN values and open ends; and, or and and-not of bitmaps, the other one shorter.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { andInto, andNotInto, keepInRange, orInto, popcount } from '#lib/plaques/catalog-bitmap.ts';

const valueArb = fc.oneof(fc.integer({ min: -5, max: 40 }), fc.constant(Number.NaN), fc.double({ min: -10, max: 50, noNaN: true }));
// Words of every density: empty, a few bits, about half, all set.
const wordArb = fc.oneof(
  fc.constant(0),
  fc.constant(0xffffffff),
  fc.integer({ min: 0, max: 0xffffffff }),
  fc.array(fc.integer({ min: 0, max: 31 }), { maxLength: 4 }).map((bits) => bits.reduce((w, b) => (w | (1 << b)) >>> 0, 0)),
);
const boundArb = fc.option(fc.integer({ min: -5, max: 40 }), { nil: null });

describe('catalogue bitmaps', () => {
  it('keeps exactly the set slots whose value lies in the range, whatever the words hold', () => {
    fc.assert(
      fc.property(
        // Lengths across the whole range (fast-check's default size keeps arrays short: no word would be whole).
        fc.array(valueArb, { maxLength: 200, size: 'max' }),
        fc.array(wordArb, { maxLength: 8, size: 'max' }),
        boundArb,
        boundArb,
        (values, words, min, max) => {
          const column = Float64Array.from(values);
          const within = Uint32Array.from(words);
          const expected = Uint32Array.from(words);
          for (let slot = 0; slot < expected.length * 32; slot++) {
            const v = column[slot];
            const inRange = v !== undefined && v >= (min ?? -Infinity) && v <= (max ?? Infinity);
            if (!inRange) expected[slot >>> 5]! &= ~(1 << (slot & 31));
          }
          keepInRange(column, min, max, within);
          expect([...within]).toEqual([...expected]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('ands, ors and and-nots in place, reading a missing word of the other bitmap as empty', () => {
    const ops = [
      [andInto, (a: number, b: number) => a & b],
      [orInto, (a: number, b: number) => a | b],
      [andNotInto, (a: number, b: number) => a & ~b],
    ] as const;
    fc.assert(
      fc.property(fc.array(wordArb, { maxLength: 8 }), fc.array(wordArb, { maxLength: 8 }), (into, other) => {
        for (const [op, word] of ops) {
          const bits = Uint32Array.from(into);
          op(bits, Uint32Array.from(other));
          expect([...bits]).toEqual(into.map((w, i) => word(w, other[i] ?? 0) >>> 0));
        }
      }),
    );
  });

  it('counts the set bits of every word', () => {
    fc.assert(
      fc.property(fc.array(wordArb, { maxLength: 8 }), (words) => {
        const bits = words.reduce((n, w) => n + [...w.toString(2)].filter((c) => c === '1').length, 0);
        expect(popcount(Uint32Array.from(words))).toBe(bits);
      }),
    );
  });
});

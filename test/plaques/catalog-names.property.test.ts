// The index's name search against a plain `includes` over every name, through any history of writes (names rewritten,
// some too long or beyond ASCII for the table), growth, and a reload from the exported table.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { wordsFor } from '#lib/plaques/catalog-bitmap.ts';
import { CatalogNames } from '#lib/plaques/catalog-names.ts';

const nameArb = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[a-c]{3}-[0-2]{4}$/) },
  { weight: 2, arbitrary: fc.string({ unit: fc.constantFrom('a', 'b', '-', '0', '0', '1', ' '), maxLength: 8 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom('a', 'é', '-', '0', 'ab-00'), minLength: 1, maxLength: 6 }) },
);
const needleArb = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd', '-', '0', '1', '2', 'é', ' '), minLength: 1, maxLength: 9 });

/** The slots `search` sets, as a sorted list. */
function searched(names: CatalogNames, needle: string, size: number, within = new Uint32Array(wordsFor(size)).fill(~0)): number[] {
  const found = new Uint32Array(wordsFor(size));
  names.search(needle, size, within, found);
  const slots: number[] = [];
  for (let slot = 0; slot < size; slot++) if ((found[slot >>> 5]! >>> (slot & 31)) & 1) slots.push(slot);
  return slots;
}

describe('catalogue names', () => {
  it('finds exactly the slots kept whose name contains the needle, through rewrites, growth and a reload', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat({ max: 99 }), nameArb), { minLength: 1, maxLength: 120, size: 'max' }),
        fc.array(needleArb, { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        fc.nat(),
        (writes, needles, reload, keep) => {
          let capacity = 4;
          let names = new CatalogNames(capacity);
          const expected: string[] = [];
          let size = 0;
          for (const [at, name] of writes) {
            // A slot beyond the size is the next new one; others are rewritten.
            const slot = at < size ? at : size++;
            if (size > capacity) names.grow((capacity = Math.ceil(capacity * 1.5) + 1));
            names.write(slot, name);
            expected[slot] = name;
          }
          if (reload) {
            const loaded = new CatalogNames(capacity);
            loaded.load(names.exportTable(size), [...names.odd]);
            names = loaded;
          }
          // A listing never searches for the empty text (lib/plaques/catalog-page.ts).
          for (const needle of [...needles, ...expected.slice(0, 3)].filter(Boolean)) {
            const want = expected.flatMap((name, slot) => (name.includes(needle) ? [slot] : []));
            expect(searched(names, needle, size)).toEqual(want);
            // Only the slots the other filters kept (about two in three here) are found.
            const within = new Uint32Array(wordsFor(size));
            for (let slot = 0; slot < size; slot++) if ((slot * 7 + keep) % 3 !== 0) within[slot >>> 5]! |= 1 << (slot & 31);
            expect(searched(names, needle, size, within)).toEqual(want.filter((slot) => (slot * 7 + keep) % 3 !== 0));
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('forgets the bytes of a name it replaces', () => {
    const names = new CatalogNames(8);
    names.write(0, 'abc-0001');
    names.write(0, 'xyz-0002');
    // A one-byte needle is answered by its byte's bitmap alone, with no check of the name itself.
    expect(searched(names, 'a', 1)).toEqual([]);
    expect(searched(names, 'x', 1)).toEqual([0]);
    expect(searched(names, 'abc', 1)).toEqual([]);
    names.write(0, 'a name longer than the table holds');
    expect(searched(names, 'x', 1)).toEqual([]);
    expect(searched(names, 'longer', 1)).toEqual([0]);
  });
});

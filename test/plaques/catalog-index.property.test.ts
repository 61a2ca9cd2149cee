// The listing's in-memory index against the plain reference, in memory and fast enough for many random histories:
// writes (one at a time and in large batches, some older than what is known), holds lapsing as time passes, and the
// index reloaded from its snapshot at any point.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { CatalogRow } from '#lib/db/catalog-repo.ts';
import { CATALOG_ATTRIBUTES } from '#lib/db/table.ts';
import { CatalogIndex } from '#lib/plaques/catalog-index.ts';
import { decodeSnapshot, encodeSnapshot } from '#lib/plaques/catalog-snapshot.ts';
import { selectPage } from '#lib/plaques/catalog-page.ts';
import { listFeaturedInput } from '#lib/plaques/list-featured-input.ts';
import { CONDITIONS, MARKETPLACES, type StoredPlaque } from '#lib/plaques/plaque.ts';
import { NOW, catalogueArb, invalidRange, paramsArb, plaqueArb, reference, toStored, type ListingParams } from './listing-reference.ts';

function rowOf(plaque: StoredPlaque): CatalogRow {
  const row: Record<string, unknown> = {};
  for (const name of CATALOG_ATTRIBUTES) row[name] = plaque[name];
  return row as CatalogRow;
}

const validParams = paramsArb.filter((p) => !invalidRange(p));
const stepArb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('write' as const),
      id: fc.integer({ min: 1, max: 80 }),
      spec: plaqueArb,
      stale: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('batch' as const),
      writes: fc.array(fc.tuple(fc.integer({ min: 1, max: 80 }), plaqueArb), { minLength: 17, maxLength: 40 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('advance' as const), minutes: fc.integer({ min: 0, max: 8 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'snapshot' as const }) },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('query' as const), params: validParams, pageSize: fc.integer({ min: 1, max: 9 }) }),
  },
);

/** The same listing read page by page with cursors: the ids in order. */
function idsByCursor(index: CatalogIndex, params: ListingParams, limit: number, nowMs: number): number[] {
  const ids: number[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 200; guard++) {
    const page = selectPage(index, listFeaturedInput.parse({ ...params, skip: 0, limit, ...(cursor && { cursor }) }), nowMs);
    ids.push(...page.ids);
    if (page.nextCursor === null) return ids;
    cursor = page.nextCursor;
  }
  throw new Error('cursor pages never ended');
}

describe('catalogue index', () => {
  it('answers like the reference through any history of writes, lapsing holds and snapshot reloads', () => {
    fc.assert(
      fc.property(catalogueArb, fc.array(stepArb, { minLength: 1, maxLength: 25 }), (specs, steps) => {
        const known = new Map<number, StoredPlaque>();
        let index = new CatalogIndex(4);
        index.apply(specs.map((spec, i) => rowOf(toStored(spec, i + 1))));
        specs.forEach((spec, i) => known.set(i + 1, toStored(spec, i + 1)));
        let now = NOW.getTime();
        // Writes are stamped after every seeded instant, one second apart; a stale write carries an older stamp.
        let clock = Date.parse('2026-06-01T11:30:00.000Z');
        const written = (id: number, spec: Parameters<typeof toStored>[0], stale: boolean): StoredPlaque => {
          const previous = known.get(id);
          const updatedAt =
            stale && previous ? new Date(Date.parse(previous.updatedAt) - 1000).toISOString() : new Date((clock += 1000)).toISOString();
          const plaque = { ...toStored(spec, id), updatedAt };
          if (!previous || Date.parse(previous.updatedAt) < Date.parse(updatedAt)) known.set(id, plaque);
          return plaque;
        };
        for (const step of steps) {
          if (step.kind === 'write') index.apply([rowOf(written(step.id, step.spec, step.stale))]);
          if (step.kind === 'batch') index.apply(step.writes.map(([id, spec]) => rowOf(written(id, spec, false))));
          if (step.kind === 'advance') now += step.minutes * 60_000;
          if (step.kind === 'snapshot') {
            index = CatalogIndex.fromParts(
              decodeSnapshot(encodeSnapshot({ parts: index.exportParts(), lastKey: null, syncedAt: 0, writtenAt: 0, recordsHeld: 0 }))
                .parts,
            );
          }
          if (step.kind === 'query') {
            const expected = reference([...known.values()], step.params, new Date(now));
            const page = selectPage(index, listFeaturedInput.parse(step.params), now);
            expect(page.count).toBe(expected.count);
            expect(page.ids).toEqual(expected.ids);
            const all = reference([...known.values()], { ...step.params, skip: 0, limit: 10_000 }, new Date(now));
            expect(idsByCursor(index, step.params, step.pageSize, now)).toEqual(all.ids);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('answers like the reference when plaques come in id order, the order its id walks take by bitmap words', () => {
    const rewriteArb = fc.record({ at: fc.nat(), spec: plaqueArb });
    fc.assert(
      fc.property(
        fc.array(plaqueArb, { minLength: 33, maxLength: 140 }),
        fc.array(fc.record({ params: validParams, pageSize: fc.integer({ min: 1, max: 40 }), rewrite: fc.option(rewriteArb) }), {
          minLength: 1,
          maxLength: 6,
        }),
        (specs, queries) => {
          const index = new CatalogIndex(4);
          const known = new Map(specs.map((spec, i) => [i + 1, toStored(spec, i + 1)] as const));
          // In id order, in batches of up to 50: each new plaque takes the next slot.
          for (let i = 0; i < specs.length; i += 50) index.apply([...known.values()].slice(i, i + 50).map(rowOf));
          let clock = Date.parse('2026-06-01T11:30:00.000Z');
          for (const { params, pageSize, rewrite } of queries) {
            if (rewrite) {
              // A change to a plaque already there keeps the id order the slots' own.
              const id = 1 + (rewrite.at % specs.length);
              const plaque = { ...toStored(rewrite.spec, id), updatedAt: new Date((clock += 1000)).toISOString() };
              known.set(id, plaque);
              index.apply([rowOf(plaque)]);
            }
            expect(index.orders.id.isSlotOrder()).toBe(true);
            const expected = reference([...known.values()], params, NOW);
            const page = selectPage(index, listFeaturedInput.parse(params), NOW.getTime());
            expect(page.count).toBe(expected.count);
            expect(page.ids).toEqual(expected.ids);
            const all = reference([...known.values()], { ...params, skip: 0, limit: 10_000 }, NOW);
            expect(idsByCursor(index, params, pageSize, NOW.getTime())).toEqual(all.ids);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps a catalogue under 100 bytes a plaque once it holds a few thousand', () => {
    const index = new CatalogIndex();
    const rows: CatalogRow[] = [];
    for (let id = 1; id <= 9_999; id++) {
      rows.push(
        rowOf(
          toStored(
            {
              featured: id % 2 === 0,
              condition: CONDITIONS[0],
              marketplace: MARKETPLACES[0],
              status: 'AVAILABLE',
              lock: 'none',
              price: 10,
              updatedAt: NOW.toISOString(),
              saleAt: null,
              featuredAt: null,
              mintedAt: null,
              deleted: false,
              letters: 'ABC',
              legacy: false,
            },
            id,
          ),
        ),
      );
    }
    index.apply(rows);
    expect(index.bytes() / index.size).toBeLessThan(100);
  });
});

// The statistics computed from the listing's index in one pass equal the plainest computation over the same records,
// for random catalogues: statuses with lapsed and live holds, deleted and unfeatured plaques, sales inside and outside
// each window, prices that tie; and plaques whose currency the index does not know yet are named, not guessed.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CatalogIndex } from '#lib/plaques/catalog-index.ts';
import { catalogueStats } from '#lib/plaques/catalog-stats.ts';
import { aPlaque } from '../support/factories.ts';
import { statsModel } from './stats-model.ts';

const NOW = Date.parse('2026-11-28T12:00:00.000Z');
const DAY = 86_400_000;
/** Times around every window's edges, and far away. */
const offsetArb = fc.oneof(
  fc.constantFrom(0, 1, DAY, DAY - 1, DAY + 1, 7 * DAY, 7 * DAY - 1, 30 * DAY, 30 * DAY - 1, 30 * DAY + 1, -1, -DAY),
  fc.integer({ min: -DAY, max: 40 * DAY }),
);

const plaqueArb = fc.record({
  status: fc.constantFrom('AVAILABLE', 'LOCKED', 'SOLD', 'MINTED' as const),
  hold: fc.constantFrom('none', 'lapsed', 'live'),
  featured: fc.boolean(),
  deleted: fc.integer({ min: 0, max: 9 }).map((n) => n < 2),
  price: fc.oneof(
    fc.constantFrom(1, 5, 5.5, 100),
    fc.integer({ min: 0, max: 100_000 }).map((n) => n / 100),
  ),
  currency: fc.constantFrom('USD', 'EUR'),
  saleOffset: offsetArb,
});

/** Records of the rows, with ids from 1. */
function catalogueOf(rows: ValueOf<typeof plaqueArb>[]) {
  return rows.map((row, i) => {
    const sold = row.status === 'SOLD' || row.status === 'MINTED';
    return aPlaque({
      id: i + 1,
      status: row.status,
      lockExpiresAt:
        row.status !== 'LOCKED' || row.hold === 'none' ? null : new Date(NOW + (row.hold === 'lapsed' ? -1 : 60_000)).toISOString(),
      featured: row.featured,
      deletedAt: row.deleted ? '2026-11-01T00:00:00.000Z' : null,
      price: row.price,
      currency: row.currency,
      saleAt: sold ? new Date(NOW - row.saleOffset).toISOString() : null,
    });
  });
}

type ValueOf<A> = A extends fc.Arbitrary<infer T> ? T : never;

const catalogueArb = fc.array(plaqueArb, { minLength: 0, maxLength: 120 }).map(catalogueOf);

describe('catalogue statistics from the index', () => {
  // For every catalogue, the one-pass statistics equal the reference computed from the whole records.
  it('equal the reference for random catalogues', () => {
    fc.assert(
      fc.property(catalogueArb, (plaques) => {
        const index = new CatalogIndex();
        index.apply(plaques);
        const { stats, unknown } = catalogueStats(index, NOW);
        expect(unknown).toEqual([]);
        const model = statsModel(plaques, NOW);
        expect(stats.count).toEqual(model.count);
        expect(stats.floor).toEqual(model.floor);
        expect(stats.volume.map((v) => [v.currency, v.sales24h])).toEqual(model.volume.map((v) => [v.currency, v.sales24h]));
        stats.volume.forEach((v, i) => {
          for (const window of ['h24', 'd7', 'd30'] as const) expect(v[window]).toBeCloseTo(model.volume[i]![window], 6);
        });
      }),
      { numRuns: 300 },
    );
  });

  // Through any history of rewrites (sales moving saleAt, holds, price and currency changes, deletions), the figures
  // equal the reference over the records as they finally stand.
  it('equal the reference after random rewrites of the same plaques', () => {
    fc.assert(
      fc.property(catalogueArb, fc.array(fc.tuple(fc.nat(), plaqueArb), { maxLength: 60 }), (plaques, rewrites) => {
        fc.pre(plaques.length > 0);
        const index = new CatalogIndex();
        index.apply(plaques);
        const current = new Map(plaques.map((p) => [p.id, p]));
        rewrites.forEach(([pick, row], n) => {
          const id = (pick % plaques.length) + 1;
          const [rewritten] = catalogueOf([row]);
          const next = { ...rewritten!, id, name: current.get(id)!.name, updatedAt: new Date(NOW + n + 1).toISOString() };
          current.set(id, next);
          index.apply([next]);
        });
        const final = [...current.values()];
        const { stats } = catalogueStats(index, NOW);
        const model = statsModel(final, NOW);
        expect(stats.count).toEqual(model.count);
        expect(stats.floor).toEqual(model.floor);
        expect(stats.volume.map((v) => [v.currency, v.sales24h, v.h24, v.d7, v.d30])).toEqual(
          model.volume.map((v) => [v.currency, v.sales24h, ...[v.h24, v.d7, v.d30].map((x) => Math.round(x * 1e8) / 1e8)]),
        );
      }),
      { numRuns: 200 },
    );
  });

  // Rows of the `catalog` index carry no currency: the slots the figures need whose currency is unknown are named.
  it('names the plaques whose currency it needs and does not know, and counts them once told', () => {
    const plaques = [
      aPlaque({ id: 1, price: 7, currency: 'EUR' }),
      aPlaque({ id: 2, price: 3, featured: false }),
      aPlaque({ id: 3, status: 'SOLD', saleAt: new Date(NOW - 1000).toISOString(), price: 9 }),
    ];
    const index = new CatalogIndex();
    index.apply(plaques.map(({ currency: _currency, ...row }) => row as (typeof plaques)[number]));
    const first = catalogueStats(index, NOW);
    expect(first.unknown.map((slot) => index.ids[slot])).toEqual([1, 3]);
    expect(first.stats).toMatchObject({ floor: [], volume: [] });
    for (const p of plaques) index.learnCurrency(index.slotOf(p.id), p.currency);
    expect(catalogueStats(index, NOW)).toEqual({ stats: statsModel(plaques, NOW), unknown: [] });
  });
});

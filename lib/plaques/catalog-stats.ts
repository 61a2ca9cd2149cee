// The catalogue's statistics from the listing's in-memory index, in one pass over its slots: plaques per status, the
// floor (lowest price of an AVAILABLE featured plaque) per currency, and the volume sold per currency over 24 hours,
// 7 and 30 days. Pure: the projection (catalog-projection.ts) makes sure the currencies it needs are known.
import type { CatalogIndex } from '#lib/plaques/catalog-index.ts';
import { STATUSES } from '#lib/plaques/plaque.ts';
import type { plaqueStatsSchema } from '#lib/plaques/response-schemas.ts';
import type { Shape } from '#lib/schema.ts';

export type PlaqueStats = Shape<typeof plaqueStatsSchema>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Sums of prices are kept to 8 decimals (a price has at most 8), so adding in another order gives the same figure. */
const rounded = (sum: number): number => Math.round(sum * 1e8) / 1e8;

interface Volume {
  h24: number;
  d7: number;
  d30: number;
  sales24h: number;
}

/**
 * The statistics at `nowMs`, and the slots whose currency they need and the index does not know (left out of the floor
 * and the volume: the caller learns those currencies and asks again). A sale counts when its plaque is SOLD or MINTED now (a cancelled
 * order's plaque has no `saleAt`) and `saleAt` is within the window ending at `nowMs` (after its start, not after its
 * end), at the plaque's price. Deleted plaques count nowhere. Floor ties go to the lower id.
 */
export function catalogueStats(index: CatalogIndex, nowMs: number): { stats: PlaqueStats; unknown: number[] } {
  const count = Object.fromEntries(STATUSES.map((status) => [status, 0])) as PlaqueStats['count'] & Record<string, number>;
  const floor = new Map<string, { price: number; plaqueId: number }>();
  const volume = new Map<string, Volume>();
  const unknown: number[] = [];
  const saleAt = (slot: number) => index.time('saleAt', slot);
  for (let slot = 0; slot < index.size; slot++) {
    if (!index.isListed(slot)) continue;
    const status = index.statusOf(slot, nowMs);
    // Only the interface's statuses are counted (a record of an earlier version's is converted by `ops migrate`).
    if (status in count) count[status]!++;
    const forFloor = status === 'AVAILABLE' && index.isFeatured(slot);
    const sold = (status === 'SOLD' || status === 'MINTED') && saleAt(slot) > nowMs - 30 * DAY && saleAt(slot) <= nowMs;
    if (!forFloor && !sold) continue;
    const currency = index.currencyOf(slot);
    if (currency === null) {
      unknown.push(slot);
      continue;
    }
    const price = index.price[slot]!;
    const id = index.ids[slot]!;
    if (forFloor) {
      const low = floor.get(currency);
      if (!low || price < low.price || (price === low.price && id < low.plaqueId)) floor.set(currency, { price, plaqueId: id });
    }
    if (sold) {
      let sums = volume.get(currency);
      if (!sums) volume.set(currency, (sums = { h24: 0, d7: 0, d30: 0, sales24h: 0 }));
      const age = nowMs - saleAt(slot);
      sums.d30 += price;
      if (age < 7 * DAY) sums.d7 += price;
      if (age < DAY) {
        sums.h24 += price;
        sums.sales24h++;
      }
    }
  }
  const byCurrency = <T>(map: Map<string, T>) => [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    stats: {
      count,
      floor: byCurrency(floor).map(([currency, low]) => ({ currency, ...low })),
      volume: byCurrency(volume).map(([currency, v]) => ({
        currency,
        h24: rounded(v.h24),
        d7: rounded(v.d7),
        d30: rounded(v.d30),
        sales24h: v.sales24h,
      })),
    },
    unknown,
  };
}

// The catalogue's statistics from the listing's in-memory index: plaques per status (a popcount of each status's
// bitmap), the floor per currency (lowest price of an AVAILABLE featured plaque: the set bits of that bitmap) and the
// volume sold per currency over 24 hours, 7 and 30 days (the `saleAt` order walked back 30 days, and no further). Pure: the projection (catalog-projection.ts) makes sure the currencies it needs are known.
import { popcount } from '#lib/plaques/catalog-bitmap.ts';
import type { CatalogIndex } from '#lib/plaques/catalog-index.ts';
import { STATUSES } from '#lib/plaques/plaque.ts';
import type { plaqueStatsSchema } from '#lib/plaques/response-schemas.ts';
import type { Shape } from '#lib/schema.ts';

export type PlaqueStats = Shape<typeof plaqueStatsSchema>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * A sum of prices, compensated (Neumaier) so that thousands of prices add up to the figure's last cent whatever their
 * order, then given to 8 decimals (a price has at most 8).
 */
class PriceSum {
  private sum = 0;
  private lost = 0;
  add(price: number): void {
    const next = this.sum + price;
    this.lost += Math.abs(this.sum) >= Math.abs(price) ? this.sum - next + price : price - next + this.sum;
    this.sum = next;
  }
  get value(): number {
    return Math.round((this.sum + this.lost) * 1e8) / 1e8;
  }
}

interface Volume {
  h24: PriceSum;
  d7: PriceSum;
  d30: PriceSum;
  sales24h: number;
}

/**
 * The statistics at `nowMs`, and the slots whose currency they need and the index does not know (left out of the floor
 * and the volume: the caller learns those currencies and asks again). A sale counts when its plaque is SOLD or MINTED now (a cancelled
 * order's plaque has no `saleAt`) and `saleAt` is within the window ending at `nowMs` (after its start, not after its
 * end), at the plaque's price. Deleted plaques count nowhere. Floor ties go to the lower id.
 */
export function catalogueStats(index: CatalogIndex, nowMs: number): { stats: PlaqueStats; unknown: number[] } {
  // Counts: one popcount of each status's bitmap (an expired hold's slot is in AVAILABLE's).
  const count = Object.fromEntries(
    STATUSES.map((status) => [status, popcount(index.listedWithStatus(status, nowMs))]),
  ) as PlaqueStats['count'];
  const floor = new Map<string, { price: number; plaqueId: number }>();
  const volume = new Map<string, Volume>();
  const unknown: number[] = [];
  // Floor: the set bits of AVAILABLE, featured and listed.
  const offered = index.listedWithStatus('AVAILABLE', nowMs, true);
  for (let word = 0; word < offered.length; word++) {
    for (let bits = offered[word]!; bits !== 0; bits &= bits - 1) {
      const slot = (word << 5) | (31 - Math.clz32(bits & -bits));
      const currency = index.currencyOf(slot);
      if (currency === null) {
        unknown.push(slot);
        continue;
      }
      const price = index.price[slot]!;
      const id = index.ids[slot]!;
      const low = floor.get(currency);
      if (!low || price < low.price || (price === low.price && id < low.plaqueId)) floor.set(currency, { price, plaqueId: id });
    }
  }
  // Volume: the `saleAt` order from the newest sale back to 30 days ago, and no further.
  index.orders.saleAt.walk(true, null, (slot) => {
    const at = index.time('saleAt', slot);
    if (Number.isNaN(at) || at <= nowMs - 30 * DAY) return false;
    if (at > nowMs || !index.isListed(slot)) return true;
    const status = index.statusOf(slot, nowMs);
    if (status !== 'SOLD' && status !== 'MINTED') return true;
    const currency = index.currencyOf(slot);
    if (currency === null) {
      unknown.push(slot);
      return true;
    }
    const price = index.price[slot]!;
    let sums = volume.get(currency);
    if (!sums) volume.set(currency, (sums = { h24: new PriceSum(), d7: new PriceSum(), d30: new PriceSum(), sales24h: 0 }));
    const age = nowMs - at;
    sums.d30.add(price);
    if (age < 7 * DAY) sums.d7.add(price);
    if (age < DAY) {
      sums.h24.add(price);
      sums.sales24h++;
    }
    return true;
  });
  const byCurrency = <T>(map: Map<string, T>) => [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    stats: {
      count,
      floor: byCurrency(floor).map(([currency, low]) => ({ currency, ...low })),
      volume: byCurrency(volume).map(([currency, v]) => ({
        currency,
        h24: v.h24.value,
        d7: v.d7.value,
        d30: v.d30.value,
        sales24h: v.sales24h,
      })),
    },
    unknown,
  };
}

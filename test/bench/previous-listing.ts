// The listing's previous in-memory design, kept for the scale bench to measure against: one object per plaque in a
// Map, a sorted copy of the listable entries per order (cached, dropped after every change), filters by predicate.
import type { CatalogRow } from '#lib/db/catalog-repo.ts';
import { FILTER_BY_FIELDS, ORDER_FIELDS, type ListFeaturedInput } from '#lib/plaques/list-featured-input.ts';
import { marketplaceOf } from '#lib/plaques/plaque.ts';

interface Entry {
  id: number;
  nameLower: string;
  featured: boolean;
  condition: string;
  marketplace: string;
  status: string;
  lockExpiresMs: number | null;
  price: number;
  deleted: boolean;
  updatedAtIso: string;
  updatedAt: number;
  saleAt: number | null;
  featuredAt: number | null;
  mintedAt: number | null;
}

const ms = (iso: string | null): number | null => (iso === null ? null : Date.parse(iso));
type Value = number | string | null;

const toEntry = (row: CatalogRow): Entry => ({
  id: row.id,
  nameLower: row.name.toLowerCase(),
  featured: row.featured === true,
  condition: row.condition,
  marketplace: row.marketplace,
  status: row.status,
  lockExpiresMs: ms(row.lockExpiresAt),
  price: row.price,
  deleted: row.deletedAt !== null,
  updatedAtIso: row.updatedAt,
  updatedAt: Date.parse(row.updatedAt),
  saleAt: ms(row.saleAt),
  featuredAt: ms(row.featuredAt),
  mintedAt: ms(row.mintedAt),
});

const statusAt = (e: Entry, nowMs: number) =>
  e.status === 'LOCKED' && e.lockExpiresMs !== null && e.lockExpiresMs <= nowMs ? 'AVAILABLE' : e.status;

function compare(a: Value, aId: number, b: Value, bId: number, descending: boolean): number {
  if (a !== b) {
    if (a === null) return 1;
    if (b === null) return -1;
    const byValue = a < b ? -1 : 1;
    return descending ? -byValue : byValue;
  }
  return descending ? bId - aId : aId - bId;
}

export class PreviousProjection {
  readonly entries = new Map<number, Entry>();
  private readonly sorted = new Map<string, Entry[]>();

  /** Applies rows; any change drops every cached order, as the previous design did. */
  apply(rows: readonly CatalogRow[]): void {
    let changed = false;
    for (const row of rows) {
      const known = this.entries.get(row.id);
      if (known && known.updatedAtIso >= row.updatedAt) continue;
      this.entries.set(row.id, toEntry(row));
      changed = true;
    }
    if (changed) this.sorted.clear();
  }

  /** Count and page ids, as the previous design evaluated them (sorted lists cached per order until a change). */
  evaluate(input: ListFeaturedInput, nowMs: number): { count: number; ids: number[] } {
    const field = ORDER_FIELDS[input.orderBy];
    const f = input.filters ?? {};
    const featured = f.featured ?? true;
    const key = `${field}:${input.sort}:${featured}`;
    let ordered = this.sorted.get(key);
    if (!ordered) {
      const descending = input.sort === 'DESC';
      const value = (e: Entry): Value => (field === 'status' ? statusAt(e, nowMs) : e[field]);
      const listable = [...this.entries.values()].filter((e) => !e.deleted && e.featured === featured);
      const values = new Map(listable.map((e) => [e.id, value(e)]));
      ordered = listable.sort((a, b) => compare(values.get(a.id)!, a.id, values.get(b.id)!, b.id, descending));
      this.sorted.set(key, ordered);
    }
    const dateField = FILTER_BY_FIELDS[input.filterBy];
    const from = f.from === undefined ? null : Date.parse(f.from);
    const to = f.to === undefined ? null : Date.parse(f.to);
    const search = input.search ? input.search.toLowerCase() : null;
    // The filter names a marketplace as SERVICE/OPENSEA; the record stores service/opensea.
    const marketplaces = f.marketplace?.map(marketplaceOf);
    const matching = ordered.filter((e) => {
      if (f.condition && !f.condition.includes(e.condition as never)) return false;
      if (marketplaces && !marketplaces.includes(e.marketplace as never)) return false;
      if (f.status && !f.status.includes(statusAt(e, nowMs) as never)) return false;
      if (f.priceMin !== undefined && !(e.price >= f.priceMin)) return false;
      if (f.priceMax !== undefined && !(e.price <= f.priceMax)) return false;
      if (from !== null || to !== null) {
        const at = e[dateField];
        if (at === null || (from !== null && at < from) || (to !== null && at > to)) return false;
      }
      return search === null || e.nameLower.includes(search);
    });
    return { count: matching.length, ids: matching.slice(input.skip, input.skip + input.limit).map((e) => e.id) };
  }
}

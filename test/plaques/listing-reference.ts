// The listing's rules written out plainly (filter, sort, slice over whole records), independent of the service's
// implementation: the reference the listing's property tests compare against.
import fc from 'fast-check';
import { CONDITIONS, MARKETPLACE_FILTERS, MARKETPLACES, STATUSES, type StoredPlaque } from '#lib/plaques/plaque.ts';
import { aPlaque } from '../support/factories.ts';

/** Listing parameters as a client sends them (before validation fills in defaults). */
export interface ListingParams {
  filters?: {
    condition?: string | string[];
    marketplace?: string | string[];
    status?: string | string[];
    featured?: boolean;
    from?: string;
    to?: string;
    priceMin?: number;
    priceMax?: number;
  };
  filterBy?: string;
  search?: string;
  orderBy?: string;
  sort?: string;
  limit?: number;
  skip?: number;
}

const ORDER: Record<string, keyof StoredPlaque> = {
  'p.id': 'id',
  'p.updated_at': 'updatedAt',
  'p.updatedAt': 'updatedAt',
  'p.status': 'status',
  'p.sale_at': 'saleAt',
  'p.featured_at': 'featuredAt',
  'p.minted_at': 'mintedAt',
};
const FILTER_BY: Record<string, keyof StoredPlaque> = {
  'p.updated_at': 'updatedAt',
  'p.sale_at': 'saleAt',
  'p.featured_at': 'featuredAt',
  'p.minted_at': 'mintedAt',
};

/** The listing's rules written out plainly, independent of the service's implementation. */
export function reference(catalogue: StoredPlaque[], params: ListingParams, now: Date): { count: number; ids: number[] } {
  const f = params.filters ?? {};
  const list = (v: string | string[] | undefined) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]);
  const status = (p: StoredPlaque) =>
    p.status === 'LOCKED' && p.lockExpiresAt !== null && Date.parse(p.lockExpiresAt) <= now.getTime() ? 'AVAILABLE' : p.status;
  const dateField = FILTER_BY[params.filterBy ?? 'p.featured_at']!;
  const search = params.search ? params.search.toLowerCase() : undefined;
  const matching = catalogue.filter((p) => {
    if (p.deletedAt !== null) return false;
    if (p.featured !== (f.featured ?? true)) return false;
    if (list(f.condition) && !list(f.condition)!.includes(p.condition)) return false;
    // Filter values name the marketplace in capitals (SERVICE), records in lower case (service).
    if (list(f.marketplace) && !list(f.marketplace)!.includes(p.marketplace.toUpperCase())) return false;
    if (list(f.status) && !list(f.status)!.includes(status(p))) return false;
    if (f.priceMin !== undefined && p.price < f.priceMin) return false;
    if (f.priceMax !== undefined && p.price > f.priceMax) return false;
    const at = p[dateField] as string | null;
    if (f.from !== undefined && (at === null || Date.parse(at) < Date.parse(f.from))) return false;
    if (f.to !== undefined && (at === null || Date.parse(at) > Date.parse(f.to))) return false;
    if (search !== undefined && !p.name.toLowerCase().includes(search)) return false;
    return true;
  });
  const field = ORDER[params.orderBy ?? 'p.featured_at']!;
  const desc = (params.sort ?? 'DESC').toUpperCase() === 'DESC';
  const value = (p: StoredPlaque) => (field === 'status' ? status(p) : p[field]);
  matching.sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va !== vb) {
      if (va === null) return 1;
      if (vb === null) return -1;
      return (va! < vb! ? -1 : 1) * (desc ? -1 : 1);
    }
    return (a.id - b.id) * (desc ? -1 : 1);
  });
  const skip = params.skip ?? 0;
  return { count: matching.length, ids: matching.slice(skip, skip + (params.limit ?? 20)).map((p) => p.id) };
}

// ---- Random catalogues and parameters: few distinct values, so ties, nulls and equal timestamps are common ----

export const NOW = new Date('2026-06-01T12:00:00.000Z');
const INSTANTS = [
  '2026-01-01T00:00:00.000Z',
  '2026-02-01T00:00:00.000Z',
  '2026-03-01T00:00:00.000Z',
  '2026-05-31T12:00:00.000Z',
  '2026-06-01T11:00:00.000Z',
];

// Few distinct values, so ties, nulls and equal timestamps are common.
const instant = fc.constantFrom(...INSTANTS);
const maybeInstant = fc.option(instant, { nil: null });
export const plaqueArb = fc.record({
  featured: fc.boolean(),
  condition: fc.constantFrom(...CONDITIONS),
  marketplace: fc.constantFrom(...MARKETPLACES),
  status: fc.constantFrom(...STATUSES),
  lock: fc.constantFrom('none', 'operator', 'live', 'expired'),
  price: fc.constantFrom(5, 10, 99.5, 100, 2500),
  updatedAt: instant,
  saleAt: maybeInstant,
  featuredAt: maybeInstant,
  mintedAt: maybeInstant,
  deleted: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  letters: fc.constantFrom('ABC', 'ABD', 'XYZ', 'QAB'),
  /** Stored with the values of an earlier version, as a table not migrated yet holds them (see `asStored`). */
  legacy: fc.boolean(),
});
export const catalogueArb = fc.array(plaqueArb, { minLength: 0, maxLength: 60 });

export type ValueOf<A> = A extends fc.Arbitrary<infer T> ? T : never;

export function toStored(spec: ValueOf<typeof plaqueArb>, id: number): StoredPlaque {
  const locked = spec.status === 'LOCKED';
  const lockExpiresAt =
    !locked || spec.lock === 'operator' || spec.lock === 'none'
      ? null
      : spec.lock === 'live'
        ? '2026-06-01T12:10:00.000Z'
        : '2026-06-01T11:50:00.000Z';
  return aPlaque({
    id,
    alphabetPart: spec.letters,
    numberPart: String(id).padStart(4, '0'),
    featured: spec.featured,
    condition: spec.condition,
    marketplace: spec.marketplace,
    status: spec.status,
    lockExpiresAt,
    price: spec.price,
    updatedAt: spec.updatedAt,
    saleAt: spec.saleAt,
    featuredAt: spec.featuredAt,
    mintedAt: spec.mintedAt,
    deletedAt: spec.deleted ? spec.updatedAt : null,
  });
}

/** The record as an earlier version stored it: retired spellings of the same condition and marketplace, nulls. */
function asWrittenBefore(plaque: StoredPlaque): StoredPlaque {
  const condition = plaque.condition === 'USED' ? (plaque.id % 2 === 0 ? 'GOOD' : 'WORN') : plaque.condition;
  const marketplace = plaque.marketplace === 'service' ? 'PRIMARY' : 'SECONDARY';
  return { ...plaque, condition, marketplace, standard: 'ERC1155', description: null, image: null } as unknown as StoredPlaque;
}

/** What a table not migrated yet holds for a catalogue: the records of `legacy` specs in the old shape. */
export const asStored = (specs: readonly ValueOf<typeof plaqueArb>[], catalogue: StoredPlaque[]): StoredPlaque[] =>
  catalogue.map((plaque, i) => (specs[i]!.legacy ? asWrittenBefore(plaque) : plaque));

const filtersArb = fc.record(
  {
    condition: fc.oneof(fc.constantFrom(...CONDITIONS), fc.subarray([...CONDITIONS], { minLength: 1 })),
    marketplace: fc.oneof(fc.constantFrom(...MARKETPLACE_FILTERS), fc.subarray([...MARKETPLACE_FILTERS], { minLength: 1 })),
    status: fc.oneof(fc.constantFrom(...STATUSES), fc.subarray([...STATUSES], { minLength: 1 })),
    featured: fc.boolean(),
    from: instant,
    to: fc.constantFrom('2026-12-31T00:00:00.000Z', ...INSTANTS.slice(2)),
    priceMin: fc.constantFrom(0, 10, 99.5),
    priceMax: fc.constantFrom(100, 2500, 10_000),
  },
  { requiredKeys: [] },
);

export const paramsArb = fc.record(
  {
    filters: filtersArb,
    filterBy: fc.constantFrom('p.updated_at', 'p.sale_at', 'p.featured_at', 'p.minted_at'),
    search: fc.constantFrom('ab', 'AB', 'abc-00', 'xyz', '-001', 'q', ''),
    orderBy: fc.constantFrom('p.id', 'p.updated_at', 'p.updatedAt', 'p.status', 'p.sale_at', 'p.featured_at', 'p.minted_at'),
    sort: fc.constantFrom('ASC', 'DESC', 'asc', 'Desc'),
    limit: fc.integer({ min: 1, max: 100 }),
    skip: fc.integer({ min: 0, max: 70 }),
  },
  { requiredKeys: [] },
);
export const invalidRange = (p: ListingParams) =>
  (p.filters?.from !== undefined && p.filters?.to !== undefined && Date.parse(p.filters.from) > Date.parse(p.filters.to)) ||
  (p.filters?.priceMin !== undefined && p.filters?.priceMax !== undefined && p.filters.priceMin > p.filters.priceMax);

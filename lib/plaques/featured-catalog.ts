// The featured listing: an in-memory projection of the catalogue, refreshed incrementally, evaluated in memory,
// with only the page's records read by key. See README "Featured listing design" for the reasoning.
import { createHash } from 'node:crypto';
import { validationFailed } from '#lib/errors.ts';
import { plaqueRepo, type CatalogRow, type PlaqueRepo } from '#lib/db/plaque-repo.ts';
import { catalogSortKey } from '#lib/db/keys.ts';
import { effectiveStatus, presentPlaque, type Plaque, type PlaqueStatus, type StoredPlaque } from '#lib/plaques/plaque.ts';
import { FILTER_BY_FIELDS, ORDER_FIELDS, type ListFeaturedInput } from '#lib/plaques/list-featured-input.ts';
import type { AppContext } from '#lib/runtime/context.ts';

export interface FeaturedPage {
  count: number;
  plaques: Plaque[];
  nextCursor: string | null;
}

/** A catalogue row prepared for fast evaluation: timestamps as epoch ms, the name lower-cased. */
export interface CatalogEntry {
  id: number;
  nameLower: string;
  featured: boolean;
  condition: string;
  marketplace: string;
  status: PlaqueStatus;
  lockExpiresAt: string | null;
  price: number;
  deleted: boolean;
  /** ISO text as stored: the version the item cache is keyed on. */
  updatedAtIso: string;
  updatedAt: number;
  saleAt: number | null;
  featuredAt: number | null;
  mintedAt: number | null;
}

type OrderField = (typeof ORDER_FIELDS)[keyof typeof ORDER_FIELDS];
type DateField = (typeof FILTER_BY_FIELDS)[keyof typeof FILTER_BY_FIELDS];

const ms = (iso: string | null): number | null => (iso === null ? null : Date.parse(iso));

export function toEntry(row: CatalogRow): CatalogEntry {
  return {
    id: row.id,
    nameLower: row.name.toLowerCase(),
    featured: row.featured === true,
    condition: row.condition,
    marketplace: row.marketplace,
    status: row.status,
    lockExpiresAt: row.lockExpiresAt,
    price: row.price,
    deleted: row.deletedAt !== null,
    updatedAtIso: row.updatedAt,
    updatedAt: Date.parse(row.updatedAt),
    saleAt: ms(row.saleAt),
    featuredAt: ms(row.featuredAt),
    mintedAt: ms(row.mintedAt),
  };
}

// ---- Pure evaluation: filters, order, pages (also the reference the property tests compare against) ----

/** The criteria a listing applies, resolved from the input. */
export interface Criteria {
  featured: boolean;
  conditions: Set<string> | null;
  marketplaces: Set<string> | null;
  statuses: Set<string> | null;
  dateField: DateField;
  from: number | null;
  to: number | null;
  priceMin: number | null;
  priceMax: number | null;
  search: string | null;
}

export function criteriaOf(input: ListFeaturedInput): Criteria {
  const f = input.filters ?? {};
  return {
    featured: f.featured ?? true,
    conditions: f.condition ? new Set(f.condition) : null,
    marketplaces: f.marketplace ? new Set(f.marketplace) : null,
    statuses: f.status ? new Set(f.status) : null,
    dateField: FILTER_BY_FIELDS[input.filterBy],
    from: f.from === undefined ? null : Date.parse(f.from),
    to: f.to === undefined ? null : Date.parse(f.to),
    priceMin: f.priceMin ?? null,
    priceMax: f.priceMax ?? null,
    search: input.search ? input.search.toLowerCase() : null,
  };
}

export function matches(entry: CatalogEntry, c: Criteria, now: Date): boolean {
  if (entry.deleted || entry.featured !== c.featured) return false;
  if (c.conditions && !c.conditions.has(entry.condition)) return false;
  if (c.marketplaces && !c.marketplaces.has(entry.marketplace)) return false;
  if (c.statuses && !c.statuses.has(effectiveStatus(entry, now))) return false;
  if (c.priceMin !== null && !(entry.price >= c.priceMin)) return false;
  if (c.priceMax !== null && !(entry.price <= c.priceMax)) return false;
  if (c.from !== null || c.to !== null) {
    const at = entry[c.dateField];
    if (at === null) return false;
    if (c.from !== null && at < c.from) return false;
    if (c.to !== null && at > c.to) return false;
  }
  if (c.search !== null && !entry.nameLower.includes(c.search)) return false;
  return true;
}

export type SortValue = number | string | null;

export function sortValue(entry: CatalogEntry, field: OrderField, now: Date): SortValue {
  return field === 'status' ? effectiveStatus(entry, now) : entry[field];
}

/** Total order: the field's value (nulls last in both directions), then id, both in the requested direction. */
export function compareKeys(a: SortValue, aId: number, b: SortValue, bId: number, descending: boolean): number {
  if (a !== b) {
    if (a === null) return 1;
    if (b === null) return -1;
    const byValue = a < b ? -1 : 1;
    return descending ? -byValue : byValue;
  }
  return descending ? bId - aId : aId - bId;
}

interface CursorPayload {
  /** Format version. */
  v: 1;
  /** Order the cursor was issued for, and a digest of the criteria, so it is not replayed against another query. */
  o: string;
  q: string;
  /** Sort value and id of the last item of the page. */
  k: SortValue;
  i: number;
}

function queryDigest(input: ListFeaturedInput): string {
  const { filters, filterBy, search } = input;
  return createHash('sha256')
    .update(JSON.stringify([filters ?? null, filterBy, search ?? null]))
    .digest('base64url')
    .slice(0, 16);
}

export function encodeCursor(payload: Omit<CursorPayload, 'v'>): string {
  return Buffer.from(JSON.stringify({ v: 1, ...payload })).toString('base64url');
}

export function decodeCursor(cursor: string, input: ListFeaturedInput): CursorPayload {
  const invalid = (message: string) => validationFailed([{ path: 'cursor', message }]);
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid('is not a cursor this service issued');
  }
  const p = payload as Partial<CursorPayload> | null;
  if (
    !p ||
    p.v !== 1 ||
    typeof p.o !== 'string' ||
    typeof p.q !== 'string' ||
    typeof p.i !== 'number' ||
    !(p.k === null || typeof p.k === 'number' || typeof p.k === 'string')
  ) {
    throw invalid('is not a cursor this service issued');
  }
  if (p.o !== `${ORDER_FIELDS[input.orderBy]}:${input.sort}` || p.q !== queryDigest(input)) {
    throw invalid('belongs to another query: keep filters, filterBy, search, orderBy and sort unchanged while paging');
  }
  return p as CursorPayload;
}

export interface PageSelection {
  count: number;
  ids: number[];
  nextCursor: string | null;
}

/**
 * Filters, orders and slices entries. `ordered` may be pre-sorted for the requested order (the projection caches
 * sorts); pass `false` for `presorted` to sort here.
 */
export function selectPage(entries: CatalogEntry[], input: ListFeaturedInput, now: Date, presorted = false): PageSelection {
  const criteria = criteriaOf(input);
  const field = ORDER_FIELDS[input.orderBy];
  const descending = input.sort === 'DESC';
  let matching = entries.filter((e) => matches(e, criteria, now));
  if (!presorted) {
    matching = matching.sort((a, b) => compareKeys(sortValue(a, field, now), a.id, sortValue(b, field, now), b.id, descending));
  }
  let start = input.skip;
  if (input.cursor !== undefined) {
    const cursor = decodeCursor(input.cursor, input);
    start = firstAfter(matching, (e) => compareKeys(sortValue(e, field, now), e.id, cursor.k, cursor.i, descending) > 0);
  }
  const page = matching.slice(start, start + input.limit);
  const last = page[page.length - 1];
  const nextCursor =
    last !== undefined && start + page.length < matching.length
      ? encodeCursor({ o: `${field}:${input.sort}`, q: queryDigest(input), k: sortValue(last, field, now), i: last.id })
      : null;
  return { count: matching.length, ids: page.map((e) => e.id), nextCursor };
}

/** Index of the first element satisfying a predicate that is false then true along the array (binary search). */
function firstAfter<T>(items: T[], after: (item: T) => boolean): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (after(items[mid]!)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

// ---- The projection kept in memory across invocations ----

/**
 * How late a write may become visible in the catalogue index after the time it stamps as `updatedAt` (writer clock
 * skew plus index propagation). Each sync re-reads that window before the previous sync, so late writes are not lost.
 */
const VISIBILITY_LAG_MS = 5_000;
/** Full records kept for page reads, keyed by id and version. */
const ITEM_CACHE_SIZE = 5_000;

export class CatalogProjection {
  private readonly entries = new Map<number, CatalogEntry>();
  private readonly sorted = new Map<string, CatalogEntry[]>();
  private readonly items = new Map<number, StoredPlaque>();
  /** Index position (`updatedAt#id`) of the newest row seen. */
  private lastKey: string | null = null;
  private syncedAt = -Infinity;
  private syncing: Promise<void> | null = null;

  constructor(
    private readonly repo: PlaqueRepo,
    private readonly stalenessMs: number,
  ) {}

  /** Brings the projection up to date unless it was synced within the staleness bound. */
  async refresh(nowMs: number = Date.now()): Promise<void> {
    if (nowMs - this.syncedAt < this.stalenessMs) return;
    this.syncing ??= this.sync(nowMs).finally(() => (this.syncing = null));
    await this.syncing;
  }

  /** Reads what changed after the newest row seen, or after the lag window before the last sync if that is earlier. */
  private async sync(startedAt: number): Promise<void> {
    let after = this.lastKey;
    if (after !== null && Number.isFinite(this.syncedAt)) {
      const lagKey = catalogSortKey(new Date(this.syncedAt - VISIBILITY_LAG_MS).toISOString(), 0);
      if (lagKey < after) after = lagKey;
    }
    const rows = await this.repo.catalogChanges(after);
    let changed = false;
    for (const row of rows) {
      const key = catalogSortKey(row.updatedAt, row.id);
      if (this.lastKey === null || key > this.lastKey) this.lastKey = key;
      const known = this.entries.get(row.id);
      if (known && known.updatedAtIso >= row.updatedAt) continue;
      this.entries.set(row.id, toEntry(row));
      changed = true;
    }
    if (changed) this.sorted.clear();
    this.syncedAt = startedAt;
  }

  /** All entries in the requested order; cached per order except status, which moves as holds lapse. */
  ordered(input: ListFeaturedInput, now: Date): { entries: CatalogEntry[]; presorted: boolean } {
    const field = ORDER_FIELDS[input.orderBy];
    if (field === 'status') return { entries: [...this.entries.values()], presorted: false };
    const key = `${field}:${input.sort}`;
    let list = this.sorted.get(key);
    if (!list) {
      const descending = input.sort === 'DESC';
      list = [...this.entries.values()].sort((a, b) =>
        compareKeys(sortValue(a, field, now), a.id, sortValue(b, field, now), b.id, descending),
      );
      this.sorted.set(key, list);
    }
    return { entries: list, presorted: true };
  }

  /** Full records for the page, from the cache when the cached version is the projection's, else by key. */
  async records(ids: number[]): Promise<StoredPlaque[]> {
    const missing = ids.filter((id) => this.items.get(id)?.updatedAt !== this.entries.get(id)?.updatedAtIso);
    if (missing.length > 0) {
      const fetched = await this.repo.getMany(missing);
      for (const [id, record] of fetched) {
        this.items.delete(id);
        this.items.set(id, record);
      }
      while (this.items.size > ITEM_CACHE_SIZE) this.items.delete(this.items.keys().next().value!);
    }
    return ids.map((id) => this.items.get(id)).filter((r): r is StoredPlaque => r !== undefined);
  }
}

const projections = new WeakMap<object, Map<string, CatalogProjection>>();

function projectionFor(ctx: AppContext): CatalogProjection {
  let byTable = projections.get(ctx.db);
  if (!byTable) projections.set(ctx.db, (byTable = new Map()));
  let projection = byTable.get(ctx.tableName);
  if (!projection) {
    projection = new CatalogProjection(plaqueRepo(ctx.db, ctx.tableName), ctx.catalogStalenessMs);
    byTable.set(ctx.tableName, projection);
  }
  return projection;
}

export const featuredCatalog = (ctx: AppContext) => ({
  async list(input: ListFeaturedInput): Promise<FeaturedPage> {
    const now = ctx.now();
    const projection = projectionFor(ctx);
    await projection.refresh();
    const { entries, presorted } = projection.ordered(input, now);
    const selection = selectPage(entries, input, now, presorted);
    const records = await projection.records(selection.ids);
    return { count: selection.count, plaques: records.map((r) => presentPlaque(r, now)), nextCursor: selection.nextCursor };
  },
});

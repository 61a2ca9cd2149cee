// The featured listing: an in-memory projection of the catalogue, refreshed incrementally, evaluated in memory,
// with only the page's records read by key. See README "Featured listing design" for the reasoning.
import { createHash } from 'node:crypto';
import { listingConfig } from '#lib/config.ts';
import { validationFailed } from '#lib/errors.ts';
import { plaqueRepo, type CatalogRow, type PlaqueRepo } from '#lib/db/plaque-repo.ts';
import { catalogSortKey } from '#lib/db/keys.ts';
import { presentPlaque, type Plaque, type PlaqueStatus, type StoredPlaque } from '#lib/plaques/plaque.ts';
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
  /** Epoch ms a partner's hold lapses; null for an operator's lock or no lock. */
  lockExpiresMs: number | null;
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
    lockExpiresMs: ms(row.lockExpiresAt),
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

/** The entry's status at `nowMs`: a lapsed hold counts as AVAILABLE (see effectiveStatus). */
export function entryStatus(entry: CatalogEntry, nowMs: number): PlaqueStatus {
  return entry.status === 'LOCKED' && entry.lockExpiresMs !== null && entry.lockExpiresMs <= nowMs ? 'AVAILABLE' : entry.status;
}

export function matches(entry: CatalogEntry, c: Criteria, now: Date): boolean {
  if (entry.deleted || entry.featured !== c.featured) return false;
  if (c.conditions && !c.conditions.has(entry.condition)) return false;
  if (c.marketplaces && !c.marketplaces.has(entry.marketplace)) return false;
  if (c.statuses && !c.statuses.has(entryStatus(entry, now.getTime()))) return false;
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
  return field === 'status' ? entryStatus(entry, now.getTime()) : entry[field];
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

/** Slices one page out of the matching entries (already in the requested order), from `skip` or after the cursor. */
export function selectPage(matching: CatalogEntry[], input: ListFeaturedInput, now: Date): PageSelection {
  const field = ORDER_FIELDS[input.orderBy];
  const descending = input.sort === 'DESC';
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
/** Share of the staleness bound after which a sync starts without holding up the request. */
const BACKGROUND_SYNC_AT = 0.8;
/** Filtered result lists kept for repeated queries. */
const RESULT_CACHE_SIZE = 256;

interface CachedList {
  entries: CatalogEntry[];
  /** Epoch ms after which the list may be wrong: when the next hold lapses, for lists that depend on status. */
  validUntil: number;
}

export class CatalogProjection {
  private readonly entries = new Map<number, CatalogEntry>();
  /** Listable entries per order and `featured` value. */
  private readonly sorted = new Map<string, CachedList & { nextLapse: number }>();
  /** Matching entries per order and criteria (least recently used first). */
  private readonly results = new Map<string, CachedList>();
  private readonly items = new Map<number, StoredPlaque>();
  /** Index position (`updatedAt#id`) of the newest row seen. */
  private lastKey: string | null = null;
  private syncedAt = -Infinity;
  private syncing: Promise<void> | null = null;

  constructor(
    private readonly repo: PlaqueRepo,
    private readonly stalenessMs: number,
  ) {}

  /**
   * Keeps the projection within the staleness bound. Past 80% of the bound a sync starts in the background and the
   * request is served at once; only a request that finds the projection older than the bound waits for it. Under
   * steady traffic, no request waits for DynamoDB.
   */
  async refresh(nowMs: number = Date.now()): Promise<void> {
    const age = nowMs - this.syncedAt;
    if (age < this.stalenessMs * BACKGROUND_SYNC_AT) return;
    this.syncing ??= this.sync(nowMs).finally(() => (this.syncing = null));
    if (age >= this.stalenessMs) await this.syncing;
    else this.syncing.catch(() => undefined);
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
    if (changed) {
      this.sorted.clear();
      this.results.clear();
    }
    this.syncedAt = startedAt;
  }

  /**
   * The listable entries of one `featured` value in the requested order, cached per order. Orders by status stay
   * valid only until the next hold lapses (a lapsed hold sorts as AVAILABLE).
   */
  private ordered(input: ListFeaturedInput, now: Date): CachedList & { nextLapse: number } {
    const field = ORDER_FIELDS[input.orderBy];
    const featured = input.filters?.featured ?? true;
    const key = `${field}:${input.sort}:${featured}`;
    const nowMs = now.getTime();
    const cached = this.sorted.get(key);
    if (cached && cached.validUntil > nowMs && cached.nextLapse > nowMs) return cached;
    const descending = input.sort === 'DESC';
    const listable = [...this.entries.values()].filter((e) => !e.deleted && e.featured === featured);
    const values = new Map(listable.map((e) => [e.id, sortValue(e, field, now)]));
    const entries = listable.sort((a, b) => compareKeys(values.get(a.id)!, a.id, values.get(b.id)!, b.id, descending));
    let nextLapse = Infinity;
    for (const e of listable) {
      if (e.status === 'LOCKED' && e.lockExpiresMs !== null && e.lockExpiresMs > nowMs) nextLapse = Math.min(nextLapse, e.lockExpiresMs);
    }
    const list = { entries, nextLapse, validUntil: field === 'status' ? nextLapse : Infinity };
    this.sorted.set(key, list);
    return list;
  }

  /** The entries matching the input's criteria, in its order; repeated queries reuse the list while it is valid. */
  private matching(input: ListFeaturedInput, now: Date): CatalogEntry[] {
    const nowMs = now.getTime();
    const key = JSON.stringify([input.orderBy, input.sort, input.filterBy, input.filters ?? null, input.search ?? null]);
    const cached = this.results.get(key);
    if (cached && cached.validUntil > nowMs) {
      this.results.delete(key);
      this.results.set(key, cached);
      return cached.entries;
    }
    const ordered = this.ordered(input, now);
    const criteria = criteriaOf(input);
    const entries = ordered.entries.filter((e) => matches(e, criteria, now));
    const dependsOnStatus = criteria.statuses !== null || ORDER_FIELDS[input.orderBy] === 'status';
    this.results.set(key, { entries, validUntil: dependsOnStatus ? ordered.nextLapse : Infinity });
    while (this.results.size > RESULT_CACHE_SIZE) this.results.delete(this.results.keys().next().value!);
    return entries;
  }

  /** One listing page at `now`: refresh if stale, evaluate in memory, read the page's records by key. */
  async list(input: ListFeaturedInput, now: Date): Promise<FeaturedPage> {
    await this.refresh();
    const selection = selectPage(this.matching(input, now), input, now);
    const records = await this.records(selection.ids);
    return { count: selection.count, plaques: records.map((r) => presentPlaque(r, now)), nextCursor: selection.nextCursor };
  }

  /** Forgets cached records (the projection stays): the next pages read their records by key again. */
  clearRecordCache(): void {
    this.items.clear();
  }

  /** Full records for the page, from the cache when the cached version is the projection's, else by key. */
  private async records(ids: number[]): Promise<StoredPlaque[]> {
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
    projection = new CatalogProjection(plaqueRepo(ctx.db, ctx.tableName), ctx.catalogStalenessMs ?? listingConfig().CATALOG_STALENESS_MS);
    byTable.set(ctx.tableName, projection);
  }
  return projection;
}

export const featuredCatalog = (ctx: AppContext) => ({
  list: (input: ListFeaturedInput): Promise<FeaturedPage> => projectionFor(ctx).list(input, ctx.now()),
});

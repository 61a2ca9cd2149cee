// The featured listing: a compact in-memory index of the catalogue (catalog-index.ts), loaded from the catalogue
// snapshot at cold start, kept fresh by reading only the index rows that changed, evaluated in memory, with only the
// page's records read by key. See docs/listing.md for the reasoning and docs/bench.md for the figures.
import { createHash } from 'node:crypto';
import type * as z from 'zod/mini';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { listingConfig } from '#lib/config.ts';
import { validationFailed } from '#lib/errors.ts';
import { catalogRepo, type CatalogRepo, type CatalogRow, type RecentChanges } from '#lib/db/catalog-repo.ts';
import { dbOf } from '#lib/db/client.ts';
import { plaqueRepo, type PlaqueRepo } from '#lib/db/plaque-repo.ts';
import { DatabaseUnavailable } from '#lib/db/failures.ts';
import { catalogShardOf, catalogSortKey } from '#lib/db/keys.ts';
import { CatalogIndex, type IndexQuery, type OrderSpec } from '#lib/plaques/catalog-index.ts';
import { decodeSnapshot, encodeSnapshot } from '#lib/plaques/catalog-snapshot.ts';
import { localSnapshotStore, s3SnapshotStore, snapshotKey, type CatalogSnapshotStore } from '#lib/plaques/catalog-snapshot-store.ts';
import { presentPlaque, type StageValues, type StoredPlaque } from '#lib/plaques/plaque.ts';
import { storedConditions, storedMarketplaces } from '#lib/db/legacy-values.ts';
import { stageValuesOf } from '#lib/plaques/stage-values.ts';
import type { featuredPageSchema } from '#lib/plaques/response-schemas.ts';
import type { ListFeaturedInput } from '#lib/plaques/list-featured-input.ts';
import { FILTER_BY_FIELDS, ORDER_FIELDS } from '#lib/plaques/listing-fields.ts';
import type { AppContext } from '#lib/runtime/context.ts';

export type FeaturedPage = z.infer<typeof featuredPageSchema>;

/**
 * The input's filters in the index's terms: the index holds values as stored, so a filter value stands for every
 * spelling stored for it (SERVICE: `service`, and PRIMARY as earlier versions stored it; USED: GOOD and WORN too).
 * A migration rewrites old spellings without moving the row, so the index may keep them; see lib/db/legacy-values.ts.
 */
function indexQueryOf(input: ListFeaturedInput): IndexQuery {
  const f = input.filters ?? {};
  return {
    featured: f.featured ?? true,
    condition: f.condition ? storedConditions(f.condition) : null,
    marketplace: f.marketplace ? storedMarketplaces(f.marketplace) : null,
    status: f.status ?? null,
    dateField: FILTER_BY_FIELDS[input.filterBy],
    from: f.from === undefined ? null : Date.parse(f.from),
    to: f.to === undefined ? null : Date.parse(f.to),
    priceMin: f.priceMin ?? null,
    priceMax: f.priceMax ?? null,
    search: input.search ? input.search.toLowerCase() : null,
  };
}

type SortValue = number | string | null;

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

function encodeCursor(payload: Omit<CursorPayload, 'v'>): string {
  return Buffer.from(JSON.stringify({ v: 1, ...payload })).toString('base64url');
}

function decodeCursor(cursor: string, input: ListFeaturedInput): CursorPayload {
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

/** The page's matches as positions in the index: ids in order, the count, and the cursor to the next page. */
export interface PageSelection {
  count: number;
  ids: number[];
  nextCursor: string | null;
}

/** Evaluates one listing on the index at `nowMs`: filters and count on bitmaps, then a walk along the order. */
export function selectPage(index: CatalogIndex, input: ListFeaturedInput, nowMs: number): PageSelection {
  const field = ORDER_FIELDS[input.orderBy];
  const order: OrderSpec = { field, descending: input.sort === 'DESC' };
  const after = input.cursor === undefined ? null : decodeCursor(input.cursor, input);
  const bits = index.matching(indexQueryOf(input), nowMs);
  const page = index.page(bits, order, { skip: input.skip, after: after && { value: after.k, id: after.i } }, input.limit, nowMs);
  const last = page.slots[page.slots.length - 1];
  const nextCursor =
    last !== undefined && page.more
      ? encodeCursor({ o: `${field}:${input.sort}`, q: queryDigest(input), k: index.sortValue(last, field, nowMs), i: index.ids[last]! })
      : null;
  return { count: page.count, ids: page.slots.map((slot) => index.ids[slot]!), nextCursor };
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
/** How long a projection that found no `changes` index (an older table, or one still building it) waits to ask again. */
export const CHANGES_INDEX_RETRY_MS = 60_000;

export interface ProjectionOptions {
  stalenessMs: number;
  /** Where the snapshot is read at cold start; none: the whole index is read. */
  snapshots?: CatalogSnapshotStore | undefined;
}

/** What the last cold start cost, for operators and the bench. */
export interface ColdStart {
  fromSnapshot: boolean;
  /** Rows read from the index after the snapshot (all rows without one). */
  rowsRead: number;
  snapshotBytes: number;
  /** Milliseconds spent reading and decoding the snapshot. */
  loadMs: number;
}

export class CatalogProjection {
  index = new CatalogIndex();
  private readonly items = new Map<number, StoredPlaque>();
  private readonly catalog: CatalogRepo;
  private readonly plaques: PlaqueRepo;
  /** Index position (`updatedAt#id`) of the newest row seen. */
  private lastKey: string | null = null;
  private syncedAt = -Infinity;
  private syncing: Promise<void> | null = null;
  private synced = false;
  private started: Promise<void> | null = null;
  /** Whether plaques indexed before sharding remain (read from the old partition too until the backfill is done). */
  private includeLegacy = true;
  /** Until when (the sync clock, epoch ms) the freshness check does without the `changes` index it found unavailable. */
  private changesIndexRetryAt = -Infinity;
  /** Index rows applied since the snapshot was loaded (or since the start). */
  changesApplied = 0;
  coldStart: ColdStart | null = null;
  /** When the loaded snapshot was made (epoch ms), null without one. */
  snapshotWrittenAt: number | null = null;

  constructor(
    source: { db?: DynamoDBDocumentClient; tableName: string },
    private readonly options: ProjectionOptions,
  ) {
    this.catalog = catalogRepo(dbOf(source), source.tableName);
    this.plaques = plaqueRepo(dbOf(source), source.tableName);
  }

  /** Cold start, once: load the snapshot, if any. */
  private start(): Promise<void> {
    this.started ??= (async () => {
      const loadStarted = performance.now();
      // A snapshot that cannot be fetched costs a full read of the index, never a failed listing.
      const bytes = (await this.options.snapshots?.read().catch(() => null)) ?? null;
      if (bytes !== null) {
        try {
          const snapshot = decodeSnapshot(bytes);
          this.index = CatalogIndex.fromParts(snapshot.parts);
          this.lastKey = snapshot.lastKey;
          this.syncedAt = snapshot.syncedAt;
          this.snapshotWrittenAt = snapshot.writtenAt;
        } catch {
          // An unreadable snapshot (another format version) costs a full read, never a failed listing.
          this.index = new CatalogIndex();
        }
      }
      this.coldStart = {
        fromSnapshot: this.snapshotWrittenAt !== null,
        rowsRead: 0,
        snapshotBytes: bytes?.byteLength ?? 0,
        loadMs: performance.now() - loadStarted,
      };
    })();
    return this.started;
  }

  /**
   * Keeps the projection within the staleness bound. Past 80% of the bound a sync starts in the background and the
   * request is served at once; only a request that finds the projection older than the bound waits for it. Under
   * steady traffic, no request waits for DynamoDB.
   */
  async refresh(nowMs: number = Date.now()): Promise<void> {
    await this.start();
    const age = nowMs - this.syncedAt;
    if (age < this.options.stalenessMs * BACKGROUND_SYNC_AT) return;
    this.syncing ??= this.sync(nowMs).finally(() => (this.syncing = null));
    if (age >= this.options.stalenessMs) await this.syncing;
    else this.syncing.catch(() => undefined);
  }

  /** Reads what changed after the newest row seen, or after the lag window before the last sync if that is earlier. */
  private async sync(startedAt: number): Promise<void> {
    let after = this.lastKey;
    if (after !== null && Number.isFinite(this.syncedAt)) {
      const lagKey = catalogSortKey(new Date(this.syncedAt - VISIBILITY_LAG_MS).toISOString(), 0);
      if (lagKey < after) after = lagKey;
    }
    // The first sync also asks, in parallel, whether the unsharded partition still holds any row at all.
    const [rows, legacy] = await Promise.all([
      this.changedRows(after, startedAt),
      this.synced ? this.includeLegacy : this.catalog.hasLegacyRows(),
    ]);
    this.includeLegacy = legacy;
    for (const row of rows) {
      const key = catalogSortKey(row.updatedAt, row.id);
      if (this.lastKey === null || key > this.lastKey) this.lastKey = key;
    }
    this.changesApplied += this.index.apply(rows);
    if (this.coldStart && !this.synced) this.coldStart.rowsRead = rows.length;
    this.synced = true;
    this.syncedAt = startedAt;
  }

  /**
   * The index rows after `after`. The `changes` index says first, in one query of keys, which plaques moved: nothing
   * (the usual answer, 0.5 RCU), a few (only their shards are read, and only for plaques whose position the index
   * does not hold yet), or a burst of a full page (every shard is read, as without it). Without a position yet (a cold
   * start without snapshot), or while the `changes` index is unavailable, every shard is read.
   */
  private async changedRows(after: string | null, nowMs: number): Promise<CatalogRow[]> {
    const everyShard = () => this.catalog.changes(after, { includeLegacy: this.includeLegacy });
    if (after === null || nowMs < this.changesIndexRetryAt) return everyShard();
    let recent: RecentChanges;
    try {
      recent = await this.catalog.recentChanges(after);
    } catch (error) {
      // Its one partition throttled, or DynamoDB Local still building it: this check reads the shards instead.
      if (error instanceof DatabaseUnavailable) return everyShard();
      throw error;
    }
    if (recent.kind === 'unavailable') {
      this.changesIndexRetryAt = nowMs + CHANGES_INDEX_RETRY_MS;
      return everyShard();
    }
    if (!recent.complete) return everyShard();
    // The re-read window returns positions already applied: those cost nothing more.
    const shards = recent.positions
      .filter((position) => !(this.index.updatedAtOf(position.id) >= Date.parse(position.updatedAt)))
      .map((position) => catalogShardOf(position.id));
    if (shards.length === 0) return [];
    return this.catalog.changes(after, { includeLegacy: this.includeLegacy, shards });
  }

  /** One listing page at `now`: refresh if stale, evaluate in memory, read the page's records by key. */
  async list(input: ListFeaturedInput, now: Date, stage: StageValues): Promise<FeaturedPage> {
    await this.refresh();
    const selection = selectPage(this.index, input, now.getTime());
    const records = await this.records(selection.ids);
    return { count: selection.count, plaques: records.map((r) => presentPlaque(r, now, stage)), nextCursor: selection.nextCursor };
  }

  /** The projection as a snapshot (after a refresh), for the snapshot writer and the bench. */
  snapshot(writtenAt: number): Uint8Array {
    return encodeSnapshot({ parts: this.index.exportParts(), lastKey: this.lastKey, syncedAt: this.syncedAt, writtenAt });
  }

  /** Forgets cached records (the projection stays): the next pages read their records by key again. */
  clearRecordCache(): void {
    this.items.clear();
  }

  /** Full records for the page, from the cache when the cached version is the projection's, else by key. */
  private async records(ids: number[]): Promise<StoredPlaque[]> {
    const missing = ids.filter((id) => {
      const cached = this.items.get(id);
      return cached === undefined || Date.parse(cached.updatedAt) !== this.index.updatedAtOf(id);
    });
    if (missing.length > 0) {
      const fetched = await this.plaques.getMany(missing);
      for (const [id, record] of fetched) {
        this.items.delete(id);
        this.items.set(id, record);
      }
      while (this.items.size > ITEM_CACHE_SIZE) this.items.delete(this.items.keys().next().value!);
    }
    return ids.map((id) => this.items.get(id)).filter((r): r is StoredPlaque => r !== undefined);
  }
}

/** The snapshot store of a context: the one it was given, the stage's bucket in AWS, or a file under DATA_DIR. */
export function snapshotStoreOf(ctx: AppContext): CatalogSnapshotStore {
  if (ctx.catalogSnapshots) return ctx.catalogSnapshots;
  const config = listingConfig();
  return config.CATALOG_SNAPSHOT_BUCKET
    ? s3SnapshotStore(config.CATALOG_SNAPSHOT_BUCKET, snapshotKey(ctx.tableName), config.AWS_REGION)
    : localSnapshotStore(ctx.dataDir, ctx.tableName);
}

const projections = new WeakMap<object, Map<string, CatalogProjection>>();

function projectionFor(ctx: AppContext): CatalogProjection {
  let byTable = projections.get(dbOf(ctx));
  if (!byTable) projections.set(dbOf(ctx), (byTable = new Map()));
  let projection = byTable.get(ctx.tableName);
  if (!projection) {
    projection = new CatalogProjection(ctx, {
      stalenessMs: ctx.catalogStalenessMs ?? listingConfig().CATALOG_STALENESS_MS,
      snapshots: snapshotStoreOf(ctx),
    });
    byTable.set(ctx.tableName, projection);
  }
  return projection;
}

export const featuredCatalog = (ctx: AppContext) => ({
  list: (input: ListFeaturedInput): Promise<FeaturedPage> => projectionFor(ctx).list(input, ctx.now(), stageValuesOf(ctx)),
});

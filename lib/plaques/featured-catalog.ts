// The featured listing: a compact in-memory index of the catalogue (catalog-index.ts) and the records its pages show
// (catalog-records.ts), loaded from the catalogue snapshot at cold start, kept fresh by reading only what changed,
// evaluated in memory; a page reads by key only records not held in their current version. See docs/listing.md for
// the reasoning and docs/bench.md for the figures.
import { getHeapStatistics } from 'node:v8';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { listingConfig } from '#lib/config.ts';
import { catalogRepo, type CatalogRepo, type CatalogRow, type RecentChanges } from '#lib/db/catalog-repo.ts';
import { dbOf } from '#lib/db/client.ts';
import { plaqueRepo, type PlaqueRepo } from '#lib/db/plaque-repo.ts';
import { DatabaseUnavailable } from '#lib/db/failures.ts';
import { catalogShardOf, catalogSortKey } from '#lib/db/keys.ts';
import { CatalogIndex } from '#lib/plaques/catalog-index.ts';
import { CatalogRecords } from '#lib/plaques/catalog-records.ts';
import { decodeSnapshot, encodeSnapshot } from '#lib/plaques/catalog-snapshot.ts';
import { localSnapshotStore, s3SnapshotStore, snapshotKey, type CatalogSnapshotStore } from '#lib/plaques/catalog-snapshot-store.ts';
import { presentPlaque, type StageValues, type StoredPlaque } from '#lib/plaques/plaque.ts';
import { stageValuesOf } from '#lib/plaques/stage-values.ts';
import type { featuredPageSchema } from '#lib/plaques/response-schemas.ts';
import type { ListFeaturedInput } from '#lib/plaques/list-featured-input.ts';
import { selectPage } from '#lib/plaques/catalog-page.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import type { Shape } from '#lib/schema.ts';

export type FeaturedPage = Shape<typeof featuredPageSchema>;

// ---- The projection kept in memory across invocations ----

/**
 * How late a write may become visible in the catalogue index after the time it stamps as `updatedAt` (writer clock
 * skew plus index propagation). Each sync re-reads that window before the previous sync, so late writes are not lost.
 */
const VISIBILITY_LAG_MS = 5_000;
/**
 * Share of the memory the function may use (the V8 heap's limit, and the Lambda function's memory where it runs in one)
 * that the records a page shows may take; past it the least recently read ones are let go and read by key again.
 */
const RECORD_MEMORY_SHARE = 0.4;

/** Bytes the records may take in this process: RECORD_MEMORY_SHARE of its heap limit or its function's memory. */
function recordBudgetBytes(): number {
  const heap = getHeapStatistics().heap_size_limit;
  const functionMb = listingConfig().AWS_LAMBDA_FUNCTION_MEMORY_SIZE;
  return Math.floor(RECORD_MEMORY_SHARE * Math.min(heap, functionMb === undefined ? Infinity : functionMb * 2 ** 20));
}
/** Share of the staleness bound after which a sync starts without holding up the request. */
const BACKGROUND_SYNC_AT = 0.8;
/** How long a projection that found no `changes` index (an older table, or one still building it) waits to ask again. */
export const CHANGES_INDEX_RETRY_MS = 60_000;

export interface ProjectionOptions {
  stalenessMs: number;
  /** Where the snapshot is read at cold start; none: the whole index is read. */
  snapshots?: CatalogSnapshotStore | undefined;
  /** Bytes the held records may take (recordBudgetBytes() when not given). */
  recordBudgetBytes?: number;
}

/** What the last cold start cost, for operators and the bench. */
export interface ColdStart {
  fromSnapshot: boolean;
  /** Rows read from the index after the snapshot (all rows without one). */
  rowsRead: number;
  snapshotBytes: number;
  /** Milliseconds spent reading and decoding the snapshot. */
  loadMs: number;
  /** Records the snapshot gave (taken after the first page), and the milliseconds taking them took. */
  recordsLoaded: number;
  recordsLoadMs: number;
}

export class CatalogProjection {
  index = new CatalogIndex();
  readonly records: CatalogRecords;
  /** Whether the snapshot's records are still to be fetched: after the first page, so a cold start waits for the index alone. */
  private recordsPending = false;
  private recordsLoading: Promise<void> | null = null;
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
  /** Whether the loaded snapshot holds every plaque's record (snapshots of earlier versions hold none). */
  snapshotRecordsComplete = false;
  /** When the loaded snapshot was made (epoch ms), null without one. */
  snapshotWrittenAt: number | null = null;

  constructor(
    source: { db?: DynamoDBDocumentClient; tableName: string },
    private readonly options: ProjectionOptions,
  ) {
    this.catalog = catalogRepo(dbOf(source), source.tableName);
    this.plaques = plaqueRepo(dbOf(source), source.tableName);
    this.records = new CatalogRecords(options.recordBudgetBytes ?? recordBudgetBytes());
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
          this.recordsPending = snapshot.recordsHeld > 0;
          this.snapshotRecordsComplete = snapshot.recordsHeld >= snapshot.parts.size;
        } catch {
          // An unreadable snapshot (another format version) costs a full read, never a failed listing.
          this.index = new CatalogIndex();
        }
      }
      const coldStart: ColdStart = {
        fromSnapshot: this.snapshotWrittenAt !== null,
        rowsRead: 0,
        snapshotBytes: bytes?.byteLength ?? 0,
        loadMs: performance.now() - loadStarted,
        recordsLoaded: 0,
        recordsLoadMs: 0,
      };
      this.coldStart = coldStart;
    })();
    return this.started;
  }

  /**
   * Starts taking the snapshot's records, once, on the next turn of the event loop (the first page calls it once it is
   * answered); resolves when they are taken. Records read meanwhile are as new or newer and kept; a part that cannot be
   * read leaves pages reading their records by key.
   */
  recordsReady(): Promise<void> {
    if (!this.recordsPending) return this.recordsLoading ?? Promise.resolve();
    this.recordsPending = false;
    this.recordsLoading = new Promise((resolve) => setTimeout(resolve, 0)).then(() => this.loadRecords(this.coldStart!));
    return this.recordsLoading;
  }

  private async loadRecords(coldStart: ColdStart): Promise<void> {
    const started = performance.now();
    try {
      const part = await this.options.snapshots?.readRecords();
      if (!part) return;
      coldStart.recordsLoaded = this.records.loadPart(
        part,
        (id) => this.index.slotOf(id),
        (slot) => this.index.time('updatedAt', slot),
      );
    } catch {
      coldStart.recordsLoaded = 0;
    }
    coldStart.recordsLoadMs = performance.now() - started;
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
    // Rows read by key are whole records: the pages that show them read nothing more.
    for (const row of rows) if (isRecord(row)) this.records.put(this.index.slotOf(row.id), row);
    if (this.coldStart && !this.synced) this.coldStart.rowsRead = rows.length;
    this.synced = true;
    this.syncedAt = startedAt;
  }

  /**
   * The index rows after `after`. The `changes` index says first, in one query of keys, which plaques moved: nothing
   * (the usual answer, 0.5 RCU), a few (their records are read by key, one BatchGetItem, and only those whose position
   * the index does not hold yet: index row and page record at once), or a burst of a full page (every shard is read,
   * as without it, and the records those pages show are read by key when shown). Without a position yet (a cold start
   * without snapshot), or while the `changes` index is unavailable, every shard is read.
   */
  private async changedRows(after: string | null, nowMs: number): Promise<(CatalogRow | StoredPlaque)[]> {
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
    const ids = [
      ...new Set(
        recent.positions
          .filter((position) => !(this.index.updatedAtOf(position.id) >= Date.parse(position.updatedAt)))
          .map((position) => position.id),
      ),
    ];
    if (ids.length === 0) return [];
    const records = await this.plaques.getMany(ids);
    // Every plaque keeps its item (a deletion only stamps deletedAt); one missing is read from its shard as before.
    if (records.size === ids.length) return [...records.values()];
    return this.catalog.changes(after, { includeLegacy: this.includeLegacy, shards: ids.map(catalogShardOf) });
  }

  /** One listing page at `now`: refresh if stale, evaluate in memory, take the page's records (held, else by key). */
  async list(input: ListFeaturedInput, now: Date, stage: StageValues): Promise<FeaturedPage> {
    await this.refresh();
    const selection = selectPage(this.index, input, now.getTime());
    const records = await this.pageRecords(selection.ids);
    void this.recordsReady();
    return { count: selection.count, plaques: records.map((r) => presentPlaque(r, now, stage)), nextCursor: selection.nextCursor };
  }

  /**
   * The projection as a snapshot (after a refresh), for the snapshot writer and the bench. `withRecords`: it names as
   * held the records recordsObject() gives (call completeRecords() first, so it holds every current one).
   */
  snapshot(writtenAt: number, withRecords = false): Uint8Array {
    let held = 0;
    if (withRecords) for (let slot = 0; slot < this.index.size; slot++) if (this.holdsCurrent(slot)) held++;
    return encodeSnapshot({
      parts: this.index.exportParts(),
      lastKey: this.lastKey,
      syncedAt: this.syncedAt,
      writtenAt,
      recordsHeld: held,
    });
  }

  /** The held records as the object beside the snapshot (written first, so the snapshot never names missing ones). */
  recordsObject(): Uint8Array {
    return this.records.exportPart((slot) => this.index.ids[slot]!);
  }

  private holdsCurrent(slot: number): boolean {
    return this.records.holds(slot, this.index.time('updatedAt', slot));
  }

  /**
   * Reads by key the records the projection does not hold in their current version (after the snapshot's are taken),
   * at most `limit` of them; returns how many it read.
   */
  async completeRecords(limit = Infinity): Promise<number> {
    await this.recordsReady();
    const missing: number[] = [];
    for (let slot = 0; slot < this.index.size && missing.length < limit; slot++) {
      if (!this.holdsCurrent(slot)) missing.push(this.index.ids[slot]!);
    }
    const chunks: number[][] = [];
    for (let i = 0; i < missing.length; i += RECORD_READ_CHUNK) chunks.push(missing.slice(i, i + RECORD_READ_CHUNK));
    const reading = async (): Promise<void> => {
      for (let chunk = chunks.pop(); chunk; chunk = chunks.pop()) {
        for (const record of (await this.plaques.getMany(chunk)).values()) this.records.put(this.index.slotOf(record.id), record);
      }
    };
    await Promise.all(Array.from({ length: RECORD_READERS }, reading));
    return missing.length;
  }

  /** Forgets held records (the projection stays): the next pages read their records by key again. */
  clearRecordCache(): void {
    this.records.clear();
  }

  /** The page's records: held ones in the index's version, the rest read by key (one BatchGetItem) and held. */
  private async pageRecords(ids: number[]): Promise<StoredPlaque[]> {
    const found = new Map<number, StoredPlaque>();
    const missing: number[] = [];
    for (const id of ids) {
      const slot = this.index.slotOf(id);
      const held = this.records.get(slot, id, this.index.time('updatedAt', slot));
      if (held) found.set(id, held);
      else missing.push(id);
    }
    if (missing.length > 0) {
      for (const [id, record] of await this.plaques.getMany(missing)) {
        found.set(id, record);
        this.records.put(this.index.slotOf(id), record);
      }
    }
    return ids.map((id) => found.get(id)).filter((r): r is StoredPlaque => r !== undefined);
  }
}

/** Records the snapshot writer reads per BatchGetItem, and how many such reads it keeps going at once. */
const RECORD_READ_CHUNK = 100;
const RECORD_READERS = 8;

/** Whether a changed row is a whole record (read by key) rather than a catalogue index row. */
const isRecord = (row: CatalogRow | StoredPlaque): row is StoredPlaque => 'createdAt' in row;

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

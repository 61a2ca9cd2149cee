// The listing's projection of the catalogue, kept in memory across invocations: a compact in-memory index
// (catalog-index.ts) and the records its pages show (catalog-records.ts), loaded from the catalogue snapshot at cold
// start, kept fresh by reading only what changed, evaluated in memory; a page reads by key only records not held in
// their current version. featured-catalog.ts keeps one per table. See docs/listing.md.
import { getHeapStatistics } from 'node:v8';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { listingConfig } from '#lib/config.ts';
import { catalogRepo, type CatalogRepo, type CatalogRow, type RecentChanges } from '#lib/db/catalog-repo.ts';
import { dbOf } from '#lib/db/client.ts';
import { plaqueRepo, type PlaqueRepo } from '#lib/db/plaque-repo.ts';
import { DatabaseUnavailable } from '#lib/db/failures.ts';
import { catalogShardOf, catalogSortKey } from '#lib/db/keys.ts';
import { CatalogIndex } from '#lib/plaques/catalog-index.ts';
import { selectPage } from '#lib/plaques/catalog-page.ts';
import { catalogueStats, type PlaqueStats } from '#lib/plaques/catalog-stats.ts';
import { CatalogRecords, type OpenedRecords } from '#lib/plaques/catalog-records.ts';
import { decodeSnapshotAsync, encodeSnapshot, encodeSnapshotAsync } from '#lib/plaques/catalog-snapshot.ts';
import type { CatalogSnapshotStore } from '#lib/plaques/catalog-snapshot-store.ts';
import type { ListFeaturedInput } from '#lib/plaques/list-featured-input.ts';
import { presentPlaque, type StageValues, type StoredPlaque } from '#lib/plaques/plaque.ts';
import type { featuredPageSchema } from '#lib/plaques/response-schemas.ts';
import type { Shape } from '#lib/schema.ts';

export type FeaturedPage = Shape<typeof featuredPageSchema>;

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
/**
 * After a burst ends (an import: a sync found a full page of changes), when a listing takes the records object again:
 * at once (`ops import` writes it locally when it ends), and after the next snapshot runs (every minute) have written it.
 */
const RETAKE_AFTER_BURST_MS = [0, 20_000, 80_000];

export interface ProjectionOptions {
  stalenessMs: number;
  /** Where the snapshot is read at cold start; none: the whole index is read. */
  snapshots?: CatalogSnapshotStore | undefined;
  /** Bytes the held records may take (recordBudgetBytes() when not given). */
  recordBudgetBytes?: number;
  /**
   * When the records object is fetched: with the snapshot, taken as soon as it is in (a listing: default), or when
   * first needed (the snapshot writer, which needs it only when a snapshot is due).
   */
  records?: 'with the snapshot' | 'when needed';
}

/** What the last cold start cost, for operators and the bench. */
export interface ColdStart {
  fromSnapshot: boolean;
  /** Rows read from the index after the snapshot (all rows without one). */
  rowsRead: number;
  snapshotBytes: number;
  /** Milliseconds spent reading and decoding the snapshot. */
  loadMs: number;
  /**
   * Records the snapshot's records object gave (fetched and opened beside it, taken once the index is in, without
   * holding up the first page), and the milliseconds from the cold start until they were counted.
   */
  recordsLoaded: number;
  recordsLoadMs: number;
}

export class CatalogProjection {
  index = new CatalogIndex();
  readonly records: CatalogRecords;
  /** The records object taken (or being taken); null while none is expected or none was asked for yet. */
  private recordsLoading: Promise<void> | null = null;
  /** Whether the loaded snapshot names records its records object holds. */
  private recordsExpected = false;
  /** When (the sync clock) the last burst was seen, until a sync without one ends it. */
  private burstSeenAt: number | null = null;
  /** When the records object is taken again after a burst ended (the sync clock, epoch ms). */
  private retakes: number[] = [];
  private retaking: Promise<void> | null = null;
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

  /**
   * Cold start, once: load the snapshot, if any. A listing fetches the records object at the same time and opens it
   * while the snapshot is decoded (its head inflated off the event loop and its entries found by id; its texts inflated
   * behind, read block by block meanwhile), then takes it once the index is in, without holding up the first page
   * (whose records, if it is not open by then, are read by key).
   */
  private start(): Promise<void> {
    this.started ??= (async () => {
      const loadStarted = performance.now();
      const store = this.options.snapshots;
      const early = store && this.options.records !== 'when needed' ? this.openRecords(store.readRecords()) : null;
      // A snapshot that cannot be fetched costs a full read of the index, never a failed listing.
      const bytes = (await store?.read().catch(() => null)) ?? null;
      if (bytes !== null) {
        try {
          const snapshot = await decodeSnapshotAsync(bytes);
          this.index = CatalogIndex.fromParts(snapshot.parts);
          this.lastKey = snapshot.lastKey;
          this.syncedAt = snapshot.syncedAt;
          this.snapshotWrittenAt = snapshot.writtenAt;
          this.recordsExpected = snapshot.recordsHeld > 0;
          this.snapshotRecordsComplete = snapshot.recordsHeld >= snapshot.parts.size;
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
        recordsLoaded: 0,
        recordsLoadMs: 0,
      };
      if (early && this.recordsExpected) this.recordsLoading = this.takeRecords(early, loadStarted);
    })();
    return this.started;
  }

  /**
   * Resolves once the snapshot's records object is taken (fetching it now if it was not fetched with the snapshot), and
   * any taking again after a burst. Records read by key meanwhile are as new or newer and kept; an object that cannot
   * be read leaves pages reading their records by key.
   */
  async recordsReady(): Promise<void> {
    await this.start();
    if (this.recordsLoading === null && this.recordsExpected && this.options.snapshots) {
      this.recordsLoading = this.takeRecords(this.openRecords(this.options.snapshots.readRecords()), performance.now());
    }
    await this.recordsLoading;
    await this.retaking;
  }

  /**
   * Opens a records object as its read comes in; `newerThan`: only one written after that (epoch ms). Null when there
   * is none or it cannot be read (pages read their records by key, as without it).
   */
  private openRecords(part: Promise<Uint8Array | null>, newerThan = -Infinity): Promise<OpenedRecords | null> {
    return part.then((bytes) => (bytes ? this.records.open(bytes, newerThan) : null)).catch(() => null);
  }

  /** Takes a records object (given as its pending opening); `first`: the cold start's, whose figures it tells. */
  private async takeRecords(opened: Promise<OpenedRecords | null>, started: number, first = true): Promise<void> {
    try {
      const object = await opened;
      if (!object) return;
      const taken = await this.records.take(
        object,
        (id) => this.index.slotOf(id),
        (slot) => this.index.time('updatedAt', slot),
      );
      if (first && this.coldStart) {
        this.coldStart.recordsLoaded = taken;
        this.coldStart.recordsLoadMs = performance.now() - started;
      }
    } catch {
      // Pages read their records by key, as without the object.
    }
  }

  /** After a burst ended: takes the records object again when one is due (in the background), if it is newer. */
  private retakeRecords(nowMs: number): void {
    if (this.retaking || this.retakes.length === 0 || this.retakes[0]! > nowMs || !this.options.snapshots) return;
    this.retakes.shift();
    const opened = this.openRecords(this.options.snapshots.readRecords(), this.records.takenWrittenAt ?? -Infinity);
    this.retaking = this.takeRecords(opened, performance.now(), false).finally(() => (this.retaking = null));
  }

  /**
   * Applies whole records known to be current (an import's, just written): their index rows and the records pages
   * show at once, so neither is read again.
   */
  async holdRecords(records: readonly StoredPlaque[]): Promise<void> {
    await this.start();
    this.index.apply(records);
    for (const record of records) this.records.put(this.index.slotOf(record.id), record);
  }

  /**
   * Keeps the projection within the staleness bound. Past 80% of the bound a sync starts in the background and the
   * request is served at once; only a request that finds the projection older than the bound waits for it. Under
   * steady traffic, no request waits for DynamoDB.
   */
  async refresh(nowMs: number = Date.now()): Promise<void> {
    await this.start();
    this.retakeRecords(nowMs);
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
    // A burst's rows came from the shards, its records not at all: once it ends, its records object is taken again.
    if (this.burstSeenAt !== null && this.burstSeenAt < startedAt) {
      this.burstSeenAt = null;
      if (this.options.records !== 'when needed') this.retakes = RETAKE_AFTER_BURST_MS.map((after) => startedAt + after);
    }
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
    if (!recent.complete) {
      this.burstSeenAt = nowMs;
      return everyShard();
    }
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
    return { count: selection.count, plaques: records.map((r) => presentPlaque(r, now, stage)), nextCursor: selection.nextCursor };
  }

  /** When (epoch ms, the sync clock) the last sync started: the projection holds every write made before it, less the lag. */
  get syncedAtMs(): number {
    return this.syncedAt;
  }

  /**
   * The catalogue's statistics at `now` (catalog-stats.ts), refreshed as a listing page is. The currencies of the slots
   * they need that the index does not know (rows read from the `catalog` index, which projects none) are taken from
   * the held records, else read by key, once.
   */
  async stats(now: Date): Promise<PlaqueStats> {
    await this.refresh();
    const first = catalogueStats(this.index, now.getTime());
    if (first.unknown.length === 0) return first.stats;
    // Many are unknown after a snapshot of an earlier version (none held its currencies): the records object, once
    // taken, tells them all without a read by key.
    await this.recordsReady();
    await this.learnCurrencies(first.unknown);
    return catalogueStats(this.index, now.getTime()).stats;
  }

  /** Learns the currencies of the slots from their held records, else reads the records by key (and holds them). */
  private async learnCurrencies(slots: number[]): Promise<void> {
    const missing: number[] = [];
    for (const slot of slots) {
      const id = this.index.ids[slot]!;
      const held = this.records.get(slot, id, this.index.time('updatedAt', slot));
      if (held) this.index.learnCurrency(slot, held.currency);
      else missing.push(id);
    }
    if (missing.length === 0) return;
    const read = await this.plaques.getMany(missing);
    // A plaque always keeps its item (a deletion stamps deletedAt); one missing stays unknown and counts in no currency.
    for (const record of read.values()) {
      const slot = this.index.slotOf(record.id);
      this.index.learnCurrency(slot, record.currency);
      this.records.put(slot, record);
    }
  }

  /** The projection as a snapshot (after a refresh): the index alone, naming `recordsHeld` records of its records object. */
  snapshot(writtenAt: number, recordsHeld = 0): Uint8Array {
    return encodeSnapshot(this.snapshotOf(writtenAt, recordsHeld));
  }

  /**
   * The snapshot and its records object, for the snapshot writer (after completeRecords(), so it holds every current
   * record): the records object holds the records in the index's version, and the snapshot counts them. Both are
   * compressed off the event loop.
   */
  async snapshotObjects(writtenAt: number): Promise<{ snapshot: Uint8Array; records: Uint8Array; held: number }> {
    // The snapshot tells every currency its held records know, so a cold start's statistics read none by key.
    for (let slot = 0; slot < this.index.size; slot++) {
      if (this.index.currency[slot] !== 0) continue;
      const held = this.records.get(slot, this.index.ids[slot]!, this.index.time('updatedAt', slot));
      if (held) this.index.learnCurrency(slot, held.currency);
    }
    const { bytes: records, held } = await this.records.exportPart(
      this.index.size,
      (slot) => this.index.ids[slot]!,
      (slot) => this.index.time('updatedAt', slot),
      writtenAt,
    );
    return { snapshot: await encodeSnapshotAsync(this.snapshotOf(writtenAt, held)), records, held };
  }

  private snapshotOf(writtenAt: number, recordsHeld: number) {
    return { parts: this.index.exportParts(), lastKey: this.lastKey, syncedAt: this.syncedAt, writtenAt, recordsHeld };
  }

  private holdsCurrent(slot: number): boolean {
    return this.records.holds(slot, this.index.ids[slot]!, this.index.time('updatedAt', slot));
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

// Writes the catalogue snapshot the listing starts from: loads the current one, reads the index rows changed since,
// and replaces it when enough changed or it has grown old. Run on a schedule (AWS), a timer (`npm start`), and by
// `npm run ops -- import` once its plaques are written (it holds their records already).
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dbOf } from '#lib/db/client.ts';
import { CatalogProjection } from '#lib/plaques/catalog-projection.ts';
import { decodeSnapshotAsync } from '#lib/plaques/catalog-snapshot.ts';
import type { CatalogSnapshotStore } from '#lib/plaques/catalog-snapshot-store.ts';
import type { StoredPlaque } from '#lib/plaques/plaque.ts';
import type { AppContext } from '#lib/runtime/context.ts';

/** Changed rows after which a new snapshot is written: a cold listing then reads at most about this many rows. */
export const SNAPSHOT_AFTER_CHANGES = 500;
/** A snapshot older than this is replaced even if little changed (the lag window and holds stay recent). */
const SNAPSHOT_MAX_AGE_MS = 60 * 60_000;

export interface SnapshotRun {
  written: boolean;
  /** Plaques in the snapshot. */
  plaques: number;
  /** Index rows changed since the previous snapshot (all rows when there was none). */
  changes: number;
  bytes: number;
  /** Size of the records object written beside it. */
  recordsBytes: number;
  /** Records read by key for it: those changed since the previous snapshot, or all when it held none. */
  recordsRead: number;
  /** Records the records object holds (every plaque's, once complete). */
  recordsHeld: number;
  /** Why a due snapshot was not written: another run wrote one meanwhile that holds as many records. */
  kept?: 'newer snapshot';
}

export async function writeCatalogSnapshot(options: {
  /** Built from configuration when not given (`dbOf`). */
  db?: DynamoDBDocumentClient;
  tableName: string;
  store: CatalogSnapshotStore;
  now: () => Date;
  /** Write whatever changed (operators, tests, an import); otherwise only past SNAPSHOT_AFTER_CHANGES or SNAPSHOT_MAX_AGE_MS. */
  force?: boolean;
  /**
   * Records read by key at most in this run (all when not given). A snapshot that does not hold every record yet is
   * due at the next run too, so a bounded run (npm start's) completes it over a few.
   */
  recordReadLimit?: number;
  /** Records known to be current (an import's, just written): held as they are, never read by key. */
  known?: readonly StoredPlaque[];
}): Promise<SnapshotRun> {
  // The writer holds every record, whatever the budget of the listing that will read them; it fetches the records
  // object only when a snapshot is due.
  const projection = new CatalogProjection(options, {
    stalenessMs: 0,
    snapshots: options.store,
    recordBudgetBytes: Infinity,
    records: 'when needed',
  });
  if (options.known) await projection.holdRecords(options.known);
  await projection.refresh(options.now().getTime());
  const age = projection.snapshotWrittenAt === null ? Infinity : options.now().getTime() - projection.snapshotWrittenAt;
  const changes = projection.changesApplied + (options.known?.length ?? 0);
  const due =
    options.force === true ||
    age >= SNAPSHOT_MAX_AGE_MS ||
    changes >= SNAPSHOT_AFTER_CHANGES ||
    (!projection.snapshotRecordsComplete && projection.index.size > 0);
  const run = { written: false, plaques: projection.index.size, changes, bytes: 0, recordsBytes: 0, recordsRead: 0, recordsHeld: 0 };
  if (!due) return run;
  // The snapshot's records, then by key only those that changed since (all of them for a snapshot without records).
  run.recordsRead = await projection.completeRecords(options.recordReadLimit);
  const writtenAt = options.now().getTime();
  const { snapshot, records, held } = await projection.snapshotObjects(writtenAt);
  // A snapshot another run wrote meanwhile (an import's, or a scheduled run's) stays unless this one holds more records.
  const stored = await storedSnapshot(options.store);
  if (stored && stored.writtenAt > (projection.snapshotWrittenAt ?? -Infinity) && stored.recordsHeld >= held) {
    return { ...run, kept: 'newer snapshot' };
  }
  // The records first: a snapshot never names records its object does not hold (a cold listing reads them by key).
  await options.store.writeRecords(records);
  await options.store.write(snapshot);
  return { ...run, written: true, bytes: snapshot.byteLength, recordsBytes: records.byteLength, recordsHeld: held };
}

/** When the stored snapshot was written and how many records it names; null when there is none or it is unreadable. */
async function storedSnapshot(store: CatalogSnapshotStore): Promise<{ writtenAt: number; recordsHeld: number } | null> {
  const bytes = await store.read().catch(() => null);
  if (bytes === null) return null;
  return decodeSnapshotAsync(bytes).then(
    (snapshot) => snapshot,
    () => null,
  );
}

/** The scheduled run over a context's table and clock (its DynamoDB client built on first use and kept for the next run). */
export const writeCatalogSnapshotOf = (ctx: AppContext, store: CatalogSnapshotStore): Promise<SnapshotRun> =>
  writeCatalogSnapshot({ db: dbOf(ctx), tableName: ctx.tableName, store, now: ctx.now });

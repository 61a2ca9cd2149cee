// Writes the catalogue snapshot the listing starts from: loads the current one, reads the index rows changed since,
// and replaces it when enough changed or it has grown old. Run on a schedule (AWS) or a timer (`npm start`).
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dbOf } from '#lib/db/client.ts';
import { CatalogProjection } from '#lib/plaques/featured-catalog.ts';
import type { CatalogSnapshotStore } from '#lib/plaques/catalog-snapshot-store.ts';
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
}

export async function writeCatalogSnapshot(options: {
  /** Built from configuration when not given (`dbOf`). */
  db?: DynamoDBDocumentClient;
  tableName: string;
  store: CatalogSnapshotStore;
  now: () => Date;
  /** Write whatever changed (operators, tests); otherwise only past SNAPSHOT_AFTER_CHANGES or SNAPSHOT_MAX_AGE_MS. */
  force?: boolean;
  /**
   * Records read by key at most in this run (all when not given). A snapshot that does not hold every record yet is
   * due at the next run too, so a bounded run (npm start's) completes it over a few.
   */
  recordReadLimit?: number;
}): Promise<SnapshotRun> {
  // The writer holds every record, whatever the budget of the listing that will read them.
  const projection = new CatalogProjection(options, { stalenessMs: 0, snapshots: options.store, recordBudgetBytes: Infinity });
  await projection.refresh(options.now().getTime());
  const age = projection.snapshotWrittenAt === null ? Infinity : options.now().getTime() - projection.snapshotWrittenAt;
  const changes = projection.changesApplied;
  const due =
    options.force === true ||
    age >= SNAPSHOT_MAX_AGE_MS ||
    changes >= SNAPSHOT_AFTER_CHANGES ||
    (!projection.snapshotRecordsComplete && projection.index.size > 0);
  if (!due) return { written: false, plaques: projection.index.size, changes, bytes: 0, recordsBytes: 0, recordsRead: 0 };
  // The snapshot's records, then by key only those that changed since (all of them for a snapshot without records).
  const recordsRead = await projection.completeRecords(options.recordReadLimit);
  // The records first: a snapshot never names records its object does not hold (a cold listing reads them by key).
  const records = projection.recordsObject();
  await options.store.writeRecords(records);
  const bytes = projection.snapshot(options.now().getTime(), true);
  await options.store.write(bytes);
  return { written: true, plaques: projection.index.size, changes, bytes: bytes.byteLength, recordsBytes: records.byteLength, recordsRead };
}

/** The scheduled run over a context's table and clock (its DynamoDB client built on first use and kept for the next run). */
export const writeCatalogSnapshotOf = (ctx: AppContext, store: CatalogSnapshotStore): Promise<SnapshotRun> =>
  writeCatalogSnapshot({ db: dbOf(ctx), tableName: ctx.tableName, store, now: ctx.now });

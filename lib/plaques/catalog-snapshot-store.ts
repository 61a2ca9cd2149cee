// Where the catalogue snapshot lives: one object in the stage's snapshot bucket in AWS, one file under DATA_DIR
// locally, and the records object beside it. The listing reads the snapshot at cold start and the records after its
// first page; the snapshot writer replaces each whole (readers never see half of one).
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { lazyAdapter } from '#lib/runtime/lazy-adapter.ts';

export interface CatalogSnapshotStore {
  /** The stored snapshot's bytes, or null when there is none yet. */
  read(): Promise<Uint8Array | null>;
  write(bytes: Uint8Array): Promise<void>;
  /**
   * The records pages show, a second object beside the snapshot (catalog-records.ts): a cold listing fetches the
   * snapshot alone, then these after its first page. The writer writes them just before the snapshot.
   */
  readRecords(): Promise<Uint8Array | null>;
  writeRecords(bytes: Uint8Array): Promise<void>;
  /** Where it is, for logs and operators. */
  readonly location: string;
}

declare module '#lib/runtime/context.ts' {
  interface AppContext {
    /** Where the listing's catalogue snapshot is kept; the stage's bucket or DATA_DIR/catalog when not given: `snapshotStoreOf(ctx)`. */
    catalogSnapshots?: CatalogSnapshotStore;
  }
}

/** The object key of a table's snapshot (in the bucket, or under DATA_DIR/catalog locally). */
export const snapshotKey = (tableName: string): string => `catalog/${tableName}.snapshot`;

/** The key of the records object beside a snapshot: `….snapshot` → `….records`. */
export const recordsKey = (snapshot: string): string => `${snapshot.replace(/\.snapshot$/, '')}.records`;

const readIfAny = (file: string) =>
  readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });

/** Replaces a file whole: readers see the old bytes or the new ones, never a part. */
async function replaceFile(file: string, bytes: Uint8Array): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(draft, bytes);
  await rename(draft, file);
}

export function fileSnapshotStore(file: string): CatalogSnapshotStore {
  return {
    location: file,
    read: () => readIfAny(file),
    write: (bytes) => replaceFile(file, bytes),
    readRecords: () => readIfAny(recordsKey(file)),
    writeRecords: (bytes) => replaceFile(recordsKey(file), bytes),
  };
}

/** The local store: `DATA_DIR/catalog/<table>.snapshot`. */
export const localSnapshotStore = (dataDir: string, tableName: string): CatalogSnapshotStore =>
  fileSnapshotStore(join(dataDir, snapshotKey(tableName)));

/** The AWS store: one object in the snapshot bucket (its S3 module loaded on first use, off the listing's init path). */
export function s3SnapshotStore(bucket: string, key: string, region: string): CatalogSnapshotStore {
  const opened = lazyAdapter(() =>
    import('#lib/plaques/s3-snapshot-client.ts').then((module) => {
      const [snapshot, records] = module.s3SnapshotObjects(bucket, [key, recordsKey(key)], region);
      return { snapshot: snapshot!, records: records! };
    }),
  );
  return {
    location: `s3://${bucket}/${key}`,
    read: async () => (await opened()).snapshot.get(),
    write: async (bytes) => (await opened()).snapshot.put(bytes),
    readRecords: async () => (await opened()).records.get(),
    writeRecords: async (bytes) => (await opened()).records.put(bytes),
  };
}

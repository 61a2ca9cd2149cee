// Where the catalogue snapshot lives: one object in the stage's snapshot bucket in AWS, one file under DATA_DIR
// locally. The listing reads it at cold start; the snapshot writer replaces it whole (readers never see half of it).
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { lazyAdapter } from '#lib/runtime/lazy-adapter.ts';

export interface CatalogSnapshotStore {
  /** The stored snapshot's bytes, or null when there is none yet. */
  read(): Promise<Uint8Array | null>;
  write(bytes: Uint8Array): Promise<void>;
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

export function fileSnapshotStore(file: string): CatalogSnapshotStore {
  return {
    location: file,
    read: () =>
      readFile(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      }),
    async write(bytes) {
      await mkdir(dirname(file), { recursive: true });
      const draft = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(draft, bytes);
      await rename(draft, file);
    },
  };
}

/** The local store: `DATA_DIR/catalog/<table>.snapshot`. */
export const localSnapshotStore = (dataDir: string, tableName: string): CatalogSnapshotStore =>
  fileSnapshotStore(join(dataDir, snapshotKey(tableName)));

/** The AWS store: one object in the snapshot bucket (its S3 module loaded on first use, off the listing's init path). */
export function s3SnapshotStore(bucket: string, key: string, region: string): CatalogSnapshotStore {
  const opened = lazyAdapter(() =>
    import('#lib/plaques/s3-snapshot-client.ts').then((module) => module.s3SnapshotObject(bucket, key, region)),
  );
  return {
    location: `s3://${bucket}/${key}`,
    read: async () => (await opened()).get(),
    write: async (bytes) => (await opened()).put(bytes),
  };
}

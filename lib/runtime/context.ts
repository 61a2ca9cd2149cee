// The dependencies every handler uses, created once per cold start and replaceable by tests and the local runtime.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '#lib/config.ts';
import { createDocumentClient } from '#lib/db/client.ts';

export interface AppContext {
  db: DynamoDBDocumentClient;
  tableName: string;
  now: () => Date;
  /** Seconds the in-memory catalogue may lag behind writes. */
  catalogStalenessMs: number;
  /** Public base URL under which stored media is served. */
  mediaBaseUrl: string;
  dataDir: string;
}

export function createAppContext(overrides: Partial<AppContext> = {}): AppContext {
  return {
    db: overrides.db ?? createDocumentClient({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT }),
    tableName: overrides.tableName ?? config.TABLE_NAME,
    now: overrides.now ?? (() => new Date()),
    catalogStalenessMs: overrides.catalogStalenessMs ?? config.CATALOG_STALENESS_MS,
    mediaBaseUrl: overrides.mediaBaseUrl ?? config.MEDIA_BASE_URL ?? `http://127.0.0.1:${config.PORT}/_media`,
    dataDir: overrides.dataDir ?? config.DATA_DIR,
  };
}

let current: AppContext | undefined;

/** The context of this process: built from configuration on first use unless one was installed. */
export function appContext(): AppContext {
  current ??= createAppContext();
  return current;
}

/** Installs the context handlers use (the local runtime and tests). */
export function useAppContext(ctx: AppContext): void {
  current = ctx;
}

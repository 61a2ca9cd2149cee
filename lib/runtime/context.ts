// The dependencies every handler uses, created once per cold start and replaceable by tests and the local runtime.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { coreConfig, localConfig } from '#lib/config.ts';

/**
 * The context's own values. Each port adds its optional slot from its own module (`declare module
 * '#lib/runtime/context.ts' { interface AppContext { mailer?: Mailer } }`, next to its accessor `mailerOf`), so this
 * module, at the bottom of the imports, names no port: `chain` and `chainReader` (lib/chain/chain-port.ts),
 * `apiKeyIssuer` and `usageSource` (lib/partner/), `jwtKeys` (lib/auth/key-store.ts), `mailer` (lib/mail/mailer.ts),
 * `catalogSnapshots` (lib/plaques/catalog-snapshot-store.ts), `media` (lib/media/storage.ts), `wallets`
 * (lib/wallet/service-wallet.ts), `webhooks` (lib/webhooks/ports.ts). A slot left empty is built on first use by its
 * accessor, so a function bundles and initialises only the ports its code reaches.
 */
export interface AppContext {
  /** The table's document client, built from configuration on first use: use `dbOf(ctx)` (lib/db/client.ts). */
  db?: DynamoDBDocumentClient;
  tableName: string;
  now: () => Date;
  /** Milliseconds the in-memory catalogue may lag behind writes; CATALOG_STALENESS_MS when not given. */
  catalogStalenessMs?: number;
  /** Public base URL under which stored media is served. */
  mediaBaseUrl: string;
  dataDir: string;
  /** The chain's block explorer base URL, null for none; CHAIN_EXPLORER_URL when not given: use `explorerBaseUrlOf(ctx)`. */
  explorerBaseUrl?: string | null;
  /** The stage's public base URL; PUBLIC_BASE_URL (else the local server) when not given: use `publicBaseUrlOf(ctx)`. */
  publicBaseUrl?: string;
  /** The frontend showing plaques, null for none; FRONTEND_URL when not given: use `frontendUrlOf(ctx)`. */
  frontendUrl?: string | null;
}

export function createAppContext(overrides: Partial<AppContext> = {}): AppContext {
  const config = coreConfig();
  return {
    ...overrides,
    tableName: overrides.tableName ?? config.TABLE_NAME,
    now: overrides.now ?? (() => new Date()),
    mediaBaseUrl: overrides.mediaBaseUrl ?? config.MEDIA_BASE_URL ?? `http://127.0.0.1:${localConfig().PORT}/_media`,
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

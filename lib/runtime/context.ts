// The dependencies every handler uses, created once per cold start and replaceable by tests and the local runtime.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { coreConfig, localConfig } from '#lib/config.ts';
// Ports are imported as types only: each is built on first use by its accessor (`chainOf`, `mailerOf`, ...) in its
// own module, so a function bundles and initialises only the ports its code reaches.
import type { ChainPort, ChainReader } from '#lib/chain/chain-port.ts';
import type { ApiKeyIssuer } from '#lib/partner/api-key-issuer.ts';
import type { UsageSource } from '#lib/partner/usage-source.ts';
import type { JwtKeyStore } from '#lib/auth/key-store.ts';
import type { Mailer } from '#lib/mail/mailer.ts';
import type { CatalogSnapshotStore } from '#lib/plaques/catalog-snapshot-store.ts';
import type { MediaStorage } from '#lib/media/storage.ts';
import type { ServiceWallets } from '#lib/wallet/service-wallet.ts';
import type { WebhookPorts } from '#lib/webhooks/ports.ts';

export interface AppContext {
  /** The table's document client, built from configuration on first use: use `dbOf(ctx)` (lib/db/client.ts). */
  db?: DynamoDBDocumentClient;
  tableName: string;
  now: () => Date;
  /** Milliseconds the in-memory catalogue may lag behind writes; CATALOG_STALENESS_MS when not given. */
  catalogStalenessMs?: number;
  /** Where the listing's catalogue snapshot is kept; the stage's bucket or DATA_DIR/catalog when not given. */
  catalogSnapshots?: CatalogSnapshotStore;
  /** Public base URL under which stored media is served. */
  mediaBaseUrl: string;
  dataDir: string;
  /** The chain carrying the plaque tokens (simulated mints, delivery): use `chainOf(ctx)`. */
  chain?: ChainPort;
  /** The chain for reading only, where no port was given (lookups, simulated mints): use `chainReaderOf(ctx)`. */
  chainReader?: ChainReader;
  /** The chain's block explorer base URL, null for none; CHAIN_EXPLORER_URL when not given: use `explorerBaseUrlOf(ctx)`. */
  explorerBaseUrl?: string | null;
  /** Registers partner API keys with whatever checks `x-api-key` (API Gateway in AWS): use `apiKeyIssuerOf(ctx)`. */
  apiKeyIssuer?: ApiKeyIssuer;
  /** Requests per API key and day: the usage plan in AWS, the local key check's counts otherwise: `usageSourceOf(ctx)`. */
  usageSource?: UsageSource;
  /** Sends mail: SES in AWS, the DATA_DIR/outbox folder locally: use `mailerOf(ctx)`. */
  mailer?: Mailer;
  /** Stores uploaded images: S3 in AWS, DATA_DIR/media locally (URLs from `mediaBaseUrl`): use `mediaOf(ctx)`. */
  media?: MediaStorage;
  /** JWT signing/verification keys and the code hash key (Secrets Manager in AWS, DATA_DIR/keys locally): `jwtKeysOf(ctx)`. */
  jwtKeys?: JwtKeyStore;
  /** Derives users' service wallet addresses from the HD mnemonic: use `walletsOf(ctx)`. */
  wallets?: ServiceWallets;
  /** The webhook sender's queue, the endpoint secrets' seal, the URL policy and resolver: see lib/webhooks/ports.ts. */
  webhooks?: WebhookPorts;
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

// The dependencies every handler uses, created once per cold start and replaceable by tests and the local runtime.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '#lib/config.ts';
import { createDocumentClient } from '#lib/db/client.ts';
import { configuredChainPort, type ChainPort } from '#lib/chain/chain-port.ts';
import { configuredApiKeyIssuer, type ApiKeyIssuer } from '#lib/partner/api-key-issuer.ts';
import { jwtKeyStoreFor, useJwtKeyStore, type JwtKeyStore } from '#lib/auth/key-store.ts';
import { newKeySet } from '#lib/auth/key-generation.ts';
import { mailerFor, type Mailer } from '#lib/mail/mailer.ts';
import { mediaStorageFor, type MediaStorage } from '#lib/media/storage.ts';
import { serviceWalletsFor, type ServiceWallets } from '#lib/wallet/service-wallet.ts';

export interface AppContext {
  db: DynamoDBDocumentClient;
  tableName: string;
  now: () => Date;
  /** Seconds the in-memory catalogue may lag behind writes. */
  catalogStalenessMs: number;
  /** Public base URL under which stored media is served. */
  mediaBaseUrl: string;
  dataDir: string;
  /** The chain carrying the plaque tokens (simulated mints, delivery). */
  chain: ChainPort;
  /** Registers partner API keys with whatever checks `x-api-key` (API Gateway in AWS). */
  apiKeyIssuer: ApiKeyIssuer;
  /** Sends mail: SES in AWS, the DATA_DIR/outbox folder locally. */
  mailer: Mailer;
  /** Stores uploaded images: S3 in AWS, DATA_DIR/media locally (URLs from `mediaBaseUrl`). */
  media: MediaStorage;
  /** The JWT signing/verification keys and the code hash key: Secrets Manager in AWS, DATA_DIR/keys locally. */
  jwtKeys: JwtKeyStore;
  /** Derives users' service wallet addresses from the HD mnemonic. */
  wallets: ServiceWallets;
}

export function createAppContext(overrides: Partial<AppContext> = {}): AppContext {
  return {
    db: overrides.db ?? createDocumentClient({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT }),
    tableName: overrides.tableName ?? config.TABLE_NAME,
    now: overrides.now ?? (() => new Date()),
    catalogStalenessMs: overrides.catalogStalenessMs ?? config.CATALOG_STALENESS_MS,
    mediaBaseUrl: overrides.mediaBaseUrl ?? config.MEDIA_BASE_URL ?? `http://127.0.0.1:${config.PORT}/_media`,
    dataDir: overrides.dataDir ?? config.DATA_DIR,
    chain: overrides.chain ?? configuredChainPort(config),
    apiKeyIssuer: overrides.apiKeyIssuer ?? configuredApiKeyIssuer(config),
    mailer: overrides.mailer ?? mailerFor({ dataDir: overrides.dataDir ?? config.DATA_DIR, mailFrom: config.MAIL_FROM, region: config.AWS_REGION }),
    media: overrides.media ?? mediaStorageFor({ dataDir: overrides.dataDir ?? config.DATA_DIR, bucket: config.MEDIA_BUCKET, region: config.AWS_REGION }),
    jwtKeys: overrides.jwtKeys ?? jwtKeyStoreFor({ dataDir: overrides.dataDir ?? config.DATA_DIR, secretArn: config.JWT_KEYS_SECRET_ARN, create: newKeySet }),
    wallets: overrides.wallets ?? serviceWalletsFor({ dataDir: overrides.dataDir ?? config.DATA_DIR, secretArn: config.WALLET_MNEMONIC_SECRET_ARN }),
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
  // The TOKEN authorizer reads no context (it must stay small); it verifies with the installed key store.
  useJwtKeyStore(ctx.jwtKeys);
}

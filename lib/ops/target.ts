// Where an ops command works: the local data folder's DynamoDB Local (the one the running `npm start` recorded in
// DATA_DIR/runtime.json, or one started for the command when nothing runs there), a DynamoDB endpoint named with
// --endpoint, or an AWS table. A DynamoDB found or named must hold this project's table: the command refuses any
// other rather than create tables in someone else's database.
import { DescribeTableCommand, ListTablesCommand, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { checksumAddress, isAddress } from '#lib/chain/address.ts';
import { chainConfig, coreConfig } from '#lib/config.ts';
import { createDocumentClient } from '#lib/db/client.ts';
import { assertAwsCredentials } from '#lib/ops/aws-credentials.ts';
import { ensureTable } from '#lib/db/create-table.ts';
import { tableDefinition } from '#lib/db/table.ts';
import { localContractRecordFile, recordedPlaqueToken } from '#lib/chain/local-deployment.ts';
import { startDynamoDbLocal } from '#lib/local/dynamodb-local.ts';
import { claimDataDir, lastServedAddress, releaseDataDir, runningRuntime } from '#lib/local/runtime-record.ts';
import { placeholderImageUrl } from '#lib/media/placeholder.ts';
import { localSnapshotStore, type CatalogSnapshotStore } from '#lib/plaques/catalog-snapshot-store.ts';
import type { StageValues } from '#lib/plaques/plaque.ts';
import { createAppContext, type AppContext } from '#lib/runtime/context.ts';

export interface TargetOptions {
  /** AWS region: targets the real table named by `table` with the default AWS credentials. */
  region?: string;
  table?: string;
  /** A DynamoDB endpoint to use as it is (e.g. a running DynamoDB Local); it must hold the table. */
  endpoint?: string;
  dataDir?: string;
  /** The stage's token contract; CONTRACT_ADDRESS, else (local data) the one `npm start` deployed. */
  contractAddress?: string;
  /** Where the stage serves media; MEDIA_BASE_URL, else (local data) the /_media of the server that serves the folder. */
  mediaBaseUrl?: string;
  /** Start an empty data folder when `dataDir` holds no data yet (otherwise refused: a mistyped DATA_DIR). */
  createDataDir?: boolean;
}

export interface Target {
  ctx: AppContext;
  describe: string;
  /** The stage's placeholder image and contract, which new and migrated plaques carry; each throws when unknown. */
  stage: StageValues;
  /**
   * The listing's catalogue snapshot of local data (DATA_DIR/catalog), which a command that writes many plaques brings
   * up to date itself; none for a named endpoint or an AWS table (the stage's scheduled writer keeps theirs).
   */
  snapshots: CatalogSnapshotStore | null;
  /**
   * The stream of local data no npm start reads meanwhile (the command started DynamoDB Local over the folder itself):
   * a command that writes many records no stream consumer wants moves their checkpoints past them. Null otherwise
   * (npm start's consumers read what it writes as it goes).
   */
  idleStream: { endpoint: string; dataDir: string } | null;
  close: () => Promise<void>;
}

/**
 * The stage values of the target, resolved when first read: a command that stores no new value never needs them,
 * and one that does stops with one line naming the option to pass.
 */
export function targetStage(options: TargetOptions, where: { local: boolean; dataDir: string; describe: string }): StageValues {
  let contractAddress: string | undefined;
  const mediaBaseUrl = options.mediaBaseUrl ?? coreConfig().MEDIA_BASE_URL ?? (where.local ? servedMediaBase(where.dataDir) : undefined);
  return {
    get placeholderImage() {
      if (!mediaBaseUrl) {
        const local = where.local ? `, or start npm start on ${where.dataDir} (its address is used)` : '';
        throw new Error(
          `No media base URL for ${where.describe}: pass --media-base-url <url> (the stack output MediaBaseUrl) or set MEDIA_BASE_URL${local}`,
        );
      }
      if (!URL.canParse(mediaBaseUrl) || !/^https?:$/.test(new URL(mediaBaseUrl).protocol)) {
        throw new Error(`--media-base-url must be an http or https URL, got ${mediaBaseUrl}`);
      }
      return placeholderImageUrl(mediaBaseUrl);
    },
    get contractAddress() {
      if (contractAddress) return contractAddress;
      const given =
        options.contractAddress ??
        chainConfig().CONTRACT_ADDRESS ??
        (where.local ? recordedPlaqueToken(localContractRecordFile(where.dataDir)) : null);
      if (!given) {
        const local = where.local ? ', or run npm start once (it deploys the local contract)' : '';
        throw new Error(
          `No contract address for ${where.describe}: pass --contract-address <0x…> (the stage's chain.contractAddress) or set CONTRACT_ADDRESS${local}`,
        );
      }
      if (!isAddress(given, { strict: false })) throw new Error(`--contract-address must be 0x and 40 hex digits, got ${given}`);
      return (contractAddress = checksumAddress(given));
    },
  };
}

/**
 * Where the server serving a local data folder serves its media: the running `npm start`'s address, else the address
 * the folder was last served on. Never a default port: media URLs are stored in the records and outlive the command.
 */
function servedMediaBase(dataDir: string): string | undefined {
  const url = runningRuntime(dataDir)?.server?.url ?? lastServedAddress(dataDir);
  return url ? `${url}/_media` : undefined;
}

/** Whether DynamoDB answers at the client's endpoint: 'silent' when nothing answers, 'other' when something else does. */
async function probe(db: DynamoDBDocumentClient): Promise<'dynamodb' | 'silent' | 'other'> {
  try {
    const answer = await db.send(new ListTablesCommand({ Limit: 1 }), { abortSignal: AbortSignal.timeout(1500) });
    // An HTTP server that is not DynamoDB (the API server, the chain's JSON-RPC) can answer 200 with JSON of another shape.
    return Array.isArray(answer.TableNames) ? 'dynamodb' : 'other';
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    return status === undefined ? 'silent' : 'other';
  }
}

/** Throws unless DynamoDB answers at the client's endpoint; `where` names the endpoint and who said it was there. */
async function assertDynamoDb(db: DynamoDBDocumentClient, endpoint: string, silent: string): Promise<void> {
  const found = await probe(db);
  if (found === 'silent') throw new Error(silent);
  if (found === 'other') {
    throw new Error(
      `${endpoint} answers, but not as DynamoDB does (no table list to ListTables): it is not a DynamoDB endpoint. ` +
        "Name DynamoDB's own: npm start prints it on its database line and records it in DATA_DIR/runtime.json",
    );
  }
}

/** Whether the folder holds a local table (DynamoDB Local's files), i.e. whether `npm start` or a command ran on it. */
const holdsData = (dataDir: string): boolean => existsSync(resolve(dataDir, 'dynamodb'));

/** Throws unless `tableName` exists at `where` with this project's keys (lib/db/table.ts). */
export async function assertProjectTable(db: DynamoDBDocumentClient, tableName: string, where: string): Promise<void> {
  let keys: string[];
  let indexes: string[];
  try {
    const { Table } = await db.send(new DescribeTableCommand({ TableName: tableName }));
    if (!Table) throw new Error(`${where} answered DescribeTable without a table: it is not a DynamoDB endpoint`);
    keys = (Table?.KeySchema ?? []).map((k) => `${k.AttributeName}:${k.KeyType}`);
    indexes = (Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName ?? '');
  } catch (error) {
    if (error instanceof ResourceNotFoundException) {
      throw new Error(`${where} holds no table ${tableName}: this is not the plaque service's DynamoDB (name the table with --table)`);
    }
    throw error;
  }
  const wantedKeys = [`${tableDefinition.partitionKey.name}:HASH`, `${tableDefinition.sortKey.name}:RANGE`];
  // An index added by a later version may be missing on a table deployed before it: its readers fall back without it.
  const wantedIndexes = tableDefinition.globalSecondaryIndexes.filter((i) => !i.addedLater).map((i) => i.indexName);
  if (keys.join() !== wantedKeys.join() || !wantedIndexes.every((name) => indexes.includes(name))) {
    throw new Error(
      `table ${tableName} at ${where} is not the plaque service's table (keys ${keys.join(', ')}; indexes ${indexes.join(', ') || 'none'})`,
    );
  }
}

/**
 * Local by default: the DynamoDB Local of the `npm start` that owns DATA_DIR (its runtime record), or, when nothing
 * runs there, one started over the same folder for the duration of the command — the folder claimed meanwhile, so
 * `npm start` does not start a second one on it. `say` tells the operator what takes a while (DynamoDB Local takes
 * seconds to open its files); standard error by default, so a command's own output stays as it is.
 */
export async function openTarget(options: TargetOptions, say: (line: string) => void = (line) => console.error(line)): Promise<Target> {
  const tableName = options.table ?? coreConfig().TABLE_NAME;
  const dataDir = resolve(options.dataDir ?? coreConfig().DATA_DIR);
  if (options.region) {
    const db = createDocumentClient({ region: options.region });
    const describe = `table ${tableName} in ${options.region}`;
    await assertAwsCredentials(db, `work on the ${describe}`).catch((error: Error) => {
      db.destroy();
      throw error;
    });
    return {
      ctx: createAppContext({ db, tableName, dataDir }),
      describe,
      stage: targetStage(options, { local: false, dataDir, describe }),
      snapshots: null,
      idleStream: null,
      close: async () => db.destroy(),
    };
  }
  const named = options.endpoint;
  const running = named ? null : runningRuntime(dataDir);
  if (named || running) {
    const endpoint = named ?? running!.dynamodb?.endpoint;
    if (!endpoint) throw new Error(`npm start (pid ${running!.pid}) is still starting on ${dataDir}: try again in a moment`);
    const db = createDocumentClient({ region: coreConfig().AWS_REGION, endpoint });
    try {
      await assertDynamoDb(
        db,
        endpoint,
        named
          ? `no DynamoDB answers at ${endpoint}`
          : `npm start (pid ${running!.pid}) owns ${dataDir}, but its DynamoDB Local at ${endpoint} does not answer`,
      );
      await assertProjectTable(db, tableName, named ? endpoint : `npm start's DynamoDB Local (${endpoint})`);
    } catch (error) {
      db.destroy();
      throw error;
    }
    const describe = `table ${tableName} at ${endpoint}`;
    return {
      ctx: createAppContext({ db, tableName, dataDir }),
      describe,
      stage: targetStage(options, { local: true, dataDir, describe }),
      snapshots: named ? null : localSnapshotStore(dataDir, tableName),
      idleStream: null,
      close: async () => db.destroy(),
    };
  }
  if (!options.createDataDir && !holdsData(dataDir)) {
    throw new Error(
      `${dataDir} holds no data (no DynamoDB Local files in it) and no npm start serves it: ` +
        'run npm start once (it creates and seeds the folder), point DATA_DIR or --data-dir at a folder that holds data, ' +
        'or pass --create-data-dir to start an empty one',
    );
  }
  claimDataDir(dataDir, { owner: 'ops', tableName });
  try {
    say(`Starting DynamoDB Local over ${resolve(dataDir, 'dynamodb')} (no npm start serves ${dataDir}); it takes a few seconds…`);
    const started = performance.now();
    const dynamo = await startDynamoDbLocal({ dbPath: resolve(dataDir, 'dynamodb') });
    const db = createDocumentClient({ region: coreConfig().AWS_REGION, endpoint: dynamo.endpoint });
    await ensureTable(db, tableName);
    say(`DynamoDB Local answers (${((performance.now() - started) / 1000).toFixed(1)} s).`);
    const describe = `table ${tableName} in ${resolve(dataDir, 'dynamodb')}`;
    return {
      ctx: createAppContext({ db, tableName, dataDir }),
      describe,
      stage: targetStage(options, { local: true, dataDir, describe }),
      snapshots: localSnapshotStore(dataDir, tableName),
      idleStream: { endpoint: dynamo.endpoint, dataDir },
      close: async () => {
        db.destroy();
        await dynamo.stop();
        releaseDataDir(dataDir);
      },
    };
  } catch (error) {
    releaseDataDir(dataDir);
    throw error;
  }
}

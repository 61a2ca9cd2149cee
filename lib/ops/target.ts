// Where an ops command works: the local DynamoDB (the running one, or one started for the command) or an AWS table.
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { resolve } from 'node:path';
import { getAddress, isAddress } from 'viem';
import { chainConfig, coreConfig, localConfig } from '#lib/config.ts';
import { createDocumentClient } from '#lib/db/client.ts';
import { ensureTable } from '#lib/db/create-table.ts';
import { localContractRecordFile, recordedPlaqueToken } from '#lib/chain/deploy.ts';
import { startDynamoDbLocal } from '#lib/local/dynamodb-local.ts';
import { placeholderImageUrl } from '#lib/media/placeholder.ts';
import type { StageValues } from '#lib/plaques/plaque.ts';
import { createAppContext, type AppContext } from '#lib/runtime/context.ts';

export interface TargetOptions {
  /** AWS region: targets the real table named by `table` with the default AWS credentials. */
  region?: string;
  table?: string;
  /** A DynamoDB endpoint to use as it is (e.g. a running DynamoDB Local). */
  endpoint?: string;
  dataDir?: string;
  /** The stage's token contract; CONTRACT_ADDRESS, else (local data) the one `npm start` deployed. */
  contractAddress?: string;
  /** Where the stage serves media; MEDIA_BASE_URL, else (local data) the local server's /_media. */
  mediaBaseUrl?: string;
}

export interface Target {
  ctx: AppContext;
  describe: string;
  /** The stage's placeholder image and contract, which new and migrated plaques carry; each throws when unknown. */
  stage: StageValues;
  close: () => Promise<void>;
}

/**
 * The stage values of the target, resolved when first read: a command that stores no new value never needs them,
 * and one that does stops with one line naming the option to pass.
 */
export function targetStage(options: TargetOptions, where: { local: boolean; dataDir: string; describe: string }): StageValues {
  let contractAddress: string | undefined;
  const mediaBaseUrl =
    options.mediaBaseUrl ?? coreConfig().MEDIA_BASE_URL ?? (where.local ? `http://127.0.0.1:${localConfig().PORT}/_media` : undefined);
  return {
    get placeholderImage() {
      if (!mediaBaseUrl) {
        throw new Error(
          `No media base URL for ${where.describe}: pass --media-base-url <url> (the stack output MediaBaseUrl) or set MEDIA_BASE_URL`,
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
      return (contractAddress = getAddress(given));
    },
  };
}

async function reachable(endpoint: string): Promise<boolean> {
  const db = createDocumentClient({ region: 'us-east-1', endpoint });
  try {
    await db.send(new ListTablesCommand({ Limit: 1 }), { abortSignal: AbortSignal.timeout(1500) });
    return true;
  } catch {
    return false;
  } finally {
    db.destroy();
  }
}

/**
 * Local by default: the DynamoDB Local that `npm start` runs (DYNAMODB_PORT, 8000), or — when none answers — one
 * started over the same DATA_DIR for the duration of the command.
 */
export async function openTarget(options: TargetOptions): Promise<Target> {
  const tableName = options.table ?? coreConfig().TABLE_NAME;
  const dataDir = resolve(options.dataDir ?? coreConfig().DATA_DIR);
  if (options.region) {
    const db = createDocumentClient({ region: options.region });
    const describe = `table ${tableName} in ${options.region}`;
    return {
      ctx: createAppContext({ db, tableName, dataDir }),
      describe,
      stage: targetStage(options, { local: false, dataDir, describe }),
      close: async () => db.destroy(),
    };
  }
  const endpoint = options.endpoint ?? `http://127.0.0.1:${localConfig().DYNAMODB_PORT}`;
  if (options.endpoint || (await reachable(endpoint))) {
    const db = createDocumentClient({ region: coreConfig().AWS_REGION, endpoint });
    await ensureTable(db, tableName);
    const describe = `table ${tableName} at ${endpoint}`;
    return {
      ctx: createAppContext({ db, tableName, dataDir }),
      describe,
      stage: targetStage(options, { local: true, dataDir, describe }),
      close: async () => db.destroy(),
    };
  }
  const dynamo = await startDynamoDbLocal({ dbPath: resolve(dataDir, 'dynamodb') });
  const db = createDocumentClient({ region: coreConfig().AWS_REGION, endpoint: dynamo.endpoint });
  await ensureTable(db, tableName);
  const describe = `table ${tableName} in ${resolve(dataDir, 'dynamodb')}`;
  return {
    ctx: createAppContext({ db, tableName, dataDir }),
    describe,
    stage: targetStage(options, { local: true, dataDir, describe }),
    close: async () => {
      db.destroy();
      await dynamo.stop();
    },
  };
}

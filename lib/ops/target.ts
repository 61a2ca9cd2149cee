// Where an ops command works: the local DynamoDB (the running one, or one started for the command) or an AWS table.
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { resolve } from 'node:path';
import { coreConfig, localConfig } from '#lib/config.ts';
import { createDocumentClient } from '#lib/db/client.ts';
import { ensureTable } from '#lib/db/create-table.ts';
import { startDynamoDbLocal } from '#lib/local/dynamodb-local.ts';
import { createAppContext, type AppContext } from '#lib/runtime/context.ts';

export interface TargetOptions {
  /** AWS region: targets the real table named by `table` with the default AWS credentials. */
  region?: string;
  table?: string;
  /** A DynamoDB endpoint to use as it is (e.g. a running DynamoDB Local). */
  endpoint?: string;
  dataDir?: string;
}

export interface Target {
  ctx: AppContext;
  describe: string;
  close: () => Promise<void>;
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
    return {
      ctx: createAppContext({ db, tableName, dataDir }),
      describe: `table ${tableName} in ${options.region}`,
      close: async () => db.destroy(),
    };
  }
  const endpoint = options.endpoint ?? `http://127.0.0.1:${localConfig().DYNAMODB_PORT}`;
  if (options.endpoint || (await reachable(endpoint))) {
    const db = createDocumentClient({ region: coreConfig().AWS_REGION, endpoint });
    await ensureTable(db, tableName);
    return {
      ctx: createAppContext({ db, tableName, dataDir }),
      describe: `table ${tableName} at ${endpoint}`,
      close: async () => db.destroy(),
    };
  }
  const dynamo = await startDynamoDbLocal({ dbPath: resolve(dataDir, 'dynamodb') });
  const db = createDocumentClient({ region: coreConfig().AWS_REGION, endpoint: dynamo.endpoint });
  await ensureTable(db, tableName);
  return {
    ctx: createAppContext({ db, tableName, dataDir }),
    describe: `table ${tableName} in ${resolve(dataDir, 'dynamodb')}`,
    close: async () => {
      db.destroy();
      await dynamo.stop();
    },
  };
}

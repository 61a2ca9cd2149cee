// The delivery worker under `npm start`: the same function module as in AWS, fed the same stream events by a poller of
// DynamoDB Local's stream with the same filter (checkpoints and dead letters under DATA_DIR/streams, which the local
// reconciler reads too).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DELIVERY_STREAM_FILTERS } from '#lib/delivery/stream-filter.ts';
import { DELIVERY_WORKER_HANDLER } from '#lib/http/routes.ts';
import { deliveryStreamDir } from '#lib/local/stream-consumers.ts';
import { startStreamPoller, type StreamHandler, type StreamPoller } from '#lib/local/stream-poller.ts';

/** The delivery worker's timeout in AWS (infra), mirrored locally: each invocation gets this long. */
const WORKER_TIMEOUT_MS = 120_000;

export interface LocalDeliveriesOptions {
  projectRoot: string;
  dataDir: string;
  db: DynamoDBDocumentClient;
  dynamoEndpoint: string;
  region: string;
  tableName: string;
}

/** Starts the poller; the context the worker reads must be installed first (the local server does). */
export async function startLocalDeliveries(options: LocalDeliveriesOptions): Promise<StreamPoller> {
  const worker = (await import(pathToFileURL(resolve(options.projectRoot, DELIVERY_WORKER_HANDLER)).href)) as {
    handler: (event: Parameters<StreamHandler>[0], context: Context) => ReturnType<StreamHandler>;
  };
  return startStreamPoller({
    db: options.db,
    endpoint: options.dynamoEndpoint,
    region: options.region,
    tableName: options.tableName,
    handler: (event) => {
      const deadline = Date.now() + WORKER_TIMEOUT_MS;
      return worker.handler(event, { functionName: 'deliver-order', getRemainingTimeInMillis: () => deadline - Date.now() } as Context);
    },
    filters: DELIVERY_STREAM_FILTERS,
    batchSize: 10,
    // Like the stage's retryAttempts (5) plus the first attempt.
    maxAttempts: 6,
    stateDir: deliveryStreamDir(options.dataDir),
  });
}

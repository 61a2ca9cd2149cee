// Deliveries under `npm start`: the sender, the same function module as in AWS, fed the same stream events by a poller
// of DynamoDB Local's stream with the same filter (checkpoints and dead letters under DATA_DIR/streams, which the local
// reconciler reads too), gathering orders until they must go to make the next block; and the follower of the batches in
// flight, on every block (lib/local/mint-follower.ts).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DELIVERY_STREAM_FILTERS } from '#lib/delivery/stream-filter.ts';
import { DELIVERY_WORKER_HANDLER } from '#lib/http/routes.ts';
import { deliveryStreamDir } from '#lib/local/stream-consumers.ts';
import { startLocalMintFollower } from '#lib/local/mint-follower.ts';
import { IDLE_POLL_MS } from '#lib/local/idle-pace.ts';
import { startStreamPoller, type StreamHandler } from '#lib/local/stream-poller.ts';
import type { AppContext } from '#lib/runtime/context.ts';

export interface LocalDeliveriesOptions {
  projectRoot: string;
  dataDir: string;
  ctx: AppContext;
  /** Seconds between the local chain's blocks; null: a block per transaction. */
  blockTimeSeconds: number | null;
  dynamoEndpoint: string;
  region: string;
  tableName: string;
}

/** Starts the follower and the poller; the context the sender reads must be installed first (the local server does). */
export async function startLocalDeliveries(options: LocalDeliveriesOptions): Promise<{ stop: () => Promise<void> }> {
  const worker = (await import(pathToFileURL(resolve(options.projectRoot, DELIVERY_WORKER_HANDLER)).href)) as { handler: StreamHandler };
  const follower = startLocalMintFollower(options.ctx, options.blockTimeSeconds);
  const poller = await startStreamPoller({
    endpoint: options.dynamoEndpoint,
    region: options.region,
    tableName: options.tableName,
    handler: async (event) => {
      // Timed, so that the next hand-overs keep as long before the block as sends take on this machine.
      const started = Date.now();
      try {
        return await worker.handler(event);
      } finally {
        follower.sendTook(Date.now() - started);
      }
    },
    filters: DELIVERY_STREAM_FILTERS,
    // As the stage's mapping gives them (infra/stages.ts `delivery.batchSize`): a batch's orders at most.
    batchSize: 50,
    pollIntervalMs: 100,
    idlePollIntervalMs: IDLE_POLL_MS,
    handOverBy: follower.handOverBy,
    // Like the stage's retryAttempts (5) plus the first attempt.
    maxAttempts: 6,
    stateDir: deliveryStreamDir(options.dataDir),
  }).catch(async (error: unknown) => {
    await follower.stop();
    throw error;
  });
  return {
    // The poller first: no sends are handed over while the follower stops.
    stop: async () => {
      await poller.stop();
      await follower.stop();
    },
  };
}

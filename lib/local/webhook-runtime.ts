// Webhooks under `npm start`: the same two function modules as in AWS, driven locally — the order-events consumer fed
// by a second poller of DynamoDB Local's stream (its own filter, checkpoints and dead letters under
// DATA_DIR/streams/order-events), and the sender fed by the wake-up folder DATA_DIR/webhooks/queue (dead letters in
// DATA_DIR/webhooks/dead-letters), read on a timer.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { ORDER_EVENTS_HANDLER, WEBHOOK_SENDER_HANDLER } from '#lib/http/routes.ts';
import { orderEventStreamDir } from '#lib/local/stream-consumers.ts';
import { IDLE_POLL_MS } from '#lib/local/idle-pace.ts';
import { startStreamPoller, type StreamHandler } from '#lib/local/stream-poller.ts';
import { startLocalWakeupQueue } from '#lib/local/webhook-queue.ts';
import { EVENT_STREAM_FILTERS } from '#lib/webhooks/stream-filter.ts';
import { localQueueDir } from '#lib/webhooks/queue.ts';

/** The sender's timeout in AWS (the manifest), mirrored locally: each invocation gets this long. */
const SENDER_TIMEOUT_MS = 120_000;

export interface LocalWebhooksOptions {
  projectRoot: string;
  dataDir: string;
  dynamoEndpoint: string;
  region: string;
  tableName: string;
}

/** Starts both; the answer stops them. The context the modules read must be installed first (the local server does). */
export async function startLocalWebhooks(options: LocalWebhooksOptions): Promise<() => Promise<void>> {
  const load = async <H>(module: string) =>
    ((await import(pathToFileURL(resolve(options.projectRoot, module)).href)) as { handler: H }).handler;
  const makeEvents = await load<StreamHandler>(ORDER_EVENTS_HANDLER);
  const send = await load<(event: SQSEvent, context: Context) => Promise<SQSBatchResponse>>(WEBHOOK_SENDER_HANDLER);

  const poller = await startStreamPoller({
    endpoint: options.dynamoEndpoint,
    region: options.region,
    tableName: options.tableName,
    handler: makeEvents,
    filters: EVENT_STREAM_FILTERS,
    batchSize: 25,
    maxAttempts: 6,
    idlePollIntervalMs: IDLE_POLL_MS,
    stateDir: orderEventStreamDir(options.dataDir),
  });
  const queue = await startLocalWakeupQueue({
    dir: localQueueDir(options.dataDir),
    handler: (event) => {
      const deadline = Date.now() + SENDER_TIMEOUT_MS;
      return send(event, { functionName: 'send-webhooks', getRemainingTimeInMillis: () => deadline - Date.now() } as Context);
    },
    // A wake-up the sender did not finish comes back after this; an event it was sending is sent again once the
    // attempt's lease lapsed (the lease, not this timeout, keeps two senders from sending one event at once).
    visibilityTimeoutMs: 60_000,
    idlePollIntervalMs: IDLE_POLL_MS,
  });
  return async () => {
    await poller.stop();
    await queue.stop();
  };
}

// The code mail sender under `npm start` and in tests: the same function module as in AWS, fed by a poller of
// DynamoDB Local's stream with the same filter (checkpoints and dead letters under DATA_DIR/streams/code-mail), so a
// requested code reaches the outbox within about a second.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CODE_MAIL_HANDLER } from '#lib/http/routes.ts';
import { CODE_MAIL_STREAM_FILTERS } from '#lib/accounts/code-mail-stream.ts';
import { codeMailStreamDir } from '#lib/local/stream-consumers.ts';
import { IDLE_POLL_MS } from '#lib/local/idle-pace.ts';
import { startStreamPoller, type StreamHandler, type StreamPoller } from '#lib/local/stream-poller.ts';

export interface LocalCodeMailOptions {
  projectRoot: string;
  dynamoEndpoint: string;
  region: string;
  tableName: string;
  /** Checkpoints and dead letters go under DATA_DIR/streams/code-mail; nothing is persisted without it (tests). */
  dataDir?: string;
  /** Wait before the second attempt of a failing record (the poller's default when not given). */
  retryDelayMs?: number;
  pollIntervalMs?: number;
}

/** Starts the poller; the context the module reads must be installed first (the local server does). */
export async function startLocalCodeMail(options: LocalCodeMailOptions): Promise<StreamPoller> {
  const module = (await import(pathToFileURL(resolve(options.projectRoot, CODE_MAIL_HANDLER)).href)) as { handler: StreamHandler };
  return startStreamPoller({
    endpoint: options.dynamoEndpoint,
    region: options.region,
    tableName: options.tableName,
    handler: module.handler,
    filters: CODE_MAIL_STREAM_FILTERS,
    batchSize: 25,
    // Like the stage's mapping: the first attempt and five retries (about 15 s of trouble) before a dead letter.
    maxAttempts: 6,
    ...(options.retryDelayMs !== undefined && { retryDelayMs: options.retryDelayMs }),
    ...(options.pollIntervalMs !== undefined && { pollIntervalMs: options.pollIntervalMs }),
    idlePollIntervalMs: IDLE_POLL_MS,
    ...(options.dataDir && { stateDir: codeMailStreamDir(options.dataDir) }),
  });
}

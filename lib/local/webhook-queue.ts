// The local stand-in for the sender's SQS queue and its event source: reads the wake-up folder (DATA_DIR/webhooks/queue,
// written by lib/webhooks/queue.ts) on a timer and hands visible messages to the sender as the SQSEvent Lambda gives
// it, with a visibility timeout, partial batch failures, a receive limit and a dead-letter folder. Messages are files,
// so a restart loses none: one received but not finished becomes visible again when its visibility timeout ends.
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '#lib/runtime/logger.ts';
import { oneAtATime } from '#lib/runtime/one-at-a-time.ts';
import { idlePace, noteActivity } from '#lib/local/idle-pace.ts';
import { parseQueueFileName, queueFileName, type QueueFile } from '#lib/webhooks/queue.ts';

type QueueHandler = (event: SQSEvent) => Promise<SQSBatchResponse | void>;

export interface LocalWakeupQueueOptions {
  /** The folder messages are written to. */
  dir: string;
  handler: QueueHandler;
  /** Messages per invocation (the event source's batch size). */
  batchSize?: number;
  /** Invocations at once. */
  concurrency?: number;
  /** How long a received message stays invisible; it must outlast an attempt's lease for a crashed send to come back. */
  visibilityTimeoutMs?: number;
  /** Receives after which a message goes to the dead-letter folder instead (the redrive policy's maxReceiveCount). */
  maxReceives?: number;
  /** Wait between reads of the folder (default 200 ms). */
  pollIntervalMs?: number;
  /**
   * The longest wait while reads keep finding nothing: the wait doubles up to it, and is short again at once when this
   * process notes activity (lib/local/idle-pace.ts). Absent: always `pollIntervalMs`.
   */
  idlePollIntervalMs?: number;
  now?: () => number;
}

export interface LocalWakeupQueue {
  /** Resolves once no message is visible and no invocation is running (messages delayed into the future stay). */
  drain: () => Promise<void>;
  stop: () => Promise<void>;
}

interface Received extends QueueFile {
  name: string;
  body: string;
}

const QUEUE_ARN = 'arn:aws:sqs:local:000000000000:webhook-wakeups';

function toRecord(message: Received, now: number): SQSRecord {
  return {
    messageId: message.id,
    receiptHandle: message.name,
    body: message.body,
    attributes: {
      ApproximateReceiveCount: String(message.receives),
      SentTimestamp: String(now),
      SenderId: 'local',
      ApproximateFirstReceiveTimestamp: String(now),
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: QUEUE_ARN,
    awsRegion: 'local',
  };
}

export async function startLocalWakeupQueue(options: LocalWakeupQueueOptions): Promise<LocalWakeupQueue> {
  const { dir, handler } = options;
  const batchSize = options.batchSize ?? 10;
  const concurrency = options.concurrency ?? 4;
  const visibilityMs = options.visibilityTimeoutMs ?? 60_000;
  const maxReceives = options.maxReceives ?? 5;
  const pollInterval = options.pollIntervalMs ?? 200;
  const now = options.now ?? Date.now;
  const deadLetters = join(dir, '..', 'dead-letters');
  await mkdir(dir, { recursive: true });
  await mkdir(deadLetters, { recursive: true });

  const running = new Set<Promise<void>>();
  // One reader of the folder at a time: the loop and drain() must not receive the same message twice.
  const serialized = oneAtATime();

  /** Takes up to `batchSize` visible messages, each made invisible for the visibility timeout (a rename claims it). */
  async function receive(): Promise<Received[]> {
    const at = now();
    const names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
    const batch: Received[] = [];
    for (const name of names) {
      if (batch.length >= batchSize) break;
      const file = parseQueueFileName(name);
      if (!file || file.visibleAt > at) continue;
      if (file.receives >= maxReceives) {
        await rename(join(dir, name), join(deadLetters, name)).catch(() => undefined);
        logger.error('webhook wake-up dead-lettered', { messageId: file.id, receives: file.receives });
        continue;
      }
      const claimed = { ...file, visibleAt: at + visibilityMs, receives: file.receives + 1 };
      const claimedName = queueFileName(claimed);
      try {
        await rename(join(dir, name), join(dir, claimedName));
      } catch {
        continue; // gone: another reader took it, or it was finished
      }
      batch.push({ ...claimed, name: claimedName, body: await readFile(join(dir, claimedName), 'utf8') });
    }
    return batch;
  }

  async function invoke(batch: Received[]): Promise<void> {
    let failedIds = new Set<string>();
    try {
      const response = await handler({ Records: batch.map((message) => toRecord(message, now())) });
      failedIds = new Set((response?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
    } catch (error) {
      logger.warn('webhook sender failed', { messages: batch.length, error: error as Error });
      failedIds = new Set(batch.map((message) => message.id));
    }
    // Finished messages are deleted; failed ones stay invisible until their visibility timeout, then come back.
    await Promise.all(batch.filter((m) => !failedIds.has(m.id)).map((m) => rm(join(dir, m.name), { force: true })));
  }

  /** Starts invocations for what is visible now, up to the concurrency; how many messages it handed over. */
  const pass = () =>
    serialized(async () => {
      let handed = 0;
      while (running.size < concurrency) {
        const batch = await receive();
        if (batch.length === 0) break;
        handed += batch.length;
        const invocation = invoke(batch).finally(() => running.delete(invocation));
        running.add(invocation);
      }
      return handed;
    });

  let stopped = false;
  const pace = idlePace({ busyMs: pollInterval, ...(options.idlePollIntervalMs !== undefined && { idleMs: options.idlePollIntervalMs }) });
  const loop = async () => {
    while (!stopped) {
      const handed = await pass().catch((error: unknown) => {
        logger.error('webhook queue polling failed', { error: error as Error });
        return 0;
      });
      if (handed > 0) noteActivity();
      if (!stopped) await pace.rest(handed > 0 || running.size > 0);
    }
  };
  const looping = loop();

  return {
    drain: async () => {
      for (;;) {
        const handed = await pass();
        if (handed === 0 && running.size === 0) return;
        await Promise.race([...running, new Promise((r) => setTimeout(r, 10))]);
      }
    },
    stop: async () => {
      stopped = true;
      pace.close();
      await looping;
      await Promise.all(running);
    },
  };
}

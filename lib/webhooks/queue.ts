// The wake-up queue of the sender: each message names a lane to look at, delivered after a delay. In AWS an SQS queue
// (sqs-queue.ts; at most 15 minutes of delay per message, so the sender puts a message whose lane is not due yet
// back for the time left); locally a folder under DATA_DIR/webhooks/queue, one file per message, which the local
// runtime reads like Lambda reads SQS (lib/local/webhook-queue.ts).
import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { webhookConfig } from '#lib/config.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { lazyAdapter } from '#lib/runtime/lazy-adapter.ts';
import { webhookPortsOf } from '#lib/webhooks/ports.ts';

/** One lane of one endpoint: what a wake-up asks the sender to look at. */
export interface Lane {
  endpointId: string;
  laneId: string;
}

interface Wakeup {
  lane: Lane;
  /** From now; 0 for at once. */
  delayMs: number;
}

export interface WakeupQueue {
  send(wakeups: Wakeup[]): Promise<void>;
}

declare module '#lib/webhooks/ports.ts' {
  interface WebhookPorts {
    /** Wakes the sender: SQS in AWS, a folder under DATA_DIR locally: use `wakeupQueueOf(ctx)`. */
    queue?: WakeupQueue;
  }
}

/** SQS's longest per-message delay; the local queue keeps to it too, so a long wait takes the same hops. */
export const MAX_DELAY_MS = 15 * 60 * 1000;

export const laneMessageBody = (lane: Lane): string => JSON.stringify({ endpointId: lane.endpointId, laneId: lane.laneId });

/** The lane a message names, or null for a message that names none (it is dropped, not retried). */
export function laneOfMessage(body: string): Lane | null {
  try {
    const parsed = JSON.parse(body) as Partial<Lane>;
    return typeof parsed.endpointId === 'string' && typeof parsed.laneId === 'string'
      ? { endpointId: parsed.endpointId, laneId: parsed.laneId }
      : null;
  } catch {
    return null;
  }
}

// ---- The local folder: `<visible-at epoch ms>-<receives>-<id>.json`, sorted by name = by visibility. ----

export const localQueueDir = (dataDir: string): string => join(dataDir, 'webhooks', 'queue');

export interface QueueFile {
  visibleAt: number;
  receives: number;
  id: string;
}

export const queueFileName = (file: QueueFile): string =>
  `${String(file.visibleAt).padStart(15, '0')}-${String(file.receives).padStart(3, '0')}-${file.id}.json`;

export function parseQueueFileName(name: string): QueueFile | null {
  const match = /^(\d{15})-(\d{3})-([\w-]+)\.json$/.exec(name);
  return match ? { visibleAt: Number(match[1]), receives: Number(match[2]), id: match[3]! } : null;
}

/** Writes each message as its own file, whole or not at all (written aside, then renamed into the folder). */
function folderQueue(dir: string, now: () => number = Date.now): WakeupQueue {
  return {
    async send(wakeups) {
      if (wakeups.length === 0) return;
      await mkdir(join(dir, '.incoming'), { recursive: true });
      await Promise.all(
        wakeups.map(async ({ lane, delayMs }) => {
          const id = randomUUID();
          const draft = join(dir, '.incoming', `${id}.json`);
          await writeFile(draft, laneMessageBody(lane));
          const visibleAt = now() + Math.min(Math.max(0, delayMs), MAX_DELAY_MS);
          await rename(draft, join(dir, queueFileName({ visibleAt, receives: 0, id })));
        }),
      );
    },
  };
}

/**
 * SQS when a queue URL is configured (AWS), the local folder otherwise. The SQS module is imported on first use, so
 * functions that never wake the sender do not load its client.
 */
function wakeupQueueFor(options: { dataDir: string; queueUrl?: string | undefined; region: string }): WakeupQueue {
  const { queueUrl, region } = options;
  if (!queueUrl) return folderQueue(localQueueDir(options.dataDir));
  const sqs = lazyAdapter(() => import('#lib/webhooks/sqs-queue.ts').then((module) => module.sqsWakeupQueue(queueUrl, region)));
  return { send: async (wakeups) => (await sqs()).send(wakeups) };
}

/** The context's wake-up queue, built from configuration on first use unless the context was given one. */
export const wakeupQueueOf = (ctx: AppContext): WakeupQueue =>
  (webhookPortsOf(ctx).queue ??= wakeupQueueFor({
    dataDir: ctx.dataDir,
    queueUrl: webhookConfig().WEBHOOK_QUEUE_URL,
    region: webhookConfig().AWS_REGION,
  }));

// Wakes the follower of mint batches (functions/delivery/follow-mints.ts): in AWS an SQS queue, one message per batch
// in flight, delivered after a delay (the next block), so a run starts when there is something to look at; the sender
// wakes it for each batch it sends, the follower for those it leaves in flight, the reconciler for those nobody looked
// at for a while. Locally nothing is sent: the local runtime's follower looks at every batch in flight on every block
// (lib/local/mint-follower.ts).
import { deliveryConfig } from '#lib/config.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { lazyAdapter } from '#lib/runtime/lazy-adapter.ts';

export interface FollowQueue {
  /** Asks for a look at each batch after `delaySeconds` (at most 15 minutes, SQS's longest delay). */
  wake(batchIds: readonly string[], delaySeconds: number): Promise<void>;
}

declare module '#lib/runtime/context.ts' {
  interface AppContext {
    /** Wakes the follower of mint batches: SQS in AWS, nothing locally: use `followQueueOf(ctx)`. */
    followQueue?: FollowQueue;
  }
}

/** A wake-up that names no batch: the run announces the pending metadata changes (lib/delivery/announce-metadata.ts). */
export const ANNOUNCE_WAKEUP = 'announce';

/** SQS's longest per-message delay. */
export const MAX_FOLLOW_DELAY_SECONDS = 900;

/** The message that asks for a look at a batch. */
export const followMessageBody = (batchId: string): string => JSON.stringify({ batchId });

/** The batch a message names, or null for one that names none (dropped, not retried). */
export function batchOfMessage(body: string): string | null {
  try {
    const { batchId } = JSON.parse(body) as { batchId?: unknown };
    return typeof batchId === 'string' ? batchId : null;
  } catch {
    return null;
  }
}

const nothingToWake: FollowQueue = { wake: async () => undefined };

/** The context's follow queue: SQS when one is configured, loaded on first use; none otherwise. */
export const followQueueOf = (ctx: AppContext): FollowQueue => {
  if (ctx.followQueue) return ctx.followQueue;
  const { MINT_FOLLOW_QUEUE_URL: queueUrl, AWS_REGION: region } = deliveryConfig();
  if (!queueUrl) return (ctx.followQueue = nothingToWake);
  const sqs = lazyAdapter(() => import('#lib/delivery/sqs-follow-queue.ts').then((module) => module.sqsFollowQueue(queueUrl, region)));
  return (ctx.followQueue = { wake: async (batchIds, delaySeconds) => (await sqs()).wake(batchIds, delaySeconds) });
};

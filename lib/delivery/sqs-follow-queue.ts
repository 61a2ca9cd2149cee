// The follower's queue in AWS: one SQS message per batch, with a delay of whole seconds (at most 15 minutes), sent ten to
// a request.
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { followMessageBody, MAX_FOLLOW_DELAY_SECONDS, type FollowQueue } from '#lib/delivery/follow-queue.ts';

const BATCH = 10;

export function sqsFollowQueue(queueUrl: string, region: string, client: Pick<SQSClient, 'send'> = new SQSClient({ region })): FollowQueue {
  return {
    async wake(batchIds, delaySeconds) {
      const delay = Math.ceil(Math.min(Math.max(0, delaySeconds), MAX_FOLLOW_DELAY_SECONDS));
      for (let i = 0; i < batchIds.length; i += BATCH) {
        const out = await client.send(
          new SendMessageBatchCommand({
            QueueUrl: queueUrl,
            Entries: batchIds
              .slice(i, i + BATCH)
              .map((batchId, n) => ({ Id: String(n), MessageBody: followMessageBody(batchId), DelaySeconds: delay })),
          }),
        );
        if (out.Failed?.length)
          throw new Error(`SQS refused ${out.Failed.length} follow message(s): ${out.Failed.map((f) => f.Code).join(', ')}`);
      }
    },
  };
}

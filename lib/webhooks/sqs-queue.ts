// The sender's wake-up queue in AWS: SQS messages with a per-message delay (rounded up to whole seconds, at most 15
// minutes), sent ten to a request.
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { laneMessageBody, MAX_DELAY_MS, type WakeupQueue } from '#lib/webhooks/queue.ts';

type SqsSender = Pick<SQSClient, 'send'>;

const BATCH = 10;

export function sqsWakeupQueue(queueUrl: string, region: string, client: SqsSender = new SQSClient({ region })): WakeupQueue {
  return {
    async send(wakeups) {
      for (let i = 0; i < wakeups.length; i += BATCH) {
        const batch = wakeups.slice(i, i + BATCH);
        const out = await client.send(
          new SendMessageBatchCommand({
            QueueUrl: queueUrl,
            Entries: batch.map(({ lane, delayMs }, n) => ({
              Id: String(n),
              MessageBody: laneMessageBody(lane),
              DelaySeconds: Math.ceil(Math.min(Math.max(0, delayMs), MAX_DELAY_MS) / 1000),
            })),
          }),
        );
        if (out.Failed?.length) throw new Error(`SQS refused ${out.Failed.length} wake-up(s): ${out.Failed.map((f) => f.Code).join(', ')}`);
      }
    },
  };
}

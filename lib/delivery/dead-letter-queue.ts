// The delivery DLQ (SQS) as the reconciler's dead-letter box. Lambda puts there, for a stream batch that failed every
// retry, where the batch lies in the table's stream (shard, first and last sequence number), not the records: the
// orders they name are read back from the stream (kept 24 h). A letter whose records the stream no longer holds names
// no order; the sweep finds those orders anyway (SOLD and untouched), so it is settled all the same.
import { DeleteMessageCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { DeadLetterBox } from '#lib/delivery/reconcile.ts';
import { lazyAdapter } from '#lib/runtime/lazy-adapter.ts';

/** What the event source mapping's on-failure destination writes for a DynamoDB stream batch. */
export interface StreamBatchInfo {
  shardId: string;
  startSequenceNumber: string;
  endSequenceNumber: string;
  streamArn: string;
}

/** Letters read per pass (SQS's largest batch); more wait for the next pass, a minute later. */
const LETTERS_PER_PASS = 10;
/** A letter read but not settled shows up again after this long (the next pass or the one after). */
const VISIBILITY_SECONDS = 120;

/** The batch a dead letter's body locates, or null when it is not one of the stream mapping's letters. */
export function streamBatchOf(body: string): StreamBatchInfo | null {
  try {
    const info = (JSON.parse(body) as { DDBStreamBatchInfo?: Partial<StreamBatchInfo> }).DDBStreamBatchInfo;
    if (!info?.shardId || !info.startSequenceNumber || !info.endSequenceNumber || !info.streamArn) return null;
    return info as StreamBatchInfo;
  } catch {
    return null;
  }
}

export function sqsDeadLetters(queueUrl: string, region: string): DeadLetterBox {
  const sqs = new SQSClient({ region });
  // The stream is read only for a letter, which is rare: its client loads then, not at every cold start.
  const reader = lazyAdapter(() =>
    import('#lib/delivery/stream-batch-orders.ts').then(({ streamBatchReader }) => streamBatchReader(region)),
  );
  const readBatch = async (batch: StreamBatchInfo) => (await reader())(batch);
  const receipts = new Map<string, string>();
  return {
    async list() {
      // A box lives as long as its function instance: only the letters of the latest pass can be settled.
      receipts.clear();
      const out = await sqs.send(
        new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: LETTERS_PER_PASS, VisibilityTimeout: VISIBILITY_SECONDS }),
      );
      const letters = [];
      for (const message of out.Messages ?? []) {
        if (!message.MessageId || !message.ReceiptHandle) continue;
        receipts.set(message.MessageId, message.ReceiptHandle);
        const batch = streamBatchOf(message.Body ?? '');
        letters.push({ id: message.MessageId, orderIds: batch ? await readBatch(batch) : [] });
      }
      return letters;
    },
    async settle(id) {
      const receipt = receipts.get(id);
      if (!receipt) return;
      await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: receipt }));
      receipts.delete(id);
    },
  };
}

// The delivery DLQ (SQS) as the reconciler's dead-letter box. Lambda puts there, for a stream batch that failed every
// retry, where the batch lies in the table's stream (shard, first and last sequence number), not the records: the
// orders they name are read back from the stream (kept 24 h). A letter whose records the stream no longer holds names
// no order; the sweep finds those orders anyway (SOLD and untouched), so it is settled all the same.
import {
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import { DeleteMessageCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { DynamoDBRecord } from 'aws-lambda';
import { soldOrderIdOf } from '#lib/delivery/stream-filter.ts';
import type { DeadLetterBox } from '#lib/delivery/reconcile.ts';

/** What the event source mapping's on-failure destination writes for a DynamoDB stream batch. */
interface StreamBatchInfo {
  shardId: string;
  startSequenceNumber: string;
  endSequenceNumber: string;
  streamArn: string;
}

/** Letters read per pass (SQS's largest batch); more wait for the next pass, a minute later. */
const LETTERS_PER_PASS = 10;
/** A letter read but not settled shows up again after this long (the next pass or the one after). */
const VISIBILITY_SECONDS = 120;
/** GetRecords pages read per letter: a batch is at most a few hundred records. */
const MAX_PAGES = 20;

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

/** The sold orders the batch's records name, read back from the stream; none when the stream no longer holds them. */
export async function ordersOfBatch(streams: DynamoDBStreamsClient, batch: StreamBatchInfo): Promise<string[]> {
  const end = BigInt(batch.endSequenceNumber);
  const orderIds = new Set<string>();
  try {
    let iterator = (
      await streams.send(
        new GetShardIteratorCommand({
          StreamArn: batch.streamArn,
          ShardId: batch.shardId,
          ShardIteratorType: 'AT_SEQUENCE_NUMBER',
          SequenceNumber: batch.startSequenceNumber,
        }),
      )
    ).ShardIterator;
    for (let page = 0; iterator && page < MAX_PAGES; page++) {
      const out = await streams.send(new GetRecordsCommand({ ShardIterator: iterator }));
      const records: StreamRecord[] = out.Records ?? [];
      for (const record of records) {
        if (BigInt(record.dynamodb?.SequenceNumber ?? '0') > end) return [...orderIds];
        const orderId = soldOrderIdOf(record as unknown as DynamoDBRecord);
        if (orderId) orderIds.add(orderId);
      }
      iterator = out.NextShardIterator;
    }
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TrimmedDataAccessException' || name === 'ResourceNotFoundException') return [];
    throw error;
  }
  return [...orderIds];
}

export function sqsDeadLetters(queueUrl: string, region: string): DeadLetterBox {
  const sqs = new SQSClient({ region });
  const streams = new DynamoDBStreamsClient({ region });
  const receipts = new Map<string, string>();
  return {
    async list() {
      const out = await sqs.send(
        new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: LETTERS_PER_PASS, VisibilityTimeout: VISIBILITY_SECONDS }),
      );
      const letters = [];
      for (const message of out.Messages ?? []) {
        if (!message.MessageId || !message.ReceiptHandle) continue;
        receipts.set(message.MessageId, message.ReceiptHandle);
        const batch = streamBatchOf(message.Body ?? '');
        letters.push({ id: message.MessageId, orderIds: batch ? await ordersOfBatch(streams, batch) : [] });
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

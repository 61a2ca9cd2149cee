// Reads a dead-lettered stream batch back from the table's stream (kept 24 h): the sold orders its records name. Its
// own module, loaded by the dead-letter box (dead-letter-queue.ts) only when a letter arrives, so the reconciler's cold
// start does not load the DynamoDB Streams client it needs only then.
import {
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord } from 'aws-lambda';
import { soldOrderIdOf } from '#lib/delivery/stream-filter.ts';
import type { StreamBatchInfo } from '#lib/delivery/dead-letter-queue.ts';

/** GetRecords pages read per letter: a batch is at most a few hundred records. */
const MAX_PAGES = 20;

/** The sold orders of one batch, read with one client for the region. */
export type StreamBatchReader = (batch: StreamBatchInfo) => Promise<string[]>;

export function streamBatchReader(region: string): StreamBatchReader {
  const streams = new DynamoDBStreamsClient({ region });
  return (batch) => ordersOfBatch(streams, batch);
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

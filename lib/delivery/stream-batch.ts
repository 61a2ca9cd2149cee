// The sender's stream batch: the sold orders the records name go out in mint batches (lib/delivery/send-mints.ts); when
// the chain or the table is unavailable, every record of the batch is reported as a batch item failure, so the event
// source retries them (orders already sent by then are found in their batch and not sent twice).
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { logger } from '#lib/runtime/logger.ts';
import { sendMints, type SendOptions } from '#lib/delivery/send-mints.ts';
import { soldOrderIdOf } from '#lib/delivery/stream-filter.ts';
import type { AppContext } from '#lib/runtime/context.ts';

export async function deliverStreamRecords(
  ctx: AppContext,
  records: DynamoDBRecord[],
  options: SendOptions = {},
): Promise<DynamoDBBatchResponse> {
  const sold = records.flatMap((record) => {
    const orderId = soldOrderIdOf(record);
    return orderId === null ? [] : [{ orderId, sequence: record.dynamodb?.SequenceNumber ?? '' }];
  });
  if (sold.length === 0) return { batchItemFailures: [] };
  try {
    const report = await sendMints(
      ctx,
      sold.map((s) => s.orderId),
      options,
    );
    logger.info('sold orders handled', {
      orders: report.outcomes.size,
      batches: report.batches.length,
      outcomes: Object.fromEntries(countsOf(report.outcomes.values())),
    });
    return { batchItemFailures: [] };
  } catch (error) {
    // Transient (chain or table unavailable): the event source retries these records.
    logger.warn('sold orders not sent; they will be retried', { orders: sold.length, error: error as Error });
    return { batchItemFailures: sold.map((s) => ({ itemIdentifier: s.sequence })) };
  }
}

function countsOf(values: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

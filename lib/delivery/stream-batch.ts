// The delivery worker's batch: one delivery per sold order the stream records name, run side by side (the chain port
// serializes their sends), with the records of orders that should be retried reported as batch item failures.
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { logger } from '#lib/runtime/logger.ts';
import { deliverOrder, type DeliveryOptions } from '#lib/delivery/deliver-order.ts';
import { soldOrderIdOf } from '#lib/delivery/stream-filter.ts';
import type { AppContext } from '#lib/runtime/context.ts';

export async function deliverStreamRecords(
  ctx: AppContext,
  records: DynamoDBRecord[],
  options: DeliveryOptions = {},
): Promise<DynamoDBBatchResponse> {
  // Several records may name one order (a buy, then a re-queue): it is delivered once, and retried with all of them.
  const sequencesByOrder = new Map<string, string[]>();
  for (const record of records) {
    const orderId = soldOrderIdOf(record);
    if (orderId === null) continue;
    const sequences = sequencesByOrder.get(orderId) ?? [];
    sequences.push(record.dynamodb?.SequenceNumber ?? '');
    sequencesByOrder.set(orderId, sequences);
  }
  const failed: string[] = [];
  await Promise.all(
    [...sequencesByOrder].map(async ([orderId, sequences]) => {
      try {
        const outcome = await deliverOrder(ctx, orderId, options);
        logger.info('delivery handled', { orderId, outcome });
      } catch (error) {
        // Transient (chain or table unavailable, another worker's live claim): the event source retries these records.
        logger.warn('delivery attempt failed; it will be retried', { orderId, error: error as Error });
        failed.push(...sequences);
      }
    }),
  );
  return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
}

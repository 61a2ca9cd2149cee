// Which table stream records start a delivery: order items whose new image is SOLD — inserted by a buy, or modified
// back to SOLD by a re-queue (an operator's, or a batch's that could not mint it). One constant for the AWS event source
// mapping and the local poller alike.
import type { DynamoDBRecord } from 'aws-lambda';
import { ENTITY } from '#lib/db/keys.ts';
import { writtenOrderOf } from '#lib/db/stream-images.ts';
import { writesOf } from '#lib/db/stream-filters.ts';

/**
 * Lambda event filter patterns (FilterCriteria): a record matching any of them invokes the delivery worker. The
 * worker's own progress (MINTING, DELIVERED, FAILED) and every other entity never do. In CDK:
 * `filters: DELIVERY_STREAM_FILTERS.map((pattern) => lambda.FilterCriteria.filter(pattern))`.
 */
export const DELIVERY_STREAM_FILTERS = [writesOf(ENTITY.order, ['INSERT', 'MODIFY'], { status: ['SOLD'] })];

/**
 * The order a record asks to deliver, or null: the filter's condition again in code, so the worker stays correct
 * under a wider filter (or none).
 */
export function soldOrderIdOf(record: DynamoDBRecord): string | null {
  const written = writtenOrderOf(record);
  if (written?.order.status !== 'SOLD') return null;
  return typeof written.order.orderId === 'string' ? written.order.orderId : null;
}

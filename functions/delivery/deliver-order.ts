// Delivery worker, fed by the table's stream (DELIVERY_STREAM_FILTERS): mints each sold order's token to its buyer.
import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { deliverStreamRecords } from '#lib/delivery/stream-batch.ts';
import { appContext } from '#lib/runtime/context.ts';

export const handler = async (event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> =>
  // The run's deadline bounds its claims and waits, so a timed-out run's orders are taken over at once on retry.
  deliverStreamRecords(appContext(), event.Records, context ? { deadline: Date.now() + context.getRemainingTimeInMillis() } : {});

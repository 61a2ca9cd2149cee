// The sender, fed by the table's stream (DELIVERY_STREAM_FILTERS): puts sold orders into mint batches and sends them.
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { deliverStreamRecords } from '#lib/delivery/stream-batch.ts';
import { appContext } from '#lib/runtime/context.ts';

export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> =>
  deliverStreamRecords(appContext(), event.Records);

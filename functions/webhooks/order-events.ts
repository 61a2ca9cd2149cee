// Order events, fed by the table's stream (ORDER_EVENT_STREAM_FILTERS): one event per order move, queued for the
// partner's endpoints.
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { appContext } from '#lib/runtime/context.ts';
import { makeOrderEvents } from '#lib/webhooks/order-events.ts';

export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => makeOrderEvents(appContext(), event.Records);

// Partner events, fed by the table's stream (EVENT_STREAM_FILTERS): one event per order move, and the catalogue's
// events (plaque rewrites, finished imports), queued for the endpoints subscribed to them.
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { appContext } from '#lib/runtime/context.ts';
import { makeEvents } from '#lib/webhooks/stream-events.ts';

export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => makeEvents(appContext(), event.Records);

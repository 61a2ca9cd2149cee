// The one event maker the table's stream feeds (EVENT_STREAM_FILTERS): order moves make order events
// (order-events.ts), plaque rewrites and finished imports make catalogue events (catalogue-events.ts), side by side.
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import type { AppContext } from '#lib/runtime/context.ts';
import { catalogueRecordOf, makeCatalogueEvents } from '#lib/webhooks/catalogue-events.ts';
import { makeOrderEvents } from '#lib/webhooks/order-events.ts';

/** The batch's events; the records whose events were not made (and their later records of the same order or plaque) come back. */
export async function makeEvents(ctx: AppContext, records: DynamoDBRecord[]): Promise<DynamoDBBatchResponse> {
  const catalogue = records.flatMap((record) => catalogueRecordOf(record) ?? []);
  const [orders, failed] = await Promise.all([makeOrderEvents(ctx, records), makeCatalogueEvents(ctx, catalogue)]);
  return { batchItemFailures: [...orders.batchItemFailures, ...failed.map((itemIdentifier) => ({ itemIdentifier }))] };
}

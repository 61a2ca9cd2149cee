// The only module that speaks DynamoDB for the endpoints catalogue events go to: each endpoint subscribed to one has a
// subscription item in its own item collection, written and deleted in the endpoint's own transactions
// (webhook-repo.ts), whose gsi1 entry lists every such endpoint of every partner, so a catalogue event finds its
// endpoints with one Query however many partners there are.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CATALOGUE_SUBSCRIBERS_PARTITION, ENTITY, catalogueSubscriberIndexKey, webhookCatalogueSubscriptionKey } from '#lib/db/keys.ts';
import { queryAll } from '#lib/db/query-all.ts';
import type { TransactItem } from '#lib/db/transaction.ts';
import { GSI1 } from '#lib/db/table.ts';
import type { CatalogueEventType } from '#lib/webhooks/events.ts';

/** An endpoint and the catalogue events it takes. */
export interface CatalogueSubscriber {
  endpointId: string;
  partnerId: number;
  events: CatalogueEventType[];
}

/** The subscription item an endpoint with these events needs, or none when it takes no catalogue event. */
export function subscriptionPut(
  tableName: string,
  endpoint: { id: string; partnerId: number; events: readonly string[]; createdAt: string },
): TransactItem[] {
  // Every event that is not an order's is the catalogue's (lib/webhooks/events.ts).
  const events = endpoint.events.filter((type): type is CatalogueEventType => !type.startsWith('order.'));
  if (events.length === 0) return [];
  const item = {
    ...webhookCatalogueSubscriptionKey(endpoint.id),
    ...catalogueSubscriberIndexKey(endpoint.createdAt, endpoint.id),
    entity: ENTITY.webhookCatalogueSubscription,
    endpointId: endpoint.id,
    partnerId: endpoint.partnerId,
    events,
  };
  return [{ Put: { TableName: tableName, Item: item } }];
}

/** Deletes the endpoint's subscription item, if it has one. */
export const subscriptionDelete = (tableName: string, endpointId: string): TransactItem => ({
  Delete: { TableName: tableName, Key: webhookCatalogueSubscriptionKey(endpointId) },
});

export const webhookSubscriberRepo = (db: DynamoDBDocumentClient, tableName: string) => ({
  /** Every endpoint of every partner that takes catalogue events (the index is eventually consistent in AWS). */
  async catalogueSubscribers(): Promise<CatalogueSubscriber[]> {
    const items = await queryAll(db, {
      TableName: tableName,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': CATALOGUE_SUBSCRIBERS_PARTITION },
    });
    return items.map((item) => ({
      endpointId: item.endpointId as string,
      partnerId: item.partnerId as number,
      events: item.events as CatalogueEventType[],
    }));
  },
});

// What the delivery reconciler found about orders (for `ops deliveries`): kept a week in each order's item collection,
// listed by time.
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GSI1 } from '#lib/db/table.ts';
import { DELIVERY_FINDINGS_PARTITION, deliveryFindingKey, deliveryFindingsIndexKey, ENTITY } from '#lib/db/keys.ts';
import { queryAll } from '#lib/db/query-all.ts';

/** Days a reconciler's finding is kept. */
const FINDING_DAYS = 7;

/** What the reconciler found about an order, as stored. */
export interface StoredFinding {
  orderId: string;
  at: string;
  kind: string;
  action: string;
  detail: string;
}

export const deliveryFindingRepo = (db: DynamoDBDocumentClient, tableName: string) => ({
  /** Keeps what the reconciler found about an order (for `ops deliveries`), in the order's item collection. */
  async recordFinding(finding: StoredFinding): Promise<void> {
    await db.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          ...deliveryFindingKey(finding.orderId, finding.at),
          ...deliveryFindingsIndexKey(finding.at, finding.orderId),
          entity: ENTITY.deliveryFinding,
          ...finding,
          ttl: Math.floor(Date.parse(finding.at) / 1000) + FINDING_DAYS * 86_400,
        },
      }),
    );
  },

  /** The reconciler's findings since `since`, oldest first (one Query). */
  async findingsSince(since: Date): Promise<StoredFinding[]> {
    const items = await queryAll(db, {
      TableName: tableName,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk >= :since',
      ExpressionAttributeValues: { ':pk': DELIVERY_FINDINGS_PARTITION, ':since': since.toISOString() },
    });
    return items.map((item) => ({
      orderId: item.orderId as string,
      at: item.at as string,
      kind: item.kind as string,
      action: item.action as string,
      detail: item.detail as string,
    }));
  },
});

// What each delivered order's mint cost the service (its share of its transaction's gas at the price paid), kept in
// the order's item collection and listed by month then delivery time, for `npm run ops -- delivery-costs`.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GSI1 } from '#lib/db/table.ts';
import { deliveryCostIndexKey, deliveryCostKey, deliveryCostsPartition, ENTITY } from '#lib/db/keys.ts';
import { queryAll } from '#lib/db/query-all.ts';
import type { TransactItem } from '#lib/db/transaction.ts';
import type { MintCost } from '#lib/partner/order.ts';

/** One delivered order's cost, as stored. */
export interface DeliveryCostEntry extends MintCost {
  orderId: string;
  partnerId: number;
  deliveredAt: string;
  txHash: string;
}

/** The months (`YYYY-MM`) from `from`'s to `to`'s, in order. */
function monthsBetween(from: Date, to: Date): string[] {
  const months: string[] = [];
  const at = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
  while (at.getTime() <= to.getTime()) {
    months.push(at.toISOString().slice(0, 7));
    at.setUTCMonth(at.getUTCMonth() + 1);
  }
  return months;
}

export const deliveryCostRepo = (db: DynamoDBDocumentClient, tableName: string) => ({
  /** The order's cost entry, as one item of the delivery's transaction. */
  costItem(entry: DeliveryCostEntry): TransactItem {
    return {
      Put: {
        TableName: tableName,
        Item: {
          ...deliveryCostKey(entry.orderId),
          ...deliveryCostIndexKey(entry.deliveredAt, entry.orderId),
          entity: ENTITY.deliveryCost,
          ...entry,
        },
      },
    };
  },

  /** The entry's removal, as one item of the reconciler's transaction that takes a delivery back. */
  costRemovalItem(orderId: string): TransactItem {
    return { Delete: { TableName: tableName, Key: deliveryCostKey(orderId) } };
  },

  /** The entries of orders delivered from `from` to `to` (inclusive), oldest first: one Query per month. */
  async costsBetween(from: Date, to: Date): Promise<DeliveryCostEntry[]> {
    const pages = await Promise.all(
      monthsBetween(from, to).map((month) =>
        queryAll(db, {
          TableName: tableName,
          IndexName: GSI1,
          KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': deliveryCostsPartition(month), ':from': from.toISOString(), ':to': `${to.toISOString()}~` },
        }),
      ),
    );
    return pages.flat().map((item) => {
      const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, entity: _e, ...entry } = item;
      return entry as unknown as DeliveryCostEntry;
    });
  },
});

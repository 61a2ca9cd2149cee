// The only module that speaks DynamoDB for partner orders: the order record and its place in the partner's list.
import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GSI1 } from '#lib/db/table.ts';
import { ENTITY, orderKey, partnerOrdersIndexKey, partnerOrdersPartition } from '#lib/db/keys.ts';
import { guarded } from '#lib/db/failures.ts';
import type { TransactItem } from '#lib/db/sale-transaction.ts';
import type { Order } from '#lib/partner/order.ts';

type Item = Record<string, unknown>;

export function toItem(order: Order): Item {
  return {
    ...orderKey(order.orderId),
    ...partnerOrdersIndexKey(order.partnerId, order.createdAt, order.orderId),
    entity: ENTITY.order,
    ...order,
  };
}

export function fromItem(item: Item): Order {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, entity: _e, ...record } = item;
  return record as unknown as Order;
}

export const orderRepo = (db: DynamoDBDocumentClient, tableName: string) => ({
  async get(orderId: string): Promise<Order | null> {
    const out = await guarded(() => db.send(new GetCommand({ TableName: tableName, Key: orderKey(orderId), ConsistentRead: true })));
    return out.Item ? fromItem(out.Item) : null;
  },

  /** The partner's orders, oldest first (the index is eventually consistent in AWS). */
  async listByPartner(partnerId: number): Promise<Order[]> {
    const orders: Order[] = [];
    let startKey: Item | undefined;
    do {
      const out = await guarded(() =>
        db.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: GSI1,
            KeyConditionExpression: 'gsi1pk = :pk',
            ExpressionAttributeValues: { ':pk': partnerOrdersPartition(partnerId) },
            ExclusiveStartKey: startKey,
          }),
        ),
      );
      for (const item of out.Items ?? []) orders.push(fromItem(item));
      startKey = out.LastEvaluatedKey;
    } while (startKey);
    return orders;
  },

  /** The new order, as one item of the sale's transaction (fails it if the id were ever reused). */
  insertItem(order: Order): TransactItem {
    return { Put: { TableName: tableName, Item: toItem(order), ConditionExpression: 'attribute_not_exists(pk)' } };
  },
});

export type OrderRepo = ReturnType<typeof orderRepo>;

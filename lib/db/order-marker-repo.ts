// The lists of orders the delivery works from: each undelivered order's marker (oldest first) and each recently
// delivered order's marker (by delivery time, until its TTL), written in the sale's and the delivery's transactions.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GSI1 } from '#lib/db/table.ts';
import {
  DELIVERED_ORDERS_PARTITION,
  deliveredOrderKey,
  deliveredOrdersIndexKey,
  ENTITY,
  UNDELIVERED_ORDERS_PARTITION,
  undeliveredOrderKey,
  undeliveredOrdersIndexKey,
} from '#lib/db/keys.ts';
import type { TransactItem } from '#lib/db/transaction.ts';
import type { Order } from '#lib/partner/order.ts';
import { queryAll } from '#lib/db/query-all.ts';

type Item = Record<string, unknown>;

/** An undelivered order's marker: in the order's item collection, listed (gsi1) oldest first among all undelivered. */
function undeliveredMarkerToItem(order: Order) {
  return {
    ...undeliveredOrderKey(order.orderId),
    ...undeliveredOrdersIndexKey(order.createdAt, order.orderId),
    entity: ENTITY.undeliveredOrder,
    orderId: order.orderId,
    createdAt: order.createdAt,
  };
}

/** How long a delivered order stays on the reconciler's list (its marker's TTL; the reconciler reads a shorter window). */
const DELIVERED_MARKER_DAYS = 2;

/** A delivered order's marker: listed (gsi1) by delivery time among the recently delivered, until its TTL. */
function deliveredMarkerToItem(orderId: string, deliveredAt: string) {
  return {
    ...deliveredOrderKey(orderId),
    ...deliveredOrdersIndexKey(deliveredAt, orderId),
    entity: ENTITY.deliveredOrder,
    orderId,
    deliveredAt,
    ttl: Math.floor(Date.parse(deliveredAt) / 1000) + DELIVERED_MARKER_DAYS * 86_400,
  };
}

/** The order a marker stands for. */
const undeliveredMarkerFromItem = (item: Item): string => item.orderId as string;

export const orderMarkerRepo = (db: DynamoDBDocumentClient, tableName: string) => ({
  /** The new order's marker in the list of undelivered orders, as one item of the sale's transaction. */
  undeliveredItem(order: Order): TransactItem {
    return { Put: { TableName: tableName, Item: undeliveredMarkerToItem(order) } };
  },

  /** The undelivered marker's removal and the delivered marker, as items of the delivery's transaction. */
  deliveredMarkerItems(orderId: string, deliveredAt: Date): TransactItem[] {
    return [
      { Delete: { TableName: tableName, Key: undeliveredOrderKey(orderId) } },
      { Put: { TableName: tableName, Item: deliveredMarkerToItem(orderId, deliveredAt.toISOString()) } },
    ];
  },

  /** The undelivered marker's removal, as an item of the cancellation's transaction (a cancelled order awaits nothing). */
  undeliveredRemovalItem(orderId: string): TransactItem {
    return { Delete: { TableName: tableName, Key: undeliveredOrderKey(orderId) } };
  },

  /** Ids of the orders delivered at or after `since`, oldest first (one Query of the delivered markers). */
  async deliveredOrderIdsSince(since: Date): Promise<string[]> {
    const items = await queryAll(db, {
      TableName: tableName,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk >= :since',
      ExpressionAttributeValues: { ':pk': DELIVERED_ORDERS_PARTITION, ':since': since.toISOString() },
      ProjectionExpression: 'orderId',
    });
    return items.map(undeliveredMarkerFromItem);
  },

  /** Ids of every order not delivered yet, oldest first (one Query of the markers' index partition, never a scan). */
  async undeliveredOrderIds(): Promise<string[]> {
    const items = await queryAll(db, {
      TableName: tableName,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': UNDELIVERED_ORDERS_PARTITION },
      ProjectionExpression: 'orderId',
    });
    return items.map(undeliveredMarkerFromItem);
  },

  /** The undelivered marker back and the delivered marker removed, as items of the reconciler's transaction. */
  undeliveredAgainMarkerItems(order: Order): TransactItem[] {
    return [
      { Put: { TableName: tableName, Item: undeliveredMarkerToItem(order) } },
      { Delete: { TableName: tableName, Key: deliveredOrderKey(order.orderId) } },
    ];
  },
});

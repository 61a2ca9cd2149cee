// The partner's orders: an order by id, the partner's list (whole or a page at a time, newest first) and the new order
// as an item of the sale's transaction.
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { pageNewestFirst, sortKeyParts } from '#lib/db/index-page.ts';
import { GSI1 } from '#lib/db/table.ts';
import { orderKey, partnerOrdersIndexKey, partnerOrdersPartition } from '#lib/db/keys.ts';
import { fromItem, toItem } from '#lib/db/order-item.ts';
import type { TransactItem } from '#lib/db/transaction.ts';
import type { Order, OrderStatus } from '#lib/partner/order.ts';
import { queryAll } from '#lib/db/query-all.ts';

type Item = Record<string, unknown>;

/** A position in a partner's orders (newest first): the page after it starts with the next older order. */
export interface PartnerOrderPosition {
  createdAt: string;
  orderId: string;
}

/** One page of a partner's orders, newest first, and the position to go on from (null when no order is left). */
export interface PartnerOrderPage {
  orders: Order[];
  next: PartnerOrderPosition | null;
}

/** A page of a partner's orders: after a position, or from the newest order. */
export interface PartnerOrderQuery {
  status?: OrderStatus;
  limit: number;
  after: PartnerOrderPosition | null;
}

/** The position of an index entry of a partner's orders (its sort key is `<createdAt>#<orderId>`). */
function positionOf(indexEntry: Item): PartnerOrderPosition {
  const [createdAt, orderId] = sortKeyParts(indexEntry);
  return { createdAt, orderId };
}

export const partnerOrderRepo = (db: DynamoDBDocumentClient, tableName: string) => ({
  async get(orderId: string): Promise<Order | null> {
    const out = await db.send(new GetCommand({ TableName: tableName, Key: orderKey(orderId), ConsistentRead: true }));
    return out.Item ? fromItem(out.Item) : null;
  },

  /** The partner's orders, oldest first (the index is eventually consistent in AWS). */
  async listByPartner(partnerId: number): Promise<Order[]> {
    const items = await queryAll(db, {
      TableName: tableName,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': partnerOrdersPartition(partnerId) },
    });
    return items.map(fromItem);
  },

  /**
   * A page of the partner's orders, newest first, from the partner's index partition (never a scan). With a status
   * filter a page may hold fewer orders than asked while `next` is not null (pageNewestFirst stops after a bounded
   * read), so one request stays bounded however rare the status.
   */
  async pageByPartner(partnerId: number, query: PartnerOrderQuery): Promise<PartnerOrderPage> {
    const page = await pageNewestFirst(db, {
      tableName,
      partition: partnerOrdersPartition(partnerId),
      limit: query.limit,
      after: query.after
        ? { ...orderKey(query.after.orderId), ...partnerOrdersIndexKey(partnerId, query.after.createdAt, query.after.orderId) }
        : undefined,
      ...(query.status && { filter: { attribute: 'status', value: query.status } }),
    });
    return { orders: page.items.map(fromItem), next: page.next && positionOf(page.next) };
  },

  /** The new order, as one item of the sale's transaction (fails it if the id were ever reused). */
  insertItem(order: Order): TransactItem {
    return { Put: { TableName: tableName, Item: toItem(order), ConditionExpression: 'attribute_not_exists(pk)' } };
  },
});

// The only module that speaks DynamoDB for partner orders: the order record and its place in the partner's list,
// its delivery bookkeeping (claims, leases, the signed mint), and its marker in the list of undelivered orders.
import {
  BatchGetCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { GSI1 } from '#lib/db/table.ts';
import {
  DELIVERED_ORDERS_PARTITION,
  DELIVERY_FINDINGS_PARTITION,
  deliveryFindingKey,
  deliveryFindingsIndexKey,
  deliveredOrderKey,
  deliveredOrdersIndexKey,
  ENTITY,
  orderKey,
  partnerOrdersIndexKey,
  partnerOrdersPartition,
  UNDELIVERED_ORDERS_PARTITION,
  undeliveredOrderKey,
  undeliveredOrdersIndexKey,
} from '#lib/db/keys.ts';
import { conditionalWrite, conditionHeld } from '#lib/db/conditional-write.ts';
import type { TransactItem } from '#lib/db/transaction.ts';
import type { Order, OrderStatus } from '#lib/partner/order.ts';
import type { DeliveryState, OrderForDelivery, StoredMint } from '#lib/delivery/delivery-state.ts';
import { queryAll } from '#lib/db/query-all.ts';

type Item = Record<string, unknown>;

export function toItem(order: Order): Item {
  return {
    ...orderKey(order.orderId),
    ...partnerOrdersIndexKey(order.partnerId, order.createdAt, order.orderId),
    entity: ENTITY.order,
    ...order,
  };
}

/** Delivery bookkeeping attributes on the order item (see DeliveryState). */
const DELIVERY_ATTRIBUTES = [
  'deliveryAttemptId',
  'deliveryLeaseUntil',
  'deliveryAttempts',
  'deliveryRequeues',
  'mintTx',
  'requeueReason',
] as const;

export function fromItem(item: Item): Order {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, entity: _e, ...record } = item;
  for (const name of DELIVERY_ATTRIBUTES) delete record[name];
  const order = record as unknown as Order;
  // Orders stored before these were recorded: no name (read from the plaque when shown), and a delivery whose last
  // change was the delivery itself.
  order.plaqueName ??= null;
  order.deliveredAt ??= order.status === 'DELIVERED' ? order.updatedAt : null;
  return order;
}

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

/** The order a marker stands for. */
const undeliveredMarkerFromItem = (item: Item): string => item.orderId as string;

function deliveryFromItem(item: Item): OrderForDelivery {
  const delivery: DeliveryState = {
    attemptId: (item.deliveryAttemptId as string | undefined) ?? null,
    leaseUntil: (item.deliveryLeaseUntil as string | undefined) ?? null,
    attempts: (item.deliveryAttempts as number | undefined) ?? 0,
    requeues: (item.deliveryRequeues as number | undefined) ?? 0,
    mint: (item.mintTx as StoredMint | undefined) ?? null,
    requeueReason: (item.requeueReason as string | undefined) ?? null,
  };
  return { order: fromItem(item), delivery };
}

/** Runs a conditional update: true when it was written, false when its condition failed. */
const conditionalUpdate = (db: DynamoDBDocumentClient, input: UpdateCommandInput): Promise<boolean> =>
  conditionalWrite(db, new UpdateCommand(input), conditionHeld);

const BATCH_GET_LIMIT = 100;

/** Index entries one filtered page may read before it answers what it found, with the position to go on from. */
const MAX_FILTERED_READ = 1000;
/** Index entries read per call while filtering. */
const FILTERED_BATCH = 100;

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
  const sortKey = indexEntry.gsi1sk as string;
  const at = sortKey.indexOf('#');
  return { createdAt: sortKey.slice(0, at), orderId: sortKey.slice(at + 1) };
}

/** Who a claim takes the order from: a SOLD order nobody works on, or a MINTING one from a lapsed attempt. */
export type ClaimFrom = { status: 'SOLD' } | { status: 'MINTING'; attemptId: string | null };

export const orderRepo = (db: DynamoDBDocumentClient, tableName: string) => ({
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
   * filter a page may hold fewer orders than asked while `next` is not null: it stops after reading
   * MAX_FILTERED_READ entries, so one request stays bounded however rare the status.
   */
  async pageByPartner(partnerId: number, query: PartnerOrderQuery): Promise<PartnerOrderPage> {
    const partition = partnerOrdersPartition(partnerId);
    const found: Item[] = [];
    let startKey: Item | undefined = query.after
      ? { ...orderKey(query.after.orderId), ...partnerOrdersIndexKey(partnerId, query.after.createdAt, query.after.orderId) }
      : undefined;
    let read = 0;
    // One more than the page: whether it exists says whether another page follows.
    while (found.length <= query.limit) {
      const out = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: GSI1,
          KeyConditionExpression: 'gsi1pk = :pk',
          ScanIndexForward: false,
          ExclusiveStartKey: startKey,
          Limit: query.status ? FILTERED_BATCH : query.limit + 1 - found.length,
          ...(query.status
            ? {
                FilterExpression: '#status = :status',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: { ':pk': partition, ':status': query.status },
              }
            : { ExpressionAttributeValues: { ':pk': partition } }),
        }),
      );
      found.push(...(out.Items ?? []));
      read += out.ScannedCount ?? 0;
      startKey = out.LastEvaluatedKey;
      if (!startKey) break;
      if (read >= MAX_FILTERED_READ && found.length <= query.limit) {
        // Bounded: answer what was found, and go on from where the reading stopped.
        return { orders: found.map(fromItem), next: positionOf(startKey) };
      }
    }
    const orders = found.slice(0, query.limit);
    const next = found.length > query.limit ? positionOf(found[query.limit - 1]!) : null;
    return { orders: orders.map(fromItem), next };
  },

  /** The new order, as one item of the sale's transaction (fails it if the id were ever reused). */
  insertItem(order: Order): TransactItem {
    return { Put: { TableName: tableName, Item: toItem(order), ConditionExpression: 'attribute_not_exists(pk)' } };
  },

  // ---- Delivery (lib/delivery): every write is conditional on the state the worker or operator saw ----

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

  /** The order with its delivery bookkeeping, read consistently. */
  async getForDelivery(orderId: string): Promise<OrderForDelivery | null> {
    const out = await db.send(new GetCommand({ TableName: tableName, Key: orderKey(orderId), ConsistentRead: true }));
    return out.Item ? deliveryFromItem(out.Item) : null;
  },

  /** Orders by id (BatchGetItem), with their delivery bookkeeping; unknown ids are absent from the map. */
  async getManyForDelivery(orderIds: string[]): Promise<Map<string, OrderForDelivery>> {
    const found = new Map<string, OrderForDelivery>();
    for (let i = 0; i < orderIds.length; i += BATCH_GET_LIMIT) {
      let keys: Item[] | undefined = orderIds.slice(i, i + BATCH_GET_LIMIT).map(orderKey);
      for (let attempt = 0; keys && keys.length > 0; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));
        const out = await db.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys, ConsistentRead: true } } }));
        for (const item of out.Responses?.[tableName] ?? []) {
          const read = deliveryFromItem(item);
          found.set(read.order.orderId, read);
        }
        keys = out.UnprocessedKeys?.[tableName]?.Keys as Item[] | undefined;
      }
    }
    return found;
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

  /** SOLD → MINTING, or a lapsed MINTING attempt → a new one, under `attemptId` until `leaseUntil`; false if the order moved. */
  claim(orderId: string, from: ClaimFrom, attemptId: string, leaseUntil: string, now: Date): Promise<boolean> {
    const previous = from.status === 'MINTING' ? from.attemptId : null;
    return conditionalUpdate(db, {
      TableName: tableName,
      Key: orderKey(orderId),
      UpdateExpression:
        'SET #status = :minting, deliveryAttemptId = :attempt, deliveryLeaseUntil = :lease, updatedAt = :now ADD deliveryAttempts :one',
      ConditionExpression:
        from.status === 'SOLD'
          ? '#status = :sold'
          : previous === null
            ? '#status = :minting AND attribute_not_exists(deliveryAttemptId) AND (attribute_not_exists(deliveryLeaseUntil) OR deliveryLeaseUntil <= :now)'
            : '#status = :minting AND deliveryAttemptId = :previous AND (attribute_not_exists(deliveryLeaseUntil) OR deliveryLeaseUntil <= :now)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':minting': 'MINTING',
        ':attempt': attemptId,
        ':lease': leaseUntil,
        ':now': now.toISOString(),
        ':one': 1,
        ...(from.status === 'SOLD' ? { ':sold': 'SOLD' } : previous !== null && { ':previous': previous }),
      },
    });
  },

  /**
   * Records the signed mint before it is broadcast (also as the order's `txHash`), only while `attemptId` still holds
   * the order: a worker that lost its claim never broadcasts.
   */
  storeMint(orderId: string, attemptId: string, mint: StoredMint, now: Date): Promise<boolean> {
    return conditionalUpdate(db, {
      TableName: tableName,
      Key: orderKey(orderId),
      UpdateExpression: 'SET mintTx = :mint, txHash = :hash, updatedAt = :now',
      ConditionExpression: '#status = :minting AND deliveryAttemptId = :attempt',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':mint': mint,
        ':hash': mint.hash,
        ':now': now.toISOString(),
        ':minting': 'MINTING',
        ':attempt': attemptId,
      },
    });
  },

  /** Ends the attempt's lease now (it failed and will be retried), so the retry may take the order over at once. */
  releaseLease(orderId: string, attemptId: string, now: Date): Promise<boolean> {
    return conditionalUpdate(db, {
      TableName: tableName,
      Key: orderKey(orderId),
      UpdateExpression: 'SET deliveryLeaseUntil = :now',
      ConditionExpression: '#status = :minting AND deliveryAttemptId = :attempt',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':now': now.toISOString(), ':minting': 'MINTING', ':attempt': attemptId },
    });
  },

  /** MINTING → FAILED with the reason (and the reverted transaction, if any); false if the attempt lost the order. */
  recordFailed(orderId: string, attemptId: string, failure: { reason: string; txHash: string | null }, now: Date): Promise<boolean> {
    return conditionalUpdate(db, {
      TableName: tableName,
      Key: orderKey(orderId),
      UpdateExpression:
        'SET #status = :failed, failureReason = :reason, txHash = :hash, updatedAt = :now REMOVE mintTx, deliveryLeaseUntil',
      ConditionExpression: '#status = :minting AND deliveryAttemptId = :attempt',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':failed': 'FAILED',
        ':reason': failure.reason,
        ':hash': failure.txHash,
        ':now': now.toISOString(),
        ':minting': 'MINTING',
        ':attempt': attemptId,
      },
    });
  },

  /** MINTING → DELIVERED with the mint's transaction, as one item of the delivery's transaction. */
  deliveredItem(orderId: string, attemptId: string, txHash: string | null, now: Date): TransactItem {
    return {
      Update: {
        TableName: tableName,
        Key: orderKey(orderId),
        UpdateExpression:
          // The signed mint stays: should the chain take the block back, the reconciler re-queues the order and the
          // worker broadcasts these very bytes again.
          'SET #status = :delivered, txHash = :hash, failureReason = :null, updatedAt = :now, deliveredAt = :now REMOVE deliveryLeaseUntil, requeueReason',
        ConditionExpression: '#status = :minting AND deliveryAttemptId = :attempt',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':delivered': 'DELIVERED',
          ':hash': txHash,
          ':null': null,
          ':now': now.toISOString(),
          ':minting': 'MINTING',
          ':attempt': attemptId,
        },
      },
    };
  },

  /**
   * A re-queue (by an operator or the reconciler): the order becomes SOLD again, which the table's stream hands to the
   * worker anew; `reason` says who and why (shown by `ops deliveries`). `failed`: FAILED → SOLD, the failed attempt's
   * transaction and reason cleared. `stuck`: MINTING whose lease lapsed → SOLD, the stored mint kept so the next worker
   * resumes it. `waiting`: SOLD → SOLD (a fresh stream record). False if the order is no longer as it was seen.
   */
  requeue(
    orderId: string,
    kind: 'failed' | 'stuck' | 'waiting',
    seen: { attemptId: string | null },
    now: Date,
    reason: string,
  ): Promise<boolean> {
    const at = now.toISOString();
    // The counter changes the item even when nothing else does: DynamoDB writes no stream record for an unchanged item.
    const base = { TableName: tableName, Key: orderKey(orderId), ExpressionAttributeNames: { '#status': 'status' } };
    switch (kind) {
      case 'failed':
        return conditionalUpdate(db, {
          ...base,
          UpdateExpression:
            'SET #status = :sold, failureReason = :null, txHash = :null, updatedAt = :now, requeueReason = :why REMOVE mintTx, deliveryLeaseUntil ADD deliveryRequeues :one',
          ConditionExpression: '#status = :failed',
          ExpressionAttributeValues: { ':sold': 'SOLD', ':null': null, ':now': at, ':failed': 'FAILED', ':one': 1, ':why': reason },
        });
      case 'stuck':
        return conditionalUpdate(db, {
          ...base,
          UpdateExpression:
            'SET #status = :sold, updatedAt = :now, requeueReason = :why REMOVE deliveryLeaseUntil ADD deliveryRequeues :one',
          ConditionExpression:
            seen.attemptId === null
              ? '#status = :minting AND attribute_not_exists(deliveryAttemptId) AND (attribute_not_exists(deliveryLeaseUntil) OR deliveryLeaseUntil <= :now)'
              : '#status = :minting AND deliveryAttemptId = :attempt AND (attribute_not_exists(deliveryLeaseUntil) OR deliveryLeaseUntil <= :now)',
          ExpressionAttributeValues: {
            ':sold': 'SOLD',
            ':now': at,
            ':minting': 'MINTING',
            ':one': 1,
            ':why': reason,
            ...(seen.attemptId !== null && { ':attempt': seen.attemptId }),
          },
        });
      case 'waiting':
        return conditionalUpdate(db, {
          ...base,
          UpdateExpression: 'SET updatedAt = :now, requeueReason = :why ADD deliveryRequeues :one',
          ConditionExpression: '#status = :sold',
          ExpressionAttributeValues: { ':now': at, ':sold': 'SOLD', ':one': 1, ':why': reason },
        });
    }
  },

  /**
   * DELIVERED → SOLD for an order whose mint the chain no longer holds (a reorg, or a local chain rolled back), as one
   * item of the reconciler's transaction: the stored mint is kept, so the worker broadcasts the same bytes again.
   */
  undeliveredAgainItem(orderId: string, seen: { attemptId: string | null }, now: Date, reason: string): TransactItem {
    return {
      Update: {
        TableName: tableName,
        Key: orderKey(orderId),
        UpdateExpression: 'SET #status = :sold, updatedAt = :now, requeueReason = :why ADD deliveryRequeues :one',
        ConditionExpression:
          seen.attemptId === null
            ? '#status = :delivered AND attribute_not_exists(deliveryAttemptId)'
            : '#status = :delivered AND deliveryAttemptId = :attempt',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':sold': 'SOLD',
          ':delivered': 'DELIVERED',
          ':now': now.toISOString(),
          ':why': reason,
          ':one': 1,
          ...(seen.attemptId !== null && { ':attempt': seen.attemptId }),
        },
      },
    };
  },

  /** The undelivered marker back and the delivered marker removed, as items of the reconciler's transaction. */
  undeliveredAgainMarkerItems(order: Order): TransactItem[] {
    return [
      { Put: { TableName: tableName, Item: undeliveredMarkerToItem(order) } },
      { Delete: { TableName: tableName, Key: deliveredOrderKey(order.orderId) } },
    ];
  },
});

export type OrderRepo = ReturnType<typeof orderRepo>;

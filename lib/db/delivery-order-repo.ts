// An order's delivery bookkeeping on its own item (claims, leases, the signed mint, re-queues): every write is
// conditional on the state the worker, the reconciler or an operator saw.
import { BatchGetCommand, GetCommand, UpdateCommand, type DynamoDBDocumentClient, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { orderKey } from '#lib/db/keys.ts';
import { conditionalWrite, conditionHeld } from '#lib/db/conditional-write.ts';
import { fromItem } from '#lib/db/order-item.ts';
import type { TransactItem } from '#lib/db/transaction.ts';
import type { DeliveryState, OrderForDelivery, StoredMint } from '#lib/delivery/delivery-state.ts';

type Item = Record<string, unknown>;

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

/** Who a claim takes the order from: a SOLD order nobody works on, or a MINTING one from a lapsed attempt. */
export type ClaimFrom = { status: 'SOLD' } | { status: 'MINTING'; attemptId: string | null };

export const deliveryOrderRepo = (db: DynamoDBDocumentClient, tableName: string) => ({
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

  /** FAILED → CANCELLED with the operator's reason, as one item of the cancellation's transaction. */
  cancelledItem(orderId: string, reason: string, now: Date): TransactItem {
    return {
      Update: {
        TableName: tableName,
        Key: orderKey(orderId),
        UpdateExpression: 'SET #status = :cancelled, cancelReason = :why, updatedAt = :now REMOVE deliveryLeaseUntil',
        ConditionExpression: '#status = :failed',
        // A refusal carries the order as it now is: the operator is told its status without another read.
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':cancelled': 'CANCELLED', ':why': reason, ':now': now.toISOString(), ':failed': 'FAILED' },
      },
    };
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
});

export type DeliveryOrderRepo = ReturnType<typeof deliveryOrderRepo>;

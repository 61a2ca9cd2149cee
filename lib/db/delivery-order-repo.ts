// An order's delivery bookkeeping on its own item (its batch and transaction, re-queues, why it failed): every write
// is conditional on the state the sender, the follower, the reconciler or an operator saw.
import { BatchGetCommand, GetCommand, UpdateCommand, type DynamoDBDocumentClient, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { orderKey } from '#lib/db/keys.ts';
import { conditionalWrite, conditionHeld } from '#lib/db/conditional-write.ts';
import { fromItem } from '#lib/db/order-item.ts';
import type { TransactItem } from '#lib/db/transaction.ts';
import type { DeliveryState, Failure, FailureKind, OrderForDelivery, OrderMint } from '#lib/delivery/delivery-state.ts';
import type { MintCost } from '#lib/partner/order.ts';

type Item = Record<string, unknown>;

/** The stored transaction's hash and nonce (orders of the single-mint worker also stored its signed bytes). */
const mintOf = (stored: unknown): OrderMint | null => {
  if (!stored || typeof stored !== 'object') return null;
  const { hash, nonce } = stored as OrderMint;
  return { hash, nonce };
};

function deliveryFromItem(item: Item): OrderForDelivery {
  const delivery: DeliveryState = {
    attemptId: (item.deliveryAttemptId as string | undefined) ?? null,
    leaseUntil: (item.deliveryLeaseUntil as string | undefined) ?? null,
    attempts: (item.deliveryAttempts as number | undefined) ?? 0,
    requeues: (item.deliveryRequeues as number | undefined) ?? 0,
    batchId: (item.mintBatchId as string | undefined) ?? null,
    mint: mintOf(item.mintTx),
    failureKind: (item.failureKind as FailureKind | undefined) ?? null,
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

  /**
   * SOLD → MINTING in `batch` (or a lapsed single-mint claim → the batch), as one item of the batch's send: the order
   * names its batch and the batch's transaction (also as its `txHash`).
   */
  batchedItem(orderId: string, from: ClaimFrom, batch: { batchId: string; hash: string; nonce: number }, now: Date): TransactItem {
    const previous = from.status === 'MINTING' ? from.attemptId : null;
    return {
      Update: {
        TableName: tableName,
        Key: orderKey(orderId),
        UpdateExpression:
          'SET #status = :minting, deliveryAttemptId = :batch, mintBatchId = :batch, mintTx = :mint, txHash = :hash, updatedAt = :now ' +
          'REMOVE deliveryLeaseUntil, failureKind ADD deliveryAttempts :one',
        ConditionExpression:
          from.status === 'SOLD'
            ? '#status = :sold'
            : previous === null
              ? '#status = :minting AND attribute_not_exists(deliveryAttemptId) AND attribute_not_exists(mintBatchId) AND (attribute_not_exists(deliveryLeaseUntil) OR deliveryLeaseUntil <= :now)'
              : '#status = :minting AND deliveryAttemptId = :previous AND attribute_not_exists(mintBatchId) AND (attribute_not_exists(deliveryLeaseUntil) OR deliveryLeaseUntil <= :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':minting': 'MINTING',
          ':batch': batch.batchId,
          ':mint': { hash: batch.hash, nonce: batch.nonce },
          ':hash': batch.hash,
          ':now': now.toISOString(),
          ':one': 1,
          ...(from.status === 'SOLD' ? { ':sold': 'SOLD' } : previous !== null && { ':previous': previous }),
        },
      },
    };
  },

  /** Ends a single-mint worker's claim now (the local runtime at start: that worker was killed), so it may be handed on. */
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

  /** The batch's transaction replaced by another (same nonce, higher fee): the order names the new one while MINTING. */
  newTransaction(orderId: string, batchId: string, hash: string, nonce: number, now: Date): Promise<boolean> {
    return conditionalUpdate(db, {
      TableName: tableName,
      Key: orderKey(orderId),
      UpdateExpression: 'SET mintTx = :mint, txHash = :hash, updatedAt = :now',
      ConditionExpression: '#status = :minting AND mintBatchId = :batch',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':mint': { hash, nonce },
        ':hash': hash,
        ':now': now.toISOString(),
        ':minting': 'MINTING',
        ':batch': batchId,
      },
    });
  },

  /**
   * MINTING in `batchId` → SOLD: the batch cannot mint it (its nonce went to another transaction, or its transaction
   * reverted); the stream hands it to the sender again for a new batch. False if it is no longer in that batch.
   */
  returnToQueue(orderId: string, batchId: string, now: Date, reason: string): Promise<boolean> {
    return conditionalUpdate(db, {
      TableName: tableName,
      Key: orderKey(orderId),
      UpdateExpression:
        'SET #status = :sold, txHash = :null, updatedAt = :now, requeueReason = :why REMOVE mintTx, mintBatchId, deliveryAttemptId ADD deliveryRequeues :one',
      ConditionExpression: '#status = :minting AND mintBatchId = :batch',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':sold': 'SOLD',
        ':null': null,
        ':now': now.toISOString(),
        ':why': reason,
        ':one': 1,
        ':minting': 'MINTING',
        ':batch': batchId,
      },
    });
  },

  /** MINTING in `batchId` → FAILED with the reason (and the transaction, if any); false if it is no longer in that batch. */
  recordFailed(orderId: string, batchId: string, failure: Failure & { txHash: string | null }, now: Date): Promise<boolean> {
    return conditionalUpdate(db, {
      TableName: tableName,
      Key: orderKey(orderId),
      UpdateExpression:
        'SET #status = :failed, failureReason = :reason, failureKind = :kind, txHash = :hash, updatedAt = :now REMOVE deliveryLeaseUntil',
      ConditionExpression: '#status = :minting AND deliveryAttemptId = :batch',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':failed': 'FAILED',
        ':reason': failure.reason,
        ':kind': failure.kind,
        ':hash': failure.txHash,
        ':now': now.toISOString(),
        ':minting': 'MINTING',
        ':batch': batchId,
      },
    });
  },

  /** SOLD → FAILED before any batch (its token cannot be minted by this contract at all); false if it moved. */
  failUnsent(orderId: string, failure: Failure, now: Date): Promise<boolean> {
    return conditionalUpdate(db, {
      TableName: tableName,
      Key: orderKey(orderId),
      UpdateExpression: 'SET #status = :failed, failureReason = :reason, failureKind = :kind, txHash = :null, updatedAt = :now',
      ConditionExpression: '#status = :sold',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':failed': 'FAILED',
        ':reason': failure.reason,
        ':kind': failure.kind,
        ':null': null,
        ':now': now.toISOString(),
        ':sold': 'SOLD',
      },
    });
  },

  /** MINTING in `batchId` → DELIVERED with the mint's transaction and its share of the cost, as one item of the delivery's transaction. */
  deliveredItem(orderId: string, batchId: string, txHash: string | null, cost: MintCost | null, now: Date): TransactItem {
    return {
      Update: {
        TableName: tableName,
        Key: orderKey(orderId),
        UpdateExpression:
          // The batch stays named: should the chain take the block back, the reconciler opens the batch again and its
          // transaction is broadcast again.
          'SET #status = :delivered, txHash = :hash, failureReason = :null, mintCost = :cost, updatedAt = :now, deliveredAt = :now REMOVE deliveryLeaseUntil, requeueReason',
        ConditionExpression: '#status = :minting AND deliveryAttemptId = :batch',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':delivered': 'DELIVERED',
          ':hash': txHash,
          ':null': null,
          ':cost': cost,
          ':now': now.toISOString(),
          ':minting': 'MINTING',
          ':batch': batchId,
        },
      },
    };
  },

  /**
   * A re-queue (by an operator or the reconciler): the order becomes SOLD again, which the table's stream hands to the
   * sender anew; `reason` says who and why (shown by `ops deliveries`). `failed`: FAILED → SOLD, the failed attempt's
   * transaction and reason cleared. `stuck`: MINTING that nothing follows (its batch no longer in flight, or a lapsed
   * single-mint claim) → SOLD, for a new batch. `waiting`: SOLD → SOLD (a fresh stream record). False if the order is
   * no longer as it was seen.
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
            'SET #status = :sold, failureReason = :null, txHash = :null, updatedAt = :now, requeueReason = :why REMOVE mintTx, mintBatchId, deliveryAttemptId, deliveryLeaseUntil, failureKind ADD deliveryRequeues :one',
          ConditionExpression: '#status = :failed',
          ExpressionAttributeValues: { ':sold': 'SOLD', ':null': null, ':now': at, ':failed': 'FAILED', ':one': 1, ':why': reason },
        });
      case 'stuck':
        return conditionalUpdate(db, {
          ...base,
          UpdateExpression:
            'SET #status = :sold, txHash = :null, updatedAt = :now, requeueReason = :why REMOVE mintTx, mintBatchId, deliveryLeaseUntil ADD deliveryRequeues :one',
          ConditionExpression:
            seen.attemptId === null
              ? '#status = :minting AND attribute_not_exists(deliveryAttemptId) AND (attribute_not_exists(deliveryLeaseUntil) OR deliveryLeaseUntil <= :now)'
              : '#status = :minting AND deliveryAttemptId = :attempt AND (attribute_not_exists(deliveryLeaseUntil) OR deliveryLeaseUntil <= :now)',
          ExpressionAttributeValues: {
            ':sold': 'SOLD',
            ':null': null,
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
   * DELIVERED → MINTING in its batch again, for an order whose mint the chain no longer holds (a reorg, or a local chain
   * rolled back), as one item of the reconciler's transaction: the batch is followed again and broadcasts the same
   * transaction. An order delivered before batches (no batch) goes back to SOLD, for a new batch.
   */
  undeliveredAgainItem(
    orderId: string,
    seen: { attemptId: string | null; batchId: string | null },
    now: Date,
    reason: string,
  ): TransactItem {
    const condition =
      seen.attemptId === null
        ? '#status = :delivered AND attribute_not_exists(deliveryAttemptId)'
        : '#status = :delivered AND deliveryAttemptId = :attempt';
    return {
      Update: {
        TableName: tableName,
        Key: orderKey(orderId),
        UpdateExpression:
          seen.batchId === null
            ? 'SET #status = :sold, updatedAt = :now, requeueReason = :why, mintCost = :null, deliveredAt = :null ADD deliveryRequeues :one'
            : 'SET #status = :minting, updatedAt = :now, requeueReason = :why, mintCost = :null, deliveredAt = :null ADD deliveryRequeues :one',
        ConditionExpression: condition,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ...(seen.batchId === null ? { ':sold': 'SOLD' } : { ':minting': 'MINTING' }),
          ':delivered': 'DELIVERED',
          ':null': null,
          ':now': now.toISOString(),
          ':why': reason,
          ':one': 1,
          ...(seen.attemptId !== null && { ':attempt': seen.attemptId }),
        },
      },
    };
  },
});

// Mint batches and the signer's nonces: the batch item (its orders and every transaction signed for its nonce, listed
// in flight while SENT), the signer's next nonce, and the one transaction that draws a nonce, stores its batch and moves
// the batch's orders to MINTING. One batch per nonce of a signer, ever: its key is the nonce, so two senders can never
// store two batches for one nonce, whatever runs at once.
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { GSI1 } from '#lib/db/table.ts';
import { ENTITY, inFlightBatchIndexKey, MINT_BATCHES_IN_FLIGHT_PARTITION, mintBatchKey, signerNonceKey } from '#lib/db/keys.ts';
import { conditionalWrite, conditionHeld } from '#lib/db/conditional-write.ts';
import { queryAll } from '#lib/db/query-all.ts';
import { transactWriteOrUnsettled, type TransactItem } from '#lib/db/transaction.ts';
import type { BatchTransaction, MintBatch } from '#lib/delivery/mint-batch.ts';

type Item = Record<string, unknown>;

function toItem(batch: MintBatch): Item {
  return {
    ...mintBatchKey(batch.batchId),
    ...(batch.status === 'SENT' && inFlightBatchIndexKey(batch.signer, batch.nonce)),
    entity: ENTITY.mintBatch,
    ...batch,
  };
}

function fromItem(item: Item): MintBatch {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, entity: _e, ...batch } = item;
  return batch as unknown as MintBatch;
}

const conditionalUpdate = (db: DynamoDBDocumentClient, input: UpdateCommandInput): Promise<boolean> =>
  conditionalWrite(db, new UpdateCommand(input), conditionHeld);

/**
 * `recorded`: the nonce drawn, the batch stored, its orders MINTING. `nonce-taken`: another sender stored a batch for
 * that nonce first (draw again). `orders-changed`: these orders are no longer as read (leave them out and try again).
 * `conflict`: another transaction held an item. `unknown`: it timed out or failed in transit, and may have been applied.
 */
export type BatchSendOutcome =
  | { kind: 'recorded' }
  | { kind: 'nonce-taken' }
  | { kind: 'orders-changed'; orderIds: string[] }
  | { kind: 'conflict' }
  | { kind: 'unknown' };

export const mintBatchRepo = (db: DynamoDBDocumentClient, tableName: string) => ({
  /** The batch, read consistently; null when no batch holds that id. */
  async get(batchId: string): Promise<MintBatch | null> {
    const out = await db.send(new GetCommand({ TableName: tableName, Key: mintBatchKey(batchId), ConsistentRead: true }));
    return out.Item ? fromItem(out.Item) : null;
  },

  /** Ids of the batches in flight, by signer then nonce (one Query of the in-flight index; it trails the table a little). */
  async inFlightIds(): Promise<string[]> {
    const items = await queryAll(db, {
      TableName: tableName,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': MINT_BATCHES_IN_FLIGHT_PARTITION },
      ProjectionExpression: 'batchId',
    });
    return items.map((item) => item.batchId as string);
  },

  /** The next nonce the service would draw for `signer`; null before its first batch. */
  async nextNonce(signer: string): Promise<number | null> {
    const out = await db.send(new GetCommand({ TableName: tableName, Key: signerNonceKey(signer), ConsistentRead: true }));
    return typeof out.Item?.nextNonce === 'number' ? out.Item.nextNonce : null;
  },

  /**
   * Draws the batch's nonce and stores the batch, with `orderItems` (its orders' moves to MINTING) in the same
   * transaction: no nonce is drawn without its batch, no batch stored without its orders. The signer's next nonce only
   * moves forward; the batch's own key refuses a second batch for the nonce.
   */
  recordSend(batch: MintBatch, orderItems: { orderId: string; item: TransactItem }[]): Promise<BatchSendOutcome> {
    const items: TransactItem[] = [
      {
        Update: {
          TableName: tableName,
          Key: signerNonceKey(batch.signer),
          UpdateExpression: 'SET nextNonce = :next, entity = :entity, updatedAt = :now',
          ConditionExpression: 'attribute_not_exists(nextNonce) OR nextNonce <= :nonce',
          ExpressionAttributeValues: {
            ':next': batch.nonce + 1,
            ':nonce': batch.nonce,
            ':entity': ENTITY.signerNonce,
            ':now': batch.createdAt,
          },
        },
      },
      { Put: { TableName: tableName, Item: toItem(batch), ConditionExpression: 'attribute_not_exists(pk)' } },
      ...orderItems.map((entry) => entry.item),
    ];
    return transactWriteOrUnsettled<BatchSendOutcome>(db, items, {
      written: () => ({ kind: 'recorded' }),
      refused: (refusal) => {
        if (refusal.rejected(0) || refusal.rejected(1)) return { kind: 'nonce-taken' };
        return { kind: 'orders-changed', orderIds: orderItems.filter((_, i) => refusal.rejected(i + 2)).map((entry) => entry.orderId) };
      },
    });
  },

  /**
   * Adds a transaction signed for the batch's nonce (a replacement at a higher fee), only over the version it was
   * decided on and while the batch is in flight: stored before it is broadcast, like the first.
   */
  addTransaction(batchId: string, seenVersion: number, tx: BatchTransaction, now: Date): Promise<boolean> {
    return conditionalUpdate(db, {
      TableName: tableName,
      Key: mintBatchKey(batchId),
      UpdateExpression: 'SET txs = list_append(txs, :tx), version = version + :one, updatedAt = :now',
      ConditionExpression: '#status = :sent AND version = :seen',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':tx': [tx], ':one': 1, ':now': now.toISOString(), ':sent': 'SENT', ':seen': seenVersion },
    });
  },

  /** SENT → SETTLED with the transaction that was mined, out of the in-flight list. False when it was not in flight. */
  settle(batchId: string, mined: NonNullable<MintBatch['mined']>, now: Date): Promise<boolean> {
    return conditionalUpdate(db, {
      TableName: tableName,
      Key: mintBatchKey(batchId),
      UpdateExpression: 'SET #status = :settled, mined = :mined, version = version + :one, updatedAt = :now REMOVE gsi1pk, gsi1sk',
      ConditionExpression: '#status = :sent',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':settled': 'SETTLED', ':mined': mined, ':one': 1, ':now': now.toISOString(), ':sent': 'SENT' },
    });
  },

  /** SENT → DEAD (another transaction took its nonce), out of the in-flight list. */
  markDead(batchId: string, now: Date): Promise<boolean> {
    return conditionalUpdate(db, {
      TableName: tableName,
      Key: mintBatchKey(batchId),
      UpdateExpression: 'SET #status = :dead, version = version + :one, updatedAt = :now REMOVE gsi1pk, gsi1sk',
      ConditionExpression: '#status = :sent',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':dead': 'DEAD', ':one': 1, ':now': now.toISOString(), ':sent': 'SENT' },
    });
  },

  /**
   * SETTLED → SENT: the chain no longer holds the mined transaction (a reorg, or a local chain a kill rolled back), so
   * the batch is followed again and its transaction broadcast again (its nonce: it can be mined once at most).
   */
  reopen(batch: MintBatch, now: Date): Promise<boolean> {
    const index = inFlightBatchIndexKey(batch.signer, batch.nonce);
    return conditionalUpdate(db, {
      TableName: tableName,
      Key: mintBatchKey(batch.batchId),
      UpdateExpression:
        'SET #status = :sent, mined = :null, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk, version = version + :one, updatedAt = :now',
      ConditionExpression: '#status = :settled',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':sent': 'SENT',
        ':null': null,
        ':gsi1pk': index.gsi1pk,
        ':gsi1sk': index.gsi1sk,
        ':one': 1,
        ':now': now.toISOString(),
        ':settled': 'SETTLED',
      },
    });
  },
});

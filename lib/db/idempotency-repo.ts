// The only module that speaks DynamoDB for idempotency records: one per partner and Idempotency-Key, first an
// in-progress marker (claimed with a conditional put), then the stored response, kept 24 hours (TTL).
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ENTITY, idempotencyKey } from '#lib/db/keys.ts';
import { conditionalWrite, conditionHeld } from '#lib/db/conditional-write.ts';
import type { TransactItem } from '#lib/db/transaction.ts';

/** A response as sent: replays send exactly these bytes. */
export interface StoredResponse {
  status: number;
  contentType: string;
  body: string;
}

export interface IdempotencyRecord {
  partnerId: number;
  key: string;
  /** SHA-256 of method, path and body of the first request. */
  requestHash: string;
  state: 'IN_PROGRESS' | 'COMPLETED';
  /** Identifies the request that holds the marker; only it may complete or release it. */
  ownerToken: string;
  /** ISO time after which an IN_PROGRESS marker counts as abandoned and may be claimed again. */
  lockedUntil: string;
  response: StoredResponse | null;
  createdAt: string;
  /** Epoch seconds the record expires (DynamoDB TTL); code checks it too, since TTL deletion is lazy. */
  ttl: number;
}

type Item = Record<string, unknown>;

function toItem(record: IdempotencyRecord): Item {
  return { ...idempotencyKey(record.partnerId, record.key), entity: ENTITY.idempotency, ...record };
}

function fromItem(item: Item): IdempotencyRecord {
  const { pk: _pk, sk: _sk, entity: _e, ...record } = item;
  return { response: null, ...record } as unknown as IdempotencyRecord;
}

/** A claim's answer: the key is this request's now, or the live record that holds it (null if it vanished meanwhile). */
export type ClaimResult = { claimed: true } | { claimed: false; holder: IdempotencyRecord | null };

export const idempotencyRepo = (db: DynamoDBDocumentClient, tableName: string) => ({
  /**
   * Writes the in-progress marker unless a live record holds the key. When one does, the failed condition itself
   * returns it (ALL_OLD): no second read.
   */
  claim(record: IdempotencyRecord, now: Date): Promise<ClaimResult> {
    return conditionalWrite<PutCommand, ClaimResult>(
      db,
      new PutCommand({
        TableName: tableName,
        Item: toItem(record),
        ConditionExpression: 'attribute_not_exists(pk) OR #ttl <= :nowSeconds OR (#state = :inProgress AND lockedUntil <= :now)',
        ExpressionAttributeNames: { '#ttl': 'ttl', '#state': 'state' },
        ExpressionAttributeValues: {
          ':nowSeconds': Math.floor(now.getTime() / 1000),
          ':inProgress': 'IN_PROGRESS',
          ':now': now.toISOString(),
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
      { written: () => ({ claimed: true }), refused: (current) => ({ claimed: false, holder: current ? fromItem(current) : null }) },
    );
  },

  async get(partnerId: number, key: string): Promise<IdempotencyRecord | null> {
    const out = await db.send(new GetCommand({ TableName: tableName, Key: idempotencyKey(partnerId, key), ConsistentRead: true }));
    return out.Item ? fromItem(out.Item) : null;
  },

  /** Stores the response on the marker this request holds, as one item of a transaction. */
  completeItem(partnerId: number, key: string, ownerToken: string, response: StoredResponse): TransactItem {
    return { Update: completion(tableName, partnerId, key, ownerToken, response) };
  },

  /** Stores the response on the marker this request holds; false when the marker is no longer its own. */
  complete(partnerId: number, key: string, ownerToken: string, response: StoredResponse): Promise<boolean> {
    return conditionalWrite(db, new UpdateCommand(completion(tableName, partnerId, key, ownerToken, response)), conditionHeld);
  },

  /** Deletes the marker this request holds, so a retry with the key runs afresh; a completed record is kept. */
  async release(partnerId: number, key: string, ownerToken: string): Promise<void> {
    // Not deleted: the marker is no longer this request's (completed, or claimed anew after its lease), and stays.
    await conditionalWrite(
      db,
      new DeleteCommand({
        TableName: tableName,
        Key: idempotencyKey(partnerId, key),
        ConditionExpression: '#state = :inProgress AND ownerToken = :owner',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':inProgress': 'IN_PROGRESS', ':owner': ownerToken },
      }),
      conditionHeld,
    );
  },
});

function completion(tableName: string, partnerId: number, key: string, ownerToken: string, response: StoredResponse) {
  return {
    TableName: tableName,
    Key: idempotencyKey(partnerId, key),
    UpdateExpression: 'SET #state = :completed, #response = :response',
    ConditionExpression: '#state = :inProgress AND ownerToken = :owner',
    ExpressionAttributeNames: { '#state': 'state', '#response': 'response' },
    ExpressionAttributeValues: { ':completed': 'COMPLETED', ':inProgress': 'IN_PROGRESS', ':owner': ownerToken, ':response': response },
  };
}

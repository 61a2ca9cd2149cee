// The only module that speaks DynamoDB for Idempotency-Key records: one per account (the user or partner the key
// belongs to) and key, first an in-progress marker claimed with a conditional put, then the answer to replay, kept
// 24 hours (TTL). The persistence port of the Idempotency-Key layer (lib/http/idempotency.ts).
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ENTITY, idempotencyKey } from '#lib/db/keys.ts';
import { conditionalWrite, conditionHeld } from '#lib/db/conditional-write.ts';
import { keyAnswerItem, type TransactItem } from '#lib/db/transaction.ts';

/** An answer as sent: replays send exactly these bytes. */
export interface StoredResponse {
  status: number;
  contentType: string;
  body: string;
}

export interface IdempotencyRecord {
  /** The user or partner the key belongs to (a partner is the user who owns the keys: one account either way). */
  account: number;
  /** The key as stored (lib/http/idempotency.ts stores a digest of the client's key). */
  key: string;
  /** SHA-256 of the first request (method, route, path parameters and body). */
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

/**
 * A claimed key's part in the write it answers for, handed to the domain: the write that makes the request's effect adds
 * `completion(answer)` to its transaction, so the effect and the answer a retry replays are stored together or not at
 * all, whatever moment the process dies at. A transaction whose completion finds the key taken by another request
 * throws IdempotencyKeyTaken (lib/db/transaction.ts).
 */
export interface Once {
  /** The item that completes the key's record with `answer` (the operation's success body). */
  completion(answer: unknown): TransactItem;
  /**
   * After a transaction carrying the completion ended without DynamoDB saying how: `applied` (the record is complete,
   * so the effect is stored), `not-applied` (the key is still this request's, nothing was written) or `lost`.
   */
  settle(): Promise<{ kind: 'applied' } | { kind: 'not-applied' } | { kind: 'lost' }>;
}

type Item = Record<string, unknown>;

function toItem(record: IdempotencyRecord): Item {
  const { account, ...rest } = record;
  // `partnerId` is the attribute's stored name, from when only partners' buys had keys.
  return { ...idempotencyKey(account, record.key), entity: ENTITY.idempotency, partnerId: account, ...rest };
}

function fromItem(item: Item): IdempotencyRecord {
  const { pk: _pk, sk: _sk, entity: _e, partnerId, ...record } = item;
  return { response: null, ...record, account: partnerId } as unknown as IdempotencyRecord;
}

/** A claim's answer: the key is this request's now, or the live record that holds it (null if it vanished meanwhile). */
export type ClaimResult = { kind: 'claimed' } | { kind: 'held'; holder: IdempotencyRecord | null };

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
      { written: () => ({ kind: 'claimed' }), refused: (current) => ({ kind: 'held', holder: current ? fromItem(current) : null }) },
    );
  },

  async get(account: number, key: string): Promise<IdempotencyRecord | null> {
    const out = await db.send(new GetCommand({ TableName: tableName, Key: idempotencyKey(account, key), ConsistentRead: true }));
    return out.Item ? fromItem(out.Item) : null;
  },

  /** Stores the answer on the marker this request holds, as one item of the transaction that makes its effect. */
  completeItem(account: number, key: string, ownerToken: string, response: StoredResponse): TransactItem {
    return keyAnswerItem({ Update: completion(tableName, account, key, ownerToken, response) });
  },

  /** Stores the answer on the marker this request holds; false when the marker is no longer its own. */
  complete(account: number, key: string, ownerToken: string, response: StoredResponse): Promise<boolean> {
    return conditionalWrite(db, new UpdateCommand(completion(tableName, account, key, ownerToken, response)), conditionHeld);
  },

  /** Deletes the marker this request holds, so a retry with the key runs afresh; a completed record is kept. */
  async release(account: number, key: string, ownerToken: string): Promise<void> {
    // Not deleted: the marker is no longer this request's (completed, or claimed anew after its lease), and stays.
    await conditionalWrite(
      db,
      new DeleteCommand({
        TableName: tableName,
        Key: idempotencyKey(account, key),
        ConditionExpression: '#state = :inProgress AND ownerToken = :owner',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':inProgress': 'IN_PROGRESS', ':owner': ownerToken },
      }),
      conditionHeld,
    );
  },
});

function completion(tableName: string, account: number, key: string, ownerToken: string, response: StoredResponse) {
  return {
    TableName: tableName,
    Key: idempotencyKey(account, key),
    UpdateExpression: 'SET #state = :completed, #response = :response',
    ConditionExpression: '#state = :inProgress AND ownerToken = :owner',
    ExpressionAttributeNames: { '#state': 'state', '#response': 'response' },
    ExpressionAttributeValues: { ':completed': 'COMPLETED', ':inProgress': 'IN_PROGRESS', ':owner': ownerToken, ':response': response },
  };
}

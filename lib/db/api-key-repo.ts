// The only module that speaks DynamoDB for partner API keys: the key record (by id) and the claim of its hash.
import { GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GSI1 } from '#lib/db/table.ts';
import { ENTITY, apiKeyHashKey, apiKeyKey, userApiKeysIndexKey, userApiKeysPartition } from '#lib/db/keys.ts';
import { conditionalWrite } from '#lib/db/conditional-write.ts';
import { transactWrite } from '#lib/db/transaction.ts';

export interface ApiKeyRecord {
  /** The key's id: API Gateway's key id in AWS, generated locally. */
  id: string;
  /** The account that created it: the partner. */
  userId: number;
  name: string | null;
  /** SHA-256 (hex) of the key; the key itself is never stored. */
  keyHash: string;
  createdAt: string;
  revokedAt: string | null;
}

type Item = Record<string, unknown>;

export function toItem(record: ApiKeyRecord): Item {
  const { revokedAt, ...rest } = record;
  return {
    ...apiKeyKey(record.id),
    ...userApiKeysIndexKey(record.userId, record.createdAt, record.id),
    entity: ENTITY.apiKey,
    ...rest,
    // Absent until revoked, so that revoking can keep the first revocation time (if_not_exists).
    ...(revokedAt !== null && { revokedAt }),
  };
}

export function fromItem(item: Item): ApiKeyRecord {
  return {
    id: item.id as string,
    userId: item.userId as number,
    name: (item.name as string | null | undefined) ?? null,
    keyHash: item.keyHash as string,
    createdAt: item.createdAt as string,
    revokedAt: (item.revokedAt as string | null | undefined) ?? null,
  };
}

/** The claim of a key's hash: maps the hash of a presented key to the key's id (what the local API-key check reads). */
function hashClaimToItem(record: ApiKeyRecord): Item {
  return { ...apiKeyHashKey(record.keyHash), entity: ENTITY.apiKeyHash, apiKeyId: record.id };
}

function hashClaimFromItem(item: Item): string {
  return item.apiKeyId as string;
}

export const apiKeyRepo = (db: DynamoDBDocumentClient, tableName: string) => ({
  /** Stores a new key and the claim of its hash, both or neither. */
  async insert(record: ApiKeyRecord): Promise<void> {
    const result = await transactWrite(db, [
      { Put: { TableName: tableName, Item: toItem(record), ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: tableName, Item: hashClaimToItem(record), ConditionExpression: 'attribute_not_exists(pk)' } },
    ]);
    // Ids and hashes are random: a collision is a fault, and a lost race with nobody to race against is one too.
    if (result.kind !== 'written') throw new Error(`API key ${record.id} was not stored (${result.kind})`);
  },

  async get(id: string): Promise<ApiKeyRecord | null> {
    const out = await db.send(new GetCommand({ TableName: tableName, Key: apiKeyKey(id), ConsistentRead: true }));
    return out.Item ? fromItem(out.Item) : null;
  },

  /** The id of the key whose SHA-256 is `keyHash`, revoked or not; null when no key has it. */
  async idForHash(keyHash: string): Promise<string | null> {
    const out = await db.send(new GetCommand({ TableName: tableName, Key: apiKeyHashKey(keyHash), ConsistentRead: true }));
    return out.Item ? hashClaimFromItem(out.Item) : null;
  },

  /** How many keys of the user are not revoked. */
  async countActive(userId: number): Promise<number> {
    let count = 0;
    let startKey: Item | undefined;
    do {
      const out = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: GSI1,
          KeyConditionExpression: 'gsi1pk = :pk',
          FilterExpression: 'attribute_not_exists(revokedAt) OR revokedAt = :null',
          ExpressionAttributeValues: { ':pk': userApiKeysPartition(userId), ':null': null },
          Select: 'COUNT',
          ExclusiveStartKey: startKey,
        }),
      );
      count += out.Count ?? 0;
      startKey = out.LastEvaluatedKey;
    } while (startKey);
    return count;
  },

  /**
   * Marks the user's key revoked (keeping the first revocation time); null when the key is unknown or another
   * user's, so callers cannot tell the two apart.
   */
  async revoke(id: string, userId: number, now: Date): Promise<ApiKeyRecord | null> {
    const result = await conditionalWrite(
      db,
      new UpdateCommand({
        TableName: tableName,
        Key: apiKeyKey(id),
        UpdateExpression: 'SET revokedAt = if_not_exists(revokedAt, :now)',
        ConditionExpression: 'attribute_exists(pk) AND userId = :user',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':user': userId },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return result.written ? fromItem(result.output.Attributes!) : null;
  },
});

export type ApiKeyRepo = ReturnType<typeof apiKeyRepo>;

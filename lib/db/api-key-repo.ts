// The only module that speaks DynamoDB for partner API keys: the key record (by id), the claim of its hash, and the
// count of a user's active keys that holds the limit in the same transactions that add and revoke keys.
import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GSI1 } from '#lib/db/table.ts';
import {
  API_KEY_EXPIRIES_PARTITION,
  ENTITY,
  apiKeyCountKey,
  apiKeyExpiryIndexKey,
  apiKeyExpiryKey,
  apiKeyHashKey,
  apiKeyKey,
  userApiKeysIndexKey,
  userApiKeysPartition,
} from '#lib/db/keys.ts';
import type { KeyScope } from '#lib/partner/schemas.ts';
import type { ApiVersion } from '#lib/versions/versions.ts';
import { conditionalWrite } from '#lib/db/conditional-write.ts';
import { transactWrite, type TransactItem } from '#lib/db/transaction.ts';
import { queryAll } from '#lib/db/query-all.ts';

export interface ApiKeyRecord {
  /** The key's id: API Gateway's key id in AWS, generated locally. */
  id: string;
  /** The account that created it: the partner. */
  userId: number;
  name: string | null;
  /** What the key may do; keys stored before scopes existed are read as `sell` (what they could do then). */
  scope: KeyScope;
  /** The API version its requests are answered in when they name none; null on keys stored before pins were kept. */
  version: ApiVersion | null;
  /** The key's first characters, to recognise it later; null on keys stored before prefixes were recorded. */
  prefix: string | null;
  /** SHA-256 (hex) of the key; the key itself is never stored. */
  keyHash: string;
  createdAt: string;
  /** When a request last presented the key (recorded at most once a minute); null when never. */
  lastUsedAt: string | null;
  revokedAt: string | null;
  /** Set when the key was rolled: the end of its window beside its successor. */
  expiresAt: string | null;
  /**
   * Whether a rolled key still counts among the user's active keys: from its roll (with a window) until its window's end
   * is settled. Keys rolled before rolled keys counted never do: their successor took their place.
   */
  holdsPlace: boolean;
}

type Item = Record<string, unknown>;

function toItem(record: ApiKeyRecord): Item {
  const { revokedAt, lastUsedAt, expiresAt, holdsPlace, version, ...rest } = record;
  return {
    ...apiKeyKey(record.id),
    ...userApiKeysIndexKey(record.userId, record.createdAt, record.id),
    entity: ENTITY.apiKey,
    ...rest,
    // Absent until revoked or used, so that conditions can ask whether they are (attribute_not_exists).
    ...(revokedAt !== null && { revokedAt }),
    ...(lastUsedAt !== null && { lastUsedAt }),
    ...(expiresAt !== null && { expiresAt }),
    ...(holdsPlace && { holdsPlace }),
    ...(version !== null && { version }),
  };
}

function fromItem(item: Item): ApiKeyRecord {
  return {
    id: item.id as string,
    userId: item.userId as number,
    name: (item.name as string | null | undefined) ?? null,
    scope: item.scope === 'read' ? 'read' : 'sell',
    version: (item.version as ApiVersion | undefined) ?? null,
    prefix: (item.prefix as string | null | undefined) ?? null,
    keyHash: item.keyHash as string,
    createdAt: item.createdAt as string,
    lastUsedAt: (item.lastUsedAt as string | null | undefined) ?? null,
    revokedAt: (item.revokedAt as string | null | undefined) ?? null,
    expiresAt: (item.expiresAt as string | null | undefined) ?? null,
    holdsPlace: item.holdsPlace === true,
  };
}

/** The claim of a key's hash: maps the hash of a presented key to the key's id (what the local API-key check reads). */
function hashClaimToItem(record: ApiKeyRecord): Item {
  return { ...apiKeyHashKey(record.keyHash), entity: ENTITY.apiKeyHash, apiKeyId: record.id };
}

function hashClaimFromItem(item: Item): string {
  return item.apiKeyId as string;
}

/**
 * How many keys a user holds active. `stored`: read from the count item; otherwise counted on the index, for a user
 * whose keys were all made before the count was kept (the first key added then stores the count).
 */
export interface ActiveKeyCount {
  count: number;
  stored: boolean;
}

/** `written`; `limit-reached`: the stored count is at the limit; `count-changed`: another request stored the count first. */
export type InsertOutcome = { kind: 'written' } | { kind: 'limit-reached' } | { kind: 'count-changed' };

/** `revoked` now; `already-revoked` by its owner before; `not-found`: unknown, or another user's key. */
export type RevokeOutcome = { kind: 'revoked' } | { kind: 'already-revoked' } | { kind: 'not-found' };

/**
 * `rolled`; `not-found`: unknown or another user's; `revoked` or `already-rolled`: the key cannot be rolled;
 * `limit-reached` and `count-changed` as for a new key (InsertOutcome), when the old key keeps its place in its window.
 */
export type RollOutcome =
  | { kind: 'rolled' }
  | { kind: 'not-found' }
  | { kind: 'revoked' }
  | { kind: 'already-rolled' }
  | { kind: 'limit-reached' }
  | { kind: 'count-changed' };

/** A rolled key whose window has ended, as the key disabler reads it. */
export interface KeyExpiry {
  id: string;
  expiresAt: string;
}

export const apiKeyRepo = (db: DynamoDBDocumentClient, tableName: string) => {
  /** How many of the user's keys are not revoked, read on the index (eventually consistent in AWS). */
  async function countActiveOnIndex(userId: number): Promise<number> {
    let count = 0;
    let startKey: Item | undefined;
    do {
      const out = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: GSI1,
          KeyConditionExpression: 'gsi1pk = :pk',
          // A rolled key counts while it holds its place (its window); one rolled before that gave its place to its successor.
          FilterExpression:
            '(attribute_not_exists(revokedAt) OR revokedAt = :null) AND (attribute_not_exists(expiresAt) OR attribute_exists(holdsPlace))',
          ExpressionAttributeValues: { ':pk': userApiKeysPartition(userId), ':null': null },
          Select: 'COUNT',
          ExclusiveStartKey: startKey,
        }),
      );
      count += out.Count ?? 0;
      startKey = out.LastEvaluatedKey;
    } while (startKey);
    return count;
  }

  /** The key's revocation, only if it is the user's and not revoked yet (the blocking item comes back). */
  const revokeItem = (id: string, userId: number, now: Date, counted = true): TransactItem => ({
    Update: {
      TableName: tableName,
      Key: apiKeyKey(id),
      UpdateExpression: 'SET revokedAt = :now REMOVE holdsPlace',
      // A counted key is not rolled, or rolled and still holding its place (one that gave it to its successor is not).
      ConditionExpression: `attribute_exists(pk) AND userId = :user AND attribute_not_exists(revokedAt)${counted ? ' AND (attribute_not_exists(expiresAt) OR attribute_exists(holdsPlace))' : ''}`,
      ExpressionAttributeValues: { ':now': now.toISOString(), ':user': userId },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  });

  /**
   * The user's active count one higher, only while it is under `limit` (or, not stored yet, stored at the count `seen`
   * plus one, only if nobody stored it meanwhile).
   */
  const countUp = (userId: number, limit: number, seen: ActiveKeyCount): TransactItem =>
    seen.stored
      ? {
          Update: {
            TableName: tableName,
            Key: apiKeyCountKey(userId),
            UpdateExpression: 'SET active = active + :one',
            ConditionExpression: 'active < :limit',
            ExpressionAttributeValues: { ':one': 1, ':limit': limit },
          },
        }
      : {
          Put: {
            TableName: tableName,
            Item: { ...apiKeyCountKey(userId), entity: ENTITY.apiKeyCount, userId, active: seen.count + 1 },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        };

  /** The user's active count one lower, only while above zero (it is not stored for users whose keys predate it). */
  const countDown = (userId: number): TransactItem => ({
    Update: {
      TableName: tableName,
      Key: apiKeyCountKey(userId),
      UpdateExpression: 'SET active = active - :one',
      ConditionExpression: 'active > :zero',
      ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
    },
  });

  return {
    async activeCount(userId: number): Promise<ActiveKeyCount> {
      const out = await db.send(new GetCommand({ TableName: tableName, Key: apiKeyCountKey(userId), ConsistentRead: true }));
      if (out.Item) return { count: out.Item.active as number, stored: true };
      return { count: await countActiveOnIndex(userId), stored: false };
    },

    /**
     * Stores a new key, the claim of its hash and the user's active count one higher, all or nothing, only while the
     * count is under `limit` (with the count `seen` when it was not stored yet, only if nobody stored it meanwhile).
     * `also`: items the same transaction writes too (the Idempotency-Key's answer, lib/db/idempotency-repo.ts; the
     * audit log's entry, lib/db/audit-repo.ts).
     */
    async insert(record: ApiKeyRecord, limit: number, seen: ActiveKeyCount, also: TransactItem[] = []): Promise<InsertOutcome> {
      const count = countUp(record.userId, limit, seen);
      return transactWrite<InsertOutcome>(
        db,
        [
          { Put: { TableName: tableName, Item: toItem(record), ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: tableName, Item: hashClaimToItem(record), ConditionExpression: 'attribute_not_exists(pk)' } },
          count,
          ...also,
        ],
        {
          written: () => ({ kind: 'written' }),
          refused: (refusal) => {
            // Ids and hashes are random: a collision is a fault, not an answer.
            if (refusal.rejected(0) || refusal.rejected(1)) throw new Error(`API key ${record.id} collides with a stored one`);
            return seen.stored ? { kind: 'limit-reached' } : { kind: 'count-changed' };
          },
        },
        { conflictRetries: 2 },
      );
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

    /** The user's keys, revoked ones included, newest first (the index is eventually consistent in AWS). */
    async listByUser(userId: number): Promise<ApiKeyRecord[]> {
      const items = await queryAll(db, {
        TableName: tableName,
        IndexName: GSI1,
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': userApiKeysPartition(userId) },
        ScanIndexForward: false,
      });
      return items.map(fromItem);
    },

    /**
     * Revokes the user's key and lowers the user's active count in one transaction; the first revocation time is
     * kept. A user whose count was never stored (keys made before it was kept) has only the key revoked. `also`: items
     * the same transaction writes too (the audit log's entry), written only with a revocation.
     */
    revoke(id: string, userId: number, now: Date, also: TransactItem[] = []): Promise<RevokeOutcome> {
      /** The key as a refusal found it: revoked already by this user, or not this user's key. */
      const refusedOn = (current: Record<string, unknown> | null): RevokeOutcome => {
        const found = current ? fromItem(current) : null;
        return found?.userId === userId && found.revokedAt !== null ? { kind: 'already-revoked' } : { kind: 'not-found' };
      };
      return transactWrite<RevokeOutcome>(
        db,
        [revokeItem(id, userId, now), countDown(userId), ...also],
        {
          written: () => ({ kind: 'revoked' }),
          refused: (refusal) => {
            const current = refusal.current(0);
            const uncounted = refusal.rejected(0) && current?.expiresAt !== undefined && current.holdsPlace === undefined;
            if (refusal.rejected(0) && !uncounted) return refusedOn(current);
            // A rolled key that gave its place (to its successor, or at the end of its window), or no stored count: revoke
            // the key alone (the count is taken on the index when it is first stored).
            const single = revokeItem(id, userId, now, false);
            if (also.length > 0) {
              return transactWrite<RevokeOutcome>(
                db,
                [single, ...also],
                {
                  written: () => ({ kind: 'revoked' }),
                  refused: (alone) => {
                    if (alone.rejected(0)) return refusedOn(alone.current(0));
                    throw new Error(`API key ${id} was not revoked (refused)`);
                  },
                },
                { conflictRetries: 2 },
              );
            }
            return conditionalWrite(db, new UpdateCommand({ ...single.Update!, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }), {
              written: (): RevokeOutcome => ({ kind: 'revoked' }),
              refused: refusedOn,
            });
          },
        },
        { conflictRetries: 2 },
      );
    },

    /**
     * Rolls the user's key `oldId`: stores `successor` (same owner, name and scope) with the claim of its hash, and ends
     * the old key's window at `expiresAt` with a marker the key retirer reads, all or nothing, only while the old key is
     * the user's, not revoked and not rolled yet. With `counted` (a window to come) the old key keeps its place in the
     * active count until its window's end is settled, and the successor takes a place of its own (`countUp`'s
     * condition: `limit-reached` at the limit); without, the successor takes the old key's place. `also`: items the
     * same transaction writes too (the Idempotency-Key's answer, the audit log's entry).
     */
    roll(
      oldId: string,
      successor: ApiKeyRecord,
      expiresAt: string,
      counted: { limit: number; seen: ActiveKeyCount } | null,
      also: TransactItem[] = [],
    ): Promise<RollOutcome> {
      return transactWrite<RollOutcome>(
        db,
        [
          {
            Update: {
              TableName: tableName,
              Key: apiKeyKey(oldId),
              UpdateExpression: counted ? 'SET expiresAt = :expires, holdsPlace = :true' : 'SET expiresAt = :expires',
              ConditionExpression:
                'attribute_exists(pk) AND userId = :user AND attribute_not_exists(revokedAt) AND attribute_not_exists(expiresAt)',
              ExpressionAttributeValues: { ':expires': expiresAt, ':user': successor.userId, ...(counted && { ':true': true }) },
              ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
            },
          },
          { Put: { TableName: tableName, Item: toItem(successor), ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: tableName, Item: hashClaimToItem(successor), ConditionExpression: 'attribute_not_exists(pk)' } },
          {
            Put: {
              TableName: tableName,
              Item: {
                ...apiKeyExpiryKey(oldId),
                ...apiKeyExpiryIndexKey(expiresAt, oldId),
                entity: ENTITY.apiKeyExpiry,
                id: oldId,
                expiresAt,
              },
            },
          },
          ...(counted ? [countUp(successor.userId, counted.limit, counted.seen)] : []),
          ...also,
        ],
        {
          written: () => ({ kind: 'rolled' }),
          refused: (refusal) => {
            if (!refusal.rejected(0) && counted && refusal.rejected(4)) {
              return counted.seen.stored ? { kind: 'limit-reached' } : { kind: 'count-changed' };
            }
            if (!refusal.rejected(0)) throw new Error(`API key ${successor.id} collides with a stored one`);
            const current = refusal.current(0);
            const found = current ? fromItem(current) : null;
            if (found?.userId !== successor.userId) return { kind: 'not-found' };
            return found.revokedAt !== null ? { kind: 'revoked' } : { kind: 'already-rolled' };
          },
        },
        { conflictRetries: 2 },
      );
    },

    /** The user's rolled keys whose window ended by `now` while they still hold a place in the active count. */
    async endedPlaces(userId: number, now: Date): Promise<ApiKeyRecord[]> {
      const items = await queryAll(db, {
        TableName: tableName,
        IndexName: GSI1,
        KeyConditionExpression: 'gsi1pk = :pk',
        FilterExpression: 'attribute_exists(holdsPlace) AND expiresAt <= :now',
        ExpressionAttributeValues: { ':pk': userApiKeysPartition(userId), ':now': now.toISOString() },
      });
      return items.map(fromItem);
    },

    /**
     * Gives up the place of a rolled key whose window ended by `now`: the key no longer holds it and the user's active
     * count is one lower, both or neither; a user whose count was never stored has only the key's mark removed. →
     * whether a place was given up (false when it was given up before, or the key was revoked meanwhile).
     */
    settleEndedWindow(id: string, userId: number, now: Date): Promise<boolean> {
      const release: TransactItem = {
        Update: {
          TableName: tableName,
          Key: apiKeyKey(id),
          UpdateExpression: 'REMOVE holdsPlace',
          ConditionExpression: 'attribute_exists(holdsPlace) AND userId = :user AND expiresAt <= :now',
          ExpressionAttributeValues: { ':user': userId, ':now': now.toISOString() },
        },
      };
      return transactWrite<boolean>(
        db,
        [release, countDown(userId)],
        {
          written: () => true,
          refused: (refusal) =>
            refusal.rejected(0)
              ? false
              : conditionalWrite(db, new UpdateCommand({ ...release.Update! }), { written: () => true, refused: () => false }),
        },
        { conflictRetries: 2 },
      );
    },

    /** Rolled keys whose window ended by `now`, soonest first, at most `limit`. */
    async endedWindows(now: Date, limit: number): Promise<KeyExpiry[]> {
      const out = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: GSI1,
          KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :now',
          ExpressionAttributeValues: { ':pk': API_KEY_EXPIRIES_PARTITION, ':now': `${now.toISOString()}#\uffff` },
          Limit: limit,
        }),
      );
      return (out.Items ?? []).map((item) => ({ id: item.id as string, expiresAt: item.expiresAt as string }));
    },

    /** Forgets a rolled key's end once the key is disabled. */
    async forgetWindow(id: string): Promise<void> {
      await db.send(new DeleteCommand({ TableName: tableName, Key: apiKeyExpiryKey(id) }));
    },

    /** Records a use of the key, unless one was recorded since `since`; false when nothing was written. */
    recordUse(id: string, now: Date, since: Date): Promise<boolean> {
      return conditionalWrite(
        db,
        new UpdateCommand({
          TableName: tableName,
          Key: apiKeyKey(id),
          UpdateExpression: 'SET lastUsedAt = :now',
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt < :since)',
          ExpressionAttributeValues: { ':now': now.toISOString(), ':since': since.toISOString() },
        }),
        { written: () => true, refused: () => false },
      );
    },
  };
};

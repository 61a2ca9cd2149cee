// The only module that speaks DynamoDB for key usage: requests per key and UTC day, as the functions count them
// against the key's daily quota (lib/partner/key-quota.ts), in AWS and locally alike.
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite } from '#lib/db/conditional-write.ts';
import { ENTITY, keyUsageKey, keyUsagePartition, keyUsageSortKey } from '#lib/db/keys.ts';
import { queryAll } from '#lib/db/query-all.ts';

/** Requests of one key on one UTC day (`YYYY-MM-DD`). */
export interface KeyUsageDay {
  keyId: string;
  date: string;
  requests: number;
}

type Item = Record<string, unknown>;

type CountOutcome = { kind: 'counted'; requests: number } | { kind: 'quota-reached'; requests: number };

function fromItem(item: Item): KeyUsageDay {
  return { keyId: item.keyId as string, date: item.date as string, requests: item.requests as number };
}

export const usageRepo = (db: DynamoDBDocumentClient, tableName: string) => ({
  /**
   * Adds one request to the key's day (created at 1, kept until `expiresAt`: TTL) unless the day holds `limit` already,
   * and stamps the day's last use with `now`: one conditional UpdateItem. → `counted` with the day's requests after
   * it; or `quota-reached`, writing nothing, with the day's requests before it.
   */
  async count(partnerId: number, keyId: string, date: string, expiresAt: Date, limit: number, now: Date): Promise<CountOutcome> {
    return conditionalWrite<UpdateCommand, CountOutcome>(
      db,
      new UpdateCommand({
        TableName: tableName,
        Key: keyUsageKey(partnerId, date, keyId),
        UpdateExpression:
          'SET entity = :entity, partnerId = :partner, keyId = :key, #date = :date, #ttl = :ttl, lastUsedAt = :now ADD requests :one',
        ConditionExpression: 'attribute_not_exists(requests) OR requests < :limit',
        ExpressionAttributeNames: { '#date': 'date', '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':entity': ENTITY.keyUsage,
          ':partner': partnerId,
          ':key': keyId,
          ':date': date,
          ':ttl': Math.floor(expiresAt.getTime() / 1000),
          ':one': 1,
          ':limit': limit,
          ':now': now.toISOString(),
        },
        ReturnValues: 'UPDATED_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
      {
        written: (output) => ({ kind: 'counted', requests: output.Attributes?.requests as number }),
        refused: (current) => ({ kind: 'quota-reached', requests: (current?.requests as number | undefined) ?? limit }),
      },
    );
  },

  /** The key's requests on one day (0 when none were counted), read without counting. */
  async requestsOn(partnerId: number, keyId: string, date: string): Promise<number> {
    const { Item } = await db.send(
      new GetCommand({ TableName: tableName, Key: keyUsageKey(partnerId, date, keyId), ProjectionExpression: 'requests' }),
    );
    return (Item?.requests as number | undefined) ?? 0;
  },

  /**
   * The last counted use of each of the partner's keys on a day from `from` (`YYYY-MM-DD`) on, by key id: one Query of
   * the days' small items, newest day first, each key taken from its newest day.
   */
  async lastUses(partnerId: number, from: string): Promise<Map<string, string>> {
    const items = await queryAll(db, {
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND sk >= :from',
      ExpressionAttributeValues: { ':pk': keyUsagePartition(partnerId), ':from': keyUsageSortKey(from, '') },
      ProjectionExpression: 'keyId, lastUsedAt',
      ScanIndexForward: false,
    });
    const last = new Map<string, string>();
    for (const item of items) {
      const at = item.lastUsedAt as string | undefined;
      // Days counted before the count kept its time have none.
      if (at !== undefined && !last.has(item.keyId as string)) last.set(item.keyId as string, at);
    }
    return last;
  },

  /** Every counted day of the partner's keys from `from` to `to` (inclusive, `YYYY-MM-DD`), one Query. */
  async daily(partnerId: number, from: string, to: string): Promise<KeyUsageDay[]> {
    const items = await queryAll(db, {
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keyUsagePartition(partnerId),
        ':from': keyUsageSortKey(from, ''),
        // After every key id of the last day (ids are ASCII).
        ':to': keyUsageSortKey(to, '\uffff'),
      },
    });
    return items.map(fromItem);
  },
});

// The only module that speaks DynamoDB for key usage: requests per key and UTC day, as the local API-key check
// counts them (in AWS the usage plan counts them and this table holds none).
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ENTITY, keyUsageKey, keyUsagePartition, keyUsageSortKey } from '#lib/db/keys.ts';
import { queryAll } from '#lib/db/query-all.ts';

/** Requests of one key on one UTC day (`YYYY-MM-DD`). */
export interface KeyUsageDay {
  keyId: string;
  date: string;
  requests: number;
}

type Item = Record<string, unknown>;

function fromItem(item: Item): KeyUsageDay {
  return { keyId: item.keyId as string, date: item.date as string, requests: item.requests as number };
}

export const usageRepo = (db: DynamoDBDocumentClient, tableName: string) => ({
  /** Adds one request to the key's day (created at 1), kept until `expiresAt` (TTL). */
  async count(partnerId: number, keyId: string, date: string, expiresAt: Date): Promise<void> {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keyUsageKey(partnerId, date, keyId),
        UpdateExpression: 'SET entity = :entity, partnerId = :partner, keyId = :key, #date = :date, #ttl = :ttl ADD requests :one',
        ExpressionAttributeNames: { '#date': 'date', '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':entity': ENTITY.keyUsage,
          ':partner': partnerId,
          ':key': keyId,
          ':date': date,
          ':ttl': Math.floor(expiresAt.getTime() / 1000),
          ':one': 1,
        },
      }),
    );
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

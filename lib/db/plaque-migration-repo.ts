// Plaque items as stored, for migrations: the ids of every plaque, the raw items (old values and all, unlike
// plaque-repo's `fromItem`, which converts them), and the conditional rewrite of single attributes.
import { BatchGetCommand, GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite } from '#lib/db/conditional-write.ts';
import { DatabaseConflict, DatabaseUnavailable } from '#lib/db/failures.ts';
import { CATALOG_INDEX } from '#lib/db/table.ts';
import { LEGACY_CATALOG_PARTITION, catalogPartitions, plaqueKey } from '#lib/db/keys.ts';

type Item = Record<string, unknown>;

/** One attribute's move from an old value to its new one; `from: null` stands for null or absent. */
export interface AttributeChange {
  attribute: string;
  from: unknown;
  to: unknown;
}

/** How a rewrite ended: applied, or refused because the item no longer holds every old value (or is gone). */
export type RewriteOutcome = { kind: 'applied' } | { kind: 'changed' };

const BATCH_GET_LIMIT = 100;
/** Attempts of one write while DynamoDB throttles or a transaction holds the item. */
const WRITE_ATTEMPTS = 8;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A single-item write that meets an ongoing transaction on the same item is refused (TransactionConflictException,
 * classified as DatabaseConflict) and the transaction goes on: the migration waits and tries again, so a sale or a
 * delivery never loses to it. Throttling and timeouts are waited out too: the write is conditional on the old
 * values, so repeating one that did apply changes nothing.
 */
const isRetryable = (error: unknown): boolean => error instanceof DatabaseConflict || error instanceof DatabaseUnavailable;

export const plaqueMigrationRepo = (db: DynamoDBDocumentClient, tableName: string) => ({
  /**
   * The ids of every plaque, a page at a time, from the catalogue index (every plaque has a row there): first the
   * pre-sharding partition (plaques not moved to their shard yet), then each shard, so a plaque the shard backfill
   * moves meanwhile is seen at least once (twice at worst, and then found converted the second time).
   */
  async *plaqueIds(pageSize = BATCH_GET_LIMIT): AsyncGenerator<number[]> {
    for (const partition of [LEGACY_CATALOG_PARTITION, ...catalogPartitions()]) {
      let startKey: Item | undefined;
      do {
        const out = await db.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: CATALOG_INDEX,
            KeyConditionExpression: '#pk = :pk',
            ExpressionAttributeNames: { '#pk': 'catpk', '#id': 'id' },
            ExpressionAttributeValues: { ':pk': partition },
            ProjectionExpression: '#id',
            Limit: pageSize,
            ExclusiveStartKey: startKey,
          }),
        );
        const ids = (out.Items ?? []).map((item) => Number(item.id));
        if (ids.length > 0) yield ids;
        startKey = out.LastEvaluatedKey;
      } while (startKey);
    }
  },

  /** The items as stored (strongly consistent), keyed by plaque id; ids without an item are absent. */
  async rawItems(ids: number[]): Promise<Map<number, Item>> {
    const found = new Map<number, Item>();
    for (let i = 0; i < ids.length; i += BATCH_GET_LIMIT) {
      let keys: Item[] | undefined = ids.slice(i, i + BATCH_GET_LIMIT).map(plaqueKey);
      for (let attempt = 0; keys && keys.length > 0; attempt++) {
        if (attempt > 0) await pause(Math.min(1000, 25 * 2 ** attempt));
        const out = await db.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys, ConsistentRead: true } } }));
        for (const item of out.Responses?.[tableName] ?? []) found.set(Number(item.id), item);
        keys = out.UnprocessedKeys?.[tableName]?.Keys as Item[] | undefined;
      }
    }
    return found;
  },

  async rawItem(id: number): Promise<Item | null> {
    const out = await db.send(new GetCommand({ TableName: tableName, Key: plaqueKey(id), ConsistentRead: true }));
    return out.Item ?? null;
  },

  /**
   * Sets each attribute to its new value, only while every one of them still holds its old value: a write made in
   * between (a newer version's, or another run's) is never overwritten. Nothing else is touched, `updatedAt` and the
   * catalogue position included, so a sale or delivery that read the plaque before still finds it "as read".
   */
  async rewrite(id: number, changes: AttributeChange[]): Promise<RewriteOutcome> {
    if (changes.length === 0) return { kind: 'applied' };
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const sets: string[] = [];
    const conditions = ['attribute_exists(pk)'];
    changes.forEach(({ attribute, from, to }, i) => {
      names[`#a${i}`] = attribute;
      values[`:to${i}`] = to;
      sets.push(`#a${i} = :to${i}`);
      if (from === null || from === undefined) {
        values[':nullType'] = 'NULL';
        conditions.push(`(attribute_not_exists(#a${i}) OR attribute_type(#a${i}, :nullType))`);
      } else {
        values[`:from${i}`] = from;
        conditions.push(`#a${i} = :from${i}`);
      }
    });
    const command = new UpdateCommand({
      TableName: tableName,
      Key: plaqueKey(id),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    });
    for (let attempt = 1; ; attempt++) {
      try {
        return await conditionalWrite<UpdateCommand, RewriteOutcome>(db, command, {
          written: () => ({ kind: 'applied' }),
          refused: () => ({ kind: 'changed' }),
        });
      } catch (error) {
        if (!isRetryable(error) || attempt >= WRITE_ATTEMPTS) throw error;
        await pause(Math.min(2000, 50 * 2 ** attempt) * (0.5 + Math.random() / 2));
      }
    }
  },
});

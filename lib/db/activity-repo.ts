// The only module that speaks DynamoDB for plaque activity: an entry as one item of its change's transaction, a
// plaque's entries newest first (its own partition) and the catalogue's entries of one type newest first (gsi1).
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ENTITY, activityIndexKey, activityKey, activityTypePartition, plaqueActivityPartition } from '#lib/db/keys.ts';
import { pageNewestFirst } from '#lib/db/index-page.ts';
import type { TransactItem } from '#lib/db/transaction.ts';
import type { ActivityEntry } from '#lib/plaques/activity-record.ts';
import type { ActivityType } from '#lib/plaques/activity-types.ts';

type Item = Record<string, unknown>;

/** A position in a list of entries: the page after it starts with the next older entry. */
export interface ActivityPosition {
  at: string;
  plaqueId: number;
  type: ActivityType;
}

export interface ActivityPage {
  entries: ActivityEntry[];
  next: ActivityPosition | null;
}

function toItem(entry: ActivityEntry): Item {
  return {
    ...activityKey(entry.plaqueId, entry.at, entry.type),
    ...activityIndexKey(entry.type, entry.at, entry.plaqueId),
    entity: ENTITY.activity,
    ...entry,
  };
}

function fromItem(item: Item): ActivityEntry {
  return {
    type: item.type as ActivityType,
    plaqueId: item.plaqueId as number,
    plaqueName: item.plaqueName as string,
    price: (item.price as number | null | undefined) ?? null,
    currency: (item.currency as string | null | undefined) ?? null,
    txHash: (item.txHash as string | null | undefined) ?? null,
    at: item.at as string,
  };
}

const positionOf = (entry: ActivityEntry): ActivityPosition => ({ at: entry.at, plaqueId: entry.plaqueId, type: entry.type });

export const activityRepo = (db: DynamoDBDocumentClient, tableName: string) => ({
  /**
   * The entry, as one item of its change's transaction. Unconditional: its key is the plaque, the time its change
   * stamps and the type, and every change stamps a later time than the one before on its plaque.
   */
  item(entry: ActivityEntry): TransactItem {
    return { Put: { TableName: tableName, Item: toItem(entry) } };
  },

  /** A page of one plaque's entries, newest first: one Query of its partition (strongly consistent). */
  async pageByPlaque(plaqueId: number, query: { limit: number; after: ActivityPosition | null }): Promise<ActivityPage> {
    const out = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': plaqueActivityPartition(plaqueId) },
        ScanIndexForward: false,
        ConsistentRead: true,
        // One more than the page: whether it exists says whether another page follows.
        Limit: query.limit + 1,
        ExclusiveStartKey: query.after ? activityKey(plaqueId, query.after.at, query.after.type) : undefined,
      }),
    );
    const entries = (out.Items ?? []).map(fromItem);
    const page = entries.slice(0, query.limit);
    return { entries: page, next: entries.length > query.limit ? positionOf(page.at(-1)!) : null };
  },

  /** A page of the catalogue's entries of one type, newest first: one Query of its gsi1 partition. */
  async pageByType(type: ActivityType, query: { limit: number; after: ActivityPosition | null }): Promise<ActivityPage> {
    const { after } = query;
    const page = await pageNewestFirst(db, {
      tableName,
      partition: activityTypePartition(type),
      limit: query.limit,
      after: after ? { ...activityKey(after.plaqueId, after.at, type), ...activityIndexKey(type, after.at, after.plaqueId) } : undefined,
    });
    return { entries: page.items.map(fromItem), next: page.next && positionOf(fromItem(page.next)) };
  },
});

// The catalogue index (`catalog`): the listing's reads of what changed, spread over the index's shards; the `changes`
// index that tells in one small query whether and where anything changed; and the backfill that moves plaques indexed
// before sharding into their shard. Plaque records themselves: plaque-repo.ts.
import { QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite, conditionHeld } from '#lib/db/conditional-write.ts';
import { queryAll } from '#lib/db/query-all.ts';
import { CATALOG_ATTRIBUTES, CATALOG_INDEX, CHANGES_INDEX } from '#lib/db/table.ts';
import {
  CHANGES_PARTITION,
  LEGACY_CATALOG_PARTITION,
  catalogPartition,
  catalogPartitions,
  catalogPositionOf,
  catalogShardOf,
  plaqueKey,
} from '#lib/db/keys.ts';
import type { StoredPlaque } from '#lib/plaques/plaque.ts';

type Item = Record<string, unknown>;

/** The catalogue index's view of a plaque: what filtering and ordering need. */
export type CatalogRow = Pick<StoredPlaque, (typeof CATALOG_ATTRIBUTES)[number]>;

function pickCatalogRow(item: Item): CatalogRow {
  const row: Record<string, unknown> = {};
  for (const name of CATALOG_ATTRIBUTES) row[name] = item[name] ?? null;
  return row as CatalogRow;
}

/** Index rows read per backfill query page (each moves with one conditional write). */
const BACKFILL_PAGE = 100;

/** Positions one read of the `changes` index returns at most: about 160 bytes each, so a page stays near 4 KB. */
export const CHANGES_PAGE = 40;

/** A plaque's place in the catalogue after a write: its id and the `updatedAt` the write stamped. */
interface CatalogPosition {
  id: number;
  updatedAt: string;
}

/**
 * What the `changes` index holds after a position: every position when `complete`, else only the first CHANGES_PAGE
 * (a burst). `unavailable`: the table has no such index yet, or it is still being built.
 */
export type RecentChanges = { kind: 'read'; positions: CatalogPosition[]; complete: boolean } | { kind: 'unavailable' };

/** DynamoDB's answer to a query of an index the table lacks, or one it is still building (backfilling). */
const isIndexUnavailable = (error: unknown): boolean =>
  (error as { name?: string } | null)?.name === 'ValidationException' && /index/i.test((error as Error).message);

export const catalogRepo = (db: DynamoDBDocumentClient, tableName: string) => {
  /** Rows of one index partition after `afterKey` (`updatedAt#id`), oldest first; all of them when null. */
  const partitionChanges = async (partition: string, afterKey: string | null): Promise<CatalogRow[]> => {
    const items = await queryAll(db, {
      TableName: tableName,
      IndexName: CATALOG_INDEX,
      KeyConditionExpression: afterKey === null ? '#pk = :pk' : '#pk = :pk AND #sk > :after',
      ExpressionAttributeNames: { '#pk': 'catpk', ...(afterKey !== null && { '#sk': 'catsk' }) },
      ExpressionAttributeValues: { ':pk': partition, ...(afterKey !== null && { ':after': afterKey }) },
      ReturnConsumedCapacity: 'TOTAL',
    });
    return items.map(pickCatalogRow);
  };

  /** Whether one index partition holds no row (one key-only read). */
  const partitionEmpty = async (partition: string): Promise<boolean> => {
    const out = await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: CATALOG_INDEX,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': 'catpk' },
        ExpressionAttributeValues: { ':pk': partition },
        Limit: 1,
        ProjectionExpression: 'catsk',
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    return (out.Count ?? 0) === 0;
  };

  return {
    /**
     * Catalogue rows whose index position (`updatedAt#id`) is after `afterKey`, from every shard in parallel, or from
     * the given shards only (plus the pre-sharding partition when `includeLegacy`); all rows when null. One Query per
     * partition at least.
     */
    async changes(afterKey: string | null, options: { includeLegacy: boolean; shards?: readonly number[] }): Promise<CatalogRow[]> {
      const sharded = options.shards ? [...new Set(options.shards)].sort((a, b) => a - b).map(catalogPartition) : catalogPartitions();
      const partitions = options.includeLegacy ? [...sharded, LEGACY_CATALOG_PARTITION] : sharded;
      const perPartition = await Promise.all(partitions.map((partition) => partitionChanges(partition, afterKey)));
      return perPartition.flat();
    },

    /**
     * Positions written after `afterKey`, oldest first, from the `changes` index: one Query of at most CHANGES_PAGE
     * keys (0.5 RCU when nothing changed). It holds keys only: the rows themselves are read from their shards.
     */
    async recentChanges(afterKey: string): Promise<RecentChanges> {
      try {
        const out = await db.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: CHANGES_INDEX,
            KeyConditionExpression: '#pk = :pk AND #sk > :after',
            ExpressionAttributeNames: { '#pk': 'entity', '#sk': 'catsk' },
            ExpressionAttributeValues: { ':pk': CHANGES_PARTITION, ':after': afterKey },
            ProjectionExpression: '#sk',
            ScanIndexForward: true,
            Limit: CHANGES_PAGE,
            ReturnConsumedCapacity: 'TOTAL',
          }),
        );
        const positions = (out.Items ?? []).map((item) => catalogPositionOf(item.catsk as string));
        return { kind: 'read', positions, complete: out.LastEvaluatedKey === undefined && positions.length < CHANGES_PAGE };
      } catch (error) {
        if (isIndexUnavailable(error)) return { kind: 'unavailable' };
        throw error;
      }
    },

    /** Whether plaques indexed before sharding are left (the backfill has not finished): one key-only read. */
    hasLegacyRows: async (): Promise<boolean> => !(await partitionEmpty(LEGACY_CATALOG_PARTITION)),

    /** Whether the catalogue holds no plaque at all (one key-only read per partition). */
    async isEmpty(): Promise<boolean> {
      const empty = await Promise.all([...catalogPartitions(), LEGACY_CATALOG_PARTITION].map(partitionEmpty));
      return empty.every(Boolean);
    },

    /**
     * Moves every plaque still indexed under the pre-sharding partition into its shard. Each move is one conditional
     * write of `catpk` alone (applied only while the item is still in the old partition), so it is safe while the
     * service writes the same plaques, and safe to run again. Returns how many rows it read under the old partition
     * and how many plaques it moved (a row read but not moved had been moved meanwhile, e.g. by a concurrent run).
     */
    async backfillShards(): Promise<{ scanned: number; moved: number }> {
      let moved = 0;
      let scanned = 0;
      // Passes until one finds nothing left to move: an index read lags its table a little.
      for (let pass = -1; pass !== 0;) {
        pass = 0;
        let startKey: Item | undefined;
        do {
          const out = await db.send(
            new QueryCommand({
              TableName: tableName,
              IndexName: CATALOG_INDEX,
              KeyConditionExpression: '#pk = :pk',
              ExpressionAttributeNames: { '#pk': 'catpk' },
              ExpressionAttributeValues: { ':pk': LEGACY_CATALOG_PARTITION },
              ProjectionExpression: 'id',
              Limit: BACKFILL_PAGE,
              ExclusiveStartKey: startKey,
            }),
          );
          scanned += out.Items?.length ?? 0;
          const results = await Promise.all((out.Items ?? []).map((item) => moveToShard(Number(item.id))));
          pass += results.filter(Boolean).length;
          startKey = out.LastEvaluatedKey;
        } while (startKey);
        moved += pass;
      }
      return { scanned, moved };
    },
  };

  /** One plaque's move into its shard; false when it had moved already (or is gone). */
  function moveToShard(id: number): Promise<boolean> {
    return conditionalWrite(
      db,
      new UpdateCommand({
        TableName: tableName,
        Key: plaqueKey(id),
        UpdateExpression: 'SET catpk = :shard',
        ConditionExpression: 'catpk = :legacy',
        ExpressionAttributeValues: { ':shard': catalogPartition(catalogShardOf(id)), ':legacy': LEGACY_CATALOG_PARTITION },
      }),
      conditionHeld,
    );
  }
};

export type CatalogRepo = ReturnType<typeof catalogRepo>;

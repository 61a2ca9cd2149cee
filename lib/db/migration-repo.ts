// The only module that speaks DynamoDB for applied-migration records: one item per migration in one partition.
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ENTITY, MIGRATIONS_PARTITION, migrationKey } from '#lib/db/keys.ts';
import { queryAll } from '#lib/db/query-all.ts';
import type { AppliedMigration } from '#lib/migrations/migration.ts';

type Item = Record<string, unknown>;

function toItem(applied: AppliedMigration): Item {
  return { ...migrationKey(applied.id), entity: ENTITY.migration, ...applied };
}

function fromItem(item: Item): AppliedMigration {
  return {
    id: item.id as string,
    description: item.description as string,
    appliedAt: item.appliedAt as string,
    counts: item.counts as AppliedMigration['counts'],
  };
}

export const migrationRepo = (db: DynamoDBDocumentClient, tableName: string) => ({
  /** Every migration recorded as applied, in id order (one Query, strongly consistent). */
  async applied(): Promise<AppliedMigration[]> {
    const items = await queryAll(db, {
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': MIGRATIONS_PARTITION },
      ConsistentRead: true,
    });
    return items.map(fromItem);
  },

  /** Records a migration as applied; a later run of the same migration replaces the record with its own counts. */
  async recordApplied(applied: AppliedMigration): Promise<void> {
    await db.send(new PutCommand({ TableName: tableName, Item: toItem(applied) }));
  },
});

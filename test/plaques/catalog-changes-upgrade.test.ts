// A table made before the `changes` index existed: the listing checks freshness on every shard, ensureTable adds the
// index, and the listing uses it from its next try on. On a DynamoDB Local of its own: an index added to a table of a
// Local that holds many tables with TTL (the shared one of the test run) may stay CREATING there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '#lib/db/client.ts';
import { ensureTable } from '#lib/db/create-table.ts';
import { CATALOG_SHARDS, catalogPartition } from '#lib/db/keys.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { CHANGES_INDEX, tableDefinition } from '#lib/db/table.ts';
import { startDynamoDbLocal, type RunningDynamoDb } from '#lib/local/dynamodb-local.ts';
import { assertProjectTable } from '#lib/ops/target.ts';
import { insertPlaques } from '#lib/plaques/catalog-import.ts';
import { CHANGES_INDEX_RETRY_MS, CatalogProjection } from '#lib/plaques/catalog-projection.ts';
import { aPlaque } from '../support/factories.ts';
import { described, recordIndexQueries } from './catalog-queries.ts';

let dynamo: RunningDynamoDb;
let db: DynamoDBDocumentClient;

beforeAll(async () => {
  dynamo = await startDynamoDbLocal();
  db = createDocumentClient({ region: 'us-east-1', endpoint: dynamo.endpoint });
});
afterAll(async () => {
  db?.destroy();
  await dynamo?.stop();
});

const everyShard = Array.from({ length: CATALOG_SHARDS }, (_, shard) => `catalog ${catalogPartition(shard)}`);
const withoutChanges = {
  ...tableDefinition,
  globalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.filter((i) => i.indexName !== CHANGES_INDEX),
};

describe('a table without the changes index', () => {
  it('is checked on every shard until ensureTable adds the index, then through the index from the next try on', async () => {
    const tableName = 'plaques-before-changes';
    expect(await ensureTable(db, tableName, withoutChanges)).toBe(true);
    // Still this project's table for the ops commands.
    await expect(assertProjectTable(db, tableName, 'the test DynamoDB Local')).resolves.toBeUndefined();
    await insertPlaques({ db, tableName }, [aPlaque({ id: 1 }), aPlaque({ id: 2 })]);
    const projection = new CatalogProjection({ db, tableName }, { stalenessMs: 0 });
    const t0 = Date.now();
    await projection.refresh(t0);
    const queries = recordIndexQueries(db);

    // DynamoDB answers ValidationException for the unknown index: this check reads every shard instead.
    await projection.refresh(t0 + 1_000);
    expect(described(queries)).toEqual(['changes plaque', ...everyShard]);
    // For a minute it does not ask again.
    queries.length = 0;
    await projection.refresh(t0 + 2_000);
    expect(described(queries)).toEqual(everyShard);

    // ensureTable adds the index (built from the plaques already stored) and waits until it is ACTIVE.
    expect(await ensureTable(db, tableName)).toBe(false);
    const { Table } = await db.send(new DescribeTableCommand({ TableName: tableName }));
    expect(Table!.GlobalSecondaryIndexes!.map((i) => [i.IndexName, i.IndexStatus]).sort()).toEqual(
      tableDefinition.globalSecondaryIndexes.map((i) => [i.indexName, 'ACTIVE']).sort(),
    );

    queries.length = 0;
    await projection.refresh(t0 + 30_000);
    expect(described(queries)).toEqual(everyShard);
    await plaqueRepo(db, tableName).setFeatured(2, false, new Date());
    queries.length = 0;
    await projection.refresh(t0 + 1_000 + CHANGES_INDEX_RETRY_MS);
    expect(described(queries)).toEqual(['changes plaque', 'records by key']);
    expect(projection.index.updatedAtOf(2)).toBeGreaterThan(projection.index.updatedAtOf(1));
    // Adding nothing the second time.
    expect(await ensureTable(db, tableName)).toBe(false);
  });
});

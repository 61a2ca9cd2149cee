// Creates the single table from its shared definition (local runtime, tests, bench, ops against a fresh table), and
// brings a table made by an earlier version up to it by adding the indexes it lacks.
import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
  type GlobalSecondaryIndex,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableDefinition, type IndexDefinition, type KeyAttribute, type TableDefinition } from '#lib/db/table.ts';

/** How long ensureTable waits for an index it added to be built; readers of a late index fall back meanwhile. */
const INDEX_BUILD_WAIT_MS = 60_000;
const INDEX_POLL_MS = 100;

async function describeTable(db: DynamoDBDocumentClient, tableName: string): Promise<TableDescription | null> {
  try {
    return (await db.send(new DescribeTableCommand({ TableName: tableName }))).Table ?? null;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return null;
    throw error;
  }
}

const attributeDefinitions = (keys: KeyAttribute[]): AttributeDefinition[] => [
  ...new Map(keys.map((key) => [key.name, { AttributeName: key.name, AttributeType: key.type }])).values(),
];

function indexSpec(index: IndexDefinition): GlobalSecondaryIndex {
  return {
    IndexName: index.indexName,
    KeySchema: [
      { AttributeName: index.partitionKey.name, KeyType: 'HASH' },
      { AttributeName: index.sortKey.name, KeyType: 'RANGE' },
    ],
    Projection:
      index.projection.type === 'INCLUDE'
        ? { ProjectionType: 'INCLUDE', NonKeyAttributes: index.projection.nonKeyAttributes }
        : { ProjectionType: index.projection.type },
  };
}

/**
 * Creates the table (on-demand, with its indexes, stream and TTL) unless it exists; an existing table gets the
 * indexes of the definition it lacks (see addMissingIndexes). Returns whether it created the table.
 */
export async function ensureTable(db: DynamoDBDocumentClient, tableName: string, def: TableDefinition = tableDefinition): Promise<boolean> {
  const existing = await describeTable(db, tableName);
  if (existing) {
    await addMissingIndexes(db, tableName, existing, def);
    return false;
  }
  await db.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: attributeDefinitions([
        def.partitionKey,
        def.sortKey,
        ...def.globalSecondaryIndexes.flatMap((i) => [i.partitionKey, i.sortKey]),
      ]),
      KeySchema: [
        { AttributeName: def.partitionKey.name, KeyType: 'HASH' },
        { AttributeName: def.sortKey.name, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: def.globalSecondaryIndexes.map(indexSpec),
      StreamSpecification: { StreamEnabled: true, StreamViewType: def.stream },
    }),
  );
  await db.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: def.timeToLiveAttribute, Enabled: true },
    }),
  );
  return true;
}

/**
 * Adds every index of the definition the table lacks, one UpdateTable each (DynamoDB builds it from the items already
 * stored), then waits up to a minute for the table's indexes to be ACTIVE. Returns the names of the indexes it added.
 * Only a table of this project is ever upgraded: the caller created it or checked its keys.
 */
async function addMissingIndexes(
  db: DynamoDBDocumentClient,
  tableName: string,
  table: TableDescription,
  def: TableDefinition = tableDefinition,
): Promise<string[]> {
  const present = new Set((table.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
  const missing = def.globalSecondaryIndexes.filter((index) => !present.has(index.indexName));
  for (const index of missing) {
    await db.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: attributeDefinitions([index.partitionKey, index.sortKey]),
        GlobalSecondaryIndexUpdates: [{ Create: indexSpec(index) }],
      }),
    );
  }
  if (missing.length > 0 || (table.GlobalSecondaryIndexes ?? []).some((index) => index.IndexStatus !== 'ACTIVE')) {
    await waitForIndexes(db, tableName);
  }
  return missing.map((index) => index.indexName);
}

/** Waits until every index of the table is ACTIVE, or INDEX_BUILD_WAIT_MS passed (then its readers keep falling back). */
async function waitForIndexes(db: DynamoDBDocumentClient, tableName: string): Promise<void> {
  const deadline = Date.now() + INDEX_BUILD_WAIT_MS;
  while (Date.now() < deadline) {
    const table = await describeTable(db, tableName);
    if ((table?.GlobalSecondaryIndexes ?? []).every((index) => index.IndexStatus === 'ACTIVE')) return;
    await new Promise((resolve) => setTimeout(resolve, INDEX_POLL_MS));
  }
}

// Creates the single table from its shared definition (local runtime, tests, bench, ops against a fresh table).
import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
} from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableDefinition, type KeyAttribute } from '#lib/db/table.ts';

export async function tableExists(db: DynamoDBDocumentClient, tableName: string): Promise<boolean> {
  try {
    await db.send(new DescribeTableCommand({ TableName: tableName }));
    return true;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return false;
    throw error;
  }
}

/** Creates the table (on-demand, with its indexes, stream and TTL) unless it exists; returns whether it created it. */
export async function ensureTable(db: DynamoDBDocumentClient, tableName: string): Promise<boolean> {
  if (await tableExists(db, tableName)) return false;
  const def = tableDefinition;
  const attributes = new Map<string, KeyAttribute>();
  for (const key of [def.partitionKey, def.sortKey, ...def.globalSecondaryIndexes.flatMap((i) => [i.partitionKey, i.sortKey])]) {
    attributes.set(key.name, key);
  }
  await db.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [...attributes.values()].map((a): AttributeDefinition => ({ AttributeName: a.name, AttributeType: a.type })),
      KeySchema: [
        { AttributeName: def.partitionKey.name, KeyType: 'HASH' },
        { AttributeName: def.sortKey.name, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: def.globalSecondaryIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey.name, KeyType: 'HASH' },
          { AttributeName: index.sortKey.name, KeyType: 'RANGE' },
        ],
        Projection:
          index.projection.type === 'ALL'
            ? { ProjectionType: 'ALL' }
            : { ProjectionType: 'INCLUDE', NonKeyAttributes: index.projection.nonKeyAttributes },
      })),
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

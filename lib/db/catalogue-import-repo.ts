// The only module that speaks DynamoDB for catalogue imports: one record per import, written RUNNING before its first
// plaque and marked DONE after its last. That second write is what the event maker turns into the import's one
// `catalogue.imported` event (the imported plaques' own records make none), so an import that stops half way tells
// partners nothing and its record says so.
import { PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ENTITY, catalogueImportKey } from '#lib/db/keys.ts';

type Item = Record<string, unknown>;

/** A finished import: how many plaques it wrote, their ids (consecutive, allocated at once) and when. */
export interface CatalogueImport {
  importId: string;
  count: number;
  firstPlaqueId: number;
  lastPlaqueId: number;
  startedAt: string;
  finishedAt: string;
}

export function importFromItem(item: Item): CatalogueImport {
  return {
    importId: item.importId as string,
    count: item.count as number,
    firstPlaqueId: item.firstPlaqueId as number,
    lastPlaqueId: item.lastPlaqueId as number,
    startedAt: item.startedAt as string,
    finishedAt: item.finishedAt as string,
  };
}

export const catalogueImportRepo = (db: DynamoDBDocumentClient, tableName: string) => ({
  /** Records the import as started (an INSERT: no event). */
  async start(run: Omit<CatalogueImport, 'finishedAt'>): Promise<void> {
    await db.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...catalogueImportKey(run.importId), entity: ENTITY.catalogueImport, status: 'RUNNING', ...run },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  },

  /** Marks the started import done: the one write that makes its event. */
  async finish(importId: string, finishedAt: string): Promise<void> {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: catalogueImportKey(importId),
        UpdateExpression: 'SET #status = :done, finishedAt = :at',
        ConditionExpression: '#status = :running',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':done': 'DONE', ':running': 'RUNNING', ':at': finishedAt },
      }),
    );
  },
});

// The bench's sample catalogue: generated plaques in chunks, written straight into a table, their catalogue rows, and
// the memory a structure takes (heap and typed arrays, measured after full collections).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CatalogRow } from '#lib/db/catalog-repo.ts';
import { toItem } from '#lib/db/plaque-repo.ts';
import { CATALOG_ATTRIBUTES } from '#lib/db/table.ts';
import type { StoredPlaque } from '#lib/plaques/plaque.ts';
import { samplePlaques } from '#lib/plaques/sample-catalog.ts';
import { STAGE } from './listing.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
/** Heap plus typed-array memory, after a full collection. */
export function memory(): number {
  gc();
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

export const rowOf = (p: StoredPlaque): CatalogRow => {
  const row: Record<string, unknown> = {};
  for (const name of CATALOG_ATTRIBUTES) row[name] = p[name];
  return row as CatalogRow;
};

/** The sample catalogue in chunks (about half featured), so a million full records never sit in memory at once. */
export function* catalogue(size: number, now: Date): Generator<StoredPlaque[]> {
  for (let first = 1; first <= size; first += 20_000)
    yield samplePlaques({ firstId: first, count: Math.min(20_000, size - first + 1), now, stage: STAGE });
}

export async function putAll(db: DynamoDBDocumentClient, tableName: string, plaques: StoredPlaque[]): Promise<void> {
  const batches: StoredPlaque[][] = [];
  for (let i = 0; i < plaques.length; i += 25) batches.push(plaques.slice(i, i + 25));
  const inFlight = 8;
  for (let i = 0; i < batches.length; i += inFlight) {
    await Promise.all(
      batches.slice(i, i + inFlight).map(async (batch) => {
        let requests = batch.map((p) => ({ PutRequest: { Item: toItem(p) } }));
        while (requests.length > 0) {
          const out = await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
          requests = (out.UnprocessedItems?.[tableName] ?? []) as typeof requests;
        }
      }),
    );
  }
}

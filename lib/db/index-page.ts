// One page of a gsi1 partition, newest first (sort keys descending), optionally filtered: the reading the partner's
// paged lists share (orders, events). A filtered page reads at most MAX_FILTERED_READ entries, so one request stays
// bounded however rare the filter's match.
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GSI1 } from '#lib/db/table.ts';

type Item = Record<string, unknown>;

/** Index entries one filtered page may read before it answers what it found, with the position to go on from. */
const MAX_FILTERED_READ = 1000;
/** Index entries read per call while filtering. */
const FILTERED_BATCH = 100;

export interface IndexPageQuery {
  tableName: string;
  partition: string;
  limit: number;
  /** The entry the page starts after (its table and index keys), or undefined from the newest. */
  after: Item | undefined;
  /** `attribute = value` on one non-key attribute. */
  filter?: { attribute: string; value: string };
}

/** The page's items, newest first, and the index entry to go on from (null when nothing is left). */
export interface IndexPage {
  items: Item[];
  next: Item | null;
}

/** The two parts of an index entry's sort key `<time>#<id>` (the time holds no `#`). */
export function sortKeyParts(indexEntry: Item): [time: string, id: string] {
  const sortKey = indexEntry.gsi1sk as string;
  const at = sortKey.indexOf('#');
  return [sortKey.slice(0, at), sortKey.slice(at + 1)];
}

export async function pageNewestFirst(db: DynamoDBDocumentClient, query: IndexPageQuery): Promise<IndexPage> {
  const { filter } = query;
  const found: Item[] = [];
  let startKey = query.after;
  let read = 0;
  // One more than the page: whether it exists says whether another page follows.
  while (found.length <= query.limit) {
    const out = await db.send(
      new QueryCommand({
        TableName: query.tableName,
        IndexName: GSI1,
        KeyConditionExpression: 'gsi1pk = :pk',
        ScanIndexForward: false,
        ExclusiveStartKey: startKey,
        Limit: filter ? FILTERED_BATCH : query.limit + 1 - found.length,
        ...(filter
          ? {
              FilterExpression: '#filtered = :filtered',
              ExpressionAttributeNames: { '#filtered': filter.attribute },
              ExpressionAttributeValues: { ':pk': query.partition, ':filtered': filter.value },
            }
          : { ExpressionAttributeValues: { ':pk': query.partition } }),
      }),
    );
    found.push(...(out.Items ?? []));
    read += out.ScannedCount ?? 0;
    startKey = out.LastEvaluatedKey;
    if (!startKey) break;
    // Bounded: answer what was found, and go on from where the reading stopped.
    if (read >= MAX_FILTERED_READ && found.length <= query.limit) return { items: found, next: startKey };
  }
  return { items: found.slice(0, query.limit), next: found.length > query.limit ? found[query.limit - 1]! : null };
}

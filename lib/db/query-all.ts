// Reads every page of a Query: DynamoDB returns at most 1 MB a call, and callers want the whole answer.
import { QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';

type Item = Record<string, unknown>;
type WholeQuery = Omit<QueryCommandInput, 'ExclusiveStartKey'>;

async function eachPage(db: DynamoDBDocumentClient, input: WholeQuery, take: (page: QueryCommandOutput) => void): Promise<void> {
  let startKey: Item | undefined;
  do {
    const out = await db.send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
    take(out);
    startKey = out.LastEvaluatedKey;
  } while (startKey);
}

/** All items the query matches, page after page. */
export async function queryAll(db: DynamoDBDocumentClient, input: WholeQuery): Promise<Item[]> {
  const items: Item[] = [];
  await eachPage(db, input, (page) => items.push(...(page.Items ?? [])));
  return items;
}

/** How many items the query matches (Select COUNT: no item comes back, but each one read is billed), page after page. */
export async function countAll(db: DynamoDBDocumentClient, input: WholeQuery): Promise<number> {
  let count = 0;
  await eachPage(db, { ...input, Select: 'COUNT' }, (page) => (count += page.Count ?? 0));
  return count;
}

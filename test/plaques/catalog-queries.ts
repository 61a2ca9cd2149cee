// Records the index queries a client sends (index, partition, rows answered) and its reads of records by key, to see
// which reads a freshness check and a page make.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export interface RecordedQuery {
  index: string;
  partition: string;
  rows: number;
}

/**
 * The index queries and reads by key (BatchGetItem: `records by key`, rows = the records answered) sent through `db`
 * from now on, in the order they were sent; other commands are not recorded.
 */
export function recordIndexQueries(db: DynamoDBDocumentClient): RecordedQuery[] {
  const queries: RecordedQuery[] = [];
  db.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { IndexName?: string; ExpressionAttributeValues?: Record<string, unknown> };
      const entry =
        context.commandName === 'QueryCommand'
          ? { index: input.IndexName ?? '', partition: partitionOf(input), rows: 0 }
          : context.commandName === 'BatchGetItemCommand' || context.commandName === 'BatchGetCommand'
            ? { index: 'records', partition: 'by key', rows: 0 }
            : null;
      if (entry) queries.push(entry);
      const result = await next(args);
      if (entry) entry.rows = (result.output as { Count?: number }).Count ?? answered(result.output);
      return result;
    },
    { step: 'initialize', name: 'recordIndexQueries' },
  );
  return queries;
}

function answered(output: unknown): number {
  const responses = (output as { Responses?: Record<string, unknown[]> }).Responses ?? {};
  return Object.values(responses).reduce((sum, items) => sum + items.length, 0);
}

function partitionOf(input: { ExpressionAttributeValues?: Record<string, unknown> }): string {
  const value = input.ExpressionAttributeValues?.[':pk'];
  return typeof value === 'string' ? value : ((value as { S?: string } | undefined)?.S ?? '');
}

/** The queries as `index partition` strings, e.g. `changes plaque`, `catalog CATALOG#3`. */
export const described = (queries: RecordedQuery[]): string[] => queries.map((q) => `${q.index} ${q.partition}`);

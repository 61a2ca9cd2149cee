// `restore-table` and `copy-table`: bringing a stage's table back from its point-in-time recovery. DynamoDB restores
// into a new table, never over the stack's own (which CloudFormation owns); `copy-table` then puts the restored items
// into the stack's table, page by page.
import type { Command } from 'commander';
import { DescribeTableCommand, RestoreTableToPointInTimeCommand } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dbOf } from '#lib/db/client.ts';
import { assertProjectTable, openTarget, type TargetOptions } from '#lib/ops/target.ts';

type Sender = Pick<DynamoDBDocumentClient, 'send'>;

/** `PlaqueApi-production-Table…-restored-20260131T120000Z`: the source's name and the restore point. */
export const restoredTableName = (table: string, to: Date): string =>
  `${table}-restored-${to
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '')}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RestoreOptions {
  table: string;
  /** The point in time to restore (within the last 35 days). */
  to: Date;
  /** The new table's name (default: restoredTableName). */
  into?: string;
  /** Milliseconds between looks at the new table's status (default 15000). */
  pollingIntervalMs?: number;
  onProgress: (line: string) => void;
}

/** Restores `table` as it was at `to` into a new table and waits until that one is ACTIVE; answers its name. */
export async function restoreTable(db: Sender, options: RestoreOptions): Promise<string> {
  const into = options.into ?? restoredTableName(options.table, options.to);
  await db.send(
    new RestoreTableToPointInTimeCommand({ SourceTableName: options.table, TargetTableName: into, RestoreDateTime: options.to }),
  );
  options.onProgress(`Restoring ${options.table} as of ${options.to.toISOString()} into ${into} (minutes, more for a large table)…`);
  for (;;) {
    const { Table } = await db.send(new DescribeTableCommand({ TableName: into }));
    if (Table?.TableStatus === 'ACTIVE') return into;
    options.onProgress(`  ${into}: ${Table?.TableStatus ?? 'not there yet'}`);
    await sleep(options.pollingIntervalMs ?? 15_000);
  }
}

/** BatchWriteItem's limit of requests per call. */
const BATCH = 25;

/**
 * Puts every item of `from` into `to` (same keys: an item of `to` with the same key is overwritten, the others are
 * left alone); answers how many. Items DynamoDB leaves unprocessed (throttling) are sent again after a pause.
 */
export async function copyTable(
  db: Sender,
  from: string,
  to: string,
  onProgress: (copied: number) => void = () => undefined,
): Promise<number> {
  let copied = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName: from, ConsistentRead: true, ...(start && { ExclusiveStartKey: start }) }));
    const items = page.Items ?? [];
    for (let i = 0; i < items.length; i += BATCH) {
      let requests = items.slice(i, i + BATCH).map((item) => ({ PutRequest: { Item: item } }));
      for (let attempt = 0; requests.length > 0; attempt++) {
        if (attempt === 8) throw new Error(`copy-table: ${requests.length} items of ${from} still unprocessed after ${attempt} attempts`);
        if (attempt > 0) await sleep(100 * 2 ** attempt);
        const out = await db.send(new BatchWriteCommand({ RequestItems: { [to]: requests } }));
        requests = (out.UnprocessedItems?.[to] ?? []) as typeof requests;
      }
    }
    copied += items.length;
    onProgress(copied);
    start = page.LastEvaluatedKey;
  } while (start);
  return copied;
}

export function registerRestoreCommands(program: Command, target: () => TargetOptions): void {
  program
    .command('restore-table')
    .description(
      "restore the --table of --region as it was at a point in time into a new table (point-in-time recovery; the stack's table is never overwritten), and wait until it is ACTIVE",
    )
    .requiredOption('--to <time>', 'the point in time, ISO 8601 with its zone, e.g. 2026-01-31T12:00:00Z (within the last 35 days)')
    .option('--into <name>', 'the new table (default: <table>-restored-<time>)')
    .action(async (options: { to: string; into?: string }) => {
      const where = target();
      if (!where.region || !where.table)
        throw new Error("restore-table works on a stage's table: give --region <region> and --table <name>");
      const to = new Date(options.to);
      if (!/(Z|[+-]\d\d:?\d\d)$/.test(options.to) || Number.isNaN(to.getTime())) {
        throw new Error(`--to must be an ISO 8601 time with its zone, e.g. 2026-01-31T12:00:00Z; got ${options.to}`);
      }
      const opened = await openTarget(where);
      try {
        const restored = await restoreTable(dbOf(opened.ctx), {
          table: where.table,
          to,
          ...(options.into && { into: options.into }),
          onProgress: (line) => console.log(line),
        });
        console.log(
          `${restored} is ACTIVE. Look before you copy (e.g. npm run ops -- --region ${where.region} --table ${restored} deliveries),`,
        );
        console.log(`then: npm run ops -- --region ${where.region} --table ${where.table} copy-table --from ${restored}`);
      } finally {
        await opened.close();
      }
    });

  program
    .command('copy-table')
    .description(
      'put every item of another table with the same keys (a restored one) into --table: items with the same key are overwritten, the others kept',
    )
    .requiredOption('--from <table>', 'the table to copy from, e.g. the one restore-table made')
    .action(async (options: { from: string }) => {
      const opened = await openTarget(target());
      try {
        const into = opened.ctx.tableName;
        if (options.from === into) throw new Error(`--from names ${into} itself: name the restored table`);
        await assertProjectTable(dbOf(opened.ctx), options.from, opened.describe);
        const copied = await copyTable(dbOf(opened.ctx), options.from, into);
        console.log(`Copied ${copied} items from ${options.from} into ${opened.describe}.`);
      } finally {
        await opened.close();
      }
    });
}

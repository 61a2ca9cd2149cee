// Statement bench (`npm run bench -- --only statement`): a partner's month of 100 000 sales, read over HTTP from the
// local server in its own process with the partner's key, as JSON (from the totals) and as CSV (every file of the
// month, followed by its Link), each against API Gateway's 29 s; with the DynamoDB requests and read capacity of each
// (ReturnConsumedCapacity, host-independent), and the capacity a sale's entry adds to the buy's transaction.
import { BatchWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { newUser, usernameSkeleton } from '#lib/accounts/user.ts';
import { createDocumentClient } from '#lib/db/client.ts';
import { ensureTable } from '#lib/db/create-table.ts';
import { ledgerRepo } from '#lib/db/ledger-repo.ts';
import { userRepo } from '#lib/db/user-repo.ts';
import { startDynamoDbLocal } from '#lib/local/dynamodb-local.ts';
import { saleEntry, type LedgerEntry } from '#lib/money/entry.ts';
import { balance, statement } from '#lib/money/ledger.ts';
import { statementFile } from '#lib/money/statement-file.ts';
import { createApiKey } from '#lib/partner/api-keys.ts';
import { createAppContext } from '#lib/runtime/context.ts';
import { startBenchServer } from './bench-server.ts';
import { fmt, meter, table } from './listing.ts';

const TABLE = 'bench-statement';
const SALES = 100_000;
/** API Gateway's integration timeout: every answer must come well within it. */
const LIMIT_MS = 29_000;
/** Times the JSON statement is asked for (median and slowest reported). */
const JSON_RUNS = 20;
const PARTNER = 1;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Asks every command for its consumed capacity, for the meter to add up. */
function askConsumedCapacity(db: DynamoDBDocumentClient): void {
  db.middlewareStack.add(
    (next) => (args) => {
      (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'TOTAL';
      return next(args);
    },
    { step: 'initialize', name: 'askConsumedCapacity' },
  );
}

/**
 * The month's sales as the buy writes them: each entry is the repository's own item, put 25 a request; the totals are
 * the repository's own update of each totals row with the amounts of the entries that row takes added up, one request a
 * row (the same values as 100 000 transactions, in 8 requests).
 */
async function seed(db: DynamoDBDocumentClient, entries: readonly LedgerEntry[]): Promise<void> {
  const repo = ledgerRepo(db, TABLE);
  const rows = new Map<string, { update: NonNullable<ReturnType<typeof repo.entryItems>[1]['Update']>; sums: number[] }>();
  const puts: Record<string, unknown>[] = [];
  for (const entry of entries) {
    const [put, totals] = repo.entryItems(entry);
    puts.push(put!.Put!.Item!);
    const update = totals!.Update!;
    const key = JSON.stringify(update.Key);
    const values = update.ExpressionAttributeValues!;
    const row = rows.get(key) ?? { update, sums: [0, 0, 0, 0] };
    [':one', ':gross', ':commission', ':due'].forEach((name, i) => (row.sums[i]! += values[name] as number));
    rows.set(key, row);
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < puts.length) {
        const batch = puts.slice(next, (next += 25));
        let pending: Record<string, any> | undefined = { [TABLE]: batch.map((Item) => ({ PutRequest: { Item } })) };
        while (pending && Object.keys(pending).length > 0) {
          pending = (await db.send(new BatchWriteCommand({ RequestItems: pending }))).UnprocessedItems;
        }
      }
    }),
  );
  for (const { update, sums } of rows.values()) {
    const [one, gross, commission, due] = sums;
    const values = { ...update.ExpressionAttributeValues, ':one': one, ':gross': gross, ':commission': commission, ':due': due };
    await db.send(new UpdateCommand({ ...update, ExpressionAttributeValues: values }));
  }
}

export async function runStatementBench(): Promise<void> {
  console.log(`\n## A partner's statement of a month of ${SALES.toLocaleString('en-US')} sales\n`);
  const dynamo = await startDynamoDbLocal();
  let server: Awaited<ReturnType<typeof startBenchServer>> | undefined;
  try {
    const db = createDocumentClient({ region: 'us-east-1', endpoint: dynamo.endpoint });
    await ensureTable(db, TABLE);
    const ctx = createAppContext({ db, tableName: TABLE });
    const user = newUser({ id: PARTNER, email: 'bench-partner@example.com', walletAddress: `0x${'ab'.repeat(20)}`, now: new Date() });
    await userRepo(db, TABLE).create(user, usernameSkeleton(user.username));
    const { apiKey } = await createApiKey(ctx, PARTNER, 'bench', 'read');

    // Last month (UTC), one sale every 26 s or so, prices from 1.00 to 999.99 USD, at 10 %.
    const now = new Date();
    const from = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
    const until = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    const month = new Date(from).toISOString().slice(0, 7);
    const entries = Array.from({ length: SALES }, (_, i) =>
      saleEntry(
        {
          orderId: `ord_bench${String(i).padStart(6, '0')}`,
          partnerId: PARTNER,
          plaqueId: i + 1,
          price: (100 + ((i * 7919) % 99_900)) / 100,
          currency: 'USD',
          createdAt: new Date(from + Math.floor(((until - from) * i) / SALES)).toISOString(),
        },
        1000,
      ),
    );
    const seeding = Date.now();
    await seed(db, entries);
    console.log(
      `Seeded ${SALES} sale entries of ${month} and their totals in ${((Date.now() - seeding) / 1000).toFixed(1)} s (DynamoDB Local).\n`,
    );

    // What each read costs in DynamoDB, in process with a metered client.
    const metered = createDocumentClient({ region: 'us-east-1', endpoint: dynamo.endpoint });
    askConsumedCapacity(metered);
    const m = meter(metered);
    const reads = createAppContext({ db: metered, tableName: TABLE });
    m.reset();
    const figures = await statement(reads, PARTNER, month);
    const jsonCost = { requests: m.requests, rcu: m.rcu };
    const sales = figures.currencies[0]!.sales;
    if (sales.count !== SALES || sales.gross !== entries.reduce((s, e) => s + e.gross, 0))
      throw new Error(`statement: ${JSON.stringify(sales)}`);
    m.reset();
    await balance(reads, PARTNER);
    const balanceCost = { requests: m.requests, rcu: m.rcu };
    m.reset();
    for (let cursor: string | null | undefined; cursor !== null;) cursor = (await statementFile(reads, PARTNER, month, cursor)).next;
    const csvCost = { requests: m.requests, rcu: m.rcu };
    // A sale's entry and totals as the buy's transaction writes them (the same two items).
    m.reset();
    // This month, so that the month read below keeps its 100 000.
    await ledgerRepo(metered, TABLE).writeEntry({
      ...entries[0]!,
      id: 'sale_ord_benchwrite',
      orderId: 'ord_benchwrite',
      createdAt: now.toISOString(),
    });
    const writeUnits = m.rcu;

    // Over HTTP: the local server in its own process, with the partner's read key.
    server = await startBenchServer({ endpoint: dynamo.endpoint, tableName: TABLE });
    const url = `${server.url}/partner/statements/${month}`;
    const jsonTimes: number[] = [];
    for (let run = 0; run < JSON_RUNS; run++) {
      const started = performance.now();
      const reply = await fetch(url, { headers: { 'x-api-key': apiKey } });
      await reply.json();
      jsonTimes.push(performance.now() - started);
    }
    const fileTimes: number[] = [];
    let bytes = 0;
    let rows = 0;
    const csvStarted = performance.now();
    for (let next: string | null = url; next;) {
      const started = performance.now();
      const reply: Response = await fetch(next, { headers: { 'x-api-key': apiKey, accept: 'text/csv' } });
      const body = Buffer.from(await reply.arrayBuffer());
      fileTimes.push(performance.now() - started);
      bytes += body.length;
      rows += body.toString('utf8').split('\r\n').length - 2;
      const link = reply.headers.get('link');
      next = link ? new URL(/<([^>]+)>/.exec(link)![1]!, next).href : null;
    }
    const csvTotal = performance.now() - csvStarted;
    if (rows !== SALES) throw new Error(`the CSV files held ${rows} rows`);

    const verdict = (ms: number) => (ms <= LIMIT_MS ? 'ok' : 'MISS');
    console.log(
      table(
        ['read (over HTTP, read key)', 'median ms', 'slowest ms', 'DynamoDB requests', 'RCU', `≤ ${LIMIT_MS / 1000} s`],
        [
          [
            'statement JSON (the totals)',
            fmt(median(jsonTimes)),
            fmt(Math.max(...jsonTimes)),
            String(jsonCost.requests),
            fmt(jsonCost.rcu),
            verdict(Math.max(...jsonTimes)),
          ],
          [
            `statement CSV, one file of ${Math.ceil(SALES / fileTimes.length)} rows`,
            fmt(median(fileTimes)),
            fmt(Math.max(...fileTimes)),
            fmt(csvCost.requests / fileTimes.length, 1),
            fmt(csvCost.rcu / fileTimes.length),
            verdict(Math.max(...fileTimes)),
          ],
          [`statement CSV, all ${fileTimes.length} files`, '', fmt(csvTotal), String(csvCost.requests), fmt(csvCost.rcu), ''],
        ],
      ),
    );
    console.log(
      `\nThe month's CSV: ${rows} rows in ${fileTimes.length} files, ${(bytes / 1024 / 1024).toFixed(1)} MB. ` +
        `The balance: ${balanceCost.requests} request(s), ${fmt(balanceCost.rcu)} RCU. ` +
        `A sale's entry and totals add ${fmt(writeUnits)} write capacity units to the buy's transaction.`,
    );
    console.log(
      "The JSON reads the totals (one Query of the partner's totals rows, 8 a month and currency); the CSV pages through " +
        "the partner's gsi1 range of the month by key, 1 MB a request. No request scans.",
    );
  } finally {
    server?.stop();
    await dynamo.stop();
  }
}

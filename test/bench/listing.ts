// Listing bench: DynamoDB requests and read capacity per page against the floor, then latency and throughput over HTTP.
import autocannon from 'autocannon';
import { startBenchServer } from './bench-server.ts';
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '#lib/db/client.ts';
import { ensureTable } from '#lib/db/create-table.ts';
import { plaqueKey } from '#lib/db/keys.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { startDynamoDbLocal } from '#lib/local/dynamodb-local.ts';
import { insertPlaques } from '#lib/plaques/catalog-import.ts';
import { CatalogProjection } from '#lib/plaques/catalog-projection.ts';
import { listFeaturedInput } from '#lib/plaques/list-featured-input.ts';
import { samplePlaques } from '#lib/plaques/sample-catalog.ts';
import type { StageValues } from '#lib/plaques/plaque.ts';
import { placeholderImageUrl } from '#lib/media/placeholder.ts';

const FEATURED = 10_000;
const NOT_FEATURED = 10_000;
const TABLE = 'bench-plaques';
/** What every bench plaque carries: the local server's placeholder image and anvil's first deployment address. */
export const STAGE: StageValues = {
  placeholderImage: placeholderImageUrl('http://127.0.0.1:3000/_media'),
  contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
};
/** DynamoDB bills every read request at least 0.5 RCU (eventually consistent), whatever DynamoDB Local reports. */
const MIN_RCU_PER_READ = 0.5;

export interface Meter {
  requests: number;
  rcu: number;
  reset(): void;
}

/** Counts read requests and their consumed capacity on a client. */
export function meter(db: DynamoDBDocumentClient): Meter {
  const m: Meter = {
    requests: 0,
    rcu: 0,
    reset() {
      m.requests = 0;
      m.rcu = 0;
    },
  };
  db.middlewareStack.add(
    (next) => async (args) => {
      const result = await next(args);
      const consumed = (result.output as { ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[] }).ConsumedCapacity;
      const units = (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []).reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);
      m.requests += 1;
      m.rcu += Math.max(units, MIN_RCU_PER_READ);
      return result;
    },
    { step: 'initialize', name: 'benchMeter' },
  );
  return m;
}

/** The floor: read exactly the returned items by key. */
export async function floorRcu(db: DynamoDBDocumentClient, tableName: string, ids: number[]): Promise<number> {
  let total = 0;
  for (let i = 0; i < ids.length; i += 100) {
    const out = await db.send(
      new BatchGetCommand({
        RequestItems: { [tableName]: { Keys: ids.slice(i, i + 100).map(plaqueKey) } },
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    total += Math.max(out.ConsumedCapacity?.[0]?.CapacityUnits ?? 0, MIN_RCU_PER_READ);
  }
  return total;
}

export const CASES: { name: string; members: Record<string, unknown>; pages?: number }[] = [
  { name: 'defaults (featured_at DESC, 20)', members: {} },
  { name: 'condition VIRGIN|USED', members: { filters: { condition: ['VIRGIN', 'USED'] } } },
  { name: 'status AVAILABLE + SERVICE', members: { filters: { status: 'AVAILABLE', marketplace: 'SERVICE' } } },
  { name: 'price 100–500, id ASC', members: { filters: { priceMin: 100, priceMax: 500 }, orderBy: 'p.id', sort: 'ASC' } },
  {
    name: 'updated in last 90 days',
    members: { filterBy: 'p.updated_at', filters: { from: new Date(Date.now() - 90 * 86_400_000).toISOString() } },
  },
  { name: 'search "ab"', members: { search: 'ab' } },
  { name: 'order by status', members: { orderBy: 'p.status', sort: 'ASC' } },
  { name: 'minted_at ASC (nulls last)', members: { orderBy: 'p.minted_at', sort: 'ASC' } },
  { name: 'not featured, limit 100', members: { filters: { featured: false }, limit: 100 } },
  { name: 'limit 1', members: { limit: 1 } },
  { name: 'skip 5000', members: { skip: 5000 } },
  { name: 'skip 9980', members: { skip: 9980 } },
  { name: 'cursor, 5th page', members: {}, pages: 5 },
];

export const fmt = (n: number, digits = 1) => n.toFixed(digits);
export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export async function runListingBench(options: { durationSeconds?: number } = {}): Promise<void> {
  console.log(`\n## Featured listing\n`);
  const dynamo = await startDynamoDbLocal();
  try {
    const db = createDocumentClient({ region: 'us-east-1', endpoint: dynamo.endpoint });
    await ensureTable(db, TABLE);
    const now = new Date();
    let started = Date.now();
    const repo = plaqueRepo(db, TABLE);
    const ids = await repo.allocateIds(FEATURED + NOT_FEATURED);
    await insertPlaques({ db, tableName: TABLE }, [
      ...samplePlaques({ firstId: ids[0]!, count: FEATURED, now, featuredShare: 1, stage: STAGE }),
      ...samplePlaques({ firstId: ids[0]! + FEATURED, count: NOT_FEATURED, now, featuredShare: 0, stage: STAGE }),
    ]);
    console.log(
      `Seeded ${FEATURED} featured and ${NOT_FEATURED} non-featured plaques in ${fmt((Date.now() - started) / 1000)} s (DynamoDB Local, in memory).`,
    );

    // A projection that checks freshness on every page: the worst case of the 1 s staleness bound.
    const metered = createDocumentClient({ region: 'us-east-1', endpoint: dynamo.endpoint });
    const m = meter(metered);
    const projection = new CatalogProjection({ db: metered, tableName: TABLE }, { stalenessMs: 0 });
    started = Date.now();
    await projection.refresh();
    console.log(
      `Cold start: full catalogue sync read ${FEATURED + NOT_FEATURED} index rows in ${m.requests} queries, ${fmt(m.rcu)} RCU, ${fmt((Date.now() - started) / 1000)} s.\n`,
    );

    const rows: string[][] = [];
    let worst = 0;
    for (const c of CASES) {
      let input = listFeaturedInput.parse(c.members);
      for (let page = 1; page < (c.pages ?? 1); page++) {
        const previous = await projection.list(input, new Date(), STAGE);
        input = listFeaturedInput.parse({ ...c.members, cursor: previous.nextCursor });
      }
      projection.clearRecordCache();
      m.reset();
      const first = await projection.list(input, new Date(), STAGE);
      const firstCost = { requests: m.requests, rcu: m.rcu };
      m.reset();
      await projection.list(input, new Date(), STAGE);
      const steady = { requests: m.requests, rcu: m.rcu };
      const floor = await floorRcu(
        db,
        TABLE,
        first.plaques.map((p) => p.id),
      );
      const ratio = Math.max(firstCost.rcu, steady.rcu) / floor;
      worst = Math.max(worst, ratio);
      rows.push([
        c.name,
        String(first.count),
        String(first.plaques.length),
        `${firstCost.requests} / ${fmt(firstCost.rcu)}`,
        `${steady.requests} / ${fmt(steady.rcu)}`,
        fmt(floor),
        fmt(ratio, 2),
      ]);
    }
    console.log(table(['case', 'count', 'page', 'first read: req / RCU', 'steady: req / RCU', 'floor RCU', 'ratio'], rows));
    console.log(
      `\nfirst read = records not cached yet; steady = the same page again. Every page pays one freshness check (one query of the changes index when nothing changed).` +
        `\nfloor = reading exactly the returned items by key. Worst ratio ${fmt(worst, 2)} (target ≤ 2). No request scans.`,
    );

    // HTTP: the local server in its own process with the production staleness bound, 50 connections.
    const server = await startBenchServer({ endpoint: dynamo.endpoint, tableName: TABLE });
    try {
      const { url } = server;
      const paths = [
        '/plaques/featured',
        '/plaques/featured?filters[condition][]=VIRGIN&filters[condition][]=USED',
        '/plaques/featured?filters={"status":["AVAILABLE"],"marketplace":"SERVICE"}&orderBy=p.id&sort=ASC',
        '/plaques/featured?search=ab&limit=10',
        '/plaques/featured?orderBy=p.status&skip=5000',
        '/plaques/featured?filters[featured]=false&orderBy=p.updated_at&limit=50',
      ].map(encodeURI);
      const requests = paths.map((path) => ({ method: 'GET' as const, path }));
      await autocannon({ url, connections: 10, duration: 3, requests });
      const result = await autocannon({ url, connections: 50, duration: options.durationSeconds ?? 10, requests });
      console.log(
        `\nHTTP through the local server (its own process), 50 connections, ${result.duration} s, ${paths.length} listing queries in rotation:\n` +
          table(
            ['p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'req/s', 'non-2xx', 'errors'],
            [
              [
                String(result.latency.p50),
                String(result.latency.p90),
                String(result.latency.p99),
                String(result.latency.max),
                fmt(result.requests.average, 0),
                String(result.non2xx),
                String(result.errors),
              ],
            ],
          ) +
          `\nTarget: p99 ≤ 50 ms.`,
      );
    } finally {
      server.stop();
    }
  } finally {
    await dynamo.stop();
  }
}

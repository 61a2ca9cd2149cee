// GET /plaques/stats at 100 000 plaques (`npm run bench -- --only stats`): the local server in its own process,
// started from a snapshot of generated plaques (with every record) as a new listing instance meets its stage's, over
// DynamoDB Local. Per start: the very first request (the snapshot loaded on the way), then requests that each compute
// the figures afresh (the staleness bound at 0: every one checks freshness with DynamoDB and walks the whole index, as
// the first request past the bound does), then requests within the bound (the answer reused). Prints latencies over
// HTTP and the server's CPU per request.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDocumentClient } from '#lib/db/client.ts';
import { ensureTable } from '#lib/db/create-table.ts';
import { startDynamoDbLocal } from '#lib/local/dynamodb-local.ts';
import { startBenchServer } from './bench-server.ts';
import { cpuSeconds, passFigures, passQuantiles } from './first-queries.ts';
import { fmt, table } from './listing.ts';
import { generatedSnapshot } from './listing-visits.ts';

/** Requests per pass, and starts measured. */
const REQUESTS = 200;
const STARTS = 3;

async function stats(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/plaques/stats`);
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET /plaques/stats answered ${response.status}: ${body}`);
  return performance.now() - started;
}

/** `count` requests one after another: their milliseconds, and the server's CPU milliseconds per request meanwhile. */
async function pass(url: string, pid: number, count: number): Promise<{ samples: number[]; cpuMs: number }> {
  const c0 = cpuSeconds(pid);
  const samples: number[] = [];
  for (let i = 0; i < count; i++) samples.push(await stats(url));
  return { samples, cpuMs: ((cpuSeconds(pid) - c0) * 1000) / count };
}

export async function runStatsBench(size = 100_000): Promise<void> {
  console.log(`\n## GET /plaques/stats at ${size.toLocaleString('en-US')} plaques\n`);
  console.log(`Host: load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}.\n`);
  const dynamo = await startDynamoDbLocal();
  try {
    const tableName = `bench-stats-${size}`;
    const db = createDocumentClient({ region: 'us-east-1', endpoint: dynamo.endpoint });
    await ensureTable(db, tableName);
    db.destroy();
    const file = join(mkdtempSync(join(tmpdir(), 'plaque-stats-')), 'catalog.snapshot');
    await generatedSnapshot(size, new Date(Date.now() - 60_000), file);
    const rows: string[][] = [];
    const fresh: number[] = [];
    for (let start = 1; start <= STARTS; start++) {
      // Bound 0: every request is a first one past the bound (a freshness check, then the figures computed again).
      for (const [stalenessMs, label] of [
        [0, 'computed afresh'],
        [1000, 'within the 1 s bound'],
      ] as const) {
        const server = await startBenchServer({ endpoint: dynamo.endpoint, tableName, snapshot: file, stalenessMs });
        try {
          const first = await stats(server.url);
          const { samples, cpuMs } = await pass(server.url, server.pid, REQUESTS);
          if (stalenessMs === 0) fresh.push(...samples);
          rows.push([`start ${start}, ${label}`, fmt(first), passFigures(samples), fmt(cpuMs, 2)]);
        } finally {
          server.stop();
        }
      }
    }
    console.log(
      table(
        [
          'requests',
          'first request after the start, ms (snapshot load included)',
          `next ${REQUESTS}: p50 / p99 / max ms`,
          'server CPU ms a request',
        ],
        rows,
      ),
    );
    const { p50, p99 } = passQuantiles(fresh);
    console.log(
      `\nComputed afresh, over ${fresh.length} requests: p50 ${fmt(p50)} ms, p99 ${fmt(p99)} ms: ${p99 <= 20 ? 'within' : 'MISSES'} p99 ≤ 20 ms.\n`,
    );
  } finally {
    await dynamo.stop();
  }
}

// A cold listing instance of a large catalogue (`npm run bench -- --only start`, `--cold-size 1000000`): the local server
// in its own process started from a snapshot with every record, as a new Lambda instance of the listing meets its
// stage's snapshot after an import or at any scale-out; the first 300 distinct queries from its first page on, then
// 300 more after a minute idle (the steady figure), twice. The snapshot is built from generated plaques (an import of
// a million through DynamoDB Local would take most of an hour); DynamoDB Local holds the table the freshness check
// asks, and pages find every record in the records object.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDocumentClient } from '#lib/db/client.ts';
import { ensureTable } from '#lib/db/create-table.ts';
import { startDynamoDbLocal } from '#lib/local/dynamodb-local.ts';
import { fileSnapshotStore } from '#lib/plaques/catalog-snapshot-store.ts';
import { startBenchServer } from './bench-server.ts';
import { FIRST_QUERIES, passFigures, passQuantiles, passes, type StartFigures } from './first-queries.ts';
import { fmt, table } from './listing.ts';
import { generatedSnapshot } from './listing-visits.ts';

export async function runColdInstanceBench(size: number): Promise<void> {
  console.log(`\n## A cold listing instance of ${size.toLocaleString('en-US')} plaques, from its first page\n`);
  console.log(`Host: load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}.\n`);
  const dynamo = await startDynamoDbLocal();
  // The generated snapshot and its records object (about 120 MB at a million), removed when the run ends.
  const folder = mkdtempSync(join(tmpdir(), 'plaque-cold-'));
  try {
    const tableName = `bench-cold-${size}`;
    const db = createDocumentClient({ region: 'us-east-1', endpoint: dynamo.endpoint });
    await ensureTable(db, tableName);
    db.destroy();
    const file = join(folder, 'catalog.snapshot');
    const t0 = performance.now();
    await generatedSnapshot(size, new Date(Date.now() - 60_000), file);
    const store = fileSnapshotStore(file);
    const [snapshotBytes, recordsBytes] = [(await store.read())!.byteLength, (await store.readRecords())!.byteLength];
    console.log(
      `Snapshot of generated plaques built in ${fmt((performance.now() - t0) / 1000)} s: ${fmt(snapshotBytes / 2 ** 20)} MB, ` +
        `its records object ${fmt(recordsBytes / 2 ** 20)} MB.\n`,
    );
    const runs: { label: string; figures: StartFigures }[] = [];
    for (const [label, seed] of [
      ['a cold instance', 3000],
      ['another cold instance', 4000],
    ] as const) {
      const server = await startBenchServer({ endpoint: dynamo.endpoint, tableName, snapshot: file });
      try {
        const started = performance.now();
        await (await fetch(`${server.url}/plaques/featured`)).text();
        runs.push({ label, figures: await passes(server.url, server.pid, seed, (performance.now() - started) / 1000) });
      } finally {
        server.stop();
      }
    }
    const rows = runs.flatMap(({ label, figures }) => [
      [`${label}: its first page`, `${fmt(figures.firstPageS, 2)} s`, ''],
      [`${label}: first ${FIRST_QUERIES} queries, p50 / p99 / max ms`, passFigures(figures.first), 'p99 ≤ 40'],
      [`${label}: the next ${FIRST_QUERIES} after a minute idle`, passFigures(figures.steady), ''],
      [
        `${label}: server CPU in the first pass / the minute idle / the steady pass`,
        `${fmt(figures.cpu.first, 2)} / ${fmt(figures.cpu.idle, 2)} / ${fmt(figures.cpu.steady, 2)} s`,
        '',
      ],
    ]);
    console.log(table([`${size.toLocaleString('en-US')} plaques`, 'figure', 'target'], rows));
    const worst = Math.max(...runs.map((r) => passQuantiles(r.figures.first).p99));
    console.log(`\nFirst passes' p99 at worst ${fmt(worst)} ms: ${worst <= 40 ? 'within' : 'MISSES'} p99 ≤ 40 ms.\n`);
  } finally {
    await dynamo.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

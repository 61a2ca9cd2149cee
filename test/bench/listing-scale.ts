// Listing at scale (`npm run bench -- --scale 100000,1000000`): this design against the previous one and @orama/orama,
// on the listing bench's cases. Up to SEEDED_MAX plaques the catalogue is seeded into DynamoDB Local and read for
// real; above it the index is built from generated rows, and DynamoDB Local holds only what a cold start and the
// pages read (the rows changed after the snapshot and the pages' records): those parts are simulated, the reads real.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalogRepo, type CatalogRow } from '#lib/db/catalog-repo.ts';
import { createDocumentClient } from '#lib/db/client.ts';
import { ensureTable } from '#lib/db/create-table.ts';
import { startDynamoDbLocal } from '#lib/local/dynamodb-local.ts';
import { catalogSortKey } from '#lib/db/keys.ts';
import { CatalogIndex } from '#lib/plaques/catalog-index.ts';
import { decodeSnapshot, encodeSnapshot } from '#lib/plaques/catalog-snapshot.ts';
import { fileSnapshotStore } from '#lib/plaques/catalog-snapshot-store.ts';
import { writeCatalogSnapshot } from '#lib/plaques/catalog-snapshot-writer.ts';
import { selectPage } from '#lib/plaques/catalog-page.ts';
import { CatalogProjection } from '#lib/plaques/catalog-projection.ts';
import { listFeaturedInput, type ListFeaturedInput } from '#lib/plaques/list-featured-input.ts';
import type { StoredPlaque } from '#lib/plaques/plaque.ts';
import { samplePlaques } from '#lib/plaques/sample-catalog.ts';
import { CASES, STAGE, fmt, floorRcu, meter, table } from './listing.ts';
import { PreviousProjection } from './previous-listing.ts';
import { catalogue, memory, putAll, rowOf } from './bench-catalogue.ts';
import { oramaFigures } from './orama-listing.ts';

/** Largest catalogue seeded into DynamoDB Local; above it the catalogue index is simulated (see the top). */
const SEEDED_MAX = Number(process.env.BENCH_SEEDED_MAX ?? 200_000);
/** Largest catalogue @orama/orama is measured on (its inserts take minutes and gigabytes beyond). */
const ORAMA_MAX = 100_000;
/** Plaques written after the snapshot: what a cold start reads from the index. */
const CHANGED_AFTER_SNAPSHOT = 200;
const REPEATS = 30;

const run = promisify(execFile);

const p99 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * 0.99))]!;
const timed = <T>(run: () => T): [T, number] => {
  const t0 = performance.now();
  const out = run();
  return [out, performance.now() - t0];
};
/** Milliseconds of this process's CPU time a run takes: unlike wall time, not inflated when other processes hold the cores. */
const cpuMs = (run: () => unknown): number => {
  const t0 = process.cpuUsage();
  run();
  const used = process.cpuUsage(t0);
  return (used.user + used.system) / 1000;
};

/** Plaques changed after the snapshot: featured flipped (so featuredAt moves), stamped now. */
function changedAfter(size: number, now: Date): StoredPlaque[] {
  const step = Math.floor(size / CHANGED_AFTER_SNAPSHOT);
  const at = new Date(now.getTime() + 1000).toISOString();
  return Array.from({ length: CHANGED_AFTER_SNAPSHOT }, (_, i) => {
    const [p] = samplePlaques({ firstId: 1 + i * step, count: 1, now, seed: 1 + i * step, stage: STAGE });
    return { ...p!, featured: !p!.featured, featuredAt: p!.featured ? null : at, updatedAt: at };
  });
}

interface Figures {
  warmP99: number;
  afterWriteP99: number;
  coldMs: number;
  coldRcu: number;
  coldRequests: number;
  bytesPerPlaque: number;
  heapPerPlaque: number;
  worstRatio: number;
}

/** Warm evaluation of every case (filters, search, order, count, page ids), and right after a one-row write. */
function evaluationTimes(index: CatalogIndex, inputs: ListFeaturedInput[], rows: CatalogRow[], nowMs: number) {
  const warm: number[] = [];
  const afterWrite: number[] = [];
  const cpu: number[] = [];
  let stamp = nowMs + 10_000;
  // Compiled code, not the interpreter's first runs: a function that serves pages has run these paths before.
  for (let r = 0; r < 5; r++) for (const input of inputs) selectPage(index, input, nowMs);
  for (let r = 0; r < REPEATS; r++) {
    for (const input of inputs) {
      warm.push(timed(() => selectPage(index, input, nowMs))[1]);
      cpu.push(cpuMs(() => selectPage(index, input, nowMs)));
      const row = rows[(r * 7919 + warm.length * 104_729) % rows.length]!;
      const at = new Date((stamp += 1000)).toISOString();
      const changed = { ...row, updatedAt: at, featured: !row.featured, featuredAt: row.featured ? null : at };
      const write = () => {
        index.apply([changed]);
        return selectPage(index, input, nowMs);
      };
      afterWrite.push(timed(write)[1]);
      const again = { ...changed, updatedAt: new Date((stamp += 1000)).toISOString(), featured: row.featured, featuredAt: row.featuredAt };
      cpu.push(
        cpuMs(() => {
          index.apply([again]);
          selectPage(index, input, nowMs);
        }),
      );
    }
  }
  return { warm, afterWrite, cpu };
}

function previousTimes(rows: CatalogRow[], inputs: ListFeaturedInput[], nowMs: number) {
  const before = memory();
  const previous = new PreviousProjection();
  previous.apply(rows);
  const heap = memory() - before;
  const warm: number[] = [];
  const afterWrite: number[] = [];
  let stamp = nowMs + 10_000;
  for (let r = 0; r < Math.min(REPEATS, 3); r++) {
    for (const input of inputs) {
      const row = rows[(r * 7919 + warm.length * 104_729) % rows.length]!;
      const at = new Date((stamp += 1000)).toISOString();
      afterWrite.push(
        timed(() => {
          previous.apply([{ ...row, updatedAt: at }]);
          return previous.evaluate(input, nowMs);
        })[1],
      );
      warm.push(timed(() => previous.evaluate(input, nowMs))[1]);
    }
  }
  return { heap, warm, afterWrite };
}

interface ColdRun {
  ms: number;
  loadMs: number;
  rowsRead: number;
  requests: number;
  rcu: number;
  rssBytes: number;
}

/** Runs test/bench/cold-listing.ts in a new Node process and reads its one JSON line. */
async function coldListing(endpoint: string, tableName: string, snapshot: string): Promise<ColdRun> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'test/bench/cold-listing.ts'], {
    env: { ...process.env, LOG_LEVEL: 'SILENT', BENCH_DYNAMODB_ENDPOINT: endpoint, BENCH_TABLE: tableName, BENCH_SNAPSHOT: snapshot },
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as ColdRun;
}

export async function runScaleBench(sizes: number[]): Promise<void> {
  console.log(`\n## Featured listing at scale\n`);
  const dynamo = await startDynamoDbLocal();
  const lines: string[] = [];
  try {
    for (const size of sizes) {
      const seeded = size <= SEEDED_MAX;
      const tableName = `bench-scale-${size}`;
      const db = createDocumentClient({ region: 'us-east-1', endpoint: dynamo.endpoint });
      await ensureTable(db, tableName);
      const metered = createDocumentClient({ region: 'us-east-1', endpoint: dynamo.endpoint });
      const m = meter(metered);
      // The catalogue is stamped a minute back, so the rows changed after the snapshot fall outside the lag window
      // every sync re-reads (five seconds) by the time pages are measured, as they would in service.
      const now = new Date(Date.now() - 60_000);
      const store = fileSnapshotStore(join(mkdtempSync(join(tmpdir(), 'plaque-bench-')), 'catalog.snapshot'));
      console.log(
        `### ${size.toLocaleString('en-US')} plaques (about half featured), ${seeded ? 'seeded into DynamoDB Local' : 'index simulated from generated rows'}\n`,
      );

      let rows: CatalogRow[] = [];
      let previousCold = { requests: 0, rcu: 0, ms: 0, estimated: false };
      let snapshotMs = 0;
      if (seeded) {
        const t0 = performance.now();
        for (const chunk of catalogue(size, now)) await putAll(db, tableName, chunk);
        console.log(`Seeded in ${fmt((performance.now() - t0) / 1000)} s.`);
        m.reset();
        const r0 = performance.now();
        rows = await catalogRepo(metered, tableName).changes(null, { includeLegacy: false });
        previousCold = { requests: m.requests, rcu: m.rcu, ms: performance.now() - r0, estimated: false };
        const s0 = performance.now();
        await writeCatalogSnapshot({ db, tableName, store, now: () => now, force: true });
        snapshotMs = performance.now() - s0;
        const changed = changedAfter(size, now);
        await putAll(db, tableName, changed);
        rows.push(...changed.map(rowOf));
      } else {
        const index = new CatalogIndex();
        const t0 = performance.now();
        for (const chunk of catalogue(size, now)) {
          const chunkRows = chunk.map(rowOf);
          index.apply(chunkRows);
          rows.push(...chunkRows);
        }
        console.log(`Generated and indexed in ${fmt((performance.now() - t0) / 1000)} s.`);
        const s0 = performance.now();
        const lastKey = catalogSortKey(now.toISOString(), size + 1);
        await store.write(
          encodeSnapshot({
            parts: index.exportParts(),
            lastKey,
            syncedAt: now.getTime(),
            writtenAt: now.getTime(),
            recordsHeld: 0,
          }),
        );
        snapshotMs = performance.now() - s0;
        const changed = changedAfter(size, now);
        await putAll(db, tableName, changed);
        rows.push(...changed.map(rowOf));
        // The records the measured pages read (the table holds nothing else beside the changed plaques).
        const scratch = CatalogIndex.fromParts(decodeSnapshot((await store.read())!).parts);
        scratch.apply(changed.map(rowOf));
        const pageIds = new Set<number>();
        for (const c of CASES) {
          let input = listFeaturedInput.parse(c.members);
          for (let page = 0; page < (c.pages ?? 1); page++) {
            const selection = selectPage(scratch, input, now.getTime());
            selection.ids.forEach((id) => pageIds.add(id));
            if (selection.nextCursor) input = listFeaturedInput.parse({ ...c.members, cursor: selection.nextCursor });
          }
        }
        const records: StoredPlaque[] = [];
        const changedIds = new Set(changed.map((p) => p.id));
        const wanted = [...pageIds].filter((id) => !changedIds.has(id));
        const firstOfChunk = (id: number) => Math.floor((id - 1) / 20_000) * 20_000 + 1;
        for (const first of new Set(wanted.map(firstOfChunk))) {
          const chunk = samplePlaques({ firstId: first, count: Math.min(20_000, size - first + 1), now, stage: STAGE });
          for (const id of wanted) if (firstOfChunk(id) === first) records.push(chunk[id - first]!);
        }
        await putAll(db, tableName, records);
        // The previous design read every row at every cold start: here its cost is the seeded run's per row, scaled.
        previousCold = { requests: Math.ceil((size * 250) / 1_048_576), rcu: (size * 250) / 4096 / 2, ms: NaN, estimated: true };
      }
      const snapshotBytes = (await store.read())!.byteLength;

      // Cold start of a fresh function instance, in a fresh process: snapshot load, the rows changed since, the first page.
      const coldRun = await coldListing(dynamo.endpoint, tableName, store.location);
      const coldMs = coldRun.ms;
      const coldCost = { requests: coldRun.requests, rcu: coldRun.rcu };
      const before = memory();
      const cold = new CatalogProjection({ db: metered, tableName }, { stalenessMs: 1000, snapshots: store });
      await cold.list(listFeaturedInput.parse({}), new Date(), STAGE);
      const heapPerPlaque = (memory() - before) / size;

      // Read capacity per page against the floor, every case of the listing bench (freshness checked on every page).
      const perPage = new CatalogProjection({ db: metered, tableName }, { stalenessMs: 0, snapshots: store });
      await perPage.refresh();
      const ratioRows: string[][] = [];
      let worstRatio = 0;
      for (const c of CASES) {
        let input = listFeaturedInput.parse(c.members);
        for (let page = 1; page < (c.pages ?? 1); page++) {
          const previousPage = await perPage.list(input, new Date(), STAGE);
          input = listFeaturedInput.parse({ ...c.members, cursor: previousPage.nextCursor });
        }
        perPage.clearRecordCache();
        m.reset();
        const first = await perPage.list(input, new Date(), STAGE);
        const firstCost = m.rcu;
        m.reset();
        await perPage.list(input, new Date(), STAGE);
        const steady = m.rcu;
        const floor = await floorRcu(
          db,
          tableName,
          first.plaques.map((p) => p.id),
        );
        // An empty page has no floor to compare with (it reads no record).
        const ratio = floor > 0 ? Math.max(firstCost, steady) / floor : NaN;
        if (!Number.isNaN(ratio)) worstRatio = Math.max(worstRatio, ratio);
        ratioRows.push([
          c.name,
          String(first.count),
          String(first.plaques.length),
          fmt(firstCost),
          fmt(steady),
          fmt(floor),
          Number.isNaN(ratio) ? '—' : fmt(ratio, 2),
        ]);
      }
      console.log(table(['case', 'count', 'page', 'first RCU', 'steady RCU', 'floor RCU', 'ratio'], ratioRows));

      // In-memory evaluation: this design, the previous one, orama.
      const inputs = CASES.map((c) => ({ name: c.name, input: listFeaturedInput.parse(c.members) }));
      const nowMs = Date.now();
      const times = evaluationTimes(
        cold.index,
        inputs.map((i) => i.input),
        rows,
        nowMs,
      );
      const previous = previousTimes(
        rows,
        inputs.map((i) => i.input),
        nowMs,
      );
      const orama = size <= ORAMA_MAX ? await oramaFigures(rows, inputs, nowMs) : null;

      const figures: Figures = {
        warmP99: p99(times.warm),
        afterWriteP99: p99(times.afterWrite),
        coldMs,
        coldRcu: coldCost.rcu,
        coldRequests: coldCost.requests,
        bytesPerPlaque: cold.index.bytes() / cold.index.size,
        heapPerPlaque,
        worstRatio,
      };
      const est = previousCold.estimated ? ' (from row size)' : '';
      console.log(
        '\n' +
          table(
            ['', 'previous design', 'this design', '@orama/orama'],
            [
              ['warm evaluation p99, ms', fmt(p99(previous.warm), 2), fmt(figures.warmP99, 2), orama ? fmt(orama.p99, 2) : 'not run'],
              ['first request after a write p99, ms', fmt(p99(previous.afterWrite), 1), fmt(figures.afterWriteP99, 2), '—'],
              ['both, p99 of CPU time, ms', '—', fmt(p99(times.cpu), 2), '—'],
              [
                'cold start: requests / RCU',
                `${previousCold.requests} / ${fmt(previousCold.rcu, 0)}${est}`,
                `${coldCost.requests} / ${fmt(coldCost.rcu, 1)}`,
                '—',
              ],
              [
                'cold start to first page, ms',
                Number.isNaN(previousCold.ms) ? '—' : fmt(previousCold.ms, 0),
                fmt(coldMs, 0),
                orama ? `${fmt(orama.restoreMs, 0)} (restore)` : '—',
              ],
              [
                'memory, bytes a plaque',
                fmt(previous.heap / size, 0),
                `${fmt(figures.bytesPerPlaque, 0)} (heap ${fmt(heapPerPlaque, 0)})`,
                orama ? fmt(orama.heap / size, 0) : '—',
              ],
              [
                'snapshot, bytes a plaque / write ms',
                '—',
                `${fmt(snapshotBytes / size, 1)} / ${fmt(snapshotMs, 0)}`,
                orama ? `${fmt(orama.snapshotBytes / size, 1)} / ${fmt(orama.persistMs, 0)}` : '—',
              ],
              ['build from rows, ms', '—', '—', orama ? fmt(orama.buildMs, 0) : '—'],
            ],
          ),
      );
      if (orama && orama.failures.length > 0) console.log(`@orama/orama persistence failed: ${orama.failures.join('; ')}`);
      if (orama)
        console.log(`@orama/orama cannot express: ${orama.unsupported.join('; ')} (lapsed holds, substring search); nulls sort first.`);
      console.log(
        `Cold start (a fresh process): snapshot ${fmt(snapshotBytes / 1_048_576, 1)} MB from a file, read and decoded in ${fmt(coldRun.loadMs, 0)} ms; then ${coldRun.rowsRead} index rows changed after it and the page's records from DynamoDB Local in ${fmt(coldMs - coldRun.loadMs, 0)} ms; process memory ${fmt(coldRun.rssBytes / 1_048_576, 0)} MB.\n`,
      );
      lines.push(
        `scale ${size}: warm p99 ${fmt(Math.max(figures.warmP99, figures.afterWriteP99), 2)} ms, cold first page ${fmt(coldMs, 0)} ms, cold RCU ${fmt(coldCost.rcu, 1)}, ${fmt(figures.bytesPerPlaque, 0)} bytes/plaque, worst page ratio ${fmt(worstRatio, 2)}`,
      );
      rows = [];
    }
  } finally {
    await dynamo.stop();
  }
  for (const line of lines) console.log(line);
}

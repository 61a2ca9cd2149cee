// The listing as visitors meet it (`npm run bench -- --only visits`, `--visits 240,100000,1000000`): the local server in
// its own process, started from the catalogue's snapshot like a function instance, answering one visit after another
// over HTTP. Every visit is a different query (filters, orders, searches, deep skips) and may follow its cursor for a
// few pages, so pages come from all over the catalogue, never one query repeated into a warm cache. Then the first
// page after a write (the request that has to wait for the freshness check), the memory a plaque takes, and the figures
// recorded for the designs before, side by side. Up to SEEDED_MAX plaques the catalogue is seeded into DynamoDB Local
// and the snapshot written by the writer; above it the snapshot is built from generated plaques and DynamoDB Local
// holds only the plaques written during the bench (pages of the rest are answered from the snapshot's records).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDocumentClient } from '#lib/db/client.ts';
import { ensureTable } from '#lib/db/create-table.ts';
import { catalogSortKey } from '#lib/db/keys.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { startDynamoDbLocal } from '#lib/local/dynamodb-local.ts';
import { CatalogIndex } from '#lib/plaques/catalog-index.ts';
import { CatalogRecords } from '#lib/plaques/catalog-records.ts';
import { decodeSnapshot, encodeSnapshot } from '#lib/plaques/catalog-snapshot.ts';
import { fileSnapshotStore } from '#lib/plaques/catalog-snapshot-store.ts';
import { writeCatalogSnapshot } from '#lib/plaques/catalog-snapshot-writer.ts';
import { CONDITIONS, MARKETPLACE_FILTERS, STATUSES } from '#lib/plaques/plaque.ts';
import { ORDER_FIELDS } from '#lib/plaques/listing-fields.ts';
import { seededRandom } from '#lib/plaques/sample-catalog.ts';
import { startBenchServer } from './bench-server.ts';
import { fmt, table } from './listing.ts';
import { catalogue, memory, putAll } from './bench-catalogue.ts';

/** Largest catalogue seeded into DynamoDB Local; above it the snapshot is built from generated plaques. */
const SEEDED_MAX = Number(process.env.BENCH_SEEDED_MAX ?? 200_000);
/** Requests measured per catalogue size: about 200 visits of one to five pages. */
const REQUESTS = 600;
/** Writes, each followed by the first default page after it. */
const WRITES = 20;

/**
 * Figures recorded before this design, measured the same way (varied queries over the local server's HTTP on the same
 * 2-core machine), on 2026-11-27: the design that held every plaque's listing fields in one object each and read the
 * whole index at start (40efb64), and the snapshot design that read the page's records by key outside a 5 000-record
 * cache (91346c1).
 */
const RECORDED: Record<number, { design: string; p50: number; p99: number; afterWrite?: number }[]> = {
  2_000: [
    { design: 'fields in memory, whole index read at start (40efb64)', p50: 3.9, p99: 22.5 },
    { design: 'snapshot, records by key beyond 5 000 (91346c1)', p50: 10.4, p99: 45.5 },
  ],
  100_000: [
    { design: 'fields in memory, whole index read at start (40efb64)', p50: 3.2, p99: 18.3, afterWrite: 65.3 },
    { design: 'snapshot, records by key beyond 5 000 (91346c1)', p50: 14.5, p99: 53.1, afterWrite: 80.0 },
  ],
};

const quantile = (samples: number[], q: number) =>
  [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * q))]!;

type Kind = 'filters' | 'order' | 'search' | 'deep skip' | 'cursor';

/** One visit: a query, as its query string, and how many pages the visitor reads by following the cursor. */
interface Visit {
  kind: Exclude<Kind, 'cursor'>;
  query: Record<string, string | number>;
  pages: number;
}

/** Visits drawn from every filter, order, search and depth the listing takes (seeded: every run draws the same). */
function visits(count: number, seed: number): Visit[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const letters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
  const orders = Object.keys(ORDER_FIELDS);
  const out: Visit[] = [];
  for (let i = 0; i < count; i++) {
    const kind = pick(['filters', 'filters', 'order', 'search', 'deep skip'] as const);
    const query: Record<string, string | number> = { limit: pick([10, 20, 20, 50]) };
    if (random() < 0.5) query.orderBy = pick(orders);
    if (random() < 0.4) query.sort = 'ASC';
    if (kind === 'filters') {
      const filters: Record<string, unknown> = {};
      if (random() < 0.5) filters.condition = [pick<string>(CONDITIONS)];
      if (random() < 0.4) filters.marketplace = pick<string>(MARKETPLACE_FILTERS);
      if (random() < 0.4) filters.status = [pick<string>(STATUSES)];
      if (random() < 0.5) {
        const low = Math.floor(random() * 4000);
        Object.assign(filters, { priceMin: low, priceMax: low + Math.floor(random() * 3000) });
      }
      if (random() < 0.2) filters.featured = false;
      query.filters = JSON.stringify(filters);
    }
    if (kind === 'order') query.orderBy = pick(orders);
    if (kind === 'search') query.search = Array.from({ length: random() < 0.8 ? 2 : 3 }, () => pick(letters)).join('');
    if (kind === 'deep skip') query.skip = Math.floor(random() * 10_000);
    out.push({ kind, query, pages: kind === 'deep skip' ? 1 : pick([1, 1, 2, 3, 5]) });
  }
  return out;
}

const queryString = (query: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();

async function timedGet(
  url: string,
): Promise<{ ms: number; body: { count: number; plaques: { id: number }[]; nextCursor: string | null } }> {
  const started = performance.now();
  const response = await fetch(url);
  const body = (await response.json()) as { count: number; plaques: { id: number }[]; nextCursor: string | null };
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(body)}`);
  return { ms, body };
}

/** Builds the snapshot of `size` generated plaques, records included, without DynamoDB (above SEEDED_MAX). */
export async function generatedSnapshot(size: number, now: Date, file: string): Promise<number[]> {
  const index = new CatalogIndex();
  const records = new CatalogRecords(Infinity);
  const unfeatured: number[] = [];
  for (const chunk of catalogue(size, now)) {
    index.apply(chunk);
    for (const plaque of chunk) {
      records.put(index.slotOf(plaque.id), plaque);
      if (!plaque.featured && plaque.deletedAt === null) unfeatured.push(plaque.id);
    }
  }
  const store = fileSnapshotStore(file);
  const part = await records.exportPart(
    index.size,
    (slot) => index.ids[slot]!,
    (slot) => index.time('updatedAt', slot),
    now.getTime(),
  );
  await store.writeRecords(part.bytes);
  await store.write(
    encodeSnapshot({
      parts: index.exportParts(),
      lastKey: catalogSortKey(now.toISOString(), size + 1),
      syncedAt: now.getTime(),
      writtenAt: now.getTime(),
      recordsHeld: part.held,
    }),
  );
  return unfeatured;
}

export async function runListingVisitsBench(sizes: number[]): Promise<void> {
  console.log(`\n## The listing as visitors meet it: varied queries over HTTP\n`);
  const summary: string[][] = [];
  for (const size of sizes) {
    // A DynamoDB Local of its own for each size: one holding an earlier size's table answered the next one's index
    // queries about ten times slower (165 ms for the first page after a write at a million, 17.5 ms alone).
    const dynamo = await startDynamoDbLocal();
    try {
      const seeded = size <= SEEDED_MAX;
      const tableName = `bench-visits-${size}`;
      const db = createDocumentClient({ region: 'us-east-1', endpoint: dynamo.endpoint });
      await ensureTable(db, tableName);
      // Stamped a minute back, so the writes measured below are the newest positions.
      const now = new Date(Date.now() - 60_000);
      const file = join(mkdtempSync(join(tmpdir(), 'plaque-visits-')), 'catalog.snapshot');
      console.log(
        `### ${size.toLocaleString('en-US')} plaques, ${seeded ? 'seeded into DynamoDB Local' : 'snapshot built from generated plaques'}\n`,
      );
      const t0 = performance.now();
      let unfeatured: number[] = [];
      if (seeded) {
        for (const chunk of catalogue(size, now)) {
          await putAll(db, tableName, chunk);
          unfeatured.push(...chunk.filter((p) => !p.featured && p.deletedAt === null).map((p) => p.id));
        }
        const run = await writeCatalogSnapshot({ db, tableName, store: fileSnapshotStore(file), now: () => now, force: true });
        console.log(
          `Seeded and snapshot written in ${fmt((performance.now() - t0) / 1000)} s (${fmt(run.bytes / size, 0)} bytes a plaque).`,
        );
      } else {
        unfeatured = await generatedSnapshot(size, now, file);
        console.log(`Snapshot built in ${fmt((performance.now() - t0) / 1000)} s.`);
        // Only the plaques the bench writes are in the table: the server reads them by key after each write.
        const written = new Set(unfeatured.slice(0, WRITES));
        for (const chunk of catalogue(size, now)) {
          const mine = chunk.filter((p) => written.has(p.id));
          if (mine.length > 0) await putAll(db, tableName, mine);
        }
      }

      const snapshotBytes = (await fileSnapshotStore(file).read())!.byteLength;
      const recordsBytes = (await fileSnapshotStore(file).readRecords())!.byteLength;
      const server = await startBenchServer({ endpoint: dynamo.endpoint, tableName, snapshot: file });
      try {
        const cold = await timedGet(`${server.url}/plaques/featured`);
        // The cold start's records follow its first page in the background; a few quiet seconds let them in.
        await new Promise((r) => setTimeout(r, 2000 + size / 200));
        // Warm-up: the server process's code paths, not its data (another seed's queries).
        for (const visit of visits(20, 7)) await timedGet(`${server.url}/plaques/featured?${queryString(visit.query)}`);

        const byKind = new Map<Kind, number[]>();
        const all: number[] = [];
        for (const visit of visits(REQUESTS, size)) {
          if (all.length >= REQUESTS) break;
          let query = visit.query;
          for (let page = 0; page < visit.pages && all.length < REQUESTS; page++) {
            const { ms, body } = await timedGet(`${server.url}/plaques/featured?${queryString(query)}`);
            const kind: Kind = page === 0 ? visit.kind : 'cursor';
            all.push(ms);
            byKind.set(kind, [...(byKind.get(kind) ?? []), ms]);
            if (!body.nextCursor) break;
            query = { ...visit.query, cursor: body.nextCursor };
            delete query.skip;
          }
        }

        // The first default page after a write: a plaque featured now leads it; the request waits for the check.
        const afterWrite: number[] = [];
        let shown = 0;
        const repo = plaqueRepo(db, tableName);
        for (const id of unfeatured.slice(0, WRITES)) {
          await repo.setFeatured(id, true, new Date());
          await new Promise((r) => setTimeout(r, 1100));
          const { ms, body } = await timedGet(`${server.url}/plaques/featured`);
          afterWrite.push(ms);
          if (body.plaques[0]?.id === id) shown++;
        }

        const rows = [...byKind].map(([kind, samples]) => [
          kind,
          String(samples.length),
          fmt(quantile(samples, 0.5)),
          fmt(quantile(samples, 0.99)),
          fmt(Math.max(...samples)),
        ]);
        rows.push(['every request', String(all.length), fmt(quantile(all, 0.5)), fmt(quantile(all, 0.99)), fmt(Math.max(...all))]);
        console.log(table(['requests', 'n', 'p50 ms', 'p99 ms', 'max ms'], rows));
        console.log(
          `\nFirst default page after a write (${WRITES} writes, each shown first in ${shown} of ${WRITES} pages): ` +
            `p50 ${fmt(quantile(afterWrite, 0.5))} ms, p99 ${fmt(quantile(afterWrite, 0.99))} ms. ` +
            `The cold server's first page: ${fmt(cold.ms)} ms.`,
        );

        // Memory a plaque: the index and the records as a cold listing loads them from the same snapshot, each measured
        // on its own (heap and typed arrays after a full collection), so no one-time cost of the process is counted.
        const snapshot = decodeSnapshot((await fileSnapshotStore(file).read())!);
        const m0 = memory();
        const index = CatalogIndex.fromParts(snapshot.parts);
        const m1 = memory();
        const records = new CatalogRecords(Infinity);
        const object = (await records.open((await fileSnapshotStore(file).readRecords())!))!;
        await records.take(
          object,
          (id) => index.slotOf(id),
          (slot) => index.time('updatedAt', slot),
        );
        // The texts whole, as a listing holds them once they are inflated.
        await object.inflated;
        const m2 = memory();
        const perPlaque = (m2 - m0) / size;
        console.log(
          `Memory a plaque: ${fmt(perPlaque, 0)} bytes (index ${fmt((m1 - m0) / size, 0)}, records ${fmt((m2 - m1) / size, 0)}); ` +
            `snapshot ${fmt(snapshotBytes / size, 0)} bytes a plaque (${fmt(snapshotBytes / 2 ** 20)} MB), ` +
            `its records object ${fmt(recordsBytes / size, 0)} (${fmt(recordsBytes / 2 ** 20)} MB).\n`,
        );
        summary.push([
          size.toLocaleString('en-US'),
          'this design',
          fmt(quantile(all, 0.5)),
          fmt(quantile(all, 0.99)),
          fmt(quantile(afterWrite, 0.5)),
          `${fmt(perPlaque, 0)} B`,
        ]);
        for (const recorded of RECORDED[size] ?? []) {
          summary.push([
            '',
            `${recorded.design}, recorded`,
            fmt(recorded.p50),
            fmt(recorded.p99),
            recorded.afterWrite === undefined ? '—' : fmt(recorded.afterWrite),
            '—',
          ]);
        }
      } finally {
        server.stop();
      }
    } finally {
      await dynamo.stop();
    }
  }
  console.log(table(['plaques', 'design', 'p50 ms', 'p99 ms', 'first page after a write ms', 'memory a plaque'], summary));
  console.log(`\nTargets at 100 000: p50 ≤ 5 ms, p99 ≤ 20 ms, first page after a write ≤ 30 ms; at 1 000 000: p99 ≤ 30 ms.`);
}

// One cold listing in a fresh process, as a new function instance meets it: load the snapshot, read the index rows
// changed after it and the first page's records. Prints one JSON line: time, DynamoDB requests and RCU, heap.
import { createDocumentClient } from '#lib/db/client.ts';
import { fileSnapshotStore } from '#lib/plaques/catalog-snapshot-store.ts';
import { CatalogProjection } from '#lib/plaques/catalog-projection.ts';
import { listFeaturedInput } from '#lib/plaques/list-featured-input.ts';
import { STAGE, meter } from './listing.ts';

const db = createDocumentClient({ region: 'us-east-1', endpoint: process.env.BENCH_DYNAMODB_ENDPOINT! });
const m = meter(db);
const input = listFeaturedInput.parse({});
const started = performance.now();
const projection = new CatalogProjection(
  { db, tableName: process.env.BENCH_TABLE! },
  { stalenessMs: 1000, snapshots: fileSnapshotStore(process.env.BENCH_SNAPSHOT!) },
);
const page = await projection.list(input, new Date(), STAGE);
const ms = performance.now() - started;
const usage = process.memoryUsage();
console.log(
  JSON.stringify({
    ms,
    loadMs: projection.coldStart?.loadMs ?? 0,
    rowsRead: projection.coldStart?.rowsRead ?? 0,
    requests: m.requests,
    rcu: m.rcu,
    plaques: page.plaques.length,
    rssBytes: usage.rss,
    heapBytes: usage.heapUsed + usage.arrayBuffers,
  }),
);

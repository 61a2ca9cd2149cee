// The bench's server process: the local server on the bench table, in its own process as `npm start` runs it,
// so the load generator does not share its event loop.
import '#lib/runtime/node-support.ts';
import { createDocumentClient } from '#lib/db/client.ts';
import { fileSnapshotStore } from '#lib/plaques/catalog-snapshot-store.ts';
import { startLocalServer } from '#lib/local/server.ts';
import { createAppContext } from '#lib/runtime/context.ts';

const endpoint = process.env.BENCH_DYNAMODB_ENDPOINT!;
const tableName = process.env.BENCH_TABLE!;
const db = createDocumentClient({ region: 'us-east-1', endpoint });
// BENCH_SNAPSHOT: the catalogue snapshot the listing starts from, as a function instance in AWS reads its stage's.
const snapshot = process.env.BENCH_SNAPSHOT;
const ctx = createAppContext({
  db,
  tableName,
  // BENCH_STALENESS_MS: the listing's staleness bound (1 s, the stage's default, unless told).
  catalogStalenessMs: Number(process.env.BENCH_STALENESS_MS ?? 1000),
  ...(snapshot !== undefined && { catalogSnapshots: fileSnapshotStore(snapshot) }),
});
const server = await startLocalServer({ ctx, port: 0 });
console.log(`listening ${server.url}`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));

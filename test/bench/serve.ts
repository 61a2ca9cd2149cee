// The bench's server process: the local server on the bench table, in its own process as `npm start` runs it,
// so the load generator does not share its event loop.
import { createDocumentClient } from '#lib/db/client.ts';
import { startLocalServer } from '#lib/local/server.ts';
import { createAppContext } from '#lib/runtime/context.ts';

const endpoint = process.env.BENCH_DYNAMODB_ENDPOINT!;
const tableName = process.env.BENCH_TABLE!;
const db = createDocumentClient({ region: 'us-east-1', endpoint });
const server = await startLocalServer({ ctx: createAppContext({ db, tableName, catalogStalenessMs: 1000 }), port: 0 });
console.log(`listening ${server.url}`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));

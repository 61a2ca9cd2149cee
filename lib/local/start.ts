// `npm start`: the whole service on this machine — DynamoDB Local (data under DATA_DIR), the table, first-start
// seed data, and every route on http://127.0.0.1:PORT. Ctrl-C or SIGTERM stops everything it started.
// Also a local anvil chain (state under DATA_DIR/chain) with the PlaqueToken contract, deployed on the first start,
// and the delivery worker fed by the table's stream (checkpoints and dead letters under DATA_DIR/streams), the
// listing's catalogue snapshot under DATA_DIR/catalog, and the webhook events and their sender (DATA_DIR/webhooks).
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { coreConfig, localConfig, readEverySection } from '#lib/config.ts';
import { createDocumentClient } from '#lib/db/client.ts';
import { ensureTable } from '#lib/db/create-table.ts';
import { catalogRepo } from '#lib/db/catalog-repo.ts';
import { JavaMissingError, startDynamoDbLocal, type RunningDynamoDb } from '#lib/local/dynamodb-local.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { seedSampleCatalog } from '#lib/plaques/catalog-import.ts';
import { samplePlaques } from '#lib/plaques/sample-catalog.ts';
import { stageValuesOf } from '#lib/plaques/stage-values.ts';
import { describeCounts, runPendingMigrations } from '#lib/migrations/run-migrations.ts';
import { createAppContext } from '#lib/runtime/context.ts';
import { ANVIL_CHAIN_ID, startAnvil, type RunningAnvil } from '#lib/local/anvil.ts';
import { createChainPort } from '#lib/chain/chain-port.ts';
import { ensurePlaqueToken, localContractRecordFile } from '#lib/chain/deploy.ts';
import { ANVIL_DEV_KEY, fixedSignerKey } from '#lib/chain/signer-key.ts';
import { ensureServiceAccount } from '#lib/partner/service-account.ts';
import { DELIVERY_WORKER_HANDLER } from '#lib/http/routes.ts';
import { DELIVERY_STREAM_FILTERS } from '#lib/delivery/stream-filter.ts';
import { startStreamPoller, type StreamHandler } from '#lib/local/stream-poller.ts';
import { localSnapshotStore } from '#lib/plaques/catalog-snapshot-store.ts';
import { writeCatalogSnapshot } from '#lib/plaques/catalog-snapshot-writer.ts';
import { startDeliveryReconciler, summarize } from '#lib/local/delivery-reconciler.ts';
import { startLocalWebhooks } from '#lib/local/webhook-runtime.ts';
import { ensureDashboard } from '#lib/local/dashboard-build.ts';

const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The delivery worker's timeout in AWS (infra), mirrored locally: each invocation gets this long. */
const WORKER_TIMEOUT_MS = 120_000;

/** How often the local catalogue snapshot is checked (the AWS schedule's rate). */
const SNAPSHOT_SCHEDULE_MS = 60_000;

/** Plaques seeded on the first start. */
const SEED_COUNT = 240;

async function main(): Promise<void> {
  try {
    readEverySection();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const dataDir = resolve(coreConfig().DATA_DIR);
  const stoppers: (() => Promise<void>)[] = [];
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const stopOne of stoppers.reverse()) await stopOne().catch(() => undefined);
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  let dynamo: RunningDynamoDb;
  try {
    dynamo = await startDynamoDbLocal({ dbPath: resolve(dataDir, 'dynamodb'), port: localConfig().DYNAMODB_PORT });
  } catch (error) {
    console.error(error instanceof JavaMissingError ? error.message : `Could not start DynamoDB Local: ${(error as Error).message}`);
    process.exit(1);
  }
  stoppers.push(dynamo.stop);
  // If this process dies without running the handlers above, take the Java process with it.
  process.on('exit', () => dynamo.process.kill('SIGKILL'));

  let anvil: RunningAnvil;
  try {
    anvil = await startAnvil({ stateFile: resolve(dataDir, 'chain', 'state.json'), port: localConfig().ANVIL_PORT });
  } catch (error) {
    console.error(`Could not start the local chain (anvil) on port ${localConfig().ANVIL_PORT}: ${(error as Error).message}`);
    return stop(1);
  }
  stoppers.push(anvil.stop);
  process.on('exit', () => anvil.process.kill('SIGKILL'));
  // Anvil's first dev account deploys and owns the contract, so it is also the signer that mints.
  const { contractAddress, deployed } = await ensurePlaqueToken({
    rpcUrl: anvil.rpcUrl,
    deployerKey: ANVIL_DEV_KEY,
    recordFile: localContractRecordFile(dataDir),
  });
  if (deployed) console.log(`Deployed PlaqueToken at ${contractAddress}.`);
  const chain = createChainPort({
    rpcUrl: anvil.rpcUrl,
    chainId: ANVIL_CHAIN_ID,
    contractAddress,
    signerKey: fixedSignerKey(ANVIL_DEV_KEY),
    pollingIntervalMs: 250,
  });

  const db = createDocumentClient({ region: coreConfig().AWS_REGION, endpoint: dynamo.endpoint });
  const ctx = createAppContext({
    db,
    tableName: coreConfig().TABLE_NAME,
    dataDir,
    mediaBaseUrl: coreConfig().MEDIA_BASE_URL ?? `http://127.0.0.1:${localConfig().PORT}/_media`,
    chain,
  });
  await ensureTable(db, ctx.tableName);
  await ensureServiceAccount(ctx, await chain.ownerAddress());
  // Data written by an earlier version is converted before anything reads it (lib/migrations/, `ops migrate`).
  const stage = stageValuesOf(ctx);
  const migrations = await runPendingMigrations({ ctx, stage });
  if (migrations.length > 0) {
    console.log(`Migrated the data: ${migrations.map((m) => `${m.id} (${describeCounts(m.counts)})`).join('; ')}.`);
  }
  if (await catalogRepo(db, ctx.tableName).isEmpty()) {
    const now = new Date();
    const seeded = await seedSampleCatalog(ctx, (firstId) => samplePlaques({ firstId, count: SEED_COUNT, now, stage }), SEED_COUNT);
    console.log(`Seeded ${seeded} sample plaques.`);
  }

  // The partner dashboard (/dashboard/): built from web/ when missing or older than its sources. The API works without it.
  await ensureDashboard().then(
    (built) => built && console.log('Built the partner dashboard (web/dist).'),
    (error: unknown) => console.error(`Could not build the partner dashboard: ${(error as Error).message}`),
  );

  let server: LocalServer;
  try {
    server = await startLocalServer({ ctx, port: localConfig().PORT });
  } catch (error) {
    console.error(`Could not listen on port ${localConfig().PORT}: ${(error as Error).message}`);
    return stop(1);
  }
  stoppers.push(server.close);

  // Delivery reconciler: one pass now, before the worker runs (a kill's leftovers: claims ended, mints the chain lost
  // re-queued, dead letters re-driven), then every 10 s (lib/local/delivery-reconciler.ts).
  const reconciler = await startDeliveryReconciler(ctx, resolve(dataDir, 'streams'));
  stoppers.push(reconciler.stop);
  console.log(`Deliveries: ${summarize(reconciler.first)}`);

  // Delivery: the same worker module as in AWS, fed the same stream events by polling DynamoDB Local's stream
  // (started after the server, which installs the context the worker reads; stopped before it).
  const worker = (await import(pathToFileURL(resolve(PROJECT_ROOT, DELIVERY_WORKER_HANDLER)).href)) as {
    handler: (event: Parameters<StreamHandler>[0], context: Context) => ReturnType<StreamHandler>;
  };
  const poller = await startStreamPoller({
    db,
    endpoint: dynamo.endpoint,
    region: coreConfig().AWS_REGION,
    tableName: ctx.tableName,
    handler: (event) => {
      const deadline = Date.now() + WORKER_TIMEOUT_MS;
      return worker.handler(event, { functionName: 'deliver-order', getRemainingTimeInMillis: () => deadline - Date.now() } as Context);
    },
    filters: DELIVERY_STREAM_FILTERS,
    batchSize: 10,
    // Like the stage's retryAttempts (5) plus the first attempt.
    maxAttempts: 6,
    stateDir: resolve(dataDir, 'streams'),
  });
  stoppers.push(poller.stop);

  // Order events for partners' webhooks: their own stream consumer and the sender, as in AWS (lib/local/webhook-runtime.ts).
  stoppers.push(
    await startLocalWebhooks({
      projectRoot: PROJECT_ROOT,
      dataDir,
      db,
      dynamoEndpoint: dynamo.endpoint,
      region: coreConfig().AWS_REGION,
      tableName: ctx.tableName,
    }),
  );

  // The catalogue snapshot the listing starts from: DATA_DIR/catalog/<table>.snapshot, checked every minute like the
  // scheduled writer in AWS (rewritten when 500 rows changed or it is an hour old), and written now if missing.
  const snapshots = localSnapshotStore(dataDir, ctx.tableName);
  const writeSnapshot = () =>
    writeCatalogSnapshot({ db, tableName: ctx.tableName, store: snapshots, now: () => new Date() }).catch((error: unknown) =>
      console.error(`Catalogue snapshot not written: ${(error as Error).message}`),
    );
  await writeSnapshot();
  const snapshotTimer = setInterval(() => void writeSnapshot(), SNAPSHOT_SCHEDULE_MS);
  stoppers.push(async () => clearInterval(snapshotTimer));
  console.log(`Plaque API listening on ${server.url} (data in ${dataDir}, DynamoDB Local on ${dynamo.endpoint})`);
  console.log(`Try: curl '${server.url}/plaques/featured?limit=2'`);
  console.log(`Partner dashboard: ${server.url}/dashboard/`);
  console.log(`Chain: anvil on ${anvil.rpcUrl}, PlaqueToken at ${contractAddress}`);
}

await main();

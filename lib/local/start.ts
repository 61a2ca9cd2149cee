// `npm start`: the whole service on this machine — DynamoDB Local (data under DATA_DIR), the table, first-start
// seed data, and every route on http://127.0.0.1:PORT. Also a local anvil chain (state under DATA_DIR/chain) with the
// PlaqueToken contract, deployed on the first start and pointed at this server's token metadata on every start (so a
// start on another PORT moves it), and the delivery worker fed by the table's stream (checkpoints
// and dead letters under DATA_DIR/streams), the listing's catalogue snapshot under DATA_DIR/catalog, and the webhook
// events and their sender (DATA_DIR/webhooks), and the sign-in code mails (DATA_DIR/streams/code-mail). One line per start-up step, with its duration.
//
// Stopping: SIGINT (Ctrl-C), SIGTERM (`kill <pid of npm start>`: npm forwards it, the script execs this process) and
// SIGHUP (the terminal closed) stop everything it started; so does npm itself going away without forwarding anything
// (killed, or SIGHUP, which npm does not forward): this process then has a new parent, which it checks twice a second.
// A second signal waits for the stop under way, a third stops at once.
import { nodeVersionNotice } from '#lib/runtime/node-support.ts';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { coreConfig, localConfig, readEverySection } from '#lib/config.ts';
import { createDocumentClient } from '#lib/db/client.ts';
import { ensureTable } from '#lib/db/create-table.ts';
import { moveRecordsToContract } from '#lib/db/contract-move-repo.ts';
import { catalogRepo } from '#lib/db/catalog-repo.ts';
import { startDynamoDbLocal } from '#lib/local/dynamodb-local.ts';
import { portIsFree } from '#lib/local/child-process.ts';
import { startLocalServer } from '#lib/local/server.ts';
import { claimDataDir, recordServedAddress, releaseDataDir, updateRuntimeRecord } from '#lib/local/runtime-record.ts';
import { startupStep } from '#lib/local/startup-steps.ts';
import { useReadableLogs } from '#lib/local/readable-log.ts';
import { seedSampleCatalog } from '#lib/plaques/catalog-import.ts';
import { samplePlaques } from '#lib/plaques/sample-catalog.ts';
import { featuredCatalog } from '#lib/plaques/featured-catalog.ts';
import { stageValuesOf } from '#lib/plaques/stage-values.ts';
import { describeCounts, runPendingMigrations } from '#lib/migrations/run-migrations.ts';
import { createAppContext } from '#lib/runtime/context.ts';
import { ANVIL_CHAIN_ID, mineEvery, startAnvil } from '#lib/local/anvil.ts';
import { createChainPort } from '#lib/chain/chain-port.ts';
import { loadPlaqueTokenArtifact } from '#lib/chain/compile-contract.ts';
import { ensurePlaqueToken, forgetReplacedContract } from '#lib/chain/deploy.ts';
import { localContractRecordFile } from '#lib/chain/local-deployment.ts';
import { setMetadataUris } from '#lib/chain/metadata-uris.ts';
import { publicBaseUrlOf } from '#lib/tokens/token-metadata.ts';
import { ANVIL_DEV_KEY, fixedSignerKey } from '#lib/chain/signer-key.ts';
import { ensureServiceAccount } from '#lib/partner/service-account.ts';
import { startLocalDeliveries } from '#lib/local/delivery-runtime.ts';
import { deliveryStreamDir } from '#lib/local/stream-consumers.ts';
import { localSnapshotStore } from '#lib/plaques/catalog-snapshot-store.ts';
import { writeCatalogSnapshot } from '#lib/plaques/catalog-snapshot-writer.ts';
import { startDeliveryReconciler, summarize } from '#lib/local/delivery-reconciler.ts';
import { mintSampleTokens, recordSampleTokens } from '#lib/local/sample-tokens.ts';
import { startLocalWebhooks } from '#lib/local/webhook-runtime.ts';
import { startLocalCodeMail } from '#lib/local/code-mail-runtime.ts';
import { ensureDashboard } from '#lib/local/dashboard-build.ts';

const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** How often the local catalogue snapshot is checked (the AWS schedule's rate). */
const SNAPSHOT_SCHEDULE_MS = 60_000;
/** Records one local snapshot run reads by key at most (a few seconds of DynamoDB Local). */
const LOCAL_RECORD_READS = 20_000;

/** Plaques seeded on the first start. */
const SEED_COUNT = 240;

/** The signals that stop the local runtime. */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

async function main(): Promise<void> {
  try {
    readEverySection();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  useReadableLogs();
  const notice = nodeVersionNotice();
  if (notice) console.log(notice);
  const dataDir = resolve(coreConfig().DATA_DIR);
  const tableName = coreConfig().TABLE_NAME;
  const stoppers: (() => Promise<void>)[] = [];
  const children: { kill: (signal: NodeJS.Signals) => boolean }[] = [];
  // One stop, however many ask for it: the first caller's exit code stands, and the others wait on the same stop.
  let stopped: Promise<never> | undefined;
  const stop = (code: number, why?: string): Promise<never> =>
    (stopped ??= (async () => {
      if (why) console.log(`Stopping (${why}): the server, the delivery worker, the chain and the database…`);
      for (const stopOne of stoppers.reverse()) await stopOne().catch(() => undefined);
      releaseDataDir(dataDir);
      console.log(code === 0 ? `Stopped. The data is kept in ${dataDir}.` : 'Stopped what had started.');
      process.exit(code);
    })());
  // A terminal's Ctrl-C sends SIGINT to the whole foreground job, and npm forwards it once more: the second signal of
  // one keypress must not cut the stop short. The children run in process groups of their own (spawnInOwnGroup), so
  // the keypress reaches this process only and they are stopped in order, the database last. A third signal stops at
  // once: the children are killed (the 'exit' handler below), as a crash would, which the next start recovers from.
  let signals = 0;
  for (const signal of STOP_SIGNALS) {
    process.on(signal, () => {
      signals += 1;
      if (signals === 1 && !stopped) return void stop(0, signal);
      if (signals < 3)
        return console.log(`Still stopping (${signal} again); a third signal stops at once, killing the database and the chain.`);
      console.log(
        `Stopping at once (${signal}, the third signal): DynamoDB Local and anvil killed; the next start takes up what they had saved.`,
      );
      process.exit(1);
    });
  }
  // npm gone without a word (killed, or SIGHUP, which it does not forward): this process is re-parented.
  const parent = process.ppid;
  if (parent !== 1) {
    const watch = setInterval(() => {
      if (process.ppid === parent) return;
      clearInterval(watch);
      void stop(0, 'npm went away');
    }, 500).unref();
  }
  // If this process dies without running the handlers above, take the child processes with it.
  process.on('exit', () => {
    for (const child of children) child.kill('SIGKILL');
    releaseDataDir(dataDir);
  });
  /** Runs a step; a failure has been printed by the step's line: stop everything started so far. */
  const step = async <T>(name: string, run: () => Promise<T> | T, summary?: (result: T) => string): Promise<T> => {
    try {
      return await startupStep(name, run, summary);
    } catch {
      return stop(1);
    }
  };

  await step(
    'data folder',
    () => claimDataDir(dataDir, { owner: 'npm start', tableName }),
    () => dataDir,
  );

  // A taken port is found before the database, the chain and the seed have run (they take seconds on a first start).
  await step(
    'ports',
    async () => {
      const wanted = Object.entries({
        PORT: localConfig().PORT,
        DYNAMODB_PORT: localConfig().DYNAMODB_PORT,
        ANVIL_PORT: localConfig().ANVIL_PORT,
      });
      // Two services given one port: the second would find it taken by the first, seconds into the start.
      const shared = wanted.filter(([, port], i) => port !== 0 && wanted.findIndex(([, other]) => other === port) !== i);
      if (shared.length > 0) {
        const [name, port] = shared[0]!;
        const first = wanted.find(([, other]) => other === port)![0];
        throw new Error(`${first} and ${name} are both ${port}: give each its own port`);
      }
      const taken: string[] = [];
      for (const [name, port] of wanted) {
        if (port !== 0 && !(await portIsFree(port))) taken.push(`port ${port} (${name}) is taken`);
      }
      if (taken.length > 0) {
        throw new Error(
          `${taken.join(', ')} on 127.0.0.1: stop what listens there (another npm start?), or set the variable to a free port`,
        );
      }
      return wanted;
    },
    (wanted) => wanted.map(([name, port]) => `${name} ${port}`).join(', '),
  );

  const { dynamo, db } = await step(
    'database',
    async () => {
      const dynamo = await startDynamoDbLocal({
        dbPath: resolve(dataDir, 'dynamodb'),
        port: localConfig().DYNAMODB_PORT,
        ownProcessGroup: true,
      });
      stoppers.push(dynamo.stop);
      children.push(dynamo.process);
      updateRuntimeRecord(dataDir, { dynamodb: { endpoint: dynamo.endpoint, port: dynamo.port } });
      const db = createDocumentClient({ region: coreConfig().AWS_REGION, endpoint: dynamo.endpoint });
      const created = await ensureTable(db, tableName);
      return { dynamo, db, created };
    },
    ({ dynamo, created }) => `DynamoDB Local on ${dynamo.endpoint}, table ${tableName}${created ? ' created' : ''}`,
  );

  const artifact = await step(
    'contract compile',
    () => loadPlaqueTokenArtifact(),
    (a) => `${a.contractName} (${a.compiler})`,
  );

  const anvil = await step(
    'chain',
    async () => {
      const anvil = await startAnvil({
        stateFile: resolve(dataDir, 'chain', 'state.json'),
        port: localConfig().ANVIL_PORT,
        ownProcessGroup: true,
      }).catch((error: Error) => {
        throw new Error(`could not start the local chain (anvil) on port ${localConfig().ANVIL_PORT}: ${error.message}`);
      });
      stoppers.push(anvil.stop);
      children.push(anvil.process);
      updateRuntimeRecord(dataDir, { anvil: { rpcUrl: anvil.rpcUrl, port: anvil.port } });
      return anvil;
    },
    (a) => `anvil on ${a.rpcUrl} (chain ${ANVIL_CHAIN_ID})`,
  );

  // Anvil's first dev account deploys the contract, holds its admin role and MINTER_ROLE: it signs the mints. The
  // contract names this server's token metadata; a contract older than that (no roles, or a URI fixed at deployment)
  // is replaced.
  const recordFile = localContractRecordFile(dataDir);
  const publicBase = publicBaseUrlOf({});
  const token = await step(
    'contract deploy',
    async () => {
      const ensured = await ensurePlaqueToken({ rpcUrl: anvil.rpcUrl, deployerKey: ANVIL_DEV_KEY, recordFile, publicBase });
      const uris = await setMetadataUris({
        rpcUrl: anvil.rpcUrl,
        contractAddress: ensured.contractAddress,
        adminKey: ANVIL_DEV_KEY,
        base: publicBase,
      });
      return { ...ensured, uris };
    },
    (t) =>
      (t.replaced
        ? `${artifact.contractName} at ${t.contractAddress}, replacing ${t.replaced} (an older PlaqueToken)`
        : `${artifact.contractName} at ${t.contractAddress}${t.deployed ? ' (deployed)' : ''}`) +
      `, token metadata at ${t.uris.uri}${t.uris.transactions.length > 0 && !t.deployed ? ' (moved)' : ''}`,
  );
  const chain = createChainPort({
    rpcUrl: anvil.rpcUrl,
    chainId: ANVIL_CHAIN_ID,
    contractAddress: token.contractAddress,
    signerKey: fixedSignerKey(ANVIL_DEV_KEY),
    pollingIntervalMs: 250,
  });
  const ctx = createAppContext({
    db,
    tableName,
    dataDir,
    mediaBaseUrl: coreConfig().MEDIA_BASE_URL ?? `http://127.0.0.1:${localConfig().PORT}/_media`,
    publicBaseUrl: publicBase,
    chain,
  });

  // Data written by an earlier version is converted before anything reads it: records that named a replaced contract
  // move to the new one (minted plaques stay: their tokens are there), then the pending migrations run
  // (lib/migrations/, `npm run ops -- migrate`).
  const stage = stageValuesOf(ctx);
  await step(
    'migrations',
    async () => {
      const done: string[] = [];
      if (token.replaced) {
        const moved = await moveRecordsToContract(db, tableName, token.replaced, token.contractAddress, ctx.now());
        forgetReplacedContract(recordFile);
        const left = moved.left.length > 0 ? `; ${moved.left.length} order(s) signed for the old contract left for an operator` : '';
        done.push(`moved ${moved.plaques} plaque(s) and ${moved.orders} order(s) to ${token.contractAddress}${left}`);
      }
      const migrations = await runPendingMigrations({ ctx, stage });
      if (migrations.length > 0) {
        done.push(`Migrated the data: ${migrations.map((m) => `${m.id} (${describeCounts(m.counts)})`).join('; ')}.`);
      }
      return done.length > 0 ? done.join('; ') : 'none pending';
    },
    (summary) => summary,
  );

  // The sample plaques' tokens are recorded as owed before the plaques are written, and minted (in batches) on every
  // start until the saved chain holds them: a kill during the first start leaves no MINTED plaque without its token.
  await step(
    'seeding',
    async () => {
      const minter = await chain.minterAddress();
      if (minter) await ensureServiceAccount(ctx, minter);
      let seeded = 0;
      if (await catalogRepo(db, tableName).isEmpty()) {
        const now = new Date();
        seeded = await seedSampleCatalog(
          ctx,
          (firstId) => {
            const plaques = samplePlaques({ firstId, count: SEED_COUNT, now, stage });
            recordSampleTokens(dataDir, plaques);
            return plaques;
          },
          SEED_COUNT,
        );
      }
      return { seeded, tokens: await mintSampleTokens(chain, dataDir, anvil.savedThrough) };
    },
    ({ seeded, tokens }) =>
      (seeded > 0 ? `Seeded ${seeded} sample plaques.` : 'the catalogue holds plaques already: nothing seeded') +
      (tokens.owed > 0
        ? ` Minted the tokens of its ${tokens.owed} MINTED sample plaques (${tokens.minted} now, in ${tokens.transactions} transaction(s)).`
        : ''),
  );

  // The catalogue snapshot the listing starts from: DATA_DIR/catalog/<table>.snapshot, checked every minute like the
  // scheduled writer in AWS (rewritten when 500 rows changed or it is an hour old), and written now if missing. A
  // snapshot that cannot be written costs the listing a full read, not the start. Each run reads at most
  // LOCAL_RECORD_READS records by key (DynamoDB Local answers about 5 000 a second): a snapshot written before it held
  // records, or after a large import, gets them over the next runs, and pages read the rest by key meanwhile.
  const snapshots = localSnapshotStore(dataDir, tableName);
  const writeSnapshot = () =>
    writeCatalogSnapshot({ db, tableName, store: snapshots, now: () => new Date(), recordReadLimit: LOCAL_RECORD_READS }).then(
      (run) =>
        run.written
          ? `written: ${run.plaques} plaques (${run.recordsRead} record(s) read by key)`
          : `up to date (${run.changes} change(s) since the last one)`,
      (error: unknown) => `not written: ${(error as Error).message}`,
    );
  await step('catalogue snapshot', writeSnapshot, (outcome) => outcome);
  const snapshotTimer = setInterval(() => {
    void writeSnapshot().then((outcome) => outcome.startsWith('not') && console.error(`Catalogue snapshot ${outcome}`));
  }, SNAPSHOT_SCHEDULE_MS);
  stoppers.push(async () => clearInterval(snapshotTimer));

  // The partner dashboard (/dashboard/): built from web/ when missing or older than its sources. The API works without it.
  await step(
    'dashboard',
    () =>
      ensureDashboard().then(
        (built) => (built ? 'built the partner dashboard (web/dist)' : 'up to date (web/dist)'),
        (error: unknown) => `not built, the API works without it: ${(error as Error).message}`,
      ),
    (outcome) => outcome,
  );

  // A block every ANVIL_BLOCK_TIME seconds from here on, a public network's pace (the start-up's own transactions above
  // were mined at once); unset, a block per transaction. Not kept in the chain's state: every start sets it.
  const blockTime = localConfig().ANVIL_BLOCK_TIME;
  await step(
    'block time',
    async () => {
      if (blockTime !== undefined) await mineEvery(anvil.rpcUrl, blockTime);
      return blockTime;
    },
    (seconds) =>
      seconds === undefined ? 'a block per transaction (ANVIL_BLOCK_TIME sets seconds between blocks)' : `a block every ${seconds} s`,
  );

  // Delivery reconciler: one pass now, before the worker runs (a kill's leftovers: claims ended, mints the chain lost
  // re-queued, dead letters re-driven), then every 10 s (lib/local/delivery-reconciler.ts).
  await step(
    'deliveries',
    async () => {
      const reconciler = await startDeliveryReconciler(ctx, deliveryStreamDir(dataDir));
      stoppers.push(reconciler.stop);
      return reconciler;
    },
    (reconciler) => `Deliveries: ${summarize(reconciler.first)}`,
  );

  const server = await step(
    'listening',
    async () => {
      const server = await startLocalServer({ ctx, port: localConfig().PORT }).catch((error: Error) => {
        throw new Error(`could not listen on port ${localConfig().PORT}: ${error.message}`);
      });
      stoppers.push(server.close);
      // Delivery: the same sender module as in AWS, fed by its own poller of the stream, gathering orders until they must
      // go to make the next block, and the follower of the batches in flight, on every block (lib/local/delivery-runtime.ts;
      // started after the server, which installs the context they read; stopped before it).
      const deliveries = await startLocalDeliveries({
        projectRoot: PROJECT_ROOT,
        dataDir,
        ctx,
        blockTimeSeconds: blockTime ?? null,
        dynamoEndpoint: dynamo.endpoint,
        region: coreConfig().AWS_REGION,
        tableName,
      });
      stoppers.push(deliveries.stop);
      // Sign-in codes: the code mail sender, fed by its own poller of the stream (lib/local/code-mail-runtime.ts).
      const codeMail = await startLocalCodeMail({
        projectRoot: PROJECT_ROOT,
        dataDir,
        dynamoEndpoint: dynamo.endpoint,
        region: coreConfig().AWS_REGION,
        tableName,
      });
      stoppers.push(codeMail.stop);
      // Order events for partners' webhooks: their own stream consumer and the sender, as in AWS (lib/local/webhook-runtime.ts).
      stoppers.push(
        await startLocalWebhooks({
          projectRoot: PROJECT_ROOT,
          dataDir,
          dynamoEndpoint: dynamo.endpoint,
          region: coreConfig().AWS_REGION,
          tableName,
        }),
      );
      updateRuntimeRecord(dataDir, { server: { url: server.url, port: server.port } });
      recordServedAddress(dataDir, server.url);
      return server;
    },
    (s) => `Plaque API listening on ${s.url} (data in ${dataDir})`,
  );
  // The listing's first page through the server, as the first visitor would get it: its catalogue loaded from the
  // snapshot plus what changed since (its records follow in the background), so the time it takes is shown here.
  await step(
    'first page',
    // Shown, never fatal: the rest of the service works whatever the listing answers.
    () =>
      fetch(`${server.url}/plaques/featured?limit=1`).then(
        async (response) =>
          response.ok
            ? `the listing answers: ${((await response.json()) as { count: number }).count} featured plaque(s)`
            : `the listing answered ${response.status}: ${await response.text()}`,
        (error: unknown) => `the listing did not answer: ${(error as Error).message}`,
      ),
    (outcome) => outcome,
  );
  // The records its pages show (the object beside the snapshot): pages read them by key until they are in.
  await step(
    'listing records',
    () =>
      featuredCatalog(ctx)
        .recordsHeld()
        .then(
          ({ records, plaques, ms }) =>
            `${records} of ${plaques} plaques' records held, ${(ms / 1000).toFixed(2)} s after the start of the listing`,
        ),
    (outcome) => outcome,
  );
  console.log(
    `Try: curl '${server.url}/plaques/featured?limit=2'   ·   stop: Ctrl-C or kill ${process.ppid === 1 ? process.pid : process.ppid}`,
  );
  console.log(`Partner dashboard: ${server.url}/dashboard/`);
}

await main();

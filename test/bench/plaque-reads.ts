// Plaque reads bench (`npm run bench -- --only plaque-reads`): read capacity of a plaque by id and by name, and of a
// wallet's page of 20 with its count, each against its floor (one GetItem; one Query of the page's entries), over
// varied ids and wallets of varied sizes, as DynamoDB reports it (ReturnConsumedCapacity).
import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '#lib/db/client.ts';
import { ensureTable } from '#lib/db/create-table.ts';
import { plaqueKey, walletPlaquesPartition } from '#lib/db/keys.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { GSI1 } from '#lib/db/table.ts';
import { startDynamoDbLocal } from '#lib/local/dynamodb-local.ts';
import { insertPlaques } from '#lib/plaques/catalog-import.ts';
import { getPlaque, getPlaqueByName } from '#lib/plaques/public-plaque.ts';
import { samplePlaques } from '#lib/plaques/sample-catalog.ts';
import { listWalletPlaques } from '#lib/plaques/wallet-plaques.ts';
import { createAppContext } from '#lib/runtime/context.ts';
import { fmt, meter, STAGE, table } from './listing.ts';

const TABLE = 'bench-plaque-reads';
/** Plaques minted to each bench wallet: from a little over one page to a collector's wallet. */
const WALLET_SIZES = [21, 60, 200, 1000];
/** Plaques that belong to no bench wallet (available, held, sold, minted elsewhere). */
const OTHERS = 500;
/** Ids (and names) read per figure. */
const SAMPLES = 50;
/** DynamoDB bills every read request at least 0.5 RCU (eventually consistent), whatever DynamoDB Local reports. */
const MIN_RCU_PER_READ = 0.5;

/** Asks every command for its consumed capacity, for the meter to add up. */
function askConsumedCapacity(db: DynamoDBDocumentClient): void {
  db.middlewareStack.add(
    (next) => (args) => {
      (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'TOTAL';
      return next(args);
    },
    { step: 'initialize', name: 'askConsumedCapacity' },
  );
}

const unitsOf = (out: { ConsumedCapacity?: { CapacityUnits?: number } }) =>
  Math.max(out.ConsumedCapacity?.CapacityUnits ?? 0, MIN_RCU_PER_READ);

/** A random bench wallet address (lower-case hex, as any casing reads the same partition). */
const aWallet = (seed: number) => `0x${seed.toString(16).padStart(8, '0')}${'ab'.repeat(16)}`;

export async function runPlaqueReadsBench(): Promise<void> {
  console.log(`\n## Plaque reads for frontends\n`);
  const dynamo = await startDynamoDbLocal();
  try {
    const db = createDocumentClient({ region: 'us-east-1', endpoint: dynamo.endpoint });
    await ensureTable(db, TABLE);
    const now = new Date();
    const wallets = WALLET_SIZES.map((_, i) => aWallet(i + 1));
    const total = WALLET_SIZES.reduce((a, b) => a + b, 0) + OTHERS;
    const ids = await plaqueRepo(db, TABLE).allocateIds(total);
    const sample = samplePlaques({ firstId: ids[0]!, count: total, now, featuredShare: 0.5, stage: STAGE });
    // The first plaques go to the bench wallets, minted over the past days (the sample's own minted plaques keep theirs).
    let next = 0;
    for (const [w, size] of WALLET_SIZES.entries()) {
      for (let i = 0; i < size; i++, next++) {
        const plaque = sample[next]!;
        const mintedAt = new Date(now.getTime() - ((next * 7919) % 864_000) * 1000).toISOString();
        sample[next] = {
          ...plaque,
          status: 'MINTED',
          minted: true,
          wallet_address: wallets[w]!,
          saleAt: mintedAt,
          mintedAt,
          tokenId: String(plaque.id),
          metadata: plaque.metadata ?? {
            name: plaque.name,
            description: `Plaque ${plaque.name}`,
            image: STAGE.placeholderImage,
            decimals: 0,
          },
        };
      }
    }
    await insertPlaques({ db, tableName: TABLE }, sample);
    console.log(
      `Seeded ${total} plaques: wallets of ${WALLET_SIZES.join(', ')} minted plaques, and ${OTHERS} others (DynamoDB Local, in memory).\n`,
    );

    const metered = createDocumentClient({ region: 'us-east-1', endpoint: dynamo.endpoint });
    askConsumedCapacity(metered);
    const m = meter(metered);
    const ctx = createAppContext({ db: metered, tableName: TABLE, mediaBaseUrl: 'http://127.0.0.1:3000/_media' });

    // A plaque by id and by name: spread over the catalogue.
    const picks = Array.from({ length: SAMPLES }, (_, i) => sample[Math.floor((i * sample.length) / SAMPLES)]!);
    const single: string[][] = [];
    for (const [what, read] of [
      ['a plaque by id (one GetItem)', (p: (typeof picks)[number]) => getPlaque(ctx, p.id)],
      ['a plaque by name (name claim + GetItem)', (p: (typeof picks)[number]) => getPlaqueByName(ctx, p.name)],
    ] as const) {
      let rcu = 0;
      let requests = 0;
      let floor = 0;
      for (const plaque of picks) {
        m.reset();
        await read(plaque);
        rcu += m.rcu;
        requests += m.requests;
        floor += unitsOf(await db.send(new GetCommand({ TableName: TABLE, Key: plaqueKey(plaque.id), ReturnConsumedCapacity: 'TOTAL' })));
      }
      single.push([what, fmt(requests / SAMPLES, 1), fmt(rcu / SAMPLES, 2), fmt(floor / SAMPLES, 2), fmt(rcu / floor, 2)]);
    }
    console.log(table(['read', 'requests', 'RCU (mean)', 'floor RCU (one GetItem)', 'ratio'], single));

    // A wallet's first page of 20, and its count, per wallet size.
    const pages: string[][] = [];
    for (const [w, size] of WALLET_SIZES.entries()) {
      const wallet = wallets[w]!;
      m.reset();
      const page = await listWalletPlaques(ctx, wallet, { limit: 20 });
      const whole = { requests: m.requests, rcu: m.rcu };
      m.reset();
      await plaqueRepo(metered, TABLE).pageByWallet(wallet, { limit: 20, after: null });
      const pageAlone = m.rcu;
      m.reset();
      await plaqueRepo(metered, TABLE).countByWallet(wallet);
      const count = { requests: m.requests, rcu: m.rcu };
      // The floor: one Query of exactly the page's 20 entries.
      const floor = unitsOf(
        await db.send(
          new QueryCommand({
            TableName: TABLE,
            IndexName: GSI1,
            KeyConditionExpression: 'gsi1pk = :pk',
            ExpressionAttributeValues: { ':pk': walletPlaquesPartition(wallet) },
            ScanIndexForward: false,
            Limit: 20,
            ReturnConsumedCapacity: 'TOTAL',
          }),
        ),
      );
      if (page.count !== size || page.plaques.length !== 20)
        throw new Error(`wallet of ${size}: answered ${page.count}, ${page.plaques.length}`);
      pages.push([
        String(size),
        `${whole.requests} / ${fmt(whole.rcu)}`,
        fmt(pageAlone),
        `${count.requests} / ${fmt(count.rcu)}`,
        fmt(floor),
        fmt(pageAlone / floor, 2),
        fmt(whole.rcu / floor, 2),
      ]);
    }
    console.log(
      `\n${table(['wallet plaques', 'page + count: req / RCU', 'page Query RCU', 'count: req / RCU', 'floor RCU (one Query of 20)', 'page ratio', 'with count'], pages)}`,
    );
    console.log(
      '\nThe page is one Query of 21 entries (one more tells whether a page follows); `count` is a Select COUNT over the ' +
        "wallet's whole partition, billed for every entry it reads. No request scans.",
    );
  } finally {
    await dynamo.stop();
  }
}

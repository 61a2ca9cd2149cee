// Code-request timing bench: POST /auth/email-verification-code through the local server for known addresses and
// for new ones, interleaved, and the medians of each. The request does the same work for both (the throttle's read and
// write, one code put; the code mail sender creates users and mails later), so the medians should be within 10 %.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newUser, usernameSkeleton } from '#lib/accounts/user.ts';
import { createDocumentClient } from '#lib/db/client.ts';
import { ensureTable } from '#lib/db/create-table.ts';
import { userRepo } from '#lib/db/user-repo.ts';
import { startDynamoDbLocal } from '#lib/local/dynamodb-local.ts';
import { startLocalServer } from '#lib/local/server.ts';
import { createAppContext, useAppContext } from '#lib/runtime/context.ts';
import { logger } from '#lib/runtime/logger.ts';
import { walletsOf } from '#lib/wallet/service-wallet.ts';

const REQUESTS = 30;
const WARM_UP = 5;
/** The largest gap between the two medians this design should show. */
const TARGET_RATIO = 1.1;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export async function runCodeTimingBench(): Promise<void> {
  console.log(`\n## Code requests: known vs new address (median of ${REQUESTS} each, through the local server)`);
  // One log line per request would bury the figures.
  logger.setLogLevel('WARN');
  const dynamo = await startDynamoDbLocal();
  const dataDir = mkdtempSync(join(tmpdir(), 'plaque-bench-codes-'));
  try {
    const db = createDocumentClient({ region: 'us-east-1', endpoint: dynamo.endpoint });
    const tableName = 'bench-codes';
    await ensureTable(db, tableName);
    const ctx = createAppContext({ db, tableName, dataDir });
    useAppContext(ctx);
    const server = await startLocalServer({ ctx, port: 0 });
    try {
      // Known addresses: users as the code mail sender leaves them, made up front.
      const users = userRepo(db, tableName);
      const known: string[] = [];
      for (let i = 0; i < REQUESTS + WARM_UP; i++) {
        const email = `known${i}@bench.example`;
        const id = await users.allocateId();
        const user = newUser({ id, email, walletAddress: await walletsOf(ctx).addressFor(id), now: new Date() });
        await users.create(user, usernameSkeleton(user.username));
        known.push(email);
      }
      const request = async (email: string): Promise<number> => {
        const started = performance.now();
        const response = await fetch(`${server.url}/auth/email-verification-code`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email }),
        });
        await response.arrayBuffer();
        const elapsed = performance.now() - started;
        if (response.status !== 202) throw new Error(`${email}: answered ${response.status}`);
        return elapsed;
      };
      const times = { known: [] as number[], unknown: [] as number[] };
      for (let i = 0; i < REQUESTS + WARM_UP; i++) {
        // Alternating which goes first, so neither kind always follows the other.
        const pair = i % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
        for (const kind of pair) {
          const elapsed = await request(kind === 'known' ? known[i]! : `new${i}@bench.example`);
          if (i >= WARM_UP) times[kind].push(elapsed);
        }
      }
      const knownMedian = median(times.known);
      const unknownMedian = median(times.unknown);
      const ratio = Math.max(knownMedian, unknownMedian) / Math.min(knownMedian, unknownMedian);
      console.log(`known address:   median ${knownMedian.toFixed(1)} ms`);
      console.log(`unknown address: median ${unknownMedian.toFixed(1)} ms`);
      console.log(
        `unknown / known: ${(unknownMedian / knownMedian).toFixed(3)} (larger / smaller ${ratio.toFixed(3)}, target ≤ ${TARGET_RATIO}: ${ratio <= TARGET_RATIO ? 'ok' : 'MISS'})`,
      );
    } finally {
      await server.close();
    }
  } finally {
    await dynamo.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

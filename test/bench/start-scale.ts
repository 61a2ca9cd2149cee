// `npm start` on a data folder of many plaques (`npm run bench -- --only start`, `--start-size 100000`): the folder is
// made as an operator makes it (a first start, `npm run ops -- import` of a generated file while it runs, its
// snapshot brought up to date), then the service is stopped and started again, and the bench prints the time from the
// command to the listing's first page with every start-up step the command printed, so where the time goes is read
// off the steps themselves.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createDocumentClient } from '#lib/db/client.ts';
import { runningRuntime } from '#lib/local/runtime-record.ts';
import { localSnapshotStore } from '#lib/plaques/catalog-snapshot-store.ts';
import { writeCatalogSnapshot } from '#lib/plaques/catalog-snapshot-writer.ts';
import { fmt } from './listing.ts';

const run = promisify(execFile);

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** `npm start` on the folder; resolves once it printed `line` (a start-up step), with its output so far. */
function start(env: NodeJS.ProcessEnv, line: RegExp): Promise<{ child: ChildProcess; output: () => string; ms: number }> {
  const started = performance.now();
  const child = spawn('npm', ['start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const check = () => {
      if (line.test(output)) resolve({ child, output: () => output, ms: performance.now() - started });
    };
    child.stdout!.on('data', (chunk: Buffer) => ((output += chunk.toString()), check()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
}

/** Stops the service as Ctrl-C does: SIGINT to the process that holds the folder. */
const stop = (child: ChildProcess, dataDir: string) =>
  new Promise<void>((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    process.kill(runningRuntime(dataDir)?.pid ?? child.pid!, 'SIGINT');
  });

/** Import rows: every name but those in `taken` (the seeded sample plaques'), so the import refuses none. */
function importRows(count: number, taken: Set<string>): unknown[] {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const rows: unknown[] = [];
  for (let i = 0; rows.length < count; i++) {
    const alphabetPart =
      letters[Math.floor(i / 260_000) % 26]! + letters[Math.floor(i / 10_000) % 26]! + letters[Math.floor(i / 676) % 26]!;
    const numberPart = String(i % 10_000).padStart(4, '0');
    if (taken.has(`${alphabetPart}-${numberPart}`)) continue;
    rows.push({
      alphabetPart,
      numberPart,
      price: 10 + (i % 5000),
      marketplace: i % 5 === 0 ? 'OPENSEA' : 'SERVICE',
      condition: ['VIRGIN', 'USED', 'DAMAGED'][i % 3],
      featured: i % 3 !== 0,
      description: `Plaque ${i} of the imported catalogue`,
    });
  }
  return rows;
}

export async function runStartScaleBench(size: number): Promise<void> {
  console.log(`\n## npm start on a folder of ${size.toLocaleString('en-US')} plaques\n`);
  const dataDir = mkdtempSync(join(tmpdir(), 'plaque-start-bench-'));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    DYNAMODB_PORT: String(await freePort()),
    ANVIL_PORT: String(await freePort()),
    LOG_LEVEL: 'WARN',
  };
  const first = await start(env, /✓ first page/);
  try {
    const url = /listening on (\S+)/.exec(first.output())![1]!;
    const seeded = new Set<string>();
    for (const featured of [true, false]) {
      for (let skip = 0; ; skip += 100) {
        const filters = encodeURIComponent(JSON.stringify({ featured }));
        const page = (await (await fetch(`${url}/plaques/featured?limit=100&skip=${skip}&filters=${filters}`)).json()) as {
          plaques: { name: string }[];
        };
        page.plaques.forEach((p) => seeded.add(p.name));
        if (page.plaques.length < 100) break;
      }
    }
    const file = join(dataDir, 'import.json');
    writeFileSync(file, JSON.stringify(importRows(size - seeded.size, seeded)));
    const i0 = performance.now();
    await run(process.execPath, ['--import', 'tsx', 'lib/ops/cli.ts', 'import', file], { env, maxBuffer: 1 << 24 });
    console.log(`Imported ${(size - seeded.size).toLocaleString('en-US')} plaques in ${fmt((performance.now() - i0) / 1000)} s.`);
    // The snapshot as the running service keeps it (its minute check, here at once, with every record).
    const runtime = runningRuntime(dataDir)!;
    const db = createDocumentClient({ region: 'us-east-1', endpoint: runtime.dynamodb!.endpoint });
    const s0 = performance.now();
    const written = await writeCatalogSnapshot({
      db,
      tableName: runtime.tableName,
      store: localSnapshotStore(dataDir, runtime.tableName),
      now: () => new Date(),
    });
    console.log(`Snapshot written in ${fmt((performance.now() - s0) / 1000)} s (${written.recordsRead} records read by key).`);
  } finally {
    await stop(first.child, dataDir);
  }

  const again = await start(env, /✓ first page.*\n/);
  await stop(again.child, dataDir);
  rmSync(dataDir, { recursive: true, force: true });
  const steps = again
    .output()
    .split('\n')
    .filter((line) => /^[✓✗] /.test(line));
  const inSteps = steps.reduce((sum, line) => sum + Number(/ ([\d.]+) s /.exec(line)?.[1] ?? 0), 0);
  console.log(
    `\nThe second start, from the command to the listing's first page: ${fmt(again.ms / 1000)} s (target ≤ 15 s); ` +
      `${fmt(again.ms / 1000 - inSteps)} s of it before the first step (npm, Node, loading the modules). ` +
      `Recorded the same way on 2026-11-27 at 100 000 plaques: 111.9 s with the design that read the whole index at start ` +
      `(40efb64), 28.6 s with the snapshot design of 91346c1.\n\n${steps.join('\n')}\n`,
  );
}

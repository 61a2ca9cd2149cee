// The listing from its first page after a start (`npm run bench -- --only start`, `--start-size 100000`): a first
// `npm start` on an empty folder, stopped; `npm run ops -- import` of a generated file (timed, with its progress); a
// second start ("after an import"), then the first 300 distinct queries, then 300 more after a minute idle (the
// steady figure); a restart and the same again. Each start is timed from the command to the listing's first page,
// with every start-up step it printed, and each pass also gives the CPU time the server process spent during it.
// Then the same passes on a cold listing instance of 1 000 000 plaques (cold-instance.ts). Beside them, the figures
// recorded for the designs before.
import { OPS_CLI } from '../support/ops-cli.ts';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createDocumentClient } from '#lib/db/client.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { runningRuntime } from '#lib/local/runtime-record.ts';
import { FIRST_QUERIES, passFigures, passQuantiles, passes, type StartFigures } from './first-queries.ts';
import { fmt, table } from './listing.ts';

const run = promisify(execFile);

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * Recorded the same way (distinct queries over HTTP from the first page on, 100 000 plaques, the quiet 2-core machine,
 * side by side within 20 minutes) on 2026-11-27: the snapshot design (91346c1) and the design just before this one,
 * whose listing held every record but took them on the event loop after its first page (0058da3).
 */
export const RECORDED_STARTS = [
  {
    design: 'snapshot, records by key beyond 5 000 (91346c1)',
    importS: NaN,
    afterImport: { firstPageS: 19.3, first: '17.5 / 103.3 / 135', steady: '5.5 / 37.3' },
    afterRestart: { firstPageS: 6.4, first: '7.8 / 250.8 / 849', steady: '4.2 / 36.8' },
    afterWrite: 17.7,
  },
  {
    design: 'records held, taken after the first page (0058da3)',
    importS: 213,
    afterImport: { firstPageS: 21.7, first: '72.0 / 534.0 / 717', steady: '2.8 / 20.1' },
    afterRestart: { firstPageS: 11.5, first: '3.7 / 331.3 / 483', steady: '2.4 / 16.7' },
    afterWrite: 11.7,
  },
];

/**
 * `npm start` on the folder; resolves once it printed its last start-up step, with its output so far and the
 * milliseconds from the command to its first page step.
 */
function start(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; output: () => string; firstPageMs: number }> {
  const started = performance.now();
  const child = spawn('npm', ['start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let firstPageMs = NaN;
  return new Promise((resolve, reject) => {
    const check = () => {
      if (Number.isNaN(firstPageMs) && /✓ first page/.test(output)) firstPageMs = performance.now() - started;
      if (/✓ listing records.*\n/.test(output)) resolve({ child, output: () => output, firstPageMs });
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

/** Every plaque name the listing shows, featured or not. */
async function listedNames(url: string): Promise<Set<string>> {
  const names = new Set<string>();
  for (const featured of [true, false]) {
    for (let skip = 0; ; skip += 100) {
      const filters = encodeURIComponent(JSON.stringify({ featured }));
      const page = (await (await fetch(`${url}/plaques/featured?limit=100&skip=${skip}&filters=${filters}`)).json()) as {
        plaques: { name: string }[];
      };
      page.plaques.forEach((p) => names.add(p.name));
      if (page.plaques.length < 100) break;
    }
  }
  return names;
}

/** The first default page after a write, three times (a plaque featured now leads it; the page waits for the check). */
async function afterWrites(url: string, dataDir: string): Promise<number[]> {
  const runtime = runningRuntime(dataDir)!;
  const db = createDocumentClient({ region: 'us-east-1', endpoint: runtime.dynamodb!.endpoint });
  const repo = plaqueRepo(db, runtime.tableName);
  const page = (await (await fetch(`${url}/plaques/featured?limit=3&filters=${encodeURIComponent('{"featured":false}')}`)).json()) as {
    plaques: { id: number }[];
  };
  const samples: number[] = [];
  for (const { id } of page.plaques) {
    await repo.setFeatured(id, true, new Date());
    await new Promise((r) => setTimeout(r, 1100));
    const started = performance.now();
    await (await fetch(`${url}/plaques/featured`)).text();
    samples.push(performance.now() - started);
  }
  db.destroy();
  return samples;
}

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
const stepsOf = (output: string) =>
  output
    .split('\n')
    .filter((line) => /^[✓✗] /.test(line))
    .join('\n');

export async function runStartScaleBench(size: number, coldSize: number): Promise<void> {
  console.log(`\n## The listing from its first page after a start: npm start on a folder of ${size.toLocaleString('en-US')} plaques\n`);
  console.log(`Host: load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} at the start of the run.\n`);
  const dataDir = mkdtempSync(join(tmpdir(), 'plaque-start-bench-'));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    DYNAMODB_PORT: String(await freePort()),
    ANVIL_PORT: String(await freePort()),
    LOG_LEVEL: 'WARN',
  };
  const first = await start(env);
  const seeded = await listedNames(/listening on (\S+)/.exec(first.output())![1]!);
  await stop(first.child, dataDir);

  const file = join(dataDir, 'import.json');
  writeFileSync(file, JSON.stringify(importRows(size - seeded.size, seeded)));
  const i0 = performance.now();
  const imported = await run(process.execPath, [...OPS_CLI, 'import', file], { env, maxBuffer: 1 << 24 });
  const importS = (performance.now() - i0) / 1000;
  console.log(`npm run ops -- import of ${(size - seeded.size).toLocaleString('en-US')} plaques: ${fmt(importS)} s (target ≤ 60 s)`);
  console.log(`${imported.stderr.trim()}\n${imported.stdout.trim()}\n`);

  const results: { label: string; figures: StartFigures; afterWrite?: number[]; steps: string }[] = [];
  for (const [label, seed] of [
    ['after the import', 1000],
    ['after a restart', 2000],
  ] as const) {
    const started = await start(env);
    const url = /listening on (\S+)/.exec(started.output())![1]!;
    const figures = await passes(url, runningRuntime(dataDir)!.pid, seed, started.firstPageMs / 1000);
    const afterWrite = label === 'after a restart' ? await afterWrites(url, dataDir) : undefined;
    results.push({ label, figures, ...(afterWrite && { afterWrite }), steps: stepsOf(started.output()) });
    await stop(started.child, dataDir);
  }
  rmSync(dataDir, { recursive: true, force: true });

  for (const { label, steps } of results) console.log(`The start ${label}, its steps:\n${steps}\n`);
  const rows: string[][] = [];
  for (const { label, figures } of results) {
    rows.push([`${label}: to the first page`, `${fmt(figures.firstPageS)} s`, '≤ 10 s after the import']);
    rows.push([`${label}: first ${FIRST_QUERIES} queries, p50 / p99 / max ms`, passFigures(figures.first), 'p50 ≤ 5, p99 ≤ 20']);
    rows.push([`${label}: the next ${FIRST_QUERIES} after a minute idle`, passFigures(figures.steady), 'p99 ≤ 10']);
    rows.push([
      `${label}: server CPU in the first pass / the minute idle / the steady pass`,
      `${fmt(figures.cpu.first, 2)} / ${fmt(figures.cpu.idle, 2)} / ${fmt(figures.cpu.steady, 2)} s`,
      '',
    ]);
  }
  const afterWrite = results.find((r) => r.afterWrite)?.afterWrite ?? [];
  rows.push(['first default page after a write (median of 3)', `${fmt(median(afterWrite))} ms`, '']);
  console.log(table([`${size.toLocaleString('en-US')} plaques, this design`, 'figure', 'target'], rows));
  console.log(`\nRecorded before, the same way:\n`);
  console.log(
    table(
      [
        'design',
        'import',
        'start → first page after the import / a restart',
        'first 300 after the import',
        'after a restart',
        'steady',
        'after a write',
      ],
      RECORDED_STARTS.map((r) => [
        r.design,
        Number.isNaN(r.importS) ? '—' : `${r.importS} s`,
        `${r.afterImport.firstPageS} / ${r.afterRestart.firstPageS} s`,
        r.afterImport.first,
        r.afterRestart.first,
        `${r.afterImport.steady} · ${r.afterRestart.steady}`,
        `${r.afterWrite} ms`,
      ]),
    ),
  );
  const verdicts = results.map(({ label, figures }) => {
    const { p50, p99 } = passQuantiles(figures.first);
    const steady = passQuantiles(figures.steady).p99;
    return `${label}: first pass ${p50 <= 5 && p99 <= 20 ? 'within' : 'MISSES'} p50 ≤ 5 / p99 ≤ 20 ms, steady ${steady <= 10 ? 'within' : 'MISSES'} p99 ≤ 10 ms`;
  });
  console.log(`\n${verdicts.join('\n')}; import ${importS <= 60 ? 'within' : 'MISSES'} 60 s.\n`);

  const { runColdInstanceBench } = await import('./cold-instance.ts');
  await runColdInstanceBench(coldSize);
}

// Bench section: every function bundled exactly as the stack bundles it, its size and module init time, against two references.
//
// Init time is what a cold start pays for loading the bundle: a fresh Node process imports it and times the
// import (read, parse, compile, evaluate), median of several processes. Bundles are split into chunks (infra/bundling.ts):
// the import loads the entry and the chunks it imports statically; a chunk imported on first use is not part of init, in
// functions and references alike (a reference imports its clients statically, so they load in its init). The references are built in the
// same run with the same esbuild settings: a naive bundle (DynamoDB client + document client + middy +
// full zod + jose), the same with zod/mini (the fixed packages at their smallest, one tiny schema) and the floor
// (the two DynamoDB packages alone, which every DynamoDB function needs).
// Each function is judged against its own floor: the SDK-only floor plus exactly the AWS and chain clients its manifest
// access declares, so the service's own share of its init is visible. Targets: init ≤ own floor + 10 ms; the
// authorizer ≤ 50 KB and ≤ 5 ms over an empty bundle (its own floor). A function that does not use the table is held
// to the same floor, as the target is set; its figure over the empty bundle is printed below the table too. The
// table's last columns say ok or MISS. Figures only: nothing here asserts a time.
// Each import is also timed in CPU time (the process's user + system time across it): on a machine loaded by other
// work the wall time mostly measures waiting for a core, while the CPU time stays close to what a quiet machine's
// wall time would be; the CPU columns and their verdicts are judged against the same targets.
// A function's Δ own floor is paired: every round imports its own floor and then the function, back to back, and the
// verdict takes the median of those per-round differences. A machine that slows down for a while slows both halves of
// a pair alike, where a difference of two medians taken seconds apart would carry the slowdown into the verdict.
// Measured on a 2-core machine, ten functions over four 15-round passes: a function's paired median moved from pass to
// pass with a standard deviation of 1.4 ms; against the median of its round's floor runs, 2.1 ms; as the difference of
// its median and the floor's, 3.2 ms. Machine noise comes in slow stretches, so the pairs are the steadiest measure.
// The same machine ran at half its usual speed on other days (the floor's median 66 ms instead of about 31), and every
// function's Δ grew with it. So each import is also counted in instructions, where valgrind is installed: one process
// per bundle under callgrind, single-threaded and with fixed seeds, counts the same total within 0.2% whatever else
// the machine is doing. A function's Δ own floor in instructions compares passes of different days, and A/B variants
// of the code, without the noise; the targets stay in milliseconds, so it carries no verdict.
import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { FunctionAccess } from '#lib/http/function-access.ts';
import { AUTHORIZER_HANDLER, functionManifest } from '#lib/http/routes.ts';
import { ENV } from '../../infra/api-function.ts';
import { buildBundle, bundleDirName, NODE_OPTIONS, projectRoot, type BuiltBundle } from '../../infra/bundling.ts';
import { clientsIn, CLIENTS, declaredClients, type ClientName } from './clients.ts';

const run = promisify(execFile);

/** Build output lives under the git-ignored `.bench/`. */
const BENCH_DIR = path.join(projectRoot, '.bench', 'bundles');

const TARGETS = {
  /** A function may cost at most this much init time above its own floor. */
  overOwnFloorMs: 10,
  authorizerBytes: 50 * 1024,
  authorizerInitMs: 5,
};

/**
 * A handler on the fixed packages: the DynamoDB clients, middy, one zod schema and jose. `zodImport` binds `z`: the
 * naive one imports zod as its documentation shows (`import { z } from 'zod'`, which keeps all of it).
 */
const naiveSource = (zodImport: string): string => `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import middy from '@middy/core';
${zodImport}
import * as jose from 'jose';
const input = z.object({ id: z.string() });
export const handler = middy(async (event) => {
  const db = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  const { id } = input.parse(event);
  return { item: await db.send(new GetCommand({ TableName: 't', Key: { id } })), verify: jose.jwtVerify };
});
`;

const REFERENCES = {
  naive: { label: 'naive: client-dynamodb + lib-dynamodb + middy + zod + jose', source: naiveSource("import { z } from 'zod';") },
  naiveMini: { label: 'naive with zod/mini (the fixed packages at their smallest)', source: naiveSource("import * as z from 'zod/mini';") },
  empty: {
    label: 'empty: one export (the cost of importing any bundle)',
    source: `export const handler = async () => null;
`,
  },
  floor: {
    label: 'floor: client-dynamodb + lib-dynamodb only',
    source: `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
export const handler = async (event) => {
  const db = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  return db.send(new GetCommand({ TableName: 't', Key: { id: event.id } }));
};
`,
  },
} as const;

/** The floor (or nothing, for a function without the table) plus `clients`: what the function cannot load less than. */
function ownFloorSource(clients: ClientName[], usesTable: boolean): string {
  const table = usesTable
    ? [
        "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';",
        "import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';",
      ]
    : [];
  const uses = [
    ...(usesTable
      ? ["DynamoDBDocumentClient.from(new DynamoDBClient({})).send(new GetCommand({ TableName: 't', Key: { id: event.id } }))"]
      : []),
    ...clients.map((name) => CLIENTS[name].use),
  ];
  return [
    ...table,
    ...clients.map((name) => CLIENTS[name].imports),
    'export const handler = async (event) => {',
    `  return [${uses.join(', ')}];`,
    '};',
    '',
  ].join('\n');
}

/** The environment every function might read, with stand-ins for values only a deploy knows. */
const benchEnvironment: Record<string, string> = {
  PATH: process.env['PATH'] ?? '',
  AWS_REGION: 'us-east-1',
  [ENV.stage]: 'bench',
  [ENV.logLevel]: 'ERROR',
  [ENV.tableName]: 'PlaqueApi-bench-table',
  [ENV.mediaBaseUrl]: 'https://d111111abcdef8.cloudfront.net',
  [ENV.mediaBucket]: 'plaqueapi-bench-media',
  [ENV.mailFrom]: 'no-reply@example.com',
  [ENV.jwtKeysSecretArn]: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:jwt-AbCdEf',
  [ENV.jwtIssuer]: 'https://api.example.com',
  [ENV.jwtAudience]: 'bench',
  [ENV.walletMnemonicSecretArn]: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:mnemonic-AbCdEf',
  [ENV.apiKeyUsagePlanId]: 'abc123',
  [ENV.chainRpcUrl]: 'http://127.0.0.1:8545',
  [ENV.chainId]: '31337',
  [ENV.contractAddress]: '0x0000000000000000000000000000000000000000',
  [ENV.chainSignerSecretArn]: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:signer-AbCdEf',
};

interface Measured {
  name: string;
  bundle: BuiltBundle;
  kind: 'function' | 'reference';
  /** For a function: its access as the manifest declares it. */
  access?: FunctionAccess;
  /** For a function: the name of its own floor reference. */
  ownFloor?: string;
  initMs: number[];
  /** CPU time (user + system) of the same imports. */
  initCpuMs: number[];
  initWithSourceMapsMs: number[];
  /** For a function: per round, its init minus its own floor's, imported just before it (wall and CPU). */
  overOwnFloorMs: number[];
  overOwnFloorCpuMs: number[];
  /** Instructions importing the bundle executes beyond a process that imports nothing (callgrind), when counted. */
  instructions?: number;
}

/**
 * Milliseconds one fresh Node process spends importing the bundle, in wall time and in CPU time. A tiny module is
 * imported first: in Lambda the runtime's own modules have already started the ESM loader when the handler is imported.
 */
async function timeImport(file: string, withSourceMaps: boolean): Promise<{ wall: number; cpu: number }> {
  const script = [
    "await import('data:text/javascript,export default 0');",
    'const c0 = process.cpuUsage();',
    'const t0 = performance.now();',
    'await import(process.env.BUNDLE_URL);',
    'const t = performance.now() - t0;',
    'const c = process.cpuUsage(c0);',
    'console.log(t, (c.user + c.system) / 1000);',
  ].join(' ');
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    cwd: path.dirname(file),
    timeout: 30_000,
    env: {
      ...benchEnvironment,
      BUNDLE_URL: pathToFileURL(file).href,
      ...(withSourceMaps && { NODE_OPTIONS }),
    },
  });
  const [wall, cpu] = stdout.trim().split('\n').at(-1)!.split(' ').map(Number);
  return { wall: wall!, cpu: cpu! };
}

/** Whether the machine has valgrind (Debian's package `valgrind`). */
async function findValgrind(): Promise<boolean> {
  try {
    await run('valgrind', ['--version'], { timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Instructions one process executes importing the bundle (or nothing, for `file` null), counted by callgrind. V8 runs
 * on one thread and with fixed seeds, so its compiler and collector threads add no count that varies from run to run.
 */
async function countInstructions(file: string | null): Promise<number> {
  const script = ["await import('data:text/javascript,export default 0');", ...(file ? ['await import(process.env.BUNDLE_URL);'] : [])];
  const { stderr } = await run(
    'valgrind',
    [
      '--tool=callgrind',
      '--callgrind-out-file=/dev/null',
      process.execPath,
      '--single-threaded',
      '--hash-seed=1',
      '--random-seed=1',
      '--input-type=module',
      '-e',
      script.join(' '),
    ],
    {
      cwd: file ? path.dirname(file) : projectRoot,
      timeout: 300_000,
      env: { ...benchEnvironment, ...(file && { BUNDLE_URL: pathToFileURL(file).href }) },
    },
  );
  const collected = /Collected\s*:\s*(\d+)/.exec(stderr);
  if (!collected) throw new Error(`callgrind printed no count for ${file ?? 'an empty process'}:\n${stderr.slice(-2000)}`);
  return Number(collected[1]);
}

/** Counts every bundle's instructions, two processes at a time (each runs on one thread). */
async function countAll(rows: Measured[], progress: (text: string) => void): Promise<void> {
  const bare = await countInstructions(null);
  let next = 0;
  let done = 0;
  const worker = async () => {
    for (let row = rows[next++]; row !== undefined; row = rows[next++]) {
      row.instructions = (await countInstructions(row.bundle.file)) - bare;
      progress(`counting instructions: ${++done} of ${rows.length}`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(2, os.cpus().length)) }, worker));
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const noSamples = () => ({ initMs: [], initCpuMs: [], initWithSourceMapsMs: [], overOwnFloorMs: [], overOwnFloorCpuMs: [] });
const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
const ms = (value: number): string => value.toFixed(1);

async function buildReference(dirName: string, label: string, source: string): Promise<Measured> {
  const dir = path.join(BENCH_DIR, 'references', dirName);
  await mkdir(dir, { recursive: true });
  const entry = path.join(dir, 'entry.mjs');
  await writeFile(entry, source);
  const bundle = await buildBundle(path.relative(projectRoot, entry), path.join(dir, 'out'));
  return { name: label, bundle, kind: 'reference', ...noSamples() };
}

async function buildReferences(functions: Measured[]): Promise<Measured[]> {
  const measured: Measured[] = [];
  for (const [name, reference] of Object.entries(REFERENCES)) measured.push(await buildReference(name, reference.label, reference.source));
  // One own floor per distinct set of declared clients (the floor and the empty bundle are references already).
  const sets = new Map<string, { clients: ClientName[]; usesTable: boolean }>();
  for (const fn of functions) {
    const clients = declaredClients(fn.access!);
    // The SDK-only floor for every function, the authorizer aside: its target is set over the empty bundle.
    const usesTable = fn.name !== AUTHORIZER_HANDLER;
    const base = usesTable ? 'floor' : 'empty';
    const label =
      clients.length === 0
        ? usesTable
          ? REFERENCES.floor.label
          : REFERENCES.empty.label
        : `${base} + ${clients.map((name) => CLIENTS[name].label).join(' + ')}`;
    if (clients.length > 0) sets.set(label, { clients, usesTable });
    fn.ownFloor = label;
  }
  for (const [label, { clients, usesTable }] of sets) {
    measured.push(
      await buildReference(`own-${usesTable ? '' : 'no-table-'}${clients.join('-')}`, label, ownFloorSource(clients, usesTable)),
    );
  }
  return measured;
}

const signed = (value: number): string => `${value >= 0 ? '+' : ''}${ms(value)}`;
const millions = (count: number): string => (count / 1e6).toFixed(1);
const signedMillions = (count: number): string => `${count >= 0 ? '+' : ''}${millions(count)}`;

/** Wall time (what the targets were set in) or CPU time (steadier on a loaded machine). */
type Clock = 'wall' | 'cpu';
const initOf = (row: Measured, clock: Clock): number => median(clock === 'wall' ? row.initMs : row.initCpuMs);

/** A function's init beyond its own floor: the median of the paired per-round differences. */
const overOwnFloor = (row: Measured, clock: Clock): number => median(clock === 'wall' ? row.overOwnFloorMs : row.overOwnFloorCpuMs);

/** The references' medians by clock: the floor, the empty bundle and every own floor. */
interface Baselines {
  floor: number;
  empty: number;
}

/** The target a function is held to, and whether it meets it on `clock` (the authorizer's own floor is the empty bundle). */
function verdict(row: Measured, clock: Clock): { target: string; ok: boolean } {
  const over = overOwnFloor(row, clock);
  if (row.name === AUTHORIZER_HANDLER) {
    const ok = row.bundle.bytes <= TARGETS.authorizerBytes && over <= TARGETS.authorizerInitMs;
    return { target: `≤ ${kb(TARGETS.authorizerBytes)} KB, ≤ empty + ${TARGETS.authorizerInitMs}`, ok };
  }
  return { target: `≤ own floor + ${TARGETS.overOwnFloorMs}`, ok: over <= TARGETS.overOwnFloorMs };
}

function printTable(rows: Measured[], baselines: Record<Clock, Baselines>, ownFloorOf: (row: Measured) => Measured): void {
  const header = [
    'bundle',
    'KB loaded',
    'KB asset',
    'init ms',
    'Δ floor',
    'Δ own floor',
    'cpu ms',
    'Δ own floor (cpu)',
    'init ms (source maps)',
    'M instr',
    'Δ own floor (M instr)',
    'target',
    'verdict',
    'verdict (cpu)',
  ];
  const lines = rows.map((row) => {
    const isFunction = row.kind === 'function';
    const overOwn = (clock: Clock) => (isFunction ? signed(overOwnFloor(row, clock)) : '');
    const judged = (clock: Clock) => (isFunction ? (verdict(row, clock).ok ? 'ok' : 'MISS') : '');
    return [
      row.name,
      kb(row.bundle.bytes),
      kb(row.bundle.assetBytes),
      ms(initOf(row, 'wall')),
      signed(initOf(row, 'wall') - baselines.wall.floor),
      overOwn('wall'),
      ms(initOf(row, 'cpu')),
      overOwn('cpu'),
      ms(median(row.initWithSourceMapsMs)),
      row.instructions === undefined ? '' : millions(row.instructions),
      isFunction && row.instructions !== undefined ? signedMillions(row.instructions - ownFloorOf(row).instructions!) : '',
      isFunction ? verdict(row, 'wall').target : '',
      judged('wall'),
      judged('cpu'),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i >= header.length - 3 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
}

export interface BundleBenchOptions {
  /** Fresh processes per bundle and mode; the median is reported (at least 7, 15 by default: a 1 ms difference needs them). */
  runs?: number;
  /** Count each import's instructions under callgrind too (about three minutes more), where valgrind is installed. */
  instructions?: boolean;
}

export async function runBundleBench(options: BundleBenchOptions = {}): Promise<void> {
  const runs = Math.max(7, options.runs ?? 15);
  console.log('\n## Bundles: size and module init time (as the stack builds them)');
  console.log(`node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}; median of ${runs} fresh processes each`);

  await rm(BENCH_DIR, { recursive: true, force: true });
  const started = performance.now();
  const functions: Measured[] = await Promise.all(
    functionManifest().map(async ({ handler, access }) => ({
      name: handler,
      bundle: await buildBundle(handler, path.join(BENCH_DIR, 'functions', bundleDirName(handler))),
      kind: 'function' as const,
      access,
      ...noSamples(),
    })),
  );
  const references = await buildReferences(functions);
  console.log(`built ${functions.length} functions and ${references.length} references in ${ms(performance.now() - started)} ms`);

  // Round-robin over bundles, so machine noise spreads evenly instead of hitting one bundle's runs. Every function is
  // imported right after its own floor (which then counts among the floor's runs too); references no function stands
  // on are imported once a round.
  const byLabel = new Map(references.map((r) => [r.name, r]));
  const sample = async (row: Measured) => {
    const plain = await timeImport(row.bundle.file, false);
    row.initMs.push(plain.wall);
    row.initCpuMs.push(plain.cpu);
    return plain;
  };
  const progress = process.stdout.isTTY ? (text: string) => process.stdout.write(`\r${text}`) : () => {};
  for (let i = 0; i < runs; i++) {
    progress(`timing imports: round ${i + 1} of ${runs}`);
    for (const fn of functions) {
      const floorRun = await sample(byLabel.get(fn.ownFloor!)!);
      const run = await sample(fn);
      fn.overOwnFloorMs.push(run.wall - floorRun.wall);
      fn.overOwnFloorCpuMs.push(run.cpu - floorRun.cpu);
      fn.initWithSourceMapsMs.push((await timeImport(fn.bundle.file, true)).wall);
    }
    for (const reference of references) {
      if (reference.initMs.length <= i) await sample(reference);
      if (reference.initWithSourceMapsMs.length <= i)
        reference.initWithSourceMapsMs.push((await timeImport(reference.bundle.file, true)).wall);
    }
  }
  progress('');
  const counting = (options.instructions ?? true) && (await findValgrind());
  if (counting) await countAll([...functions, ...references], progress);
  progress('');

  const floor = references.find((r) => r.name === REFERENCES.floor.label)!;
  const empty = references.find((r) => r.name === REFERENCES.empty.label)!;
  const baselinesOn = (clock: Clock): Baselines => ({ floor: initOf(floor, clock), empty: initOf(empty, clock) });
  const baselines = { wall: baselinesOn('wall'), cpu: baselinesOn('cpu') };
  console.log('');
  printTable([...functions.sort((a, b) => a.name.localeCompare(b.name)), ...references], baselines, (row) => byLabel.get(row.ownFloor!)!);
  console.log(
    'KB loaded: the entry file and the chunks it imports, what a cold start reads; KB asset: every file, with the chunks ' +
      'a function loads on first use (import()).',
  );
  console.log(
    'Δ own floor: against the floor (the empty bundle for the authorizer) plus the AWS and chain clients its manifest ' +
      'access declares (see the references above), the median of per-round differences, each function imported right ' +
      'after its own floor. cpu: the same imports in CPU time (user + system).',
  );
  console.log(
    counting
      ? 'M instr: millions of instructions one process executes importing the bundle (callgrind, one run each; the count ' +
          'repeats within 0.2% on any load); Δ own floor (M instr): the same against its own floor. Compare passes of ' +
          'different days and variants of the code with these; they carry no verdict.'
      : options.instructions === false
        ? 'Instructions not counted (--skip-instructions).'
        : 'Instructions not counted: valgrind is not installed (Debian: apt-get install valgrind).',
  );
  const quartile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * q)]!;
  const spread = (values: number[]) => `${ms(quartile(values, 0.25))}–${ms(quartile(values, 0.75))} ms`;
  console.log(
    `Noise: the floor's runs spread ${spread(floor.initMs)} in wall time, ${spread(floor.initCpuMs)} in CPU time (p25–p75); ` +
      'compare differences of about that size with care, or rerun with more runs.',
  );
  const tableless = functions.filter((fn) => fn.access!.table === undefined && fn.name !== AUTHORIZER_HANDLER);
  if (tableless.length > 0) {
    const over = (fn: Measured, clock: Clock) => signed(initOf(fn, clock) - baselines[clock].empty);
    console.log(
      `Without the table, over the empty bundle (medians): ` +
        tableless.map((fn) => `${fn.name} ${over(fn, 'wall')} ms (${over(fn, 'cpu')} ms CPU)`).join(', '),
    );
  }
  for (const fn of functions) {
    const declared = declaredClients(fn.access!);
    const undeclared: string[] = clientsIn(fn.bundle)
      .filter((name) => !declared.includes(name))
      .map((name) => CLIENTS[name].label);
    if (!fn.access!.table && fn.bundle.inputs.some((input) => input.startsWith('node_modules/@aws-sdk/client-dynamodb/'))) {
      undeclared.unshift('the DynamoDB client');
    }
    if (undeclared.length > 0) {
      console.log(`  note: ${fn.name} bundles ${undeclared.join(', ')}, which its access does not declare`);
    }
  }

  const summary = (clock: Clock) => {
    const missed = functions.filter((fn) => !verdict(fn, clock).ok);
    return (
      `${functions.length - missed.length} of ${functions.length} functions meet theirs` +
      (missed.length > 0 ? `; missed by ${missed.map((fn) => fn.name.replace(/^functions\//, '')).join(', ')}` : '')
    );
  };
  console.log(
    `\nTargets (init without source maps; the source-map column is what Lambda pays with NODE_OPTIONS=--enable-source-maps): ` +
      summary('wall'),
  );
  console.log(`In CPU time: ${summary('cpu')}`);
  const authorizer = functions.find((f) => f.name === AUTHORIZER_HANDLER)!;
  console.log(
    `  ${AUTHORIZER_HANDLER}: ${kb(authorizer.bundle.bytes)} KB (target ≤ ${kb(TARGETS.authorizerBytes)} KB), ` +
      `${ms(overOwnFloor(authorizer, 'wall'))} ms init beyond an empty bundle's ${ms(baselines.wall.empty)} ms ` +
      `(${ms(overOwnFloor(authorizer, 'cpu'))} ms in CPU time; target ≤ ${TARGETS.authorizerInitMs} ms)`,
  );
}

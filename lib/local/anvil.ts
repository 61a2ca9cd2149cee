// Starts a local anvil node (from @foundry-rs/anvil) for `npm start` and the tests, and waits until it answers.
// With a state file, the chain is saved after every block (see `saveOnEveryBlock`), so a killed node loses at most
// the block it was saving: what a real chain's reorg can take back, which the delivery reconciler repairs.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, spawnInOwnGroup, stopperOf } from '#lib/local/child-process.ts';
import { IDLE_POLL_MS, idlePace } from '#lib/local/idle-pace.ts';

const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);

/** anvil's default chain id. */
export const ANVIL_CHAIN_ID = 31337;

export interface RunningAnvil {
  rpcUrl: string;
  port: number;
  process: ChildProcess;
  stop: () => Promise<void>;
  /** Resolves once the state file holds `block` or a later one (at once without a state file). */
  savedThrough: (block: bigint) => Promise<void>;
}

export interface AnvilOptions {
  /** Chain state is loaded from and saved to this file; without it the chain lives in memory. */
  stateFile?: string;
  port?: number;
  /** Started outside this process's group (`spawnInOwnGroup`), as `npm start` does. */
  ownProcessGroup?: boolean;
  /** A block every so many seconds, as a public chain makes them (default: a block per transaction only). */
  blockTimeSeconds?: number;
}

/** The platform binary itself, so that stopping it needs no signal forwarding; the npm wrapper as a fallback. */
function anvilBinary(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const exe = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  try {
    const pkg = require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`);
    const binary = resolve(dirname(pkg), 'bin', exe);
    if (existsSync(binary)) return binary;
  } catch {
    // Not installed for this platform: fall through to the wrapper, which explains what is missing.
  }
  return resolve(PROJECT_ROOT, 'node_modules', '.bin', 'anvil');
}

async function rpc<T>(rpcUrl: string, method: string, timeoutMs = 1000): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error || body.result === undefined) throw new Error(`${method}: ${body.error?.message ?? 'no result'}`);
  return body.result;
}

/**
 * Switches the node from a block per transaction to a block every `seconds` (anvil's `evm_setIntervalMining`), the pace
 * of a public network: a node started with a state file mines by transaction until then, so the start-up's own
 * transactions (deployment, metadata addresses, sample tokens) need not wait for blocks.
 */
export async function mineEvery(rpcUrl: string, seconds: number): Promise<void> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_setIntervalMining', params: [seconds] }),
  });
  const body = (await response.json()) as { error?: { message: string } };
  if (body.error) throw new Error(`evm_setIntervalMining: ${body.error.message}`);
}

async function answers(rpcUrl: string): Promise<boolean> {
  try {
    await rpc(rpcUrl, 'eth_chainId');
    return true;
  } catch {
    return false;
  }
}

/** How often the saver looks for a new block. */
const BLOCK_POLL_MS = 50;

/**
 * Saves the chain to `stateFile` after every new block: anvil's own `--state-interval` saves every few seconds at best
 * (a kill then rolled back every block of that window) and writes the file in place (a kill mid-write spoils it).
 * Here the state comes from `anvil_dumpState` (gzip JSON, the format `--load-state` reads), is written beside the
 * file and renamed over it, so the file always holds a whole state. Measured on a 2-core machine: 3 ms for a fresh
 * chain, 25 ms after 200 transactions, 110 ms after 1 000 (it grows with the history); blocks mined during a save are
 * covered by the next one.
 */
function saveOnEveryBlock(rpcUrl: string, stateFile: string) {
  let saved = -1n;
  let running = true;
  let failures = 0;
  const waiters: { block: bigint; done: () => void }[] = [];
  const save = async () => {
    const block = BigInt(await rpc<string>(rpcUrl, 'eth_blockNumber'));
    if (block <= saved) return;
    const dump = await rpc<string>(rpcUrl, 'anvil_dumpState', 30_000);
    // The dump reflects at least `block` (read before it).
    const temporary = `${stateFile}.saving`;
    writeFileSync(temporary, gunzipSync(Buffer.from(dump.slice(2), 'hex')));
    renameSync(temporary, stateFile);
    saved = block;
    for (const waiter of waiters.splice(0)) {
      if (waiter.block <= saved) waiter.done();
      else waiters.push(waiter);
    }
  };
  // Less often while no block comes (up to IDLE_POLL_MS): this process's activity (a pass of its pollers that may have
  // sent a transaction) and a caller waiting for a save shorten the wait at once.
  const pace = idlePace({ busyMs: BLOCK_POLL_MS, idleMs: IDLE_POLL_MS });
  const loop = (async () => {
    while (running) {
      let savedOne = false;
      try {
        const before = saved;
        await save();
        savedOne = saved > before;
        failures = 0;
      } catch (error) {
        // The node stopping (or busy for a moment): the next pass saves what this one could not.
        if (running && ++failures === 20) console.error(`Local chain state not saved: ${(error as Error).message}`);
      }
      if (running) await pace.rest(savedOne || waiters.length > 0);
    }
  })();
  return {
    savedThrough: (block: bigint) => {
      if (block <= saved) return Promise.resolve();
      const savedThen = new Promise<void>((done) => waiters.push({ block, done }));
      pace.wake();
      return savedThen;
    },
    /** Stops watching, after one last save while the node still answers. */
    finish: async () => {
      running = false;
      pace.close();
      await loop;
      await save().catch(() => undefined);
    },
  };
}

export async function startAnvil(options: AnvilOptions = {}): Promise<RunningAnvil> {
  const port = options.port ?? (await freePort());
  const args = ['--port', String(port), '--host', '127.0.0.1', '--chain-id', String(ANVIL_CHAIN_ID), '--silent'];
  if (options.blockTimeSeconds !== undefined) args.push('--block-time', String(options.blockTimeSeconds));
  const stateFile = options.stateFile ? resolve(options.stateFile) : null;
  if (stateFile) {
    mkdirSync(dirname(stateFile), { recursive: true });
    // Loaded here, saved by this process after every block (saveOnEveryBlock), not by anvil itself.
    if (existsSync(stateFile)) args.push('--load-state', stateFile);
  }
  const child = (options.ownProcessGroup ? spawnInOwnGroup : spawn)(anvilBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const stopChild = stopperOf(child, 'SIGINT');
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));

  const rpcUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (!(await answers(rpcUrl))) {
    if (spawnError) throw new Error(`Could not start anvil: ${spawnError.message}`);
    if (child.exitCode !== null) throw new Error(`anvil exited (${child.exitCode}): ${output.trim()}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`anvil did not answer within 30 s: ${output.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const saver = stateFile ? saveOnEveryBlock(rpcUrl, stateFile) : null;
  const stop = async () => {
    await saver?.finish();
    await stopChild();
  };
  return { rpcUrl, port, process: child, stop, savedThrough: saver ? saver.savedThrough : async () => undefined };
}

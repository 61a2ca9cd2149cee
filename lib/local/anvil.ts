// Starts a local anvil node (from @foundry-rs/anvil) for `npm start` and the tests, and waits until it answers.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, stopperOf } from '#lib/local/child-process.ts';

const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);

/** anvil's default chain id. */
export const ANVIL_CHAIN_ID = 31337;

export interface RunningAnvil {
  rpcUrl: string;
  port: number;
  process: ChildProcess;
  stop: () => Promise<void>;
}

export interface AnvilOptions {
  /** Chain state is loaded from and saved to this file; without it the chain lives in memory. */
  stateFile?: string;
  port?: number;
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

async function answers(rpcUrl: string): Promise<boolean> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

export async function startAnvil(options: AnvilOptions = {}): Promise<RunningAnvil> {
  const port = options.port ?? (await freePort());
  const args = ['--port', String(port), '--host', '127.0.0.1', '--chain-id', String(ANVIL_CHAIN_ID), '--silent'];
  if (options.stateFile) {
    const stateFile = resolve(options.stateFile);
    mkdirSync(dirname(stateFile), { recursive: true });
    // Saved on exit and every few seconds, so even a killed process loses at most a few seconds of chain.
    args.push('--state', stateFile, '--state-interval', '5');
  }
  const child = spawn(anvilBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  // SIGINT lets anvil write its state file before it exits.
  const stop = stopperOf(child, 'SIGINT');
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
  return { rpcUrl, port, process: child, stop };
}

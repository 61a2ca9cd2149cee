// Stopping `npm start` the way people do: `kill <pid of npm start>` (SIGTERM to npm itself), Ctrl-C's SIGINT, and the
// SIGHUP of a closed terminal, each sent to npm's own process. Every process it started must be gone afterwards,
// and every port free.
import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '#lib/local/child-process.ts';

const started: ChildProcess[] = [];
const leftovers: number[] = [];

afterEach(() => {
  // A failed test must not leave a server behind: kill what is left of its process tree.
  for (const pid of leftovers.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Every process below `pid`, from the process table. */
function descendants(pid: number): number[] {
  const table = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of table) {
      if (ppid === parent) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

const runs = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const portOpen = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
  });

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'plaque-signals-'));

describe('stopping npm start', () => {
  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)(
    '%s to the npm process stops the server, DynamoDB Local and anvil, and frees their ports',
    async (signal) => {
      const ports = { PORT: await freePort(), DYNAMODB_PORT: await freePort(), ANVIL_PORT: await freePort() };
      const npm = spawn('npm', ['start'], {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'WARN',
          ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      started.push(npm);
      let output = '';
      npm.stdout!.on('data', (c) => (output += c));
      npm.stderr!.on('data', (c) => (output += c));
      await waitFor(() => /listening on http/.test(output) || npm.exitCode !== null, 'npm start to listen', 90_000).catch(
        (error: Error) => {
          throw new Error(`${error.message}\n${output}`);
        },
      );
      expect(output).toMatch(/listening on http/);

      const tree = descendants(npm.pid!);
      leftovers.push(...tree);
      // npm's shell execs the server process, which runs DynamoDB Local (java) and anvil.
      const commands = tree.map((pid) => execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).trim());
      expect(commands.some((c) => c.includes('lib/local/start.ts'))).toBe(true);
      expect(commands.some((c) => c.startsWith('java'))).toBe(true);
      expect(commands.some((c) => c.includes('anvil'))).toBe(true);
      for (const port of Object.values(ports)) expect(await portOpen(port), `port ${port}`).toBe(true);

      process.kill(npm.pid!, signal);
      await waitFor(() => tree.every((pid) => !runs(pid)), `every process of npm start to exit after ${signal}`).catch((error: Error) => {
        throw new Error(`${error.message}: still running ${tree.filter(runs).join(', ')}\n${output}`);
      });
      for (const port of Object.values(ports)) expect(await portOpen(port), `port ${port}`).toBe(false);
      // The data folder is free for the next start, and the stop said so.
      expect(existsSync(join(dataDir, 'runtime.json'))).toBe(false);
      expect(output).toContain(`Stopped. The data is kept in ${dataDir}.`);
    },
    150_000,
  );
});

// Stopping `npm start` the way people do: `kill <pid of npm start>` (SIGTERM to npm itself), Ctrl-C's SIGINT, and the
// SIGHUP of a closed terminal, each sent to npm's own process; Ctrl-C as a terminal sends it, to every process of the
// foreground job; signals that come again during the stop; and the server process killed outright. Every process it
// started must be gone afterwards, and every port free.
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

interface Started {
  npm: ChildProcess;
  output: () => string;
  /** Resolves as soon as the output holds `text`. */
  printed: (text: string) => Promise<void>;
  /** npm, the server process, DynamoDB Local's Java and anvil. */
  tree: number[];
  /** The server process (lib/local/start.ts). */
  server: number;
  ports: Record<string, number>;
}

/** `npm start` on the test's data folder, free ports, until it listens; `ownGroup`: as a terminal's foreground job. */
async function startNpm(ownGroup = false): Promise<Started> {
  const ports = { PORT: await freePort(), DYNAMODB_PORT: await freePort(), ANVIL_PORT: await freePort() };
  const npm = spawn('npm', ['start'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'WARN',
      ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: ownGroup,
  });
  started.push(npm);
  let output = '';
  npm.stdout!.on('data', (c) => (output += c));
  npm.stderr!.on('data', (c) => (output += c));
  const printed = (text: string) =>
    new Promise<void>((done) => {
      const check = () => output.includes(text) && (npm.stdout!.off('data', check), done());
      npm.stdout!.on('data', check);
      check();
    });
  await waitFor(() => /listening on http/.test(output) || npm.exitCode !== null, 'npm start to listen', 90_000).catch((error: Error) => {
    throw new Error(`${error.message}\n${output}`);
  });
  expect(output).toMatch(/listening on http/);

  const tree = descendants(npm.pid!);
  leftovers.push(...tree);
  // npm's shell execs the server process, which runs DynamoDB Local (java) and anvil.
  const commands = tree.map((pid) => [pid, execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).trim()] as const);
  const server = commands.find(([, c]) => c.includes('lib/local/start.ts'))?.[0];
  expect(server).toBeDefined();
  expect(commands.some(([, c]) => c.startsWith('java'))).toBe(true);
  expect(commands.some(([, c]) => c.includes('anvil'))).toBe(true);
  for (const port of Object.values(ports)) expect(await portOpen(port), `port ${port}`).toBe(true);
  return { npm, output: () => output, printed, tree: [npm.pid!, ...tree], server: server!, ports };
}

/** Waits until every process of the start is gone and every port free; `released`: the stop gave up the data folder. */
async function gone({ tree, ports, output }: Started, after: string, released = true): Promise<void> {
  await waitFor(() => tree.every((pid) => !runs(pid)), `every process of npm start to exit after ${after}`).catch((error: Error) => {
    throw new Error(`${error.message}: still running ${tree.filter(runs).join(', ')}\n${output()}`);
  });
  for (const port of Object.values(ports)) expect(await portOpen(port), `port ${port}`).toBe(false);
  // The data folder is free for the next start (a killed one leaves its record, which the next start sees is stale).
  expect(existsSync(join(dataDir, 'runtime.json'))).toBe(!released);
}

describe('stopping npm start', () => {
  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)(
    '%s to the npm process stops the server, DynamoDB Local and anvil, and frees their ports',
    async (signal) => {
      const run = await startNpm();
      process.kill(run.npm.pid!, signal);
      await gone(run, signal);
      expect(run.output()).toContain(`Stopped. The data is kept in ${dataDir}.`);
    },
    150_000,
  );

  it('stops cleanly on Ctrl-C at a terminal: SIGINT to every process of the foreground job, npm forwarding it too', async () => {
    const run = await startNpm(true);
    process.kill(-run.npm.pid!, 'SIGINT');
    await gone(run, 'SIGINT to the process group');
    // The stop ran to its end: nothing was cut short, and nothing failed for want of the database or the chain.
    expect(run.output()).toContain(`Stopped. The data is kept in ${dataDir}.`);
    expect(run.output()).not.toMatch(/ERROR|Stopping at once/);
  }, 150_000);

  // Each signal is sent once the one before it was taken in: signals sent together arrive as one.
  it('lets a second signal wait for the stop under way, and stops at once on a third, saying so', async () => {
    const twice = await startNpm(true);
    process.kill(twice.server, 'SIGINT');
    await twice.printed('Stopping (SIGINT)');
    process.kill(twice.server, 'SIGINT');
    await gone(twice, 'two SIGINTs');
    expect(twice.output()).toContain('Still stopping (SIGINT again)');
    expect(twice.output()).toContain(`Stopped. The data is kept in ${dataDir}.`);

    const thrice = await startNpm(true);
    process.kill(thrice.server, 'SIGINT');
    await thrice.printed('Stopping (SIGINT)');
    process.kill(thrice.server, 'SIGINT');
    await thrice.printed('Still stopping');
    process.kill(thrice.server, 'SIGINT');
    await gone(thrice, 'three SIGINTs');
    expect(thrice.output()).toContain('Stopping at once (SIGINT, the third signal)');
    expect(thrice.output()).not.toContain('Stopped. The data is kept');
  }, 240_000);

  it('takes DynamoDB Local and anvil down with a server process killed outright', async () => {
    const run = await startNpm(true);
    process.kill(run.server, 'SIGKILL');
    await gone(run, 'SIGKILL to the server process', false);
  }, 150_000);
});

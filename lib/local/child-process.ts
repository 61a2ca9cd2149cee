// The processes the local runtime starts (DynamoDB Local, anvil): a free port to give each, a process group of their
// own, and one way to stop them.
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createServer } from 'node:net';

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Whether nothing listens on `port` of 127.0.0.1 (the address the local servers bind). */
export async function portIsFree(port: number): Promise<boolean> {
  return new Promise((answer) => {
    const server = createServer();
    server.unref();
    server.once('error', () => answer(false));
    server.listen(port, '127.0.0.1', () => server.close(() => answer(true)));
  });
}

/** util-linux's `setpriv`, when this machine has it (every Linux distribution's util-linux since 2.33). */
let setprivFound: boolean | undefined;
const hasSetpriv = () => (setprivFound ??= process.platform === 'linux' && spawnSync('setpriv', ['--version']).status === 0);

/**
 * Spawns `command` in a process group of its own, so what a terminal sends its foreground job (Ctrl-C's SIGINT to
 * every process of the group) reaches only the parent, which then stops its children in its own order. Outside the
 * parent's group nothing would take the child down with a parent killed outright (kill -9 of the process or of its
 * group), so on Linux the child is started through `setpriv --pdeathsig SIGKILL`: the kernel kills it when the parent
 * ends, however it ends. Without setpriv the child stays in the parent's group, as any spawned process does.
 * Spawn from the main thread: the kernel ties that signal to the thread that spawned.
 */
export function spawnInOwnGroup(command: string, args: readonly string[], options: SpawnOptions): ChildProcess {
  if (!hasSetpriv()) return spawn(command, args, options);
  return spawn('setpriv', ['--pdeathsig', 'SIGKILL', '--', command, ...args], { ...options, detached: true });
}

/** How long a child gets to exit after its stop signal before it is killed outright. */
const STOP_GRACE_MS = 5000;

/**
 * The stop function of a child just spawned: sends `signal` (the one that lets the program save its state), then
 * SIGKILL if it is still running after `graceMs`, and resolves once it has exited. Stopping twice, or stopping a child
 * that exited on its own or never started, resolves at once. Call it right after spawning: the exit is watched from then.
 */
export function stopperOf(child: ChildProcess, signal: NodeJS.Signals, graceMs = STOP_GRACE_MS): () => Promise<void> {
  const exited = new Promise<void>((done) => {
    child.once('exit', () => done());
    // A process that could not be spawned never emits 'exit'.
    child.once('error', () => {
      if (child.pid === undefined) done();
    });
  });
  return async () => {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };
}

// The processes the local runtime starts (DynamoDB Local, anvil): a free port to give each, and one way to stop them.
import type { ChildProcess } from 'node:child_process';
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

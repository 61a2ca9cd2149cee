// Stopping the processes the local runtime starts: the program's own stop signal first, SIGKILL when it lingers.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { freePort, stopperOf } from '#lib/local/child-process.ts';

/** A node process that prints "ready" once its signal handlers are installed, then runs until stopped. */
function aChild(script: string) {
  const child = spawn(process.execPath, ['-e', `${script}; console.log('ready'); setInterval(() => {}, 1000);`], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise<void>((done) => child.stdout.once('data', () => done()));
  return { child, ready };
}

describe('stopping a child process', () => {
  it('sends the given signal and resolves once the child has exited', async () => {
    const { child, ready } = aChild(`process.on('SIGINT', () => { console.log('saved'); process.exit(7); })`);
    const stop = stopperOf(child, 'SIGINT');
    await ready;
    await stop();
    expect(child.exitCode).toBe(7);
  });

  it('kills a child that ignores its stop signal once the grace period is over', async () => {
    const { child, ready } = aChild(`process.on('SIGTERM', () => {})`);
    const stop = stopperOf(child, 'SIGTERM', 200);
    await ready;
    await stop();
    expect(child.signalCode).toBe('SIGKILL');
  });

  it('resolves at once when stopped twice, or when the child already exited on its own', async () => {
    const { child, ready } = aChild(`process.on('SIGTERM', () => process.exit(0))`);
    const stop = stopperOf(child, 'SIGTERM');
    await ready;
    await Promise.all([stop(), stop()]);
    await stop();
    expect(child.exitCode).toBe(0);

    const quick = spawn(process.execPath, ['-e', 'process.exit(3)']);
    const stopQuick = stopperOf(quick, 'SIGTERM');
    await new Promise((done) => quick.once('exit', done));
    await stopQuick();
    expect(quick.exitCode).toBe(3);
  });

  it('resolves when the program could not be started at all', async () => {
    const missing = spawn('/nonexistent/program');
    const stop = stopperOf(missing, 'SIGTERM');
    await new Promise((done) => missing.once('error', done));
    await stop();
    expect(missing.pid).toBeUndefined();
  });

  it('finds a port nothing listens on', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });
});

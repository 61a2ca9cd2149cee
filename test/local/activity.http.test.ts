// The local server wakes the runtime's idle pollers after a write it answered (the code mail sender then reads the
// stream at once), and leaves them resting after a read, by GET or by a POST whose operation only reads: the listing's
// queries do not make the pollers run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { idlePace, type IdlePace } from '#lib/local/idle-pace.ts';
import { freshTable } from '../support/db.ts';

let server: LocalServer;
let pace: IdlePace;

beforeAll(async () => {
  server = await startLocalServer({ ctx: await freshTable(), port: 0 });
  // A poller resting for ten minutes: only this process's activity ends its wait within a test.
  pace = idlePace({ busyMs: 600_000 });
});
afterAll(async () => {
  pace?.close();
  await server?.close();
});

/** Whether the wait ended by the time the answer arrived and the event loop turned once more. */
async function endedBy(wait: Promise<unknown>, request: () => Promise<Response>): Promise<{ status: number; ended: boolean }> {
  let ended = false;
  void wait.then(() => (ended = true));
  const response = await request();
  await response.arrayBuffer();
  await new Promise((resolve) => setImmediate(resolve));
  return { status: response.status, ended };
}

describe('the local server and the idle pollers', () => {
  it('ends their wait after a read only once a write is answered', async () => {
    const wait = pace.rest(false);
    expect(await endedBy(wait, () => fetch(`${server.url}/plaques/featured?limit=1`))).toEqual({ status: 200, ended: false });
    // A POST that only reads (the listing's JSON-body twin): its operation writes nothing a poller waits for.
    expect(
      await endedBy(wait, () =>
        fetch(`${server.url}/plaques/featured`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ limit: 1 }),
        }),
      ),
    ).toEqual({ status: 200, ended: false });
    expect(
      await endedBy(wait, () =>
        fetch(`${server.url}/auth/email-verification-code`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'activity@example.com' }),
        }),
      ),
    ).toEqual({ status: 202, ended: true });
  });
});

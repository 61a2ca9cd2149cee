// The code mail sender for a test file's table, as `npm start` runs it (lib/local/code-mail-runtime.ts): a requested
// code reaches the outbox only through it. `codeMailsSent()` waits until every code requested so far was handled.
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { startLocalCodeMail } from '#lib/local/code-mail-runtime.ts';
import type { StreamPoller } from '#lib/local/stream-poller.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { dbOf } from '#lib/db/client.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

const running = new Set<StreamPoller>();

/** Starts the sender on the context's table (the context must be the installed one, as `freshTable` leaves it). */
export async function startCodeMail(ctx: AppContext, options: { retryDelayMs?: number } = {}): Promise<StreamPoller> {
  const poller = await startLocalCodeMail({
    projectRoot: PROJECT_ROOT,
    db: dbOf(ctx),
    dynamoEndpoint: inject('dynamoEndpoint'),
    region: 'us-east-1',
    tableName: ctx.tableName,
    retryDelayMs: options.retryDelayMs ?? 50,
  });
  running.add(poller);
  return poller;
}

/** Resolves once every code requested before the call was mailed (or its record failed every attempt). */
export async function codeMailsSent(): Promise<void> {
  await Promise.all([...running].map((poller) => poller.drain()));
}

export async function stopCodeMail(): Promise<void> {
  const pollers = [...running];
  running.clear();
  await Promise.all(pollers.map((poller) => poller.stop()));
}

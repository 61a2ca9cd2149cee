// The code mail sender for a test file's table, as `npm start` runs it (lib/local/code-mail-runtime.ts): a requested
// code reaches the outbox only through it. `codeMailsSent()` waits until every code requested so far was handled.
import { fileURLToPath } from 'node:url';
import { ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { startLocalCodeMail } from '#lib/local/code-mail-runtime.ts';
import type { StreamPoller } from '#lib/local/stream-poller.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { dbOf } from '#lib/db/client.ts';
import { MAIL_STATE } from '#lib/db/verification-code-repo.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Sender {
  poller: StreamPoller;
  db: DynamoDBDocumentClient;
  tableName: string;
}

const running = new Set<Sender>();

/** Longest wait for a requested code's mail: the stream may show a write a moment after it returned, more so under load. */
const MAIL_WAIT_MS = 15_000;

/** Starts the sender on the context's table (the context must be the installed one, as `freshTable` leaves it). */
export async function startCodeMail(ctx: AppContext, options: { retryDelayMs?: number } = {}): Promise<StreamPoller> {
  const poller = await startLocalCodeMail({
    projectRoot: PROJECT_ROOT,
    dynamoEndpoint: inject('dynamoEndpoint'),
    region: 'us-east-1',
    tableName: ctx.tableName,
    retryDelayMs: options.retryDelayMs ?? 50,
  });
  running.add({ poller, db: dbOf(ctx), tableName: ctx.tableName });
  return poller;
}

/** Whether a code of the sender's table still waits for its mail (a test table is small: a scan reads it quickly). */
async function mailPending({ db, tableName }: Sender): Promise<boolean> {
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: '#state = :pending',
        ExpressionAttributeNames: { '#state': MAIL_STATE.attribute },
        ExpressionAttributeValues: { ':pending': MAIL_STATE.pending },
        Select: 'COUNT',
        ExclusiveStartKey: start,
      }),
    );
    if ((out.Count ?? 0) > 0) return true;
    start = out.LastEvaluatedKey;
  } while (start);
  return false;
}

/**
 * Resolves once every code requested before the call was mailed: the sender has drained the table's stream and no code
 * waits for its mail any more. Draining alone can return before a write the stream does not show yet; a code whose
 * mail fails every attempt is given up after MAIL_WAIT_MS.
 */
export async function codeMailsSent(): Promise<void> {
  const deadline = Date.now() + MAIL_WAIT_MS;
  for (const sender of running) {
    for (;;) {
      await sender.poller.drain();
      if (!(await mailPending(sender)) || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

export async function stopCodeMail(): Promise<void> {
  const senders = [...running];
  running.clear();
  await Promise.all(senders.map(({ poller }) => poller.stop()));
}

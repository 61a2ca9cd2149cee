// Faults DynamoDB Local never raises, injected with an AWS SDK middleware on the real client: throttling, capacity,
// transaction conflicts, timeouts (before or after the request was applied).
import {
  ProvisionedThroughputExceededException,
  ThrottlingException,
  TransactionCanceledException,
  TransactionConflictException,
} from '@aws-sdk/client-dynamodb';
import { dbOf } from '#lib/db/client.ts';
import type { AppContext } from '#lib/runtime/context.ts';

let interceptors = 0;

/**
 * Runs `around` in place of every `command` (e.g. 'TransactWriteItemsCommand'; '*' for all) the context's real
 * DynamoDB client sends, as an AWS SDK middleware; `send` sends the real request. Returns the function that removes it.
 */
export function intercept(
  ctx: Pick<AppContext, 'db'>,
  command: string,
  around: (send: () => Promise<unknown>, input: any, command: string) => Promise<unknown>,
): () => void {
  const name = `test-intercept-${interceptors++}`;
  dbOf(ctx).middlewareStack.add(
    (next, context) => async (args) => {
      if (command !== '*' && context.commandName !== command) return next(args);
      return (await around(() => next(args), args.input, context.commandName ?? '')) as Awaited<ReturnType<typeof next>>;
    },
    { step: 'initialize', name },
  );
  return () => {
    dbOf(ctx).middlewareStack.remove(name);
  };
}

export const interceptTransactions = (ctx: Pick<AppContext, 'db'>, around: (send: () => Promise<unknown>) => Promise<unknown>) =>
  intercept(ctx, 'TransactWriteItemsCommand', around);

const metadata = { $metadata: {} };

export const throughputExceeded = () =>
  new ProvisionedThroughputExceededException({
    ...metadata,
    message: 'The level of configured provisioned throughput for the table was exceeded.',
  });

export const throttled = () => new ThrottlingException({ ...metadata, message: 'Rate of requests exceeds the allowed throughput.' });

/** A cancelled transaction whose reasons are `codes`, one per item. */
export const cancellation = (...codes: string[]) =>
  new TransactionCanceledException({
    ...metadata,
    message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`,
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

/** What a single-item write gets when a transaction holds the item. */
export const transactionConflict = () => new TransactionConflictException({ ...metadata, message: 'Transaction is ongoing for the item' });

/** The SDK's own request timeout. */
export const timeout = () => Object.assign(new Error('Connection timed out after 3000 ms'), { name: 'TimeoutError' });

// The one way to run a TransactWriteItems: DynamoDB's cancellation reasons are mapped item by item (as ElectroDB's
// transactions do), so each caller reads its own items' answers and gives them its domain's meaning.
// Throttling and timeouts are not answers but failures, classified on the client (lib/db/failures.ts): they are
// thrown as DatabaseUnavailable, whose `outcomeUnknown` tells a caller that the transaction may have been applied.
import { TransactWriteCommand, type DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { DatabaseConflict } from '#lib/db/failures.ts';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

type Item = Record<string, unknown>;

/** One item's part in a cancelled transaction, at the item's own position. */
interface ItemOutcome {
  /** DynamoDB's reason code: `None` for an item that was not the cause, `ConditionalCheckFailed`, ... */
  code: string;
  /** The item's condition failed. */
  rejected: boolean;
  /** The item as it stood when its condition failed, where the item asked for ALL_OLD; else null. */
  item: Item | null;
}

/**
 * `written`: every item written. `refused`: at least one item's condition failed, nothing written; `items[i]` is
 * item i's outcome. `conflict`: another transaction or write held one of the items (still so after the retries asked
 * for), nothing written.
 */
export type TransactionResult = { kind: 'written' } | { kind: 'refused'; items: ItemOutcome[] } | { kind: 'conflict' };

export interface TransactionOptions {
  /** Times a transaction that only lost a race is sent again, after a short random pause (default 0). */
  conflictRetries?: number;
}

interface Cancellation {
  name?: string;
  CancellationReasons?: { Code?: string; Item?: Parameters<typeof unmarshall>[0] }[];
}

const pause = (attempt: number) => new Promise((r) => setTimeout(r, 10 * 2 ** attempt + Math.random() * 20));

export async function transactWrite(
  db: DynamoDBDocumentClient,
  items: TransactItem[],
  options: TransactionOptions = {},
): Promise<TransactionResult> {
  const retries = options.conflictRetries ?? 0;
  for (let attempt = 0; ; attempt++) {
    try {
      await db.send(new TransactWriteCommand({ TransactItems: items }));
      return { kind: 'written' };
    } catch (error) {
      if (error instanceof DatabaseConflict) {
        if (attempt >= retries) return { kind: 'conflict' };
        await pause(attempt);
        continue;
      }
      const cancelled = error as Cancellation;
      if (cancelled?.name !== 'TransactionCanceledException') throw error;
      const outcomes = items.map((_, i): ItemOutcome => {
        const reason = cancelled.CancellationReasons?.[i];
        const code = reason?.Code ?? 'None';
        return { code, rejected: code === 'ConditionalCheckFailed', item: reason?.Item ? unmarshall(reason.Item) : null };
      });
      // Anything but failed conditions (a validation error, an item collection too large) is a fault, not an answer.
      if (!outcomes.some((o) => o.rejected)) throw error;
      return { kind: 'refused', items: outcomes };
    }
  }
}

/** Whether item `index` of a refused transaction failed its condition. */
export const rejectedAt = (result: TransactionResult, index: number): boolean =>
  result.kind === 'refused' && result.items[index]?.rejected === true;

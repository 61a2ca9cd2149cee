// The one reading of a conditional write: a failed condition is an answer, not an error, and the caller turns either
// outcome into its own domain's answer. With `ReturnValuesOnConditionCheckFailure: 'ALL_OLD'` the refusal carries the
// item that blocked the write, so a caller that needs it does not read it again (Powertools' idempotency layer does
// the same). Every repository answers its writes (these and its transactions, lib/db/transaction.ts) in one of two
// shapes, so callers read them all alike: `boolean` when the only answer is whether the condition held (`conditionHeld`);
// an answer with more to say (a refusal named for its cause, or data) is a `{ kind: '…' }` union, data beside `kind`.
import type {
  DeleteCommand,
  DeleteCommandOutput,
  DynamoDBDocumentClient,
  PutCommand,
  PutCommandOutput,
  UpdateCommand,
  UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';

type Item = Record<string, unknown>;

type WriteCommand = PutCommand | UpdateCommand | DeleteCommand;
type OutputOf<C extends WriteCommand> = C extends PutCommand
  ? PutCommandOutput
  : C extends UpdateCommand
    ? UpdateCommandOutput
    : DeleteCommandOutput;

/**
 * How a caller reads its write's outcome: `written` with the command's output when the condition held; `refused`
 * with the item as it stood when the condition failed — when the command asked for ALL_OLD and the item exists —
 * else null.
 */
export interface ConditionalAnswers<Output, T> {
  written: (output: Output) => T;
  refused: (current: Item | null) => T;
}

/** The answers of a caller that needs only whether the condition held (and the write was made). */
export const conditionHeld: ConditionalAnswers<unknown, boolean> = { written: () => true, refused: () => false };

interface ConditionFailure {
  name?: string;
  /** In DynamoDB's own format: the document client does not translate errors. */
  Item?: Parameters<typeof unmarshall>[0];
}

/** Sends the write and answers with the caller's reading of it; every failure but the condition's is thrown. */
export async function conditionalWrite<C extends WriteCommand, T>(
  db: DynamoDBDocumentClient,
  command: C,
  answers: ConditionalAnswers<OutputOf<C>, T>,
): Promise<T> {
  let output: OutputOf<C>;
  try {
    output = (await db.send(command as PutCommand)) as OutputOf<C>;
  } catch (error) {
    const failure = error as ConditionFailure;
    if (failure?.name !== 'ConditionalCheckFailedException') throw error;
    return answers.refused(failure.Item ? unmarshall(failure.Item) : null);
  }
  return answers.written(output);
}

// The one reading of a conditional write: a failed condition is an answer, not an error. With
// `ReturnValuesOnConditionCheckFailure: 'ALL_OLD'` the answer carries the item that blocked the write, so a caller
// that needs it does not read it again (Powertools' idempotency layer does the same).
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

/**
 * `written`: the condition held, with the command's output. Otherwise `current` is the item as it stood when the
 * condition failed — when the command asked for ALL_OLD and the item exists — else null.
 */
export type ConditionalWrite<Output> = { written: true; output: Output } | { written: false; current: Item | null };

type WriteCommand = PutCommand | UpdateCommand | DeleteCommand;
type OutputOf<C extends WriteCommand> = C extends PutCommand
  ? PutCommandOutput
  : C extends UpdateCommand
    ? UpdateCommandOutput
    : DeleteCommandOutput;

interface ConditionFailure {
  name?: string;
  /** In DynamoDB's own format: the document client does not translate errors. */
  Item?: Parameters<typeof unmarshall>[0];
}

export async function conditionalWrite<C extends WriteCommand>(
  db: DynamoDBDocumentClient,
  command: C,
): Promise<ConditionalWrite<OutputOf<C>>> {
  try {
    const output = await db.send(command as PutCommand);
    return { written: true, output: output as OutputOf<C> };
  } catch (error) {
    const failure = error as ConditionFailure;
    if (failure?.name !== 'ConditionalCheckFailedException') throw error;
    return { written: false, current: failure.Item ? unmarshall(failure.Item) : null };
  }
}

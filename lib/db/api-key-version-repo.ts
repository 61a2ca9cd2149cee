// The only module that speaks DynamoDB for an API key's pinned version: moving it, in a transaction other items may
// join (the audit log's entry of the move).
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { apiKeyKey } from '#lib/db/keys.ts';
import { transactWrite, type TransactItem } from '#lib/db/transaction.ts';
import type { ApiVersion } from '#lib/versions/versions.ts';

/** `moved` (also when it was pinned there already); `not-found`: unknown, or another user's key. */
export type MoveVersionOutcome = { kind: 'moved' } | { kind: 'not-found' };

export const apiKeyVersionRepo = (db: DynamoDBDocumentClient, tableName: string) => ({
  /** Pins the user's key `id` to `version`, with `also` (items the same transaction writes too), only if the key is the user's. */
  moveVersion(id: string, userId: number, version: ApiVersion, also: TransactItem[] = []): Promise<MoveVersionOutcome> {
    return transactWrite<MoveVersionOutcome>(
      db,
      [
        {
          Update: {
            TableName: tableName,
            Key: apiKeyKey(id),
            UpdateExpression: 'SET version = :version',
            ConditionExpression: 'attribute_exists(pk) AND userId = :user',
            ExpressionAttributeValues: { ':version': version, ':user': userId },
          },
        },
        ...also,
      ],
      {
        written: () => ({ kind: 'moved' }),
        refused: (refusal) => {
          // An item that joined the move has its own condition; its refusal is its caller's fault to find, not an answer.
          if (!refusal.rejected(0)) throw new Error(`an item written with the version move of API key ${id} was refused`);
          return { kind: 'not-found' };
        },
      },
      { conflictRetries: 2 },
    );
  },
});

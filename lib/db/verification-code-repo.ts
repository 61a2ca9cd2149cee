// The only module that speaks DynamoDB for verification codes: one pending code per address, its tries, its spending.
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ENTITY, verificationCodeKey } from '#lib/db/keys.ts';
import { conditionalWrite } from '#lib/db/conditional-write.ts';
import type { PendingCode } from '#lib/accounts/verification-code.ts';

type Item = Record<string, unknown>;

/** Expired codes linger this long before TTL deletion (expiry itself is checked in code: TTL deletion lags). */
const TTL_GRACE_SECONDS = 24 * 60 * 60;

export function toItem(code: PendingCode): Item {
  return {
    ...verificationCodeKey(code.email),
    entity: ENTITY.verificationCode,
    ...code,
    ttl: Math.ceil(Date.parse(code.expiresAt) / 1000) + TTL_GRACE_SECONDS,
  };
}

export function fromItem(item: Item): PendingCode {
  const { pk: _pk, sk: _sk, entity: _e, ttl: _ttl, ...record } = item;
  return record as unknown as PendingCode;
}

export const verificationCodeRepo = (db: DynamoDBDocumentClient, tableName: string) => {
  const get = async (email: string): Promise<PendingCode | null> => {
    const out = await db.send(new GetCommand({ TableName: tableName, Key: verificationCodeKey(email), ConsistentRead: true }));
    return out.Item ? fromItem(out.Item) : null;
  };
  return {
    get,

    /** Stores a new code for its address, replacing any earlier one (and its tries). */
    async put(code: PendingCode): Promise<void> {
      await db.send(new PutCommand({ TableName: tableName, Item: toItem(code) }));
    },

    /**
     * Counts one try on the code with digest `digest`, in one conditional update: at most `max` tries are ever
     * granted, however many arrive at once. → the tries counted so far, this one included; or 'locked' when
     * `max` were already granted; or 'gone' when that code was replaced or spent meanwhile.
     */
    async takeAttempt(email: string, digest: string, max: number): Promise<number | 'locked' | 'gone'> {
      const result = await conditionalWrite(
        db,
        new UpdateCommand({
          TableName: tableName,
          Key: verificationCodeKey(email),
          UpdateExpression: 'SET attempts = attempts + :one',
          ConditionExpression: 'digest = :digest AND attempts < :max',
          ExpressionAttributeValues: { ':one': 1, ':digest': digest, ':max': max },
          ReturnValues: 'UPDATED_NEW',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      if (result.written) return Number(result.output.Attributes!.attempts);
      const current = result.current ? fromItem(result.current) : null;
      return current && current.digest === digest ? 'locked' : 'gone';
    },

    /** Deletes the code if it is still the one with `digest`: true for exactly one caller. */
    async spend(email: string, digest: string): Promise<boolean> {
      const result = await conditionalWrite(
        db,
        new DeleteCommand({
          TableName: tableName,
          Key: verificationCodeKey(email),
          ConditionExpression: 'digest = :digest',
          ExpressionAttributeValues: { ':digest': digest },
        }),
      );
      return result.written;
    },
  };
};

export type VerificationCodeRepo = ReturnType<typeof verificationCodeRepo>;

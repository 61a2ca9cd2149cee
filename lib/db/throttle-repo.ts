// The only module that speaks DynamoDB for the account throttles: code sends per address, failed logins per address.
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { ENTITY, codeSendsKey, loginFailuresKey } from '#lib/db/keys.ts';
import { SEND_WINDOW_MS, type SendDecision } from '#lib/accounts/verification-code.ts';

const isConditionFailure = (error: unknown) => error instanceof ConditionalCheckFailedException;

/** Optimistic writes that lost a race are retried this often (each retry re-reads, so it sees the winner). */
const RACE_RETRIES = 5;

export type LoginReservation = { granted: true; windowStart: number } | { granted: false; retryAfterMs: number };

export const throttleRepo = (db: DynamoDBDocumentClient, tableName: string) => {
  const codeSends = async (email: string): Promise<{ sends: number[]; version: number }> => {
    const out = await db.send(new GetCommand({ TableName: tableName, Key: codeSendsKey(email), ConsistentRead: true }));
    return { sends: (out.Item?.sends as number[] | undefined) ?? [], version: (out.Item?.version as number | undefined) ?? 0 };
  };

  return {
    /** Send times (epoch ms) recorded for an address. */
    async codeSends(email: string): Promise<number[]> {
      return (await codeSends(email)).sends;
    },

    /**
     * Asks `decide` whether a code may go out given the recorded sends, and records the send when it may.
     * Read, decide, write-if-unchanged: of two concurrent requests only one is recorded; the other decides again.
     */
    async recordCodeSend(email: string, decide: (sends: number[]) => SendDecision): Promise<SendDecision> {
      for (let attempt = 0; ; attempt++) {
        const current = await codeSends(email);
        const decision = decide(current.sends);
        if (!decision.allowed) return decision;
        try {
          await db.send(
            new PutCommand({
              TableName: tableName,
              Item: {
                ...codeSendsKey(email),
                entity: ENTITY.codeSends,
                sends: decision.sends,
                version: current.version + 1,
                ttl: Math.ceil((Math.max(...decision.sends) + SEND_WINDOW_MS) / 1000),
              },
              ConditionExpression: 'attribute_not_exists(pk) OR version = :v',
              ExpressionAttributeValues: { ':v': current.version },
            }),
          );
          return decision;
        } catch (error) {
          if (!isConditionFailure(error) || attempt >= RACE_RETRIES) throw error;
        }
      }
    },

    /**
     * Takes one of the `max` login tries an address has per window before its password is checked; a
     * successful login gives it back (`releaseLoginTry`), so what stays counted are the failures.
     * Granted for at most `max` concurrent or successive failures per window.
     */
    async reserveLoginTry(email: string, now: number, windowMs: number, max: number): Promise<LoginReservation> {
      const key = loginFailuresKey(email);
      const cutoff = now - windowMs;
      for (let attempt = 0; ; attempt++) {
        try {
          const out = await db.send(
            new UpdateCommand({
              TableName: tableName,
              Key: key,
              UpdateExpression: 'SET failures = failures + :one',
              ConditionExpression: 'windowStart > :cutoff AND failures < :max',
              ExpressionAttributeValues: { ':one': 1, ':cutoff': cutoff, ':max': max },
              ReturnValues: 'ALL_NEW',
            }),
          );
          return { granted: true, windowStart: Number(out.Attributes!.windowStart) };
        } catch (error) {
          if (!isConditionFailure(error)) throw error;
        }
        const item = (await db.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;
        if (item && Number(item.windowStart) > cutoff) {
          if (Number(item.failures) >= max) return { granted: false, retryAfterMs: Number(item.windowStart) + windowMs - now };
          if (attempt >= RACE_RETRIES) throw new Error('login throttle: too many concurrent updates');
          continue;
        }
        // No window open (never, or the last one ended): open one with this try in it.
        try {
          await db.send(
            new PutCommand({
              TableName: tableName,
              Item: { ...key, entity: ENTITY.loginFailures, windowStart: now, failures: 1, ttl: Math.ceil((now + windowMs) / 1000) },
              ConditionExpression: 'attribute_not_exists(pk) OR windowStart <= :cutoff',
              ExpressionAttributeValues: { ':cutoff': cutoff },
            }),
          );
          return { granted: true, windowStart: now };
        } catch (error) {
          if (!isConditionFailure(error) || attempt >= RACE_RETRIES) throw error;
        }
      }
    },

    /** Gives back a try taken in the window that started at `windowStart` (the password was right). */
    async releaseLoginTry(email: string, windowStart: number): Promise<void> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: loginFailuresKey(email),
            UpdateExpression: 'SET failures = failures - :one',
            ConditionExpression: 'windowStart = :ws AND failures > :zero',
            ExpressionAttributeValues: { ':one': 1, ':ws': windowStart, ':zero': 0 },
          }),
        );
      } catch (error) {
        // The window ended meanwhile: nothing of this try is counted any more.
        if (!isConditionFailure(error)) throw error;
      }
    },
  };
};

export type ThrottleRepo = ReturnType<typeof throttleRepo>;

// The only module that speaks DynamoDB for the account throttles: code sends per address and client, failed logins per
// address.
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ENTITY, codeSendsKey, loginFailuresKey } from '#lib/db/keys.ts';
import { conditionalWrite, conditionHeld } from '#lib/db/conditional-write.ts';
import { DatabaseConflict } from '#lib/db/failures.ts';
import { transactWrite, type TransactItem } from '#lib/db/transaction.ts';
import type { SendDecision } from '#lib/accounts/verification-code.ts';

type Item = Record<string, unknown>;

/** The recorded sends of an address, and the version a write must find to replace them. */
interface CodeSends {
  sends: number[];
  version: number;
}

/** Optimistic writes that lost a race are retried this often (each retry sees the winner); then 409 CONFLICT. */
const RACE_RETRIES = 5;

/** A login try's answer: `granted` in the window that started at `windowStart` (epoch ms), or `refused` until the window ends. */
export type LoginReservation = { kind: 'granted'; windowStart: number } | { kind: 'refused'; retryAfterMs: number };

/** The resend throttle's item, deleted (TTL) once it no longer matters: `keepUntil`, epoch ms. */
function codeSendsToItem(email: string, client: string, record: CodeSends, keepUntil: number) {
  return { ...codeSendsKey(email, client), entity: ENTITY.codeSends, ...record, ttl: Math.ceil(keepUntil / 1000) };
}

/** No item: nothing sent yet. */
function codeSendsFromItem(item: Item | undefined | null): CodeSends {
  return { sends: (item?.sends as number[] | undefined) ?? [], version: (item?.version as number | undefined) ?? 0 };
}

/** Failed logins of an address in the window that started at `windowStart` (epoch ms). */
interface LoginWindow {
  windowStart: number;
  failures: number;
}

/** The login throttle's item: gone (TTL) once its window is over. */
function loginWindowToItem(email: string, window: LoginWindow, windowMs: number) {
  return { ...loginFailuresKey(email), entity: ENTITY.loginFailures, ...window, ttl: Math.ceil((window.windowStart + windowMs) / 1000) };
}

function loginWindowFromItem(item: Item): LoginWindow {
  return { windowStart: Number(item.windowStart), failures: Number(item.failures) };
}

export const throttleRepo = (db: DynamoDBDocumentClient, tableName: string) => {
  const codeSends = async (email: string, client: string): Promise<CodeSends> => {
    const out = await db.send(new GetCommand({ TableName: tableName, Key: codeSendsKey(email, client), ConsistentRead: true }));
    return codeSendsFromItem(out.Item);
  };

  return {
    /** Send times (epoch ms) recorded for an address and client. */
    async codeSends(email: string, client: string): Promise<number[]> {
      return (await codeSends(email, client)).sends;
    },

    /**
     * Asks `decide` whether a code may go out to `client` given its recorded sends, and records the send when it may.
     * Read, decide, write-if-unchanged: of two concurrent requests only one is recorded; the other decides again on
     * the record that won, which its failed write returns.
     */
    async recordCodeSend(email: string, client: string, decide: (sends: number[]) => SendDecision): Promise<SendDecision> {
      let current = await codeSends(email, client);
      for (let attempt = 0; ; attempt++) {
        const decision = decide(current.sends);
        if (decision.kind === 'refused') return decision;
        const outcome = await conditionalWrite<PutCommand, { kind: 'recorded' } | { kind: 'raced'; won: CodeSends }>(
          db,
          new PutCommand({
            TableName: tableName,
            Item: codeSendsToItem(email, client, { sends: decision.sends, version: current.version + 1 }, decision.keepUntil),
            ConditionExpression: 'attribute_not_exists(pk) OR version = :v',
            ExpressionAttributeValues: { ':v': current.version },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
          {
            written: () => ({ kind: 'recorded' }),
            refused: (stored) => ({ kind: 'raced', won: codeSendsFromItem(stored) }),
          },
        );
        if (outcome.kind === 'recorded') return decision;
        if (attempt >= RACE_RETRIES) throw new DatabaseConflict('PutItemCommand');
        current = outcome.won;
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
        const taken = await conditionalWrite<
          UpdateCommand,
          { kind: 'taken'; windowStart: number } | { kind: 'refused'; window: LoginWindow | null }
        >(
          db,
          new UpdateCommand({
            TableName: tableName,
            Key: key,
            UpdateExpression: 'SET failures = failures + :one',
            ConditionExpression: 'windowStart > :cutoff AND failures < :max',
            ExpressionAttributeValues: { ':one': 1, ':cutoff': cutoff, ':max': max },
            ReturnValues: 'ALL_NEW',
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
          {
            written: (output) => ({ kind: 'taken', windowStart: loginWindowFromItem(output.Attributes!).windowStart }),
            // The refusal returns the window as it stood: full, or ended (or never opened).
            refused: (stored) => ({ kind: 'refused', window: stored ? loginWindowFromItem(stored) : null }),
          },
        );
        if (taken.kind === 'taken') return { kind: 'granted', windowStart: taken.windowStart };
        const { window } = taken;
        if (window && window.windowStart > cutoff) {
          if (window.failures >= max) return { kind: 'refused', retryAfterMs: window.windowStart + windowMs - now };
          if (attempt >= RACE_RETRIES) throw new DatabaseConflict('UpdateItemCommand');
          continue;
        }
        // No window open (never, or the last one ended): open one with this try in it.
        const opened = await conditionalWrite(
          db,
          new PutCommand({
            TableName: tableName,
            Item: loginWindowToItem(email, { windowStart: now, failures: 1 }, windowMs),
            ConditionExpression: 'attribute_not_exists(pk) OR windowStart <= :cutoff',
            ExpressionAttributeValues: { ':cutoff': cutoff },
          }),
          conditionHeld,
        );
        if (opened) return { kind: 'granted', windowStart: now };
        // Another request opened it first: take a try in that one.
        if (attempt >= RACE_RETRIES) throw new DatabaseConflict('PutItemCommand');
      }
    },

    /**
     * Gives back a try taken in the window that started at `windowStart` (the password was right). `also`: items written
     * with it in one transaction (the audit log's entry of the sign-in), and alone when there is nothing to give back.
     */
    async releaseLoginTry(email: string, windowStart: number, also: TransactItem[] = []): Promise<void> {
      const release = {
        TableName: tableName,
        Key: loginFailuresKey(email),
        UpdateExpression: 'SET failures = failures - :one',
        ConditionExpression: 'windowStart = :ws AND failures > :zero',
        ExpressionAttributeValues: { ':one': 1, ':ws': windowStart, ':zero': 0 },
      };
      // Refused when the window ended meanwhile: nothing of this try is counted any more.
      if (also.length === 0) {
        await conditionalWrite(db, new UpdateCommand(release), conditionHeld);
        return;
      }
      const refuse = (): never => {
        throw new Error(`the sign-in of ${email} was not recorded (refused)`);
      };
      await transactWrite(
        db,
        [{ Update: release }, ...also],
        {
          written: () => undefined,
          refused: (refusal) =>
            refusal.rejected(0) && !refusal.rejected(1) ? transactWrite(db, also, { written: () => undefined, refused: refuse }) : refuse(),
        },
        { conflictRetries: 2 },
      );
    },
  };
};

// The only module that speaks DynamoDB for verification codes: one pending code per address and client, its tries, its
// spending.
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ENTITY, verificationCodeKey } from '#lib/db/keys.ts';
import { conditionalWrite, conditionHeld } from '#lib/db/conditional-write.ts';
import type { CodeMailRequest, PendingCode } from '#lib/accounts/verification-code.ts';

type Item = Record<string, unknown>;

/** Expired codes linger this long before TTL deletion (expiry itself is checked in code: TTL deletion lags). */
const TTL_GRACE_SECONDS = 24 * 60 * 60;

/**
 * Whether the code's mail is still to be sent: `pending` from the request until the code mail sender has sent it
 * (`sent`). The code mail stream filter (lib/accounts/code-mail-stream.ts) invokes the sender for pending records only.
 */
export const MAIL_STATE = { attribute: 'mailState', pending: 'pending', sent: 'sent' } as const;

/**
 * A try's answer: `counted` with the tries counted so far, this one included; `locked` when the code's tries were all
 * granted already; `gone` when the code was replaced or spent meanwhile.
 */
export type AttemptOutcome = { kind: 'counted'; attempts: number } | { kind: 'locked' } | { kind: 'gone' };

/** A new code with its mail pending: the sealed code rides along until the mail is sent. */
function toItem(code: PendingCode, sealedCode: string): Item {
  return {
    ...verificationCodeKey(code.email, code.client),
    entity: ENTITY.verificationCode,
    ...code,
    [MAIL_STATE.attribute]: MAIL_STATE.pending,
    sealedCode,
    ttl: Math.ceil(Date.parse(code.expiresAt) / 1000) + TTL_GRACE_SECONDS,
  };
}

/** A decoy (lib/accounts/verification-code.ts `decoyCode`) with its first try counted: no mail, so no stream record asks for one. */
function decoyToItem(code: PendingCode): Item {
  return {
    ...verificationCodeKey(code.email, code.client),
    entity: ENTITY.verificationCode,
    ...code,
    attempts: 1,
    ttl: Math.ceil(Date.parse(code.expiresAt) / 1000) + TTL_GRACE_SECONDS,
  };
}

function fromItem(item: Item): PendingCode {
  return {
    email: String(item.email),
    client: String(item.client),
    digest: String(item.digest),
    issuedAt: String(item.issuedAt),
    expiresAt: String(item.expiresAt),
    attempts: Number(item.attempts),
  };
}

/** The mail a stored code still waits for; null once it was sent (or for any other item). */
export function codeMailFromItem(item: Item): CodeMailRequest | null {
  if (item.entity !== ENTITY.verificationCode || item[MAIL_STATE.attribute] !== MAIL_STATE.pending) return null;
  if (typeof item.sealedCode !== 'string') return null;
  return {
    email: String(item.email),
    client: String(item.client),
    digest: String(item.digest),
    expiresAt: String(item.expiresAt),
    sealedCode: item.sealedCode,
  };
}

export const verificationCodeRepo = (db: DynamoDBDocumentClient, tableName: string) => {
  const get = async (email: string, client: string): Promise<PendingCode | null> => {
    const out = await db.send(new GetCommand({ TableName: tableName, Key: verificationCodeKey(email, client), ConsistentRead: true }));
    return out.Item ? fromItem(out.Item) : null;
  };
  return {
    get,

    /** Stores a new code for its address and client with its mail pending, replacing any earlier one (and its tries). */
    async put(code: PendingCode, sealedCode: string): Promise<void> {
      await db.send(new PutCommand({ TableName: tableName, Item: toItem(code, sealedCode) }));
    },

    /**
     * Stores a decoy with its first try counted, unless the address and client have a code (or decoy) by now: true
     * for exactly one caller.
     */
    startDecoy(code: PendingCode): Promise<boolean> {
      return conditionalWrite(
        db,
        new PutCommand({ TableName: tableName, Item: decoyToItem(code), ConditionExpression: 'attribute_not_exists(pk)' }),
        conditionHeld,
      );
    },

    /** Whether the code with `digest` is still the address's code and its mail is not sent yet. */
    async mailPending(email: string, client: string, digest: string): Promise<boolean> {
      const out = await db.send(new GetCommand({ TableName: tableName, Key: verificationCodeKey(email, client), ConsistentRead: true }));
      return out.Item?.digest === digest && out.Item[MAIL_STATE.attribute] === MAIL_STATE.pending;
    },

    /**
     * Records that the mail of the code with `digest` went out and drops its sealed copy, if that code is still
     * pending: true for exactly one caller. False when it was marked before, replaced or spent.
     */
    markMailSent(email: string, client: string, digest: string, at: Date): Promise<boolean> {
      return conditionalWrite(
        db,
        new UpdateCommand({
          TableName: tableName,
          Key: verificationCodeKey(email, client),
          UpdateExpression: 'SET #state = :sent, mailSentAt = :at REMOVE sealedCode',
          ConditionExpression: 'digest = :digest AND #state = :pending',
          ExpressionAttributeNames: { '#state': MAIL_STATE.attribute },
          ExpressionAttributeValues: {
            ':sent': MAIL_STATE.sent,
            ':pending': MAIL_STATE.pending,
            ':digest': digest,
            ':at': at.toISOString(),
          },
        }),
        conditionHeld,
      );
    },

    /**
     * Counts one try on the code with digest `digest`, in one conditional update: at most `max` tries are ever
     * granted, however many arrive at once. → `counted` with the tries counted so far, this one included; or
     * `locked` when `max` were already granted; or `gone` when that code was replaced or spent meanwhile.
     */
    takeAttempt(email: string, client: string, digest: string, max: number): Promise<AttemptOutcome> {
      return conditionalWrite<UpdateCommand, AttemptOutcome>(
        db,
        new UpdateCommand({
          TableName: tableName,
          Key: verificationCodeKey(email, client),
          UpdateExpression: 'SET attempts = attempts + :one',
          ConditionExpression: 'digest = :digest AND attempts < :max',
          ExpressionAttributeValues: { ':one': 1, ':digest': digest, ':max': max },
          ReturnValues: 'UPDATED_NEW',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
        {
          written: (output) => ({ kind: 'counted', attempts: Number(output.Attributes!.attempts) }),
          refused: (stored) => {
            const current = stored ? fromItem(stored) : null;
            return current && current.digest === digest ? { kind: 'locked' } : { kind: 'gone' };
          },
        },
      );
    },

    /** Deletes the code if it is still the one with `digest`: true for exactly one caller. */
    spend(email: string, client: string, digest: string): Promise<boolean> {
      return conditionalWrite(
        db,
        new DeleteCommand({
          TableName: tableName,
          Key: verificationCodeKey(email, client),
          ConditionExpression: 'digest = :digest',
          ExpressionAttributeValues: { ':digest': digest },
        }),
        conditionHeld,
      );
    },
  };
};

// The only module that speaks DynamoDB for users: records, the email and username claims, the wallet index and the id counter.
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { conflict } from '#lib/errors.ts';
import { GSI1 } from '#lib/db/table.ts';
import { ENTITY, emailClaimKey, userKey, usernameClaimKey, userWalletIndexKey, walletIndexPartition } from '#lib/db/keys.ts';
import type { StoredUser } from '#lib/accounts/user.ts';
import { allocate } from '#lib/db/counter-repo.ts';

type Item = Record<string, unknown>;

export function toItem(user: StoredUser): Item {
  return { ...userKey(user.id), ...userWalletIndexKey(user.walletAddress, user.id), entity: ENTITY.user, ...user };
}

export function fromItem(item: Item): StoredUser {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, entity: _e, ...record } = item;
  return record as unknown as StoredUser;
}

const claimItem = (key: Item, entity: string, userId: number): Item => ({ ...key, entity, userId });

/** What a profile update changes; absent members stay as they are. */
export interface ProfileChanges {
  username?: string;
  /** A new hash; the token version goes up with it. */
  passwordHash?: string;
  phoneNumber?: string;
  image?: { url: string; key: string };
}

/** Transactions another transaction got in the way of are retried this often before giving up. */
const CONFLICT_RETRIES = 4;

const reasonsOf = (error: unknown): (string | undefined)[] | null =>
  error instanceof TransactionCanceledException ? (error.CancellationReasons ?? []).map((r) => r.Code) : null;

/** Runs a transaction, retrying while it only lost a race (TransactionConflict) with another one on the same items. */
async function transact(db: DynamoDBDocumentClient, input: ConstructorParameters<typeof TransactWriteCommand>[0]): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await db.send(new TransactWriteCommand(input));
      return;
    } catch (error) {
      const reasons = reasonsOf(error);
      const onlyConflicts = reasons !== null && reasons.includes('TransactionConflict') && !reasons.includes('ConditionalCheckFailed');
      if (!onlyConflicts || attempt >= CONFLICT_RETRIES) throw error;
      await new Promise((r) => setTimeout(r, 10 * 2 ** attempt + Math.random() * 20));
    }
  }
}

export const userRepo = (db: DynamoDBDocumentClient, tableName: string) => {
  const get = async (id: number): Promise<StoredUser | null> => {
    const out = await db.send(new GetCommand({ TableName: tableName, Key: userKey(id), ConsistentRead: true }));
    return out.Item ? fromItem(out.Item) : null;
  };
  return {
    get,

    /** The user holding an email address (already normalised), through its claim. */
    async findByEmail(email: string): Promise<StoredUser | null> {
      const claim = await db.send(new GetCommand({ TableName: tableName, Key: emailClaimKey(email), ConsistentRead: true }));
      const userId = claim.Item?.userId;
      return typeof userId === 'number' ? get(userId) : null;
    },

    /** The user whose service wallet is `address` (any casing); the index is eventually consistent. */
    async findByWallet(address: string): Promise<StoredUser | null> {
      const out = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: GSI1,
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': walletIndexPartition(address) },
          Limit: 1,
        }),
      );
      const item = out.Items?.[0];
      return item ? fromItem(item) : null;
    },

    /** The next user id (the wallet index derives from it, so it is allocated before the user is written). */
    async allocateId(): Promise<number> {
      const [id] = await allocate(db, tableName, 'user');
      return id!;
    },

    /**
     * Writes a new user with its email and username claims in one transaction.
     * → 'created', or 'email-taken' when another user holds the address (a concurrent sign-up won).
     */
    async create(user: StoredUser): Promise<'created' | 'email-taken'> {
      try {
        await transact(db, {
          TransactItems: [
            { Put: { TableName: tableName, Item: toItem(user), ConditionExpression: 'attribute_not_exists(pk)' } },
            {
              Put: {
                TableName: tableName,
                Item: claimItem(emailClaimKey(user.email), ENTITY.emailClaim, user.id),
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Put: {
                TableName: tableName,
                Item: claimItem(usernameClaimKey(user.username), ENTITY.usernameClaim, user.id),
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
        });
        return 'created';
      } catch (error) {
        const reasons = reasonsOf(error);
        if (reasons?.[1] === 'ConditionalCheckFailed') return 'email-taken';
        if (reasons?.[2] === 'ConditionalCheckFailed') throw conflict('USERNAME_TAKEN', `the username ${user.username} is taken`);
        throw error;
      }
    },

    /** Records when the pending verification code expires (null once it is spent). */
    async setCodeExpiry(id: number, expiresAt: string | null, now: Date): Promise<void> {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: userKey(id),
          UpdateExpression: 'SET emailVerificationCodeExpireTime = :x, updatedAt = :u',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':x': expiresAt, ':u': now.toISOString() },
        }),
      );
    },

    /** Marks the address verified (its code was just spent); null when the user no longer exists. */
    async markEmailVerified(id: number, now: Date): Promise<StoredUser | null> {
      try {
        const out = await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: userKey(id),
            UpdateExpression: 'SET emailVerify = :t, emailVerificationCodeExpireTime = :null, updatedAt = :u',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':t': true, ':null': null, ':u': now.toISOString() },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return fromItem(out.Attributes!);
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return null;
        throw error;
      }
    },

    /**
     * Applies a profile update to `user` as it was read, all or nothing: the record, and for a new username the
     * claim swap (old claim deleted, new one put if free). → the updated record.
     * 409 USERNAME_TAKEN when the name is claimed; 409 CONCURRENT_UPDATE when the fields this update replaces
     * changed since `user` was read (the caller checked the current password and the old image against them).
     */
    async updateProfile(user: StoredUser, changes: ProfileChanges, now: Date): Promise<StoredUser> {
      const at = now.toISOString();
      const next: StoredUser = { ...user, updatedAt: at };
      const sets = ['updatedAt = :u'];
      const conditions = ['attribute_exists(pk)'];
      const values: Item = { ':u': at };
      const names: Record<string, string> = {};
      const expect = (attribute: string, value: unknown) => {
        names[`#${attribute}`] = attribute;
        if (value === null) {
          conditions.push(`(attribute_not_exists(#${attribute}) OR attribute_type(#${attribute}, :nullType))`);
          values[':nullType'] = 'NULL';
        } else {
          conditions.push(`#${attribute} = :was_${attribute}`);
          values[`:was_${attribute}`] = value;
        }
      };

      const renames = changes.username !== undefined && changes.username !== user.username;
      const claimMoves = renames && changes.username!.toLowerCase() !== user.username.toLowerCase();
      if (renames) {
        expect('username', user.username);
        sets.push('username = :name');
        values[':name'] = changes.username;
        next.username = changes.username!;
      }
      if (changes.passwordHash !== undefined) {
        expect('passwordHash', user.passwordHash);
        expect('tokenVersion', user.tokenVersion);
        sets.push('passwordHash = :hash', 'tokenVersion = :tv');
        values[':hash'] = changes.passwordHash;
        values[':tv'] = user.tokenVersion + 1;
        next.passwordHash = changes.passwordHash;
        next.tokenVersion = user.tokenVersion + 1;
      }
      if (changes.phoneNumber !== undefined) {
        sets.push('phoneNumber = :phone');
        values[':phone'] = changes.phoneNumber;
        next.phoneNumber = changes.phoneNumber;
      }
      if (changes.image !== undefined) {
        expect('imageKey', user.imageKey);
        sets.push('image = :image', 'imageKey = :imageKey');
        values[':image'] = changes.image.url;
        values[':imageKey'] = changes.image.key;
        next.image = changes.image.url;
        next.imageKey = changes.image.key;
      }

      const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
        {
          Update: {
            TableName: tableName,
            Key: userKey(user.id),
            UpdateExpression: `SET ${sets.join(', ')}`,
            ConditionExpression: conditions.join(' AND '),
            ExpressionAttributeValues: values,
            ...(Object.keys(names).length > 0 && { ExpressionAttributeNames: names }),
          },
        },
      ];
      if (claimMoves) {
        items.push(
          {
            Delete: {
              TableName: tableName,
              Key: usernameClaimKey(user.username),
              ConditionExpression: 'userId = :me',
              ExpressionAttributeValues: { ':me': user.id },
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: claimItem(usernameClaimKey(next.username), ENTITY.usernameClaim, user.id),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        );
      }
      try {
        await transact(db, { TransactItems: items });
      } catch (error) {
        const reasons = reasonsOf(error);
        if (reasons?.[2] === 'ConditionalCheckFailed') throw conflict('USERNAME_TAKEN', `the username ${next.username} is taken`);
        if (reasons?.includes('ConditionalCheckFailed') || reasons?.includes('TransactionConflict')) {
          throw conflict('CONCURRENT_UPDATE', 'the profile was changed by another request meanwhile; read it and try again');
        }
        throw error;
      }
      return next;
    },
  };
};

export type UserRepo = ReturnType<typeof userRepo>;

// The only module that speaks DynamoDB for users: records, the email and username claims, the wallet index and the id counter.
import { GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GSI1 } from '#lib/db/table.ts';
import { ENTITY, emailClaimKey, userKey, usernameClaimKey, userWalletIndexKey, walletIndexPartition } from '#lib/db/keys.ts';
import type { StoredUser } from '#lib/accounts/user.ts';
import { allocate } from '#lib/db/counter-repo.ts';
import { conditionalWrite } from '#lib/db/conditional-write.ts';
import { transactWrite, type TransactItem } from '#lib/db/transaction.ts';

type Item = Record<string, unknown>;

function toItem(user: StoredUser): Item {
  return { ...userKey(user.id), ...userWalletIndexKey(user.walletAddress, user.id), entity: ENTITY.user, ...user };
}

function fromItem(item: Item): StoredUser {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, entity: _e, ...record } = item;
  return record as unknown as StoredUser;
}

/** The claims that keep an email address and a username to one user each: the claimed key and its holder. */
const emailClaimToItem = (email: string, userId: number) => ({ ...emailClaimKey(email), entity: ENTITY.emailClaim, userId });
const usernameClaimToItem = (username: string, userId: number) => ({ ...usernameClaimKey(username), entity: ENTITY.usernameClaim, userId });
/** The claim's holder: the user id, or null for an item that is no claim. */
const claimHolder = (item: Item | undefined): number | null => (typeof item?.userId === 'number' ? item.userId : null);

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

/** A profile update's answer: the user as updated, or why nothing was written. */
export type ProfileUpdateOutcome =
  | { kind: 'updated'; user: StoredUser }
  /** Another user holds the new username (case-insensitively). */
  | { kind: 'username-taken' }
  /** The fields the update replaces changed since the user was read, or other requests kept changing them. */
  | { kind: 'changed' };

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
      const userId = claimHolder(claim.Item);
      return userId === null ? null : get(userId);
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
     * → 'created'; or, writing nothing, 'email-taken' when another user holds the address (a concurrent sign-up
     * won) or 'username-taken' when another holds the username.
     */
    create(user: StoredUser): Promise<'created' | 'email-taken' | 'username-taken'> {
      return transactWrite<'created' | 'email-taken' | 'username-taken'>(
        db,
        [
          { Put: { TableName: tableName, Item: toItem(user), ConditionExpression: 'attribute_not_exists(pk)' } },
          {
            Put: {
              TableName: tableName,
              Item: emailClaimToItem(user.email, user.id),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: usernameClaimToItem(user.username, user.id),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
        {
          written: () => 'created',
          refused: (refusal) => {
            if (refusal.rejected(1)) return 'email-taken';
            if (refusal.rejected(2)) return 'username-taken';
            // The id came from the counter: a record already under it is a fault.
            throw new Error(`user ${user.id} already exists`);
          },
        },
        { conflictRetries: CONFLICT_RETRIES },
      );
    },

    /** Records when the pending verification code expires (null once it is spent); false when the user is gone. */
    setCodeExpiry(id: number, expiresAt: string | null, now: Date): Promise<boolean> {
      return conditionalWrite(
        db,
        new UpdateCommand({
          TableName: tableName,
          Key: userKey(id),
          UpdateExpression: 'SET emailVerificationCodeExpireTime = :x, updatedAt = :u',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':x': expiresAt, ':u': now.toISOString() },
        }),
        { written: () => true, refused: () => false },
      );
    },

    /** Marks the address verified (its code was just spent); null when the user no longer exists. */
    markEmailVerified(id: number, now: Date): Promise<StoredUser | null> {
      return conditionalWrite(
        db,
        new UpdateCommand({
          TableName: tableName,
          Key: userKey(id),
          UpdateExpression: 'SET emailVerify = :t, emailVerificationCodeExpireTime = :null, updatedAt = :u',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':t': true, ':null': null, ':u': now.toISOString() },
          ReturnValues: 'ALL_NEW',
        }),
        { written: (output) => fromItem(output.Attributes!), refused: () => null },
      );
    },

    /**
     * Applies a profile update to `user` as it was read, all or nothing: the record, and for a new username the
     * claim swap (old claim deleted, new one put if free). → the updated record; or `username-taken` when the name
     * is claimed; or `changed` when the fields this update replaces changed since `user` was read (the caller
     * checked the current password and the old image against them).
     */
    async updateProfile(user: StoredUser, changes: ProfileChanges, now: Date): Promise<ProfileUpdateOutcome> {
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

      const items: TransactItem[] = [
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
              Item: usernameClaimToItem(next.username, user.id),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        );
      }
      return transactWrite<ProfileUpdateOutcome>(
        db,
        items,
        {
          written: () => ({ kind: 'updated', user: next }),
          refused: (refusal) => (refusal.rejected(2) ? { kind: 'username-taken' } : { kind: 'changed' }),
          // Other requests kept changing the record.
          conflicted: () => ({ kind: 'changed' }),
        },
        { conflictRetries: CONFLICT_RETRIES },
      );
    },
  };
};

export type UserRepo = ReturnType<typeof userRepo>;

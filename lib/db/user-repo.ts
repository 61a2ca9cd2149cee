// The only module that speaks DynamoDB for users: records, the email and username claims, the wallet index and the id counter.
import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GSI1 } from '#lib/db/table.ts';
import { ENTITY, counterKey, emailClaimKey, userKey, usernameClaimKey, userWalletIndexKey, walletIndexPartition } from '#lib/db/keys.ts';
import type { StoredUser } from '#lib/accounts/user.ts';
import { allocate } from '#lib/db/counter-repo.ts';
import { conditionalWrite, conditionHeld } from '#lib/db/conditional-write.ts';
import { DatabaseConflict } from '#lib/db/failures.ts';
import { transactWrite, type TransactItem } from '#lib/db/transaction.ts';

type Item = Record<string, unknown>;

function toItem(user: StoredUser): Item {
  return { ...userKey(user.id), ...userWalletIndexKey(user.walletAddress, user.id), entity: ENTITY.user, ...user };
}

function fromItem(item: Item): StoredUser {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, entity: _e, ...record } = item;
  return record as unknown as StoredUser;
}

/** The claims that keep an email address and a username's skeleton to one user each: the claimed key and its holder. */
const emailClaimToItem = (email: string, userId: number) => ({ ...emailClaimKey(email), entity: ENTITY.emailClaim, userId });
const usernameClaimToItem = (claim: string, userId: number) => ({ ...usernameClaimKey(claim), entity: ENTITY.usernameClaim, userId });
/** The claim's holder: the user id, or null for an item that is no claim. */
const claimHolder = (item: Item | undefined): number | null => (typeof item?.userId === 'number' ? item.userId : null);
/**
 * Users whose names already passed for the holder's when names were first claimed by skeleton: they keep their names
 * without holding the claim (a number set, absent when empty).
 */
const claimKeepers = (item: Item | undefined): number[] => [...((item?.keptBy as Set<number> | undefined) ?? [])].sort((a, b) => a - b);

/** How a user stands to one username claim: holds it, keeps a name that passes for it, or neither. */
type ClaimStanding = 'holds' | 'keeps' | 'none';

/**
 * What a new username claims and what the old name releases: the new name's claim (its skeleton), and every claim the
 * old name may hold (lib/accounts/user.ts `usernameClaimsOf`).
 */
interface UsernameChange {
  name: string;
  claim: string;
  released: readonly string[];
}

/**
 * The migration's reading of one claim for one user: taken now, held already, held by another (who; kept before or
 * now), or nothing written because the user was renamed or removed meanwhile.
 */
export type ClaimOutcome = { kind: 'claimed' } | { kind: 'held' } | { kind: 'kept'; holder: number; before: boolean } | { kind: 'renamed' };

/** A new user's answer: written with its claims, or nothing written because another user holds its email or username. */
type CreateOutcome = { kind: 'created' } | { kind: 'email-taken' } | { kind: 'username-taken' };

/** An address's verification: marked, or nothing written because the user no longer exists. */
type VerifyOutcome = { kind: 'verified'; user: StoredUser } | { kind: 'not-found' };

/** What a profile update changes; absent members stay as they are. */
export interface ProfileChanges {
  username?: UsernameChange;
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
  /** Another user holds the new username's skeleton. */
  | { kind: 'username-taken' }
  /** The fields the update replaces changed since the user was read, or other requests kept changing them. */
  | { kind: 'changed' };

/** A claim as one user stands to it, with the users who keep a name that passes for it. */
interface Standing {
  claim: string;
  standing: ClaimStanding;
  keepers: number[];
}

/**
 * The write that lets go of one claim, or null when the user has nothing of it: a holder's claim is deleted, or passed
 * to the oldest keeper (who then holds it, so the skeleton stays taken while a name shows it); a keeper leaves the set.
 * Each is conditional on the claim as read.
 */
function releaseItem(TableName: string, userId: number, { claim, standing, keepers }: Standing): TransactItem | null {
  const Key = usernameClaimKey(claim);
  if (standing === 'holds' && keepers.length === 0) {
    return {
      Delete: {
        TableName,
        Key,
        ConditionExpression: 'userId = :me AND attribute_not_exists(keptBy)',
        ExpressionAttributeValues: { ':me': userId },
      },
    };
  }
  if (standing === 'holds') {
    const heir = keepers[0]!;
    return {
      Update: {
        TableName,
        Key,
        UpdateExpression: 'SET userId = :heir DELETE keptBy :heirs',
        ConditionExpression: 'userId = :me AND contains(keptBy, :heir)',
        ExpressionAttributeValues: { ':me': userId, ':heir': heir, ':heirs': new Set([heir]) },
      },
    };
  }
  if (standing === 'keeps') {
    return {
      Update: {
        TableName,
        Key,
        UpdateExpression: 'DELETE keptBy :mine',
        ConditionExpression: 'contains(keptBy, :me)',
        ExpressionAttributeValues: { ':me': userId, ':mine': new Set([userId]) },
      },
    };
  }
  return null;
}

export const userRepo = (db: DynamoDBDocumentClient, tableName: string) => {
  const get = async (id: number): Promise<StoredUser | null> => {
    const out = await db.send(new GetCommand({ TableName: tableName, Key: userKey(id), ConsistentRead: true }));
    return out.Item ? fromItem(out.Item) : null;
  };
  /** How `userId` stands to each claim, read consistently. */
  const standings = (userId: number, claims: readonly string[]): Promise<Standing[]> =>
    Promise.all(
      claims.map(async (claim) => {
        const out = await db.send(new GetCommand({ TableName: tableName, Key: usernameClaimKey(claim), ConsistentRead: true }));
        const keepers = claimKeepers(out.Item);
        const standing: ClaimStanding = claimHolder(out.Item) === userId ? 'holds' : keepers.includes(userId) ? 'keeps' : 'none';
        return { claim, standing, keepers };
      }),
    );
  return {
    get,

    /** The highest user id allocated so far (0 before the first); ids below it may be unused. */
    async highestId(): Promise<number> {
      const out = await db.send(new GetCommand({ TableName: tableName, Key: counterKey('user'), ConsistentRead: true }));
      return Number(out.Item?.value ?? 0);
    },

    /**
     * Claims `claim` for user `userId` while the user is still named `username`, for names given before names were
     * claimed by skeleton: the claim is put when free; when another user holds it, the user is recorded as keeping a
     * name that passes for it (`kept`, naming the holder). Safe to repeat. Then the user's `legacy` claims (other than
     * `claim`) are deleted. → what happened; `renamed` when the user was renamed or removed meanwhile (nothing written).
     */
    async claimUsername(userId: number, username: string, claim: string, legacy: readonly string[]): Promise<ClaimOutcome> {
      const stillNamed = {
        ConditionCheck: {
          TableName: tableName,
          Key: userKey(userId),
          ConditionExpression: 'username = :name',
          ExpressionAttributeValues: { ':name': username },
        },
      };
      let outcome: ClaimOutcome | { kind: 'raced' } = { kind: 'raced' };
      for (let attempt = 0; outcome.kind === 'raced'; attempt++) {
        if (attempt >= CONFLICT_RETRIES) throw new DatabaseConflict('TransactWriteItemsCommand');
        const out = await db.send(new GetCommand({ TableName: tableName, Key: usernameClaimKey(claim), ConsistentRead: true }));
        const holder = claimHolder(out.Item);
        if (holder === userId) outcome = { kind: 'held' };
        else if (holder !== null && claimKeepers(out.Item).includes(userId)) outcome = { kind: 'kept', holder, before: true };
        else {
          const write: TransactItem =
            holder === null
              ? { Put: { TableName: tableName, Item: usernameClaimToItem(claim, userId), ConditionExpression: 'attribute_not_exists(pk)' } }
              : {
                  Update: {
                    TableName: tableName,
                    Key: usernameClaimKey(claim),
                    UpdateExpression: 'ADD keptBy :mine',
                    ConditionExpression: 'userId = :holder',
                    ExpressionAttributeValues: { ':holder': holder, ':mine': new Set([userId]) },
                  },
                };
          const done: ClaimOutcome = holder === null ? { kind: 'claimed' } : { kind: 'kept', holder, before: false };
          outcome = await transactWrite<ClaimOutcome | { kind: 'raced' }>(
            db,
            [stillNamed, write],
            // The claim changed since it was read: read it again.
            {
              written: () => done,
              refused: (refusal) => (refusal.rejected(0) ? { kind: 'renamed' } : { kind: 'raced' }),
              conflicted: () => ({ kind: 'raced' }),
            },
            { conflictRetries: CONFLICT_RETRIES },
          );
        }
      }
      if (outcome.kind === 'renamed') return outcome;
      for (const old of legacy.filter((c) => c !== claim)) {
        await conditionalWrite(
          db,
          new DeleteCommand({
            TableName: tableName,
            Key: usernameClaimKey(old),
            ConditionExpression: 'userId = :me AND attribute_not_exists(keptBy)',
            ExpressionAttributeValues: { ':me': userId },
          }),
          conditionHeld,
        );
      }
      return outcome;
    },

    /** The user holding a username claim, or null when nobody does. */
    async usernameClaimHolder(claim: string): Promise<number | null> {
      const out = await db.send(new GetCommand({ TableName: tableName, Key: usernameClaimKey(claim), ConsistentRead: true }));
      return claimHolder(out.Item);
    },

    /**
     * Deletes a username claim the user holds, whoever keeps a name that passes for it: for a claim no name can take
     * any more (a skeleton of an earlier folding), whose keepers hold or keep the claim that replaced it. → whether it
     * was deleted.
     */
    dropUsernameClaim(claim: string, userId: number): Promise<boolean> {
      return conditionalWrite(
        db,
        new DeleteCommand({
          TableName: tableName,
          Key: usernameClaimKey(claim),
          ConditionExpression: 'userId = :me',
          ExpressionAttributeValues: { ':me': userId },
        }),
        conditionHeld,
      );
    },

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
     * Writes a new user with its email claim and its username's claim (`usernameClaim`, its skeleton) in one transaction.
     * → `created`; or, writing nothing, `email-taken` when another user holds the address (a concurrent sign-up
     * won) or `username-taken` when another holds the username.
     */
    create(user: StoredUser, usernameClaim: string): Promise<CreateOutcome> {
      return transactWrite<CreateOutcome>(
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
              Item: usernameClaimToItem(usernameClaim, user.id),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
        {
          written: () => ({ kind: 'created' }),
          refused: (refusal) => {
            if (refusal.rejected(1)) return { kind: 'email-taken' };
            if (refusal.rejected(2)) return { kind: 'username-taken' };
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

    /**
     * Marks the address verified (its code was just spent): `verified` with the user as marked; `not-found` when the
     * user no longer exists. `also`: items the same transaction writes too, only with the mark (the audit log's entry of
     * the sign-in); the user is then read again, as a transaction returns no item.
     */
    async markEmailVerified(id: number, now: Date, also: TransactItem[] = []): Promise<VerifyOutcome> {
      const mark = {
        TableName: tableName,
        Key: userKey(id),
        UpdateExpression: 'SET emailVerify = :t, emailVerificationCodeExpireTime = :null, updatedAt = :u',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':t': true, ':null': null, ':u': now.toISOString() },
      };
      if (also.length === 0) {
        return conditionalWrite<UpdateCommand, VerifyOutcome>(db, new UpdateCommand({ ...mark, ReturnValues: 'ALL_NEW' }), {
          written: (output) => ({ kind: 'verified', user: fromItem(output.Attributes!) }),
          refused: () => ({ kind: 'not-found' }),
        });
      }
      const marked = await transactWrite<boolean>(
        db,
        [{ Update: mark }, ...also],
        {
          written: () => true,
          refused: (refusal) => {
            if (refusal.rejected(0)) return false;
            throw new Error(`user ${id} was not marked verified (refused)`);
          },
        },
        { conflictRetries: 2 },
      );
      const user = marked ? await get(id) : null;
      return user ? { kind: 'verified', user } : { kind: 'not-found' };
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

      const rename = changes.username !== undefined && changes.username.name !== user.username ? changes.username : undefined;
      if (rename) {
        expect('username', user.username);
        sets.push('username = :name');
        values[':name'] = rename.name;
        next.username = rename.name;
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
      // The new name's claim is put unless the user holds it already (the same skeleton); the old name's claims are
      // released. The claim put is the last item, so its refusal reads as the name being taken.
      let claimPut = -1;
      if (rename) {
        const [wanted, ...old] = await standings(user.id, [rename.claim, ...rename.released.filter((c) => c !== rename.claim)]);
        for (const release of old) {
          const item = releaseItem(tableName, user.id, release);
          if (item) items.push(item);
        }
        if (wanted!.standing !== 'holds') {
          claimPut = items.length;
          items.push({
            Put: {
              TableName: tableName,
              Item: usernameClaimToItem(rename.claim, user.id),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          });
        }
      }
      return transactWrite<ProfileUpdateOutcome>(
        db,
        items,
        {
          written: () => ({ kind: 'updated', user: next }),
          refused: (refusal) => (claimPut >= 0 && refusal.rejected(claimPut) ? { kind: 'username-taken' } : { kind: 'changed' }),
          // Other requests kept changing the record.
          conflicted: () => ({ kind: 'changed' }),
        },
        { conflictRetries: CONFLICT_RETRIES },
      );
    },
  };
};

export type UserRepo = ReturnType<typeof userRepo>;

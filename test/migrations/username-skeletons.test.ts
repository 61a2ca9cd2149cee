// Migration 0004 on users stored by the previous version (usernames claimed in lower case): every user claims its
// name's skeleton, the older of two lookalike names holds the claim and the pair is listed, both keep their names,
// a second run changes nothing, and afterwards the claims behave as for names given since.
import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dbOf } from '#lib/db/client.ts';
import { usernameClaimKey } from '#lib/db/keys.ts';
import { userRepo } from '#lib/db/user-repo.ts';
import { newUser, usernameSkeleton, type StoredUser } from '#lib/accounts/user.ts';
import { updateProfile } from '#lib/accounts/profile-update.ts';
import { usernameSkeletons } from '#lib/migrations/username-skeletons.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { failure } from '../support/failure.ts';
import { TEST_CONTRACT, TEST_PLACEHOLDER } from '../support/factories.ts';

let ctx: AppContext;
const stage = { placeholderImage: TEST_PLACEHOLDER, contractAddress: TEST_CONTRACT };
const NOW = new Date('2026-05-01T00:00:00.000Z');
const users = () => userRepo(dbOf(ctx), ctx.tableName);

/** A user as the previous version stored it: its username claimed in lower case. */
async function anOldUser(username?: string): Promise<StoredUser> {
  const id = await users().allocateId();
  const user = newUser({ id, email: `old${id}@example.com`, walletAddress: `0x${String(id).padStart(40, '0')}`, now: NOW });
  if (username) user.username = username;
  expect(await users().create(user, user.username.toLowerCase())).toEqual({ kind: 'created' });
  return user;
}

const claimOf = async (claim: string) =>
  (await dbOf(ctx).send(new GetCommand({ TableName: ctx.tableName, Key: usernameClaimKey(claim), ConsistentRead: true }))).Item;
const rename = async (user: StoredUser, username: string) => updateProfile(ctx, (await users().get(user.id))!, { text: { username } });
const refusal = async (user: StoredUser, username: string) => {
  const refused = await failure(rename(user, username));
  return [refused.status, refused.code];
};

let alice: StoredUser, alike: StoredUser, rnary: StoredUser, mary: StoredUser, bob: StoredUser, plain: StoredUser;

beforeAll(async () => {
  ctx = await freshTable();
  alice = await anOldUser('alicekvm5');
  alike = await anOldUser('aIicekvm5');
  rnary = await anOldUser('rnary');
  mary = await anOldUser('mary');
  bob = await anOldUser('Bob');
  plain = await anOldUser();
});

describe('migration 0004-username-skeletons', () => {
  it('claims every skeleton, leaves each lookalike pair with one holder and lists the pairs', async () => {
    const counts = await usernameSkeletons.run({ ctx, stage });
    expect(counts).toEqual({
      scanned: 6,
      converted: 3,
      // `mary`, `Bob` and `user<id>` were claimed in lower case already, which is their skeleton.
      alreadyConverted: 3,
      findings: [
        `aIicekvm5 (user ${alike.id}) passes for alicekvm5 (user ${alice.id}), which holds the claim`,
        `rnary (user ${rnary.id}) passes for mary (user ${mary.id}), which holds the claim`,
      ],
    });
    expect(await claimOf('aiicekums')).toMatchObject({ userId: alice.id, keptBy: new Set([alike.id]) });
    expect(await claimOf('mary')).toMatchObject({ userId: mary.id, keptBy: new Set([rnary.id]) });
    expect(await claimOf('bob')).toMatchObject({ userId: bob.id });
    expect(await claimOf(usernameSkeleton(plain.username))).toMatchObject({ userId: plain.id });
    // The lower-case claims that are not skeletons are gone.
    for (const old of ['alicekvm5', 'aiicekvm5', 'rnary']) expect(await claimOf(old), old).toBeUndefined();
    // Both keep their names.
    expect((await users().get(alike.id))!.username).toBe('aIicekvm5');
    expect((await users().get(rnary.id))!.username).toBe('rnary');
  });

  it('changes nothing when run again, and still lists the pairs', async () => {
    const counts = await usernameSkeletons.run({ ctx, stage });
    expect(counts).toMatchObject({ scanned: 6, converted: 0, alreadyConverted: 6 });
    expect(counts.findings).toHaveLength(2);
  });

  it('refuses lookalikes of migrated names to everybody else', async () => {
    const other = await anOldUser();
    for (const name of ['a.licekvm5', 'ALICEKVM5', 'rnary', 'MARY', 'B0B'])
      expect(await refusal(other, name), name).toEqual([409, 'USERNAME_TAKEN']);
  });

  it('lets the account that keeps a lookalike name leave it, but not take it (or another spelling) again', async () => {
    expect(await refusal(alike, 'AIicekvm5')).toEqual([409, 'USERNAME_TAKEN']);
    await rename(alike, 'alike_elsewhere');
    expect(await claimOf('aiicekums')).toEqual(expect.not.objectContaining({ keptBy: expect.anything() }));
    expect(await refusal(alike, 'aIicekvm5')).toEqual([409, 'USERNAME_TAKEN']);
  });

  it('passes the claim to the account that keeps a lookalike name when the holder leaves it', async () => {
    const other = await anOldUser();
    await rename(mary, 'first_gone');
    expect(await claimOf('mary')).toMatchObject({ userId: rnary.id });
    expect(await claimOf('mary')).toEqual(expect.not.objectContaining({ keptBy: expect.anything() }));
    // `rnary` still shows the skeleton, so nobody else may take it.
    expect(await refusal(other, 'mary')).toEqual([409, 'USERNAME_TAKEN']);
    await rename(rnary, 'second_gone');
    expect(await claimOf('mary')).toBeUndefined();
    await expect(rename(other, 'mary')).resolves.toMatchObject({ user: { username: 'mary' } });
  });
});

// Migration 0005 on users whose names were claimed by the skeleton of migration 0004: every user claims its name's
// skeleton under the wider folding; two names that pass for each other only now both keep them, the holder of the
// replaced claim (else the older account) holds the new one and the pair is listed; the earlier claims are gone, a
// second run changes nothing, and the claims then behave as for names given since.
import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dbOf } from '#lib/db/client.ts';
import { usernameClaimKey } from '#lib/db/keys.ts';
import { userRepo } from '#lib/db/user-repo.ts';
import { earlierUsernameSkeleton, newUser, usernameSkeleton, type StoredUser } from '#lib/accounts/user.ts';
import { updateProfile } from '#lib/accounts/profile-update.ts';
import { usernameRefold } from '#lib/migrations/username-refold.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { failure } from '../support/failure.ts';
import { TEST_CONTRACT, TEST_PLACEHOLDER } from '../support/factories.ts';

let ctx: AppContext;
const stage = { placeholderImage: TEST_PLACEHOLDER, contractAddress: TEST_CONTRACT };
const NOW = new Date('2026-11-01T00:00:00.000Z');
const users = () => userRepo(dbOf(ctx), ctx.tableName);

/** A user's id, allocated now (so ids tell which account is older). */
const anId = () => users().allocateId();

/** A user as the previous version stored it: its username claimed by the earlier skeleton (or by `claim`). */
async function anEarlierUser(username: string | null, { id, claim }: { id?: number; claim?: string } = {}): Promise<StoredUser> {
  const userId = id ?? (await anId());
  const user = newUser({
    id: userId,
    email: `refold${userId}@example.com`,
    walletAddress: `0x${String(userId).padStart(40, '0')}`,
    now: NOW,
  });
  if (username) user.username = username;
  expect(await users().create(user, claim ?? earlierUsernameSkeleton(user.username))).toEqual({ kind: 'created' });
  return user;
}

const claimOf = async (claim: string) =>
  (await dbOf(ctx).send(new GetCommand({ TableName: ctx.tableName, Key: usernameClaimKey(claim), ConsistentRead: true }))).Item;
const rename = async (user: StoredUser, username: string) => updateProfile(ctx, (await users().get(user.id))!, { text: { username } });
const refusal = async (user: StoredUser, username: string) => {
  const refused = await failure(rename(user, username));
  return [refused.status, refused.code];
};

let bob3: StoredUser, bobe: StoredUser, anna: StoredUser, clara: StoredUser, ciara: StoredUser, plain: StoredUser;

beforeAll(async () => {
  ctx = await freshTable();
  bob3 = await anEarlierUser('bob3');
  bobe = await anEarlierUser('bobe');
  anna = await anEarlierUser('anna');
  // `clara` and `ciara` had one earlier skeleton, `ciara`: as migration 0004 left such a pair, `ciara` (whose name was
  // its skeleton) holds the claim though `clara` is the older account, which keeps its name without the claim.
  const older = await anId();
  ciara = await anEarlierUser('ciara');
  clara = await anEarlierUser('clara', { id: older, claim: 'clara-before-0004' });
  expect(await users().claimUsername(clara.id, 'clara', 'ciara', ['clara-before-0004'])).toMatchObject({ kind: 'kept', holder: ciara.id });
  plain = await anEarlierUser(null);
});

describe('migration 0005-username-refold', () => {
  it('claims every new skeleton, keeps each claim with its holder, lists the new pairs and drops the earlier claims', async () => {
    const counts = await usernameRefold.run({ ctx, stage });
    expect(counts).toEqual({
      scanned: 6,
      // `bob3`, `anna`, `ciara` and `clara` claim or keep the new skeletons; `bobe` and `user<id>` held theirs already.
      converted: 4,
      alreadyConverted: 2,
      findings: [`bob3 (user ${bob3.id}) passes for bobe (user ${bobe.id}), which holds the claim`],
    });
    expect(await claimOf('bobe')).toMatchObject({ userId: bobe.id, keptBy: new Set([bob3.id]) });
    expect(await claimOf('ama')).toMatchObject({ userId: anna.id });
    expect(await claimOf('dara')).toMatchObject({ userId: ciara.id, keptBy: new Set([clara.id]) });
    expect(await claimOf(usernameSkeleton(plain.username))).toMatchObject({ userId: plain.id });
    for (const earlier of ['bob3', 'anna', 'ciara']) expect(await claimOf(earlier), earlier).toBeUndefined();
    // Both keep their names.
    expect((await users().get(bob3.id))!.username).toBe('bob3');
    expect((await users().get(clara.id))!.username).toBe('clara');
  });

  it('changes nothing when run again, and still lists the pair', async () => {
    expect(await usernameRefold.run({ ctx, stage })).toEqual({
      scanned: 6,
      converted: 0,
      alreadyConverted: 6,
      findings: [`bob3 (user ${bob3.id}) passes for bobe (user ${bobe.id}), which holds the claim`],
    });
  });

  it('refuses the lookalikes of migrated names under the wider folding to everybody else', async () => {
    const other = await anEarlierUser(null);
    for (const name of ['B0BE', 'bob3', 'ama', 'arna', 'ANNA', 'dara', 'c1ara', 'CLARA']) {
      expect(await refusal(other, name), name).toEqual([409, 'USERNAME_TAKEN']);
    }
  });

  it('passes the claim to the account that keeps a lookalike name when the holder leaves it', async () => {
    await rename(ciara, 'ciara_gone');
    expect(await claimOf('dara')).toMatchObject({ userId: clara.id });
    expect(await claimOf('dara')).toEqual(expect.not.objectContaining({ keptBy: expect.anything() }));
  });

  it("releases a name's earlier claim when a user the migration has not reached yet takes another name", async () => {
    const late = await anEarlierUser('bob9');
    expect(await claimOf('bob9')).toMatchObject({ userId: late.id });
    await rename(late, 'robert_late');
    expect(await claimOf('bob9')).toBeUndefined();
    expect(await claimOf('bobg')).toBeUndefined();
    expect(await claimOf(usernameSkeleton('robert_late'))).toMatchObject({ userId: late.id });
  });
});

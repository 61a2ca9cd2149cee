// The user repository on DynamoDB Local: claims written with the user, the wallet index, and profile updates.
import { beforeAll, describe, expect, it } from 'vitest';
import { dbOf } from '#lib/db/client.ts';
import { userRepo, type ProfileUpdateOutcome, type UserRepo } from '#lib/db/user-repo.ts';
import { newUser, usernameClaimsOf, usernameSkeleton, type StoredUser } from '#lib/accounts/user.ts';
import { freshTable } from '../support/db.ts';

let users: UserRepo;
const NOW = new Date('2026-05-01T00:00:00.000Z');

beforeAll(async () => {
  const ctx = await freshTable();
  users = userRepo(dbOf(ctx), ctx.tableName);
});

const wallet = (id: number) => `0x${'aB'.repeat(17)}${String(id).padStart(6, '0')}`;

/** The user an update wrote; fails the test when it wrote nothing. */
async function updated(outcome: Promise<ProfileUpdateOutcome>): Promise<StoredUser> {
  const result = await outcome;
  if (result.kind !== 'updated') throw new Error(`expected the update to be written, got ${result.kind}`);
  return result.user;
}

/** The username change the profile update asks for: the new name, its claim, and the claims of the old name. */
const renaming = (user: StoredUser, name: string) => ({ name, claim: usernameSkeleton(name), released: usernameClaimsOf(user.username) });

async function aUser(overrides: Partial<StoredUser> = {}): Promise<StoredUser> {
  const id = await users.allocateId();
  const user = { ...newUser({ id, email: `u${id}@example.com`, walletAddress: wallet(id), now: NOW }), ...overrides };
  expect(await users.create(user, usernameSkeleton(user.username))).toEqual({ kind: 'created' });
  return user;
}

describe('user repository', () => {
  it('allocates increasing ids from one counter', async () => {
    const [a, b] = [await users.allocateId(), await users.allocateId()];
    expect(b).toBe(a + 1);
  });

  it('finds a user by id, by email and by wallet in any casing', async () => {
    const user = await aUser();
    expect(await users.get(user.id)).toEqual(user);
    expect(await users.findByEmail(user.email)).toEqual(user);
    expect(await users.findByWallet(user.walletAddress.toLowerCase())).toEqual(user);
    expect(await users.findByWallet(user.walletAddress.toUpperCase().replace('0X', '0x'))).toEqual(user);
    expect(await users.findByWallet(wallet(999_999))).toBeNull();
    expect(await users.findByEmail('nobody@example.com')).toBeNull();
  });

  it('refuses a second user with the same email (its claim), writing nothing of it', async () => {
    const user = await aUser();
    const id = await users.allocateId();
    const twin = newUser({ id, email: user.email, walletAddress: wallet(id), now: NOW });
    expect(await users.create(twin, usernameSkeleton(twin.username))).toEqual({ kind: 'email-taken' });
    expect(await users.get(id)).toBeNull();
  });

  it('changes the username and moves its case-insensitive claim', async () => {
    const user = await aUser();
    const renamed = await updated(users.updateProfile(user, { username: renaming(user, 'Grace.Hopper') }, NOW));
    expect(renamed.username).toBe('Grace.Hopper');
    const other = await aUser();
    expect(await users.updateProfile(other, { username: renaming(other, 'grace.hopper') }, NOW)).toEqual({ kind: 'username-taken' });
    // The old name is free again.
    expect((await updated(users.updateProfile(other, { username: renaming(other, user.username) }, NOW))).username).toBe(user.username);
  });

  it('lets a user change only the casing of their own name', async () => {
    const user = await aUser();
    const first = await updated(users.updateProfile(user, { username: renaming(user, 'ada_l') }, NOW));
    expect((await updated(users.updateProfile(first, { username: renaming(first, 'Ada_L') }, NOW))).username).toBe('Ada_L');
    const other = await aUser();
    expect(await users.updateProfile(other, { username: renaming(other, 'ADA_L') }, NOW)).toEqual({ kind: 'username-taken' });
  });

  it('gives a name to exactly one of two users claiming it at once', async () => {
    const [a, b] = [await aUser(), await aUser()];
    const results = await Promise.all([
      users.updateProfile(a, { username: renaming(a, 'contested') }, NOW),
      users.updateProfile(b, { username: renaming(b, 'Contested') }, NOW),
    ]);
    expect(results.map((r) => r.kind).sort()).toEqual(['updated', 'username-taken']);
  });

  it('raises the token version with a new password hash, and refuses an update based on a stale read', async () => {
    const user = await aUser();
    const changed = await updated(users.updateProfile(user, { passwordHash: 'scrypt$new', phoneNumber: '+4930123456' }, NOW));
    expect(changed).toMatchObject({ passwordHash: 'scrypt$new', tokenVersion: 2, phoneNumber: '+4930123456' });
    expect(await users.get(user.id)).toEqual(changed);
    // `user` is the record before the change: its password hash is no longer the stored one.
    expect(await users.updateProfile(user, { passwordHash: 'scrypt$other' }, NOW)).toEqual({ kind: 'changed' });
    expect((await users.get(user.id))!.passwordHash).toBe('scrypt$new');
  });

  it('replaces the image only over the image it was read with', async () => {
    const user = await aUser();
    const first = await updated(users.updateProfile(user, { image: { url: 'https://cdn/users/1/a.png', key: 'users/1/a.png' } }, NOW));
    expect(first).toMatchObject({ image: 'https://cdn/users/1/a.png', imageKey: 'users/1/a.png' });
    expect(await users.updateProfile(user, { image: { url: 'https://cdn/b.png', key: 'users/1/b.png' } }, NOW)).toEqual({
      kind: 'changed',
    });
    expect(await updated(users.updateProfile(first, { image: { url: 'https://cdn/c.png', key: 'users/1/c.png' } }, NOW))).toMatchObject({
      imageKey: 'users/1/c.png',
    });
  });

  it('refuses a second user with the same username, writing nothing of it', async () => {
    const user = await aUser();
    const id = await users.allocateId();
    const namesake = {
      ...newUser({ id, email: `u${id}@example.com`, walletAddress: wallet(id), now: NOW }),
      username: user.username.toUpperCase(),
    };
    expect(await users.create(namesake, usernameSkeleton(namesake.username))).toEqual({ kind: 'username-taken' });
    expect(await users.get(id)).toBeNull();
    expect(await users.findByEmail(namesake.email)).toBeNull();
  });

  it('marks an address verified and clears the code expiry', async () => {
    const user = await aUser();
    await users.setCodeExpiry(user.id, '2026-05-01T00:15:00.000Z', NOW);
    expect((await users.get(user.id))!.emailVerificationCodeExpireTime).toBe('2026-05-01T00:15:00.000Z');
    await expect(users.markEmailVerified(user.id, NOW)).resolves.toMatchObject({
      kind: 'verified',
      user: { emailVerify: true, emailVerificationCodeExpireTime: null },
    });
    expect(await users.markEmailVerified(987_654, NOW)).toEqual({ kind: 'not-found' });
  });
});

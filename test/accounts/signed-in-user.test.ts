// requireUser behind a handler: the authorizer's { userId, tv } must still name the user and its current token version.
import { beforeAll, describe, expect, it } from 'vitest';
import { handler } from '#functions/auth/get-profile.ts';
import { dbOf } from '#lib/db/client.ts';
import { userRepo } from '#lib/db/user-repo.ts';
import { newUser, usernameSkeleton, type StoredUser } from '#lib/accounts/user.ts';
import { freshTable } from '../support/db.ts';
import { invoke } from '../support/events.ts';

let user: StoredUser;

beforeAll(async () => {
  const ctx = await freshTable();
  const users = userRepo(dbOf(ctx), ctx.tableName);
  const id = await users.allocateId();
  user = newUser({ id, email: 'principal@example.com', walletAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', now: new Date() });
  await users.create(user, usernameSkeleton(user.username));
  const updated = await users.updateProfile(user, { passwordHash: 'scrypt$x' }, new Date()); // token version 2
  if (updated.kind !== 'updated') throw new Error(`profile not updated: ${updated.kind}`);
  user = updated.user;
});

const asCaller = (authorizer: Record<string, unknown> | null) => invoke(handler, { method: 'GET', path: '/auth/profile', authorizer });

describe('requireUser', () => {
  it('lets the user through with the current token version', async () => {
    const response = await asCaller({ userId: String(user.id), tv: '2', principalId: String(user.id) });
    expect(response.statusCode).toBe(200);
    expect(response.json).toMatchObject({ id: user.id, walletAddress: user.walletAddress });
  });

  it('answers 401 UNAUTHORIZED for an older token version, an unknown user, or no authorizer context', async () => {
    for (const authorizer of [{ userId: String(user.id), tv: '1' }, { userId: '999999', tv: '1' }, { userId: 'abc', tv: '2' }, {}, null]) {
      const response = await asCaller(authorizer);
      expect(response.statusCode).toBe(401);
      expect(response.json).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });
});

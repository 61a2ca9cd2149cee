// Reserved usernames (the service account's `plaques`, other accounts' default `user<id>`) cannot be taken in disguise:
// separators and lookalike characters change nothing, through the profile update itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { requestCode } from '#lib/accounts/sign-in.ts';
import { updateProfile } from '#lib/accounts/profile-update.ts';
import { isReservedFor, SERVICE_USERNAME, usernameSkeleton, type StoredUser } from '#lib/accounts/user.ts';
import { userRepo } from '#lib/db/user-repo.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { codeMailsSent, startCodeMail, stopCodeMail } from '../support/code-mail.ts';
import { failure } from '../support/failure.ts';
import { dbOf } from '#lib/db/client.ts';
import { CLIENT } from './flows.ts';

let ctx: AppContext;
let user: StoredUser;

beforeAll(async () => {
  ctx = await freshTable();
  const email = `reserved-${process.pid}@example.com`;
  // The code mail sender creates the user of a new address.
  await startCodeMail(ctx);
  await requestCode(ctx, email, CLIENT);
  await codeMailsSent();
  user = (await userRepo(dbOf(ctx), ctx.tableName).findByEmail(email))!;
});
afterAll(stopCodeMail);

const refusalOf = async (username: string) => {
  const refused = await failure(updateProfile(ctx, user, { text: { username } }));
  return [refused.status, refused.code];
};

/** The characters each one may be written as: itself in either case, and the characters that look like it. */
const WRITTEN_AS: Record<string, string[]> = {
  o: ['o', 'O', '0'],
  '0': ['0', 'o', 'O'],
  i: ['i', 'I', '1', 'l', 'L'],
  l: ['l', 'L', '1', 'i', 'I'],
  '1': ['1', 'l', 'L', 'i', 'I'],
  s: ['s', 'S', '5'],
  '5': ['5', 's', 'S'],
};
const writtenAs = (c: string) => WRITTEN_AS[c] ?? [c.toLowerCase(), c.toUpperCase()];

/** `name` with every character written as one of its lookalikes, and separators inserted anywhere. */
const disguised = (name: string) =>
  fc
    .tuple(
      fc.tuple(...[...name].map((c) => fc.constantFrom(...writtenAs(c)))),
      fc.array(fc.tuple(fc.nat({ max: name.length }), fc.constantFrom('.', '_')), { maxLength: 30 - name.length }),
    )
    .map(([chars, separators]) => {
      const out = [...chars];
      for (const [at, separator] of separators.sort((a, b) => b[0] - a[0])) out.splice(at, 0, separator);
      return out.join('');
    });

describe('reserved usernames', () => {
  it('refuses plaques., p.laques, PLAQUE5, pIaques and user<other id> lookalikes like the names themselves', async () => {
    const plain = await refusalOf(SERVICE_USERNAME);
    expect(plain).toEqual([409, 'USERNAME_TAKEN']);
    for (const name of ['plaques.', 'p.laques', '_plaques_', 'PLAQUE5', 'pIaques', 'p1aques', 'pl.aq.ue.s']) {
      expect(await refusalOf(name), name).toEqual(plain);
    }
    const other = user.id + 1;
    expect(await refusalOf(`user${other}`)).toEqual(plain);
    expect(await refusalOf(`user.${other}`)).toEqual(plain);
    expect(await refusalOf(`user_10`)).toEqual(plain);
    expect(await refusalOf(`USER1O`)).toEqual(plain);
  });

  it('still lets a user take names that only contain a reserved one, and their own default name in any disguise', () => {
    for (const name of ['plaques_fan', 'myplaques', 'alice', 'user7x', 'username', 'superuser1'])
      expect(isReservedFor(name, 7), name).toBe(false);
    expect(isReservedFor('user.7', 7)).toBe(false);
    expect(isReservedFor('USER_7', 7)).toBe(false);
  });

  // Invariant: a reserved name written with any lookalikes and separators is refused with the reserved name's own code.
  it('refuses every disguise of a reserved name with the same code as the name itself', async () => {
    const other = user.id + 1 + Math.floor(Math.random() * 1000);
    const reserved = fc.constantFrom(SERVICE_USERNAME, `user${other}`, 'user10', 'user105');
    await fc.assert(
      fc.asyncProperty(
        reserved.chain((name) => fc.tuple(fc.constant(name), disguised(name))),
        async ([name, disguise]) => {
          expect(usernameSkeleton(disguise)).toBe(usernameSkeleton(name));
          expect(await refusalOf(disguise)).toEqual(await refusalOf(name));
        },
      ),
      { numRuns: 200 },
    );
  });
});

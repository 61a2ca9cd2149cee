// Password login on DynamoDB Local: right and wrong pairs, users without a password, and the failure throttle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#lib/errors.ts';
import { login, LOGIN_WINDOW_MS, MAX_LOGIN_FAILURES, requestCode } from '#lib/accounts/sign-in.ts';
import { userRepo } from '#lib/db/user-repo.ts';
import { hashPassword, PASSWORD_WORK_CONCURRENCY, passwordWork } from '#lib/auth/password.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { codeMailsSent, startCodeMail, stopCodeMail } from '../support/code-mail.ts';
import { failure } from '../support/failure.ts';
import { dbOf } from '#lib/db/client.ts';
import { CLIENT } from './flows.ts';

let ctx: AppContext;
let clock = Date.parse('2026-04-01T08:00:00.000Z');
const PASSWORD = 'a-long-enough-password';
const STORED_COST = { log2N: 10, r: 8, p: 1 };
let passwordHash: string;

beforeAll(async () => {
  ctx = await freshTable({ now: () => new Date(clock) });
  await startCodeMail(ctx);
  // A stored hash of a cheaper cost, read from the hash as any is: the many checks below then take milliseconds of CPU
  // each rather than half a second (test/auth/password.test.ts checks the production cost).
  passwordHash = await hashPassword(PASSWORD, STORED_COST);
});

afterAll(stopCodeMail);

let n = 0;
async function aUserWithPassword(): Promise<string> {
  const email = `login${++n}@example.com`;
  await requestCode(ctx, email, CLIENT);
  // The code mail sender creates the user.
  await codeMailsSent();
  const users = userRepo(dbOf(ctx), ctx.tableName);
  await users.updateProfile((await users.findByEmail(email))!, { passwordHash }, new Date(clock));
  return email;
}

describe('login', () => {
  it('signs in with the right pair', async () => {
    const email = await aUserWithPassword();
    const { user, token } = await login(ctx, email, PASSWORD);
    expect(user.email).toBe(email);
    expect(token.split('.')).toHaveLength(3);
  });

  it('answers INVALID_CREDENTIALS alike for a wrong password, a user without one and an unknown address', async () => {
    const email = await aUserWithPassword();
    const withoutPassword = 'nopassword@example.com';
    await requestCode(ctx, withoutPassword, CLIENT);
    await codeMailsSent();
    for (const [address, password] of [
      [email, 'not-the-password'],
      [withoutPassword, PASSWORD],
      ['nobody@example.com', PASSWORD],
    ] as const) {
      const refused = await failure(login(ctx, address, password));
      expect([refused.status, refused.code, refused.detail]).toEqual([
        401,
        'INVALID_CREDENTIALS',
        'the email address or password is wrong',
      ]);
    }
  });

  it(`answers 429 after ${MAX_LOGIN_FAILURES} failures within 15 minutes, the right password included, until the window ends`, async () => {
    const email = await aUserWithPassword();
    const start = clock;
    for (let i = 0; i < MAX_LOGIN_FAILURES; i++) {
      expect((await failure(login(ctx, email, `wrong-${i}-password`))).code).toBe('INVALID_CREDENTIALS');
      clock += 30_000;
    }
    const throttled = await failure(login(ctx, email, PASSWORD));
    expect([throttled.status, throttled.code]).toEqual([429, 'TOO_MANY_LOGIN_ATTEMPTS']);
    expect(Number(throttled.headers['Retry-After'])).toBe((start + LOGIN_WINDOW_MS - clock) / 1000);
    clock = start + LOGIN_WINDOW_MS;
    await expect(login(ctx, email, PASSWORD)).resolves.toMatchObject({ user: { email } });
  });

  it('does not count successful logins as failures', async () => {
    const email = await aUserWithPassword();
    for (let i = 0; i < MAX_LOGIN_FAILURES - 1; i++) await failure(login(ctx, email, 'wrong-password'));
    await login(ctx, email, PASSWORD);
    expect((await failure(login(ctx, email, 'wrong-password'))).code).toBe('INVALID_CREDENTIALS');
    expect((await failure(login(ctx, email, PASSWORD))).code).toBe('TOO_MANY_LOGIN_ATTEMPTS');
  });

  it(`checks at most ${MAX_LOGIN_FAILURES} passwords of many wrong ones sent at once`, async () => {
    const email = await aUserWithPassword();
    const results = await Promise.allSettled(Array.from({ length: 14 }, () => login(ctx, email, 'wrong-password')));
    const codes = results.map((r) => (r.status === 'rejected' ? (r.reason as AppError).code : 'OK'));
    expect(codes.filter((c) => c === 'INVALID_CREDENTIALS')).toHaveLength(MAX_LOGIN_FAILURES);
    expect(codes.filter((c) => c === 'TOO_MANY_LOGIN_ATTEMPTS')).toHaveLength(4);
  });

  it(
    `answers 50 logins sent at once correctly, deriving at most ${PASSWORD_WORK_CONCURRENCY} passwords at a time`,
    { timeout: 300_000 },
    async () => {
      // Known addresses check the stored hash (of a cheap cost here); unknown ones derive at the production cost.
      const known = await Promise.all(Array.from({ length: 40 }, () => aUserWithPassword()));
      const attempts = Array.from({ length: 50 }, (_, i) =>
        i < known.length
          ? { email: known[i]!, password: PASSWORD, expected: 'OK' }
          : { email: `unknown${i}-${n}@example.com`, password: PASSWORD, expected: 'INVALID_CREDENTIALS' },
      );
      let most = 0;
      const watch = setInterval(() => (most = Math.max(most, passwordWork.running)), 1);
      const outcomes = await Promise.allSettled(attempts.map((a) => login(ctx, a.email, a.password)));
      clearInterval(watch);
      const codes = outcomes.map((o) => (o.status === 'fulfilled' ? 'OK' : (o.reason as AppError).code));
      expect(codes).toEqual(attempts.map((a) => a.expected));
      outcomes.slice(0, known.length).forEach((o, i) => expect(o).toMatchObject({ value: { user: { email: known[i] } } }));
      expect(most).toBeGreaterThan(0);
      expect(most).toBeLessThanOrEqual(PASSWORD_WORK_CONCURRENCY);
    },
  );
});

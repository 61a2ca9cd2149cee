// Email-code sign-in on DynamoDB Local: users created with their wallet, codes issued, tried, locked, expired and spent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#lib/errors.ts';
import { evaluateCode, requestCode } from '#lib/accounts/sign-in.ts';
import { userRepo } from '#lib/db/user-repo.ts';
import { verificationCodeRepo } from '#lib/db/verification-code-repo.ts';
import { localMnemonicFile } from '#lib/wallet/service-wallet.ts';
import { verifyAccessToken } from '#lib/auth/verify-token.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { readFileSync } from 'node:fs';
import { mnemonicToAccount } from 'viem/accounts';
import { freshTable } from '../support/db.ts';
import { codeMailsSent, startCodeMail, stopCodeMail } from '../support/code-mail.ts';
import { latestCode, mailsTo, CLIENT } from './flows.ts';
import { jwtKeysOf } from '#lib/auth/key-generation.ts';
import { failure } from '../support/failure.ts';
import { dbOf } from '#lib/db/client.ts';

let ctx: AppContext;
let clock = Date.parse('2026-03-01T10:00:00.000Z');
const advance = (ms: number) => (clock += ms);

beforeAll(async () => {
  ctx = await freshTable({ now: () => new Date(clock) });
  await startCodeMail(ctx);
});

afterAll(stopCodeMail);

let n = 0;
const anEmail = () => `person${++n}-${Date.now()}@example.com`;

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** The answers to `tries` tries of `guess` for `email` from `client`: status, code and attemptsRemaining of each. */
const answersTo = async (email: string, tries: number, client = CLIENT, guess = '000000') => {
  const answers: unknown[] = [];
  for (let i = 0; i < tries; i++) {
    const refused = await failure(evaluateCode(ctx, email, guess, client));
    answers.push([refused.status, refused.code, refused.extensions?.attemptsRemaining]);
  }
  return answers;
};

describe('requesting a code', () => {
  it('creates a user with the defaults, a service wallet at index = id, and mails a code', async () => {
    const email = anEmail();
    const sent = await requestCode(ctx, email, CLIENT);
    await codeMailsSent();
    const user = (await userRepo(dbOf(ctx), ctx.tableName).findByEmail(email))!;
    const mnemonic = readFileSync(localMnemonicFile(ctx.dataDir), 'utf8').trim();
    expect(user).toMatchObject({
      username: `user${user.id}`,
      emailVerify: false,
      isServiceWallet: true,
      tokenVersion: 1,
      passwordHash: null,
    });
    expect(user.walletAddress).toBe(mnemonicToAccount(mnemonic, { path: `m/44'/60'/0'/0/${user.id}` }).address);
    expect(user.emailVerificationCodeExpireTime).toBe(sent.expiresAt);
    expect(sent).toEqual({
      sentTo: `p***@example.com`,
      expiresAt: new Date(clock + 15 * 60_000).toISOString(),
      resendAvailableAt: new Date(clock + 60_000).toISOString(),
    });
    const [mail] = await mailsTo(ctx.dataDir, email);
    expect(mail).toMatchObject({ to: email, code: expect.stringMatching(/^[0-9]{6}$/) });
    expect(mail!.text).toContain(mail!.code);
  });

  it('stores only a keyed hash of the code', async () => {
    const email = anEmail();
    await requestCode(ctx, email, CLIENT);
    const code = await latestCode(ctx.dataDir, email);
    const stored = await verificationCodeRepo(dbOf(ctx), ctx.tableName).get(email, CLIENT);
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(stored).toMatchObject({ attempts: 0, digest: expect.any(String) });
  });

  it('answers a known address exactly like a new one, keeping its user', async () => {
    const email = anEmail();
    const first = await requestCode(ctx, email, CLIENT);
    advance(61_000);
    const second = await requestCode(ctx, email, CLIENT);
    expect(Object.keys(second)).toEqual(Object.keys(first));
    expect(second.sentTo).toBe(first.sentTo);
    await codeMailsSent();
    const users = userRepo(dbOf(ctx), ctx.tableName);
    expect((await users.findByEmail(email))!.id).toBeGreaterThan(0);
  });

  it('sends one code and creates one user when the first requests for an address arrive together', async () => {
    const email = anEmail();
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => requestCode(ctx, email, CLIENT)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as AppError).code).toBe('RESEND_TOO_SOON');
    await codeMailsSent();
    expect(await userRepo(dbOf(ctx), ctx.tableName).findByEmail(email)).not.toBeNull();
  });

  it('refuses a resend within 60 s and a sixth code within the hour, with Retry-After', async () => {
    const email = anEmail();
    await requestCode(ctx, email, CLIENT);
    advance(20_000);
    const tooSoon = await failure(requestCode(ctx, email, CLIENT));
    expect([tooSoon.status, tooSoon.code, tooSoon.headers['Retry-After']]).toEqual([429, 'RESEND_TOO_SOON', '40']);
    for (let i = 0; i < 4; i++) {
      // Each code is mailed within a second, long before the next may be requested.
      await codeMailsSent();
      advance(60_000);
      await requestCode(ctx, email, CLIENT);
    }
    advance(60_000);
    const tooMany = await failure(requestCode(ctx, email, CLIENT));
    expect([tooMany.status, tooMany.code]).toEqual([429, 'TOO_MANY_CODES']);
    // The first code (at 0 s) leaves the window at 3600 s; this request came at 320 s.
    expect(Number(tooMany.headers['Retry-After'])).toBe(3600 - 320);
    expect(await mailsTo(ctx.dataDir, email)).toHaveLength(5);
  });
});

describe('evaluating a code', () => {
  it('signs in with the right code, marks the address verified and spends the code', async () => {
    const email = anEmail();
    await requestCode(ctx, email, CLIENT);
    const code = await latestCode(ctx.dataDir, email);
    const { user, token } = await evaluateCode(ctx, email, code, CLIENT);
    expect(user).toMatchObject({ email, emailVerify: true, emailVerificationCodeExpireTime: null });
    expect(await verifyAccessToken(jwtKeysOf(ctx), token, { now: new Date(clock) })).toEqual({ userId: user.id, tv: 1 });
    // Spent: the next try meets no code, and is answered as for a pending one.
    const again = await failure(evaluateCode(ctx, email, code, CLIENT));
    expect([again.status, again.code, again.extensions.attemptsRemaining]).toEqual([401, 'CODE_MISMATCH', 4]);
  });

  it('counts down 4, 3, 2, 1, 0 for wrong codes, then refuses every try (the right code too) until a new code', async () => {
    const email = anEmail();
    await requestCode(ctx, email, CLIENT);
    const code = await latestCode(ctx.dataDir, email);
    const remaining: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      const wrong = await failure(evaluateCode(ctx, email, wrongCode(code), CLIENT));
      expect(wrong.code).toBe('CODE_MISMATCH');
      remaining.push(wrong.extensions.attemptsRemaining);
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    const locked = await failure(evaluateCode(ctx, email, code, CLIENT));
    expect([locked.status, locked.code]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
    expect(Number(locked.headers['Retry-After'])).toBeGreaterThanOrEqual(1);

    advance(60_000);
    await requestCode(ctx, email, CLIENT);
    const fresh = await latestCode(ctx.dataDir, email);
    await expect(evaluateCode(ctx, email, fresh, CLIENT)).resolves.toMatchObject({ user: { email } });
  });

  it('accepts the right code on the fifth try', async () => {
    const email = anEmail();
    await requestCode(ctx, email, CLIENT);
    const code = await latestCode(ctx.dataDir, email);
    for (let i = 0; i < 4; i++) await failure(evaluateCode(ctx, email, wrongCode(code), CLIENT));
    await expect(evaluateCode(ctx, email, code, CLIENT)).resolves.toMatchObject({ user: { email } });
  });

  it('evaluates at most five of twenty wrong guesses sent at once; the rest are 429', async () => {
    const email = anEmail();
    await requestCode(ctx, email, CLIENT);
    const code = await latestCode(ctx.dataDir, email);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => evaluateCode(ctx, email, wrongCode(code), CLIENT)));
    const codes = results.map((r) => (r.status === 'rejected' ? (r.reason as AppError).code : 'SIGNED_IN'));
    expect(codes.filter((c) => c === 'CODE_MISMATCH').length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c !== 'CODE_MISMATCH').every((c) => c === 'TOO_MANY_ATTEMPTS')).toBe(true);
    expect((await verificationCodeRepo(dbOf(ctx), ctx.tableName).get(email, CLIENT))!.attempts).toBe(5);
  });

  it('lets exactly one of two simultaneous right guesses sign in', async () => {
    const email = anEmail();
    await requestCode(ctx, email, CLIENT);
    const code = await latestCode(ctx.dataDir, email);
    const results = await Promise.allSettled([evaluateCode(ctx, email, code, CLIENT), evaluateCode(ctx, email, code, CLIENT)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('answers CODE_EXPIRED after 15 minutes (checked in code, whatever TTL has deleted)', async () => {
    const email = anEmail();
    await requestCode(ctx, email, CLIENT);
    const code = await latestCode(ctx.dataDir, email);
    advance(15 * 60_000);
    const expired = await failure(evaluateCode(ctx, email, code, CLIENT));
    expect([expired.status, expired.code]).toEqual([401, 'CODE_EXPIRED']);
  });

  it('replaces an earlier code with a newer one', async () => {
    const email = anEmail();
    await requestCode(ctx, email, CLIENT);
    const older = await latestCode(ctx.dataDir, email);
    advance(60_000);
    await requestCode(ctx, email, CLIENT);
    const newer = await latestCode(ctx.dataDir, email);
    if (older !== newer) expect((await failure(evaluateCode(ctx, email, older, CLIENT))).code).toBe('CODE_MISMATCH');
    await expect(evaluateCode(ctx, email, newer, CLIENT)).resolves.toMatchObject({ user: { email } });
  });

  it('answers CODE_MISMATCH for an address it has never seen', async () => {
    const unknown = await failure(evaluateCode(ctx, anEmail(), '123456', CLIENT));
    expect([unknown.status, unknown.code, unknown.extensions.attemptsRemaining]).toEqual([401, 'CODE_MISMATCH', 4]);
  });

  it('answers wrong codes alike whether a code is pending for the address or not, down to the lock', async () => {
    const withCode = anEmail();
    await requestCode(ctx, withCode, CLIENT);
    const guess = wrongCode(await latestCode(ctx.dataDir, withCode));
    const withoutCode = anEmail();
    const pending = await answersTo(withCode, 6, CLIENT, guess);
    expect(pending).toEqual([
      [401, 'CODE_MISMATCH', 4],
      [401, 'CODE_MISMATCH', 3],
      [401, 'CODE_MISMATCH', 2],
      [401, 'CODE_MISMATCH', 1],
      [401, 'CODE_MISMATCH', 0],
      [429, 'TOO_MANY_ATTEMPTS', undefined],
    ]);
    expect(await answersTo(withoutCode, 6, CLIENT, guess)).toEqual(pending);
    // Both expire alike too: an expired code (or decoy) that is not locked answers CODE_EXPIRED.
    const [expiring, unknown] = [anEmail(), anEmail()];
    await requestCode(ctx, expiring, CLIENT);
    const other = wrongCode(await latestCode(ctx.dataDir, expiring));
    expect(await answersTo(expiring, 1, CLIENT, other)).toEqual(await answersTo(unknown, 1, CLIENT, other));
    advance(15 * 60_000);
    expect(await answersTo(expiring, 1, CLIENT, other)).toEqual([[401, 'CODE_EXPIRED', undefined]]);
    expect(await answersTo(unknown, 1, CLIENT, other)).toEqual([[401, 'CODE_EXPIRED', undefined]]);
  });
});

describe('codes per client', () => {
  const ATTACKER = '198.51.100.7';

  it('lets a second client get a code and sign in after a first one used up its code requests and tries', async () => {
    const email = anEmail();
    for (let i = 0; i < 5; i++) {
      await requestCode(ctx, email, ATTACKER);
      await codeMailsSent();
      advance(60_000);
    }
    expect((await failure(requestCode(ctx, email, ATTACKER))).code).toBe('TOO_MANY_CODES');
    const guess = wrongCode(await latestCode(ctx.dataDir, email));
    expect((await answersTo(email, 6, ATTACKER, guess)).map((answer) => (answer as unknown[])[1])).toEqual([
      ...Array(5).fill('CODE_MISMATCH'),
      'TOO_MANY_ATTEMPTS',
    ]);

    const sent = await requestCode(ctx, email, CLIENT);
    expect(Date.parse(sent.resendAvailableAt)).toBe(clock + 60_000);
    const code = await latestCode(ctx.dataDir, email);
    // The other client's tries are not compared with this code: even the right one gets nowhere from there.
    expect((await failure(evaluateCode(ctx, email, code, ATTACKER))).code).toBe('TOO_MANY_ATTEMPTS');
    await expect(evaluateCode(ctx, email, code, CLIENT)).resolves.toMatchObject({ user: { email, emailVerify: true } });
  });

  it('keeps the stated limits for each client: 60 s between codes, five an hour, five tries a code', async () => {
    const email = anEmail();
    await requestCode(ctx, email, ATTACKER);
    expect((await failure(requestCode(ctx, email, ATTACKER))).code).toBe('RESEND_TOO_SOON');
    await requestCode(ctx, email, CLIENT);
    expect((await failure(requestCode(ctx, email, CLIENT))).code).toBe('RESEND_TOO_SOON');
    const [first, second] = (await mailsTo(ctx.dataDir, email)).map((mail) => mail.code!);
    // Neither code is the other's: a guess wrong for both.
    const guess = [wrongCode(first!), wrongCode(wrongCode(first!))].find((g) => g !== second)!;
    const counted = await answersTo(email, 6, ATTACKER, guess);
    expect(counted.map((answer) => (answer as unknown[])[2])).toEqual([4, 3, 2, 1, 0, undefined]);
    expect(await answersTo(email, 6, CLIENT, guess)).toEqual(counted);
  });
});

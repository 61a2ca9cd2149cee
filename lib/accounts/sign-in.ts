// Signing in: email codes (sign-up and sign-in in one flow) and password logins, each ending in a fresh access token.
import { tooManyRequests, unauthorized } from '#lib/errors.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { dbOf } from '#lib/db/client.ts';
import { userRepo } from '#lib/db/user-repo.ts';
import { verificationCodeRepo, type AttemptOutcome } from '#lib/db/verification-code-repo.ts';
import { throttleRepo } from '#lib/db/throttle-repo.ts';
import { auditItemOf } from '#lib/db/audit-repo.ts';
import { issueAccessToken } from '#lib/auth/issue-token.ts';
import { verifyNoPassword, verifyPassword } from '#lib/auth/password.ts';
import { maskEmail, presentUser, type StoredUser } from '#lib/accounts/user.ts';
import type { codeSentSchema, signedInSchema } from '#lib/accounts/response-schemas.ts';
import {
  CODE_LIFETIME_MS,
  MAX_CODE_ATTEMPTS,
  codeDigest,
  decideSend,
  decoyCode,
  digestsMatch,
  isExpired,
  newCode,
  nextCodeAllowedAt,
  sealCode,
} from '#lib/accounts/verification-code.ts';
import { jwtKeysOf } from '#lib/auth/key-generation.ts';
import { LOGIN_WINDOW_MS, MAX_LOGIN_FAILURES } from '#lib/accounts/login-limits.ts';
import type { SignInMethod } from '#lib/partner/audit-log-schemas.ts';
import type { Shape } from '#lib/schema.ts';

export { LOGIN_WINDOW_MS, MAX_LOGIN_FAILURES } from '#lib/accounts/login-limits.ts';

export type CodeSent = Shape<typeof codeSentSchema>;
export type SignedIn = Shape<typeof signedInSchema>;

/** The audit log's entry of the user's sign-in (`method`) from `ip`: written with the sign-in's own write. */
const signInEntry = (ctx: AppContext, user: StoredUser, method: SignInMethod, ip: string | null | undefined) =>
  auditItemOf(ctx, { userId: user.id, email: user.email, ip: ip || null }, 'user.signed_in', {
    type: 'user',
    id: String(user.id),
    detail: method,
  });

const repos = (ctx: AppContext) => ({
  users: userRepo(dbOf(ctx), ctx.tableName),
  codes: verificationCodeRepo(dbOf(ctx), ctx.tableName),
  throttles: throttleRepo(dbOf(ctx), ctx.tableName),
});

/** A fresh token for the user's current token version, with the user as its owner sees it. */
export async function signedIn(ctx: AppContext, user: StoredUser): Promise<SignedIn> {
  const token = await issueAccessToken(jwtKeysOf(ctx), { userId: user.id, tv: user.tokenVersion }, ctx.now());
  return { user: presentUser(user, { viewerIsOwner: true }), token };
}

/**
 * POST /auth/email-verification-code from `client` (lib/accounts/sign-in-client.ts): replaces the client's pending code
 * for the address with a new one, its mail pending, and answers; 429 RESEND_TOO_SOON / TOO_MANY_CODES per the resend
 * rules, counted per address and client, so no client can use up another's code requests. New and known addresses
 * take the same path (the throttle's read and write, then one put of the code), so neither the answer nor its time
 * tells whether the address has an account: the code mail sender (lib/accounts/code-mail.ts), fed by the table's
 * stream, creates the user of a new address and mails the code.
 */
export async function requestCode(ctx: AppContext, email: string, client: string): Promise<CodeSent> {
  const { codes, throttles } = repos(ctx);
  const now = ctx.now();
  const decision = await throttles.recordCodeSend(email, client, (sends) => decideSend(sends, now.getTime()));
  if (decision.kind === 'refused') {
    const detail =
      decision.code === 'RESEND_TOO_SOON'
        ? 'a code was sent to this address less than a minute ago'
        : 'five codes were sent to this address within the last hour';
    throw tooManyRequests(decision.code, detail, decision.retryAfterMs / 1000);
  }
  const code = newCode();
  const expiresAt = new Date(now.getTime() + CODE_LIFETIME_MS);
  const { codeHashKey } = await jwtKeysOf(ctx).keys();
  const digest = codeDigest(codeHashKey, email, code);
  await codes.put(
    { email, client, digest, issuedAt: now.toISOString(), expiresAt: expiresAt.toISOString(), attempts: 0 },
    sealCode(codeHashKey, email, digest, code),
  );
  return {
    sentTo: maskEmail(email),
    expiresAt: expiresAt.toISOString(),
    resendAvailableAt: new Date(decision.resendAvailableAt).toISOString(),
  };
}

const mismatch = (attemptsRemaining: number) =>
  unauthorized('CODE_MISMATCH', 'the code does not match', { extensions: { attemptsRemaining } });

/** Times a try is taken again when the code it read was replaced, spent or started meanwhile. */
const RACE_PASSES = 3;

/**
 * GET|POST /auth/evaluate-email-verification-code from `client`: spends a matching code, marks the address verified and
 * signs in. 401 CODE_MISMATCH (attemptsRemaining), 401 CODE_EXPIRED, 429 TOO_MANY_ATTEMPTS once five tries were used.
 * A try is compared with the code `client` requested only, so another client's tries can neither guess nor lock it.
 * Where the client has no pending code for the address (none requested, spent, or an unknown address) the try meets a
 * decoy (`decoyCode`) that counts, locks and expires like a code: the answers are those of a pending code. A sign-in is
 * recorded in the user's audit log (from `ip`, the request's source address) in the transaction that marks the address
 * verified.
 */
export async function evaluateCode(ctx: AppContext, email: string, code: string, client: string, ip?: string | null): Promise<SignedIn> {
  const { users, codes, throttles } = repos(ctx);
  const now = ctx.now();
  const locked = async () => {
    const retryAt = nextCodeAllowedAt(await throttles.codeSends(email, client), now.getTime());
    return tooManyRequests('TOO_MANY_ATTEMPTS', 'this code was tried too often; request a new one', (retryAt - now.getTime()) / 1000);
  };
  const { codeHashKey } = await jwtKeysOf(ctx).keys();
  const tried = codeDigest(codeHashKey, email, code);

  for (let pass = 1; ; pass++) {
    const pending = await codes.get(email, client);
    let attempt: AttemptOutcome;
    if (pending) {
      if (pending.attempts >= MAX_CODE_ATTEMPTS) throw await locked();
      if (isExpired(pending, now)) throw unauthorized('CODE_EXPIRED', 'the code has expired; request a new one');
      // The try is counted before the comparison, atomically: parallel guesses cannot exceed the limit.
      attempt = await codes.takeAttempt(email, client, pending.digest, MAX_CODE_ATTEMPTS);
    } else {
      attempt = (await codes.startDecoy(decoyCode(email, client, now))) ? { kind: 'counted', attempts: 1 } : { kind: 'gone' };
    }
    if (attempt.kind === 'locked') throw await locked();
    if (attempt.kind === 'gone') {
      if (pass < RACE_PASSES) continue;
      throw mismatch(0);
    }
    const { attempts } = attempt;
    // A decoy's digest is no code's: its tries never match.
    if (!pending || !digestsMatch(pending.digest, tried)) throw mismatch(MAX_CODE_ATTEMPTS - attempts);
    // Spent by a conditional delete: of two right guesses at once, one signs in.
    if (!(await codes.spend(email, client, pending.digest))) throw mismatch(MAX_CODE_ATTEMPTS - attempts);

    const owner = await users.findByEmail(email);
    const verified =
      owner && owner.deletedAt === null ? await users.markEmailVerified(owner.id, now, [signInEntry(ctx, owner, 'email_code', ip)]) : null;
    if (verified?.kind !== 'verified') throw mismatch(MAX_CODE_ATTEMPTS - attempts);
    return signedIn(ctx, verified.user);
  }
}

const invalidCredentials = () => unauthorized('INVALID_CREDENTIALS', 'the email address or password is wrong');

/**
 * POST /auth/login: email and password. 401 INVALID_CREDENTIALS for any wrong pair (unknown address and no password
 * included, after the same scrypt work); 429 TOO_MANY_LOGIN_ATTEMPTS after ten failures within 15 minutes. A sign-in
 * is recorded in the user's audit log (from `ip`) in the transaction that gives the try back.
 */
export async function login(ctx: AppContext, email: string, password: string, ip?: string | null): Promise<SignedIn> {
  const { users, throttles } = repos(ctx);
  const now = ctx.now().getTime();
  const reservation = await throttles.reserveLoginTry(email, now, LOGIN_WINDOW_MS, MAX_LOGIN_FAILURES);
  if (reservation.kind === 'refused') {
    throw tooManyRequests(
      'TOO_MANY_LOGIN_ATTEMPTS',
      'too many failed logins for this address; try again later',
      reservation.retryAfterMs / 1000,
    );
  }
  const user = await users.findByEmail(email);
  const hash = user && user.deletedAt === null ? user.passwordHash : null;
  const matches = hash ? await verifyPassword(password, hash) : await verifyNoPassword(password);
  if (!matches || !user) throw invalidCredentials();
  await throttles.releaseLoginTry(email, reservation.windowStart, [signInEntry(ctx, user, 'password', ip)]);
  return signedIn(ctx, user);
}

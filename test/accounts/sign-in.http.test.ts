// The sign-in operations over real HTTP through the local server: every status and error code the interface gives them.
import { createPublicKey } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import jsonwebtoken from 'jsonwebtoken';
import { SignJWT, importJWK } from 'jose';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { tokenConfig } from '#lib/config.ts';
import { dbOf } from '#lib/db/client.ts';
import { userKey } from '#lib/db/keys.ts';
import { userRepo } from '#lib/db/user-repo.ts';
import { hashPassword } from '#lib/auth/password.ts';
import { jwtKeysOf, newKeySet } from '#lib/auth/key-generation.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { startCodeMail, stopCodeMail } from '../support/code-mail.ts';
import { latestCode, signInOverHttp } from './flows.ts';
import { expectProblem } from './problems.ts';

const config = tokenConfig();

let server: LocalServer;
let ctx: AppContext;
/** Added to the service's clock by tests about expiry and throttles; tokens are only used while it is 0. */
let offsetMs = 0;

beforeAll(async () => {
  ctx = await freshTable({ now: () => new Date(Date.now() + offsetMs) });
  await startCodeMail(ctx);
  server = await startLocalServer({ ctx, port: 0 });
});
afterAll(async () => {
  await stopCodeMail();
  await server?.close();
});
afterEach(() => {
  offsetMs = 0;
});

let n = 0;
const anEmail = () => `http${++n}-${process.pid}@example.com`;
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const requestCode = (email: string) => post('/auth/email-verification-code', { email });
const evaluate = (email: string, code: string) =>
  fetch(`${server.url}/auth/evaluate-email-verification-code?email=${encodeURIComponent(email)}&code=${code}`);
const profile = (authorization?: string) => fetch(`${server.url}/auth/profile`, { headers: authorization ? { authorization } : {} });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /auth/email-verification-code', () => {
  it('answers 202 with the masked address, expiry and resend time', async () => {
    const email = anEmail();
    const response = await requestCode(email);
    expect(response.status).toBe(202);
    expect(response.headers.get('x-request-id')).toBeTruthy();
    const body = (await response.json()) as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(['expiresAt', 'resendAvailableAt', 'sentTo']);
    expect(body.sentTo).toBe('h***@example.com');
    expect(Date.parse(body.expiresAt!) - Date.parse(body.resendAvailableAt!)).toBe(14 * 60_000);
  });

  it('answers 400 VALIDATION_FAILED naming email, 400 MALFORMED_JSON and 415', async () => {
    for (const body of [{}, { email: 'not-an-address' }, { email: 42 }, { email: `${'a'.repeat(250)}@b.co` }]) {
      const problem = await expectProblem(await post('/auth/email-verification-code', body), 400, 'VALIDATION_FAILED');
      expect(problem.errors.map((e: { path: string }) => e.path)).toEqual(['email']);
    }
    await expectProblem(await post('/auth/email-verification-code', '{"email":'), 400, 'MALFORMED_JSON');
    await expectProblem(
      await post('/auth/email-verification-code', 'email=a@b.co', { 'content-type': 'application/x-www-form-urlencoded' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('answers 429 RESEND_TOO_SOON within a minute and TOO_MANY_CODES after five in an hour, with Retry-After', async () => {
    const email = anEmail();
    expect((await requestCode(email)).status).toBe(202);
    const soon = await requestCode(email);
    await expectProblem(soon, 429, 'RESEND_TOO_SOON');
    expect(Number(soon.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    for (let i = 1; i <= 4; i++) {
      offsetMs = i * 61_000;
      expect((await requestCode(email)).status).toBe(202);
    }
    offsetMs = 5 * 61_000;
    const tooMany = await requestCode(email);
    await expectProblem(tooMany, 429, 'TOO_MANY_CODES');
    expect(Number(tooMany.headers.get('retry-after'))).toBeGreaterThan(50 * 60);
  });
});

describe('GET|POST /auth/evaluate-email-verification-code', () => {
  it('answers 200 with the verified user and a token, by GET and by POST', async () => {
    const email = anEmail();
    await requestCode(email);
    const response = await evaluate(email, await latestCode(ctx.dataDir, email));
    expect(response.status).toBe(200);
    const { user, token } = (await response.json()) as { user: Record<string, unknown>; token: string };
    expect(user).toMatchObject({ email, emailVerify: true, isServiceWallet: true });
    expect(token.split('.')).toHaveLength(3);

    const other = anEmail();
    await requestCode(other);
    const byPost = await post('/auth/evaluate-email-verification-code', { email: other, code: await latestCode(ctx.dataDir, other) });
    expect(byPost.status).toBe(200);
  });

  it('answers 400 VALIDATION_FAILED for a missing or ill-formed email or code', async () => {
    const cases: [string, string[]][] = [
      ['', ['email', 'code']],
      ['?email=a@b.co', ['code']],
      ['?email=a@b.co&code=12a456', ['code']],
      ['?email=a@b.co&code=1234567', ['code']],
      ['?email=nope&code=123456', ['email']],
      ['?email=a@b.co&code=123456&code=654321', ['code']],
    ];
    for (const [query, paths] of cases) {
      const problem = await expectProblem(
        await fetch(`${server.url}/auth/evaluate-email-verification-code${query}`),
        400,
        'VALIDATION_FAILED',
      );
      expect(problem.errors.map((e: { path: string }) => e.path)).toEqual(paths);
    }
    await expectProblem(await post('/auth/evaluate-email-verification-code', '{'), 400, 'MALFORMED_JSON');
  });

  it('answers 401 CODE_MISMATCH with attemptsRemaining, then 429 TOO_MANY_ATTEMPTS even for the right code', async () => {
    const email = anEmail();
    await requestCode(email);
    const code = await latestCode(ctx.dataDir, email);
    for (const remaining of [4, 3, 2, 1, 0]) {
      const problem = await expectProblem(await evaluate(email, wrongCode(code)), 401, 'CODE_MISMATCH');
      expect(problem.attemptsRemaining).toBe(remaining);
    }
    await expectProblem(await evaluate(email, code), 429, 'TOO_MANY_ATTEMPTS');
  });

  it('evaluates at most five of twenty wrong guesses sent at once; the rest answer 429', async () => {
    const email = anEmail();
    await requestCode(email);
    const code = await latestCode(ctx.dataDir, email);
    const responses = await Promise.all(Array.from({ length: 20 }, () => evaluate(email, wrongCode(code))));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
    for (const response of responses.filter((r) => r.status === 429)) await expectProblem(response, 429, 'TOO_MANY_ATTEMPTS');
    await expectProblem(await evaluate(email, code), 429, 'TOO_MANY_ATTEMPTS');
  });

  it('answers 401 CODE_EXPIRED after 15 minutes', async () => {
    const email = anEmail();
    await requestCode(email);
    const code = await latestCode(ctx.dataDir, email);
    offsetMs = 15 * 60_000 + 1000;
    await expectProblem(await evaluate(email, code), 401, 'CODE_EXPIRED');
  });

  it('answers 401 CODE_MISMATCH for an unknown address and for a spent code', async () => {
    // Answered as if a code were pending (no telling whether one is).
    expect((await expectProblem(await evaluate(anEmail(), '000000'), 401, 'CODE_MISMATCH')).attemptsRemaining).toBe(4);
    const email = anEmail();
    await requestCode(email);
    const code = await latestCode(ctx.dataDir, email);
    expect((await evaluate(email, code)).status).toBe(200);
    await expectProblem(await evaluate(email, code), 401, 'CODE_MISMATCH');
  });
});

/** A JSON request from another loopback address (127.0.0.0/8 is all loopback): the local server sees another client. */
function fromAddress(localAddress: string, path: string, body: unknown): Promise<{ status: number; body: Record<string, any> }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = httpRequest(
      `${server.url}${path}`,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('codes per client address', () => {
  it('serves a second client a code that signs in after a first one used up its code requests and tries', async () => {
    const email = anEmail();
    const other = '127.0.0.2';
    for (let i = 0; i < 5; i++) {
      offsetMs = i * 61_000;
      expect((await fromAddress(other, '/auth/email-verification-code', { email })).status).toBe(202);
    }
    offsetMs = 5 * 61_000;
    expect((await fromAddress(other, '/auth/email-verification-code', { email })).body.code).toBe('TOO_MANY_CODES');
    const guess = wrongCode(await latestCode(ctx.dataDir, email));
    const tries = [];
    for (let i = 0; i < 6; i++)
      tries.push((await fromAddress(other, '/auth/evaluate-email-verification-code', { email, code: guess })).body);
    expect(tries.map((problem) => problem.code)).toEqual([...Array(5).fill('CODE_MISMATCH'), 'TOO_MANY_ATTEMPTS']);

    // This client (127.0.0.1) asks for its own code, and signs in with it.
    expect((await requestCode(email)).status).toBe(202);
    const code = await latestCode(ctx.dataDir, email);
    expect((await fromAddress(other, '/auth/evaluate-email-verification-code', { email, code })).body.code).toBe('TOO_MANY_ATTEMPTS');
    const signedIn = await evaluate(email, code);
    expect(signedIn.status).toBe(200);
  });
});

describe('POST /auth/login', () => {
  it('answers 200 for the right pair, 401 INVALID_CREDENTIALS for any wrong one, 429 after ten failures', async () => {
    const { user } = await signInOverHttp(server.url, ctx.dataDir, anEmail());
    const users = userRepo(dbOf(ctx), ctx.tableName);
    await users.updateProfile((await users.get(user.id))!, { passwordHash: await hashPassword('the-password-1') }, new Date());

    const ok = await post('/auth/login', { email: user.email, password: 'the-password-1' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ user: { id: user.id, walletAddress: user.walletAddress }, token: expect.any(String) });

    await expectProblem(await post('/auth/login', { email: 'nobody@example.com', password: 'the-password-1' }), 401, 'INVALID_CREDENTIALS');
    for (let i = 0; i < 10; i++)
      await expectProblem(await post('/auth/login', { email: user.email, password: 'wrong-password' }), 401, 'INVALID_CREDENTIALS');
    const throttled = await post('/auth/login', { email: user.email, password: 'the-password-1' });
    await expectProblem(throttled, 429, 'TOO_MANY_LOGIN_ATTEMPTS');
    expect(Number(throttled.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
  });

  it('answers 400 VALIDATION_FAILED for missing members', async () => {
    const problem = await expectProblem(await post('/auth/login', {}), 400, 'VALIDATION_FAILED');
    expect(problem.errors.map((e: { path: string }) => e.path)).toEqual(['email', 'password']);
  });
});

describe('GET /auth/profile', () => {
  it('answers 200 with the own record, wallet unmasked, and nothing secret', async () => {
    const { token, user } = await signInOverHttp(server.url, ctx.dataDir, anEmail());
    const response = await profile(`Bearer ${token}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual(user);
    expect(body.walletAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(JSON.stringify(body)).not.toMatch(/passwordHash|phoneNumber|tokenVersion|digest/);
  });

  it('answers 401 UNAUTHORIZED without a token, for a malformed one, another key, alg none, an expired one, and a deleted user', async () => {
    const { token, user } = await signInOverHttp(server.url, ctx.dataDir, anEmail());
    await expectProblem(await profile(), 401, 'UNAUTHORIZED');
    await expectProblem(await profile(token), 401, 'UNAUTHORIZED');
    await expectProblem(await profile('Bearer not.a.jwt'), 401, 'UNAUTHORIZED');
    // The same bytes spelled otherwise: the signature's last character with another unused low bit, or padded.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const flipped = token.slice(0, -1) + alphabet[alphabet.indexOf(token.at(-1)!) ^ 1];
    expect(Buffer.from(flipped.split('.')[2]!, 'base64url')).toEqual(Buffer.from(token.split('.')[2]!, 'base64url'));
    await expectProblem(await profile(`Bearer ${flipped}`), 401, 'UNAUTHORIZED');
    await expectProblem(await profile(`Bearer ${token}==`), 401, 'UNAUTHORIZED');

    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: String(user.id), tv: 1, iss: config.JWT_ISSUER, aud: config.JWT_AUDIENCE, iat: now, nbf: now, exp: now + 600 };
    const { current: foreignKey } = await newKeySet();
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: foreignKey.kid })
      .sign(await importJWK(foreignKey, 'ES256'));
    await expectProblem(await profile(`Bearer ${foreign}`), 401, 'UNAUTHORIZED');
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    await expectProblem(await profile(`Bearer ${none}`), 401, 'UNAUTHORIZED');
    const { current } = await jwtKeysOf(ctx).keys();
    const expired = await new SignJWT({ ...claims, iat: now - 90_000, nbf: now - 90_000, exp: now - 3600 })
      .setProtectedHeader({ alg: 'ES256', kid: current.kid })
      .sign(await importJWK(current, 'ES256'));
    await expectProblem(await profile(`Bearer ${expired}`), 401, 'UNAUTHORIZED');

    await dbOf(ctx).send(new DeleteCommand({ TableName: ctx.tableName, Key: userKey(user.id) }));
    await expectProblem(await profile(`Bearer ${token}`), 401, 'UNAUTHORIZED');
  });
});

describe('GET /.well-known/jwks.json', () => {
  it('publishes the public keys only, and they verify issued tokens with an independent library', async () => {
    const response = await fetch(`${server.url}/.well-known/jwks.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const jwks = (await response.json()) as { keys: Record<string, string>[] };
    expect(jwks.keys.length).toBeGreaterThanOrEqual(1);
    for (const key of jwks.keys) {
      expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: expect.any(String) });
      expect(key).not.toHaveProperty('d');
    }
    const { token } = await signInOverHttp(server.url, ctx.dataDir, anEmail());
    const { kid } = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { kid: string };
    const jwk = jwks.keys.find((k) => k.kid === kid)!;
    const pem = createPublicKey({ key: jwk, format: 'jwk' }).export({ type: 'spki', format: 'pem' });
    expect(
      jsonwebtoken.verify(token, pem, { algorithms: ['ES256'], issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE }),
    ).toMatchObject({ tv: 1 });
  });
});

describe('methods', () => {
  it('answers 405 METHOD_NOT_ALLOWED with Allow for a method the account routes do not take', async () => {
    const response = await fetch(`${server.url}/auth/login`, { method: 'GET' });
    await expectProblem(response, 405, 'METHOD_NOT_ALLOWED');
    expect(response.headers.get('allow')).toBe('POST');
  });
});

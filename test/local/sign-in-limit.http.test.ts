// The local server's stand-in for the firewall's sign-in rule: per client, a set number of sign-in requests in
// 5 minutes, then 429 TOO_MANY_REQUESTS problem+json with Retry-After; other operations are not counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { signInLimiter, SIGN_IN_ROUTE_PATHS, SIGN_IN_WINDOW_MS } from '#lib/local/sign-in-limiter.ts';
import { SIGN_IN_PATHS } from '../../infra/firewall-rules.ts';
import { freshTable } from '../support/db.ts';
import { expectProblem } from '../accounts/problems.ts';

const LIMIT = 4;
let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer({ ctx: await freshTable(), port: 0, signInRequestsPer5Minutes: LIMIT });
});
afterAll(async () => server?.close());

const postJson = (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('the sign-in limit per client', () => {
  it(`answers 429 TOO_MANY_REQUESTS with Retry-After once a client sent ${LIMIT} sign-in requests, whatever they held`, async () => {
    const admitted = [
      await postJson('/auth/login', { email: 'nobody@example.com', password: 'not-the-password' }),
      await fetch(`${server.url}/auth/evaluate-email-verification-code?email=nobody@example.com&code=123456`),
      await postJson('/auth/evaluate-email-verification-code', { email: 'not an address' }),
      await postJson('/auth/email-verification-code', { email: 'limit@example.com' }),
    ];
    expect(admitted.map((r) => r.status)).toEqual([401, 401, 400, 202]);
    // The listing is no sign-in operation: never counted, never refused.
    expect((await fetch(`${server.url}/plaques/featured?limit=1`)).status).toBe(200);

    for (const refused of [
      await postJson('/auth/login', { email: 'nobody@example.com', password: 'not-the-password' }),
      await postJson('/auth/email-verification-code', { email: 'limit@example.com' }),
      await fetch(`${server.url}/auth/evaluate-email-verification-code?email=nobody@example.com&code=123456`),
    ]) {
      const problem = await expectProblem(refused, 429, 'TOO_MANY_REQUESTS');
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(SIGN_IN_WINDOW_MS / 1000);
      expect(problem.detail).toMatch(/sign-in/);
    }
    expect((await fetch(`${server.url}/plaques/featured?limit=1`)).status).toBe(200);
  });

  it("counts the firewall rule's paths", () => {
    expect(SIGN_IN_ROUTE_PATHS).toEqual(SIGN_IN_PATHS);
  });
});

describe('signInLimiter', () => {
  it('counts each client on its own and admits it again once its window has ended', () => {
    const limiter = signInLimiter(2, 60_000);
    expect([limiter.admit('a', 0), limiter.admit('a', 1_000), limiter.admit('b', 1_000)]).toEqual([null, null, null]);
    expect(limiter.admit('a', 30_000)).toBe(30);
    expect(limiter.admit('a', 59_999)).toBe(1);
    expect(limiter.admit('a', 60_000)).toBeNull();
    expect(limiter.admit('b', 2_000)).toBeNull();
    expect(limiter.admit('b', 3_000)).toBe(58);
  });
});

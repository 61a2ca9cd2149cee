// The check every answer of the local server goes through (test/support/openapi-responses.ts) refuses what the
// document does not declare: it would fail the test that provoked such an answer.
import { describe, expect, it } from 'vitest';
import type { ObservedResponse } from '#lib/local/response-observer.ts';
import { responseChecker } from '../support/openapi-responses.ts';

const check = await responseChecker();
const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const problem = (status: number, code: string) =>
  json({ type: `https://errors.plaques.dev/${code.toLowerCase()}`, title: 'x', status, code, requestId: 'r' });

const anOrderView = {
  orderId: 'ord_1',
  status: 'SOLD',
  plaqueId: 1,
  plaqueName: 'ABC-0001',
  price: 10,
  currency: 'USD',
  buyerWallet: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  txHash: null,
  explorerUrl: null,
  tokenUrl: null,
  failureReason: null,
  cancelReason: null,
  createdAt: '2026-03-01T12:00:00.000Z',
  updatedAt: '2026-03-01T12:00:00.000Z',
  deliveredAt: null,
  mintCost: null,
};

const answer = (overrides: Partial<ObservedResponse>): ObservedResponse => ({
  method: 'GET',
  path: '/partner/orders/ord_1',
  route: { method: 'GET', path: '/partner/orders/{orderId}' },
  status: 200,
  headers: {
    'content-type': 'application/json',
    'x-content-type-options': 'nosniff',
    'x-request-id': 'r',
    // An x-api-key operation: its answers tell the key's window.
    'ratelimit-policy': '"daily";q=10000;w=86400',
    ratelimit: '"daily";r=9999;t=3600',
    // Every success names its API version.
    'plaque-version': '2026-11-28',
  },
  body: json(anOrderView),
  ...overrides,
});

describe('the response check against the OpenAPI document', () => {
  it('accepts an answer the document declares', () => {
    expect(check(answer({}))).toEqual([]);
    const throttled = {
      'content-type': 'application/problem+json',
      'x-content-type-options': 'nosniff',
      'x-request-id': 'r',
      'retry-after': '1',
    };
    expect(check(answer({ status: 429, headers: throttled, body: problem(429, 'TOO_MANY_REQUESTS') }))).toEqual([]);
  });

  it('refuses an undeclared status, a missing header, a body without nosniff, a member too many and an undeclared problem code', () => {
    expect(check(answer({ status: 418 }))).toEqual([expect.stringContaining('status 418 is not declared')]);
    expect(check(answer({ headers: { 'content-type': 'application/json' } }))).toContainEqual(expect.stringContaining('no x-request-id'));
    const { 'x-content-type-options': _nosniff, ...sniffable } = answer({}).headers;
    expect(check(answer({ headers: sniffable }))).toEqual([expect.stringContaining('without X-Content-Type-Options: nosniff')]);
    const { ratelimit: _left, ...untold } = answer({}).headers;
    expect(check(answer({ headers: untold }))).toEqual([expect.stringContaining('no RateLimit header')]);
    expect(check(answer({ headers: { ...answer({}).headers, ratelimit: 'r=1' } }))).toEqual([
      expect.stringContaining('RateLimit "r=1" does not match'),
    ]);
    const extra = json({ ...anOrderView, secret: 1 });
    expect(check(answer({ body: extra }))).toEqual([expect.stringContaining('body does not match')]);
    const problemHeaders = { 'content-type': 'application/problem+json', 'x-content-type-options': 'nosniff', 'x-request-id': 'r' };
    expect(check(answer({ status: 404, headers: problemHeaders, body: problem(404, 'PLAQUE_NOT_FOUND') }))).toEqual([
      expect.stringContaining('body does not match'),
    ]);
    expect(check(answer({ status: 429, headers: problemHeaders, body: problem(429, 'TOO_MANY_REQUESTS') }))).toEqual([
      expect.stringContaining('no Retry-After'),
    ]);
  });

  it('holds answers given before any operation to their problem codes', () => {
    const headers = { 'content-type': 'application/problem+json', 'x-content-type-options': 'nosniff', 'x-request-id': 'r' };
    expect(check({ method: 'GET', path: '/nowhere', status: 404, headers, body: problem(404, 'NOT_FOUND') })).toEqual([]);
    expect(check({ method: 'GET', path: '/nowhere', status: 404, headers, body: problem(404, 'PLAQUE_NOT_FOUND') })).toEqual([
      expect.stringContaining('code PLAQUE_NOT_FOUND'),
    ]);
    expect(check({ method: 'PUT', path: '/auth/login', status: 405, headers, body: problem(405, 'METHOD_NOT_ALLOWED') })).toEqual([
      expect.stringContaining('without Allow'),
    ]);
  });
});

// The caller of an operation a partner's servers and its dashboard both read: the account behind an `x-api-key` of
// either scope, else the signed-in user of a bearer JWT, each checked by the function itself (no API Gateway key check or
// authorizer runs in front of such an operation).
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#lib/errors.ts';
import { partnerKeyOrUser } from '#lib/http/principals.ts';
import { revokeApiKey } from '#lib/partner/api-keys.ts';
import { requirePartnerAccount } from '#lib/partner/partner-account.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { LATEST_API_VERSION } from '#lib/versions/versions.ts';
import { freshTable } from '../support/db.ts';
import { anEvent } from '../support/events.ts';
import { aMoneyPartner, type MoneyPartner } from '../money/fixtures.ts';
import { aPartner } from './fixtures.ts';

let ctx: AppContext;
let partner: MoneyPartner;

beforeAll(async () => {
  ctx = await freshTable();
  partner = await aMoneyPartner(ctx);
});

const caller = (headers: Record<string, string>) =>
  requirePartnerAccount(ctx, headers).then(
    (account) => account,
    (error: unknown) => {
      if (!(error instanceof AppError)) throw error;
      return { status: error.status, code: error.code };
    },
  );

describe('a partner key or its signed-in user', () => {
  it('is the account of a key of either scope, or of the bearer token', async () => {
    expect(await caller({ 'x-api-key': partner.sellKey })).toEqual({
      partnerId: partner.userId,
      via: 'apiKey',
      version: LATEST_API_VERSION,
    });
    expect(await caller({ 'x-api-key': partner.readKey })).toEqual({
      partnerId: partner.userId,
      via: 'apiKey',
      version: LATEST_API_VERSION,
    });
    expect(await caller({ authorization: `Bearer ${partner.token}` })).toEqual({ partnerId: partner.userId, via: 'jwt' });
  });

  it('lets the key decide when both are sent, as a key-only client expects', async () => {
    const other = await aPartner(ctx);
    expect(await caller({ 'x-api-key': other.apiKey, authorization: `Bearer ${partner.token}` })).toEqual({
      partnerId: other.userId,
      via: 'apiKey',
      version: LATEST_API_VERSION,
    });
    expect(await caller({ 'x-api-key': 'pk_not-a-key', authorization: `Bearer ${partner.token}` })).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    });
  });

  it('refuses an unknown or revoked key with 403 FORBIDDEN, as API Gateway refuses keys', async () => {
    const revoked = await aPartner(ctx);
    await revokeApiKey(ctx, revoked.userId, revoked.id);
    expect(await caller({ 'x-api-key': revoked.apiKey })).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(await caller({ 'x-api-key': 'pk_unknown' })).toEqual({ status: 403, code: 'FORBIDDEN' });
  });

  it('refuses a request without a key and without a valid token with 401 UNAUTHORIZED', async () => {
    expect(await caller({})).toEqual({ status: 401, code: 'UNAUTHORIZED' });
    expect(await caller({ 'x-api-key': '' })).toEqual({ status: 401, code: 'UNAUTHORIZED' });
    expect(await caller({ authorization: 'Bearer not.a.token' })).toEqual({ status: 401, code: 'UNAUTHORIZED' });
    expect(await caller({ authorization: `Basic ${partner.token}` })).toEqual({ status: 401, code: 'UNAUTHORIZED' });
    const [header, payload] = partner.token.split('.');
    expect(await caller({ authorization: `Bearer ${header}.${payload}.c2lnbmF0dXJl` })).toEqual({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('is what an operation declaring partnerKeyOrUser is told is calling', async () => {
    const headers = { 'x-api-key': partner.readKey };
    const event = anEvent({ method: 'GET', path: '/partner/balance', headers });
    const request = { method: 'GET', headers, query: {}, pathParameters: {}, body: undefined, event };
    expect(partnerKeyOrUser.kind).toBe('jwtOrApiKey');
    expect(await partnerKeyOrUser.resolve!(ctx, request)).toEqual({
      partnerId: partner.userId,
      via: 'apiKey',
      version: LATEST_API_VERSION,
    });
  });
});

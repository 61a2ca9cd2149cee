// Who may call an operation, as its declaration names it: nobody in particular, a signed-in user, or a partner's key of
// a scope. Each resolves the caller before the handler runs; a declaration imports only its own, so only functions that
// need a user lookup or a key check bundle one.
import type { StoredUser } from '#lib/accounts/user.ts';
import { requireUser } from '#lib/accounts/signed-in-user.ts';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { Auth, MeteredRequest } from '#lib/http/operation.ts';
import { rateLimitHeaders } from '#lib/http/rate-limit.ts';
import { quotaExceeded } from '#lib/partner/key-quota.ts';
import { meterPartnerKey, requirePartner, type Partner } from '#lib/partner/partner-identity.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { requirePartnerAccount, type PartnerAccount } from '#lib/partner/partner-account.ts';
import { presentedKeyVersion } from '#lib/partner/presented-key.ts';

/** Anyone: no credential is asked for, and the handler is told of no caller. */
export const publicAccess: Auth<'none', undefined> = { kind: 'none' };

/**
 * Anyone, as `publicAccess`; a partner's `x-api-key`, when one is sent, is read only for the API version it is pinned
 * to, never refused (an unknown, revoked or ended key is answered in the default version, as no key is).
 */
export const publicRead: Auth<'none', undefined> = {
  kind: 'none',
  pin: (ctx, request) => presentedKeyVersion(ctx, request.headers['x-api-key']),
};

/** A bearer JWT (checked by the authorizer first): the signed-in user it names, or 401 UNAUTHORIZED. */
export const signedInUser: Auth<'jwt', StoredUser> = { kind: 'jwt', resolve: (ctx, request) => requireUser(ctx, request.event) };

/**
 * Counts an `x-api-key` request against its key's daily quota (lib/partner/key-quota.ts): its RateLimit headers, and
 * 429 QUOTA_EXCEEDED once the quota is used up; null for a key that is not active (the caller's check refuses it, 403
 * FORBIDDEN, with no window to tell).
 */
async function meterKeyRequest(ctx: AppContext, event: APIGatewayProxyEvent): Promise<MeteredRequest | null> {
  const window = await meterPartnerKey(ctx, event);
  if (!window) return null;
  return { headers: rateLimitHeaders(window), refusal: window.exceeded ? quotaExceeded(window) : null };
}

/**
 * An `x-api-key` of scope `sell`: the partner behind it (403 FORBIDDEN without a valid key, 403 KEY_SCOPE_INSUFFICIENT
 * for a `read` key), each request counted against the key's daily quota (429 QUOTA_EXCEEDED once it is used up).
 */
export const sellKey: Auth<'apiKey', Partner> & { readonly scope: 'sell' } = {
  kind: 'apiKey',
  scope: 'sell',
  resolve: (ctx, request) => requirePartner(ctx, request.event, 'sell'),
  meter: meterKeyRequest,
  pin: (_ctx, _request, partner) => partner.version,
};

/** An `x-api-key` of either scope: the partner behind it, for operations that change nothing. */
export const readKey: Auth<'apiKey', Partner> & { readonly scope: 'read' } = {
  kind: 'apiKey',
  scope: 'read',
  resolve: (ctx, request) => requirePartner(ctx, request.event, 'read'),
  meter: meterKeyRequest,
  pin: (_ctx, _request, partner) => partner.version,
};

/**
 * A partner's own reading, from its servers or its dashboard: an `x-api-key` of either scope, or else the bearer JWT of
 * the signed-in user (the account the keys belong to). Neither API Gateway's key check nor the TOKEN authorizer runs in
 * front of such an operation (a method takes one or the other): its function checks the key by its hash and the token
 * by its signature (lib/partner/partner-account.ts). 403 FORBIDDEN for a key that is not valid, 401 UNAUTHORIZED
 * without a key and without a valid token.
 */
export const partnerKeyOrUser: Auth<'jwtOrApiKey', PartnerAccount> = {
  kind: 'jwtOrApiKey',
  resolve: (ctx, request) => requirePartnerAccount(ctx, request.headers),
  pin: (_ctx, _request, account) => account.version,
};

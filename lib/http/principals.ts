// Who may call an operation, as its declaration names it: nobody in particular, a signed-in user, or a partner's key of
// a scope. Each resolves the caller before the handler runs; a declaration imports only its own, so only functions that
// need a user lookup or a key check bundle one.
import type { StoredUser } from '#lib/accounts/user.ts';
import { requireUser } from '#lib/accounts/signed-in-user.ts';
import type { Auth } from '#lib/http/operation.ts';
import { requirePartner, type Partner } from '#lib/partner/partner-identity.ts';
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

/** An `x-api-key` of scope `sell`: the partner behind it (403 FORBIDDEN without a valid key, 403 KEY_SCOPE_INSUFFICIENT for a `read` key). */
export const sellKey: Auth<'apiKey', Partner> & { readonly scope: 'sell' } = {
  kind: 'apiKey',
  scope: 'sell',
  resolve: (ctx, request) => requirePartner(ctx, request.event, 'sell'),
  pin: (_ctx, _request, partner) => partner.version,
};

/** An `x-api-key` of either scope: the partner behind it, for operations that change nothing. */
export const readKey: Auth<'apiKey', Partner> & { readonly scope: 'read' } = {
  kind: 'apiKey',
  scope: 'read',
  resolve: (ctx, request) => requirePartner(ctx, request.event, 'read'),
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

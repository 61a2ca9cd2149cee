// Who may call an operation, as its declaration names it: nobody in particular, a signed-in user, or a partner's key of
// a scope. Each resolves the caller before the handler runs; a declaration imports only its own, so only functions that
// need a user lookup or a key check bundle one.
import type { StoredUser } from '#lib/accounts/user.ts';
import { requireUser } from '#lib/accounts/signed-in-user.ts';
import type { Auth } from '#lib/http/operation.ts';
import { requirePartner, type Partner } from '#lib/partner/partner-identity.ts';

/** Anyone: no credential is asked for, and the handler is told of no caller. */
export const publicAccess: Auth<'none', undefined> = { kind: 'none' };

/** A bearer JWT (checked by the authorizer first): the signed-in user it names, or 401 UNAUTHORIZED. */
export const signedInUser: Auth<'jwt', StoredUser> = { kind: 'jwt', resolve: (ctx, request) => requireUser(ctx, request.event) };

/** An `x-api-key` of scope `sell`: the partner behind it (403 FORBIDDEN without a valid key, 403 KEY_SCOPE_INSUFFICIENT for a `read` key). */
export const sellKey: Auth<'apiKey', Partner> & { readonly scope: 'sell' } = {
  kind: 'apiKey',
  scope: 'sell',
  resolve: (ctx, request) => requirePartner(ctx, request.event, 'sell'),
};

/** An `x-api-key` of either scope: the partner behind it, for operations that change nothing. */
export const readKey: Auth<'apiKey', Partner> & { readonly scope: 'read' } = {
  kind: 'apiKey',
  scope: 'read',
  resolve: (ctx, request) => requirePartner(ctx, request.event, 'read'),
};

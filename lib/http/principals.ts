// The principals `httpHandler` resolves before a handler runs, one per kind the manifest declares. Each handler
// module imports only its own, so only functions that need a user lookup or a key check bundle it.
import type { StoredUser } from '#lib/accounts/user.ts';
import { requireUser } from '#lib/auth/principal.ts';
import type { PrincipalResolver } from '#lib/http/handler.ts';
import { requirePartner, type Partner } from '#lib/partner/partner-identity.ts';

/** The principal of `jwt` operations: the signed-in user (401 UNAUTHORIZED otherwise). */
export const signedInUser: PrincipalResolver<'user', StoredUser> = (ctx, request) => requireUser(ctx, request.event);

/**
 * The principal of `apiKey` operations: the partner behind a `sell` key (403 FORBIDDEN without a valid key, 403
 * KEY_SCOPE_INSUFFICIENT for a `read` key).
 */
export const apiKeyPartner: PrincipalResolver<'partner', Partner, 'sell'> = (ctx, request) => requirePartner(ctx, request.event, 'sell');

/** The principal of `apiKey` operations declared `keyScope: 'read'`: the partner behind a key of either scope. */
export const readKeyPartner: PrincipalResolver<'partner', Partner, 'read'> = (ctx, request) => requirePartner(ctx, request.event, 'read');

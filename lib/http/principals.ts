// The principals `httpHandler` resolves before a handler runs, one per kind the manifest declares. Each handler
// module imports only its own, so only functions that need a user lookup or a key check bundle it.
import type { StoredUser } from '#lib/accounts/user.ts';
import { requireUser } from '#lib/auth/principal.ts';
import type { PrincipalResolver } from '#lib/http/handler.ts';
import { requirePartner, type Partner } from '#lib/partner/partner-identity.ts';

/** The principal of `jwt` operations: the signed-in user (401 UNAUTHORIZED otherwise). */
export const signedInUser: PrincipalResolver<'user', StoredUser> = (ctx, request) => requireUser(ctx, request.event);

/** The principal of `apiKey` operations: the partner behind the key (403 FORBIDDEN otherwise). */
export const apiKeyPartner: PrincipalResolver<'partner', Partner> = (ctx, request) => requirePartner(ctx, request.event);

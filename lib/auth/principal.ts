// Who is calling a `jwt` route: the authorizer's verdict from the request context, and the user it still refers to.
// The manifest declares `principal: 'user'` for these routes; their handlers pass `signedInUser` to `httpHandler`.
import { unauthorized } from '#lib/errors.ts';
import type { PrincipalResolver, RequestView } from '#lib/http/handler.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { userRepo } from '#lib/db/user-repo.ts';
import type { StoredUser } from '#lib/accounts/user.ts';
import type { TokenClaims } from '#lib/auth/verify-token.ts';

const POSITIVE_INTEGER = /^[1-9][0-9]{0,14}$/;

/** The `{ userId, tv }` the TOKEN authorizer put into `requestContext.authorizer` (strings), or null. */
export function principalOf(request: Pick<RequestView, 'event'>): TokenClaims | null {
  const context = request.event.requestContext?.authorizer as Record<string, unknown> | null | undefined;
  const userId = context?.userId;
  const tv = context?.tv;
  if (typeof userId !== 'string' || typeof tv !== 'string' || !POSITIVE_INTEGER.test(userId) || !POSITIVE_INTEGER.test(tv)) return null;
  return { userId: Number(userId), tv: Number(tv) };
}

const notSignedIn = () => unauthorized('UNAUTHORIZED', 'the bearer token is missing, malformed, expired or not valid');

/**
 * The signed-in user, or 401 UNAUTHORIZED when the user no longer exists or the token predates the user's
 * current token version (a password change logs out every older token).
 */
export async function requireUser(ctx: AppContext, request: Pick<RequestView, 'event'>): Promise<StoredUser> {
  const principal = principalOf(request);
  if (!principal) throw notSignedIn();
  const user = await userRepo(ctx.db, ctx.tableName).get(principal.userId);
  if (!user || user.deletedAt !== null || user.tokenVersion !== principal.tv) throw notSignedIn();
  return user;
}

/** The principal of `jwt` operations: `httpHandler` resolves it before the handler runs. */
export const signedInUser: PrincipalResolver<'user', StoredUser> = requireUser;

// Who is calling a `jwt` route: the authorizer's verdict from the request context, and the user it still refers to.
// Declarations name it as `signedInUser` (lib/http/principals.ts).
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { unauthorized } from '#lib/errors.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { dbOf } from '#lib/db/client.ts';
import { userRepo } from '#lib/db/user-repo.ts';
import type { StoredUser } from '#lib/accounts/user.ts';
import type { TokenClaims } from '#lib/auth/verify-token.ts';

const POSITIVE_INTEGER = /^[1-9][0-9]{0,14}$/;

/** The `{ userId, tv }` the TOKEN authorizer put into `requestContext.authorizer` (strings), or null. */
function principalOf(event: Pick<APIGatewayProxyEvent, 'requestContext'>): TokenClaims | null {
  const context = event.requestContext?.authorizer as Record<string, unknown> | null | undefined;
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
export async function requireUser(ctx: AppContext, event: Pick<APIGatewayProxyEvent, 'requestContext'>): Promise<StoredUser> {
  const principal = principalOf(event);
  if (!principal) throw notSignedIn();
  const user = await userRepo(dbOf(ctx), ctx.tableName).get(principal.userId);
  if (!user || user.deletedAt !== null || user.tokenVersion !== principal.tv) throw notSignedIn();
  return user;
}

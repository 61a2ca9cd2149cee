// Who is calling an operation that a partner's servers and its signed-in dashboard both read (the money operations):
// the account behind an `x-api-key` of either scope, or the signed-in user of a bearer JWT. Neither API Gateway's key
// check nor the TOKEN authorizer stands in front of such an operation (a method takes one or the other), so both are
// checked here: the key by its hash, as the local key check does, and the token by its signature, as the authorizer does.
import { forbidden, unauthorized } from '#lib/errors.ts';
import { bearerToken } from '#lib/auth/authorizer-policy.ts';
import { jwtKeyReaderOf } from '#lib/auth/key-store.ts';
import { InvalidTokenError, verifyAccessToken } from '#lib/auth/verify-token.ts';
import { dbOf } from '#lib/db/client.ts';
import { userRepo } from '#lib/db/user-repo.ts';
import { recordKeyUse, resolvePresentedKey } from '#lib/partner/api-keys.ts';
import { keyVersion } from '#lib/partner/presented-key.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import type { ApiVersion } from '#lib/versions/versions.ts';

export interface PartnerAccount {
  /** The account: the key's owner, or the signed-in user. */
  partnerId: number;
  /** How it signed the request. */
  via: 'apiKey' | 'jwt';
  /** The API version of the key it signed with; absent for a signed-in user (the default version then). */
  version?: ApiVersion;
}

const notSignedIn = () =>
  unauthorized(
    'UNAUTHORIZED',
    'a bearer token or an x-api-key header is required; the token given is missing, malformed, expired or not valid',
  );

/**
 * The calling account. An `x-api-key` header decides when present: an unknown, revoked or ended key (or one whose owner
 * is gone) → 403 FORBIDDEN, as on every key operation, and its use is recorded. Otherwise `Authorization: Bearer` → the
 * user it names, 401 UNAUTHORIZED when it is missing or not valid, or predates the user's current token version.
 */
export async function requirePartnerAccount(ctx: AppContext, headers: Record<string, string>): Promise<PartnerAccount> {
  const users = userRepo(dbOf(ctx), ctx.tableName);
  const presented = headers['x-api-key'];
  if (presented !== undefined && presented !== '') {
    const key = await resolvePresentedKey(ctx, presented);
    const owner = key && (await users.get(key.userId));
    if (!key || !owner || owner.deletedAt !== null) throw forbidden('FORBIDDEN', 'a valid x-api-key header is required');
    await recordKeyUse(ctx, key);
    return { partnerId: key.userId, via: 'apiKey', version: keyVersion(key) };
  }
  const token = bearerToken(headers['authorization']);
  if (!token) throw notSignedIn();
  let claims;
  try {
    claims = await verifyAccessToken(jwtKeyReaderOf(ctx), token);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw notSignedIn();
    throw error;
  }
  const user = await users.get(claims.userId);
  if (!user || user.deletedAt !== null || user.tokenVersion !== claims.tv) throw notSignedIn();
  return { partnerId: user.id, via: 'jwt' };
}

// Issues access tokens: ES256 (low-S) with the current key's kid, issuer, audience, 24 hours, sub = user id, tv = token
// version.
import { randomUUID } from 'node:crypto';
import { importJWK, SignJWT } from 'jose';
import { tokenConfig } from '#lib/config.ts';
import { JWT_ALGORITHM } from '#lib/auth/key-set.ts';
import type { JwtKeyStore } from '#lib/auth/key-store.ts';
import type { TokenClaims } from '#lib/auth/verify-token.ts';
import { TOKEN_LIFETIME_SECONDS } from '#lib/auth/token-lifetime.ts';
import { withLowS } from '#lib/auth/signature-form.ts';

export interface IssueOptions {
  issuer?: string;
  audience?: string;
}

export async function issueAccessToken(store: JwtKeyStore, claims: TokenClaims, now: Date, options: IssueOptions = {}): Promise<string> {
  const { current } = await store.keys();
  const key = await importJWK(current, JWT_ALGORITHM);
  const issuedAt = Math.floor(now.getTime() / 1000);
  const token = await new SignJWT({ tv: claims.tv })
    .setProtectedHeader({ alg: JWT_ALGORITHM, kid: current.kid, typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(options.issuer ?? tokenConfig().JWT_ISSUER)
    .setAudience(options.audience ?? tokenConfig().JWT_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setNotBefore(issuedAt)
    .setExpirationTime(issuedAt + TOKEN_LIFETIME_SECONDS)
    .setJti(randomUUID())
    .sign(key);
  // One valid encoding per token: the verifier refuses the high-S twin.
  return withLowS(token);
}

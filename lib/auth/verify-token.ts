// Verifies an access token: ES256 only, a kid from the key set, issuer, audience, expiry and not-before checked, and
// no iat in the future nor a lifetime longer than the service issues, every segment in its canonical base64url and the
// signature in its low-S form: one valid spelling per token.
// Imported by the TOKEN authorizer, so it stays small: jose's verifier and the key store, nothing else.
import { errors, importJWK, jwtVerify, type CryptoKey, type JWTHeaderParameters } from 'jose';
import { tokenConfig } from '#lib/config.ts';
import { JWT_ALGORITHM, publicJwk, verificationKeys, type SigningJwk } from '#lib/auth/key-set.ts';
import type { JwtKeyStore } from '#lib/auth/key-store.ts';
import { TOKEN_LIFETIME_SECONDS } from '#lib/auth/token-lifetime.ts';
import { hasLowS, isCanonicalCompact } from '#lib/auth/signature-form.ts';

/** What a valid token says: whose it is and which token version it was issued under. */
export interface TokenClaims {
  userId: number;
  tv: number;
}

/** The token is not acceptable (forged, expired, for another audience...); the reason is for logs only. */
export class InvalidTokenError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidTokenError';
  }
}

export interface VerifyOptions {
  issuer?: string;
  audience?: string;
  now?: Date;
}

/** Clock skew tolerated between the Lambda that signed and the one that verifies (seconds). */
const CLOCK_TOLERANCE_SECONDS = 5;

const imported = new Map<string, Promise<CryptoKey | Uint8Array>>();
function importPublic(jwk: SigningJwk): Promise<CryptoKey | Uint8Array> {
  const id = `${jwk.kid}:${jwk.x}:${jwk.y}`;
  let key = imported.get(id);
  if (!key) {
    const { use: _use, ...pub } = publicJwk(jwk);
    key = importJWK(pub, JWT_ALGORITHM);
    imported.set(id, key);
  }
  return key;
}

async function keyFor(store: JwtKeyStore, header: JWTHeaderParameters): Promise<CryptoKey | Uint8Array> {
  if (typeof header.kid !== 'string') throw new InvalidTokenError('the token names no kid');
  const find = (keys: SigningJwk[]) => keys.find((key) => key.kid === header.kid);
  // An unknown kid may be a key rotated in after this process read the set: read it once more.
  const jwk = find(verificationKeys(await store.keys())) ?? find(verificationKeys(await store.refresh()));
  if (!jwk) throw new InvalidTokenError('the token names an unknown kid');
  return importPublic(jwk);
}

const USER_ID = /^[1-9][0-9]{0,14}$/;

/** Read as the module loads: a function that verifies tokens fails at cold start, not per request, when it is wrong. */
const tokens = tokenConfig();

/**
 * The token's claims, or InvalidTokenError. Errors reading the key set itself are not the client's fault
 * and propagate unchanged.
 */
export async function verifyAccessToken(store: JwtKeyStore, token: string, options: VerifyOptions = {}): Promise<TokenClaims> {
  // Other spellings of the same bytes decode alike (lib/auth/signature-form.ts).
  if (!isCanonicalCompact(token)) throw new InvalidTokenError('a segment is not in its canonical base64url encoding');
  // The high-S twin of a token verifies too; the service issues the low-S form only (lib/auth/signature-form.ts).
  if (!hasLowS(token)) throw new InvalidTokenError('the signature is not in its low-S form');
  let payload;
  try {
    ({ payload } = await jwtVerify(token, (header) => keyFor(store, header), {
      algorithms: [JWT_ALGORITHM],
      issuer: options.issuer ?? tokens.JWT_ISSUER,
      audience: options.audience ?? tokens.JWT_AUDIENCE,
      requiredClaims: ['sub', 'iat', 'nbf', 'exp'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      ...(options.now && { currentDate: options.now }),
    }));
  } catch (error) {
    if (error instanceof InvalidTokenError) throw error;
    // jose's own errors (ERR_JWT_EXPIRED, ERR_JWS_SIGNATURE_VERIFICATION_FAILED...) are the token's fault.
    if (error instanceof errors.JOSEError) throw new InvalidTokenError(error.code);
    throw error;
  }
  // jose checked that iat and exp are numbers (both are required) and that exp has not passed.
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (payload.iat! > now + CLOCK_TOLERANCE_SECONDS) throw new InvalidTokenError('iat is in the future');
  if (payload.exp! - payload.iat! > TOKEN_LIFETIME_SECONDS) throw new InvalidTokenError('exp is further from iat than a token lives');
  if (typeof payload.sub !== 'string' || !USER_ID.test(payload.sub)) throw new InvalidTokenError('sub is not a user id');
  const tv = payload.tv;
  if (typeof tv !== 'number' || !Number.isSafeInteger(tv) || tv < 1) throw new InvalidTokenError('tv is not a token version');
  return { userId: Number(payload.sub), tv };
}

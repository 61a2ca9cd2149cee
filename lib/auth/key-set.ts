// The JWT key set: the current ES256 signing key, the previous one (still verified after a rotation), and the
// key that hashes verification codes. One JSON document: a file under DATA_DIR locally, a secret in AWS.
// Making keys is key-generation.ts's job, so the authorizer (which only reads keys) does not bundle it.
import type { JWK } from 'jose';
import type { jwksSchema } from '#lib/auth/response-schemas.ts';
import type { Shape } from '#lib/schema.ts';

export const JWT_ALGORITHM = 'ES256';

/** A private EC P-256 JWK with its `kid` (the RFC 7638 thumbprint of the public key). */
export interface SigningJwk extends JWK {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  d: string;
  kid: string;
  alg: typeof JWT_ALGORITHM;
}

export interface JwtKeySet {
  current: SigningJwk;
  /** The key before the last rotation: tokens it signed stay valid until they expire. */
  previous: SigningJwk | null;
  /** HMAC key (base64url, 32 bytes) for verification codes; kept across rotations so pending codes survive one. */
  codeHashKey: string;
}

/** The JWKS document as served: jwksSchema's shape. */
type Jwks = Shape<typeof jwksSchema>;

/** A public JWK as the JWKS document serves it. */
export type PublicJwk = Jwks['keys'][number];

export const publicJwk = (key: SigningJwk): PublicJwk => ({
  kty: key.kty,
  crv: key.crv,
  x: key.x,
  y: key.y,
  kid: key.kid,
  alg: key.alg,
  use: 'sig',
});

/** The JWKS document: the public halves of the current and the previous key. */
export const jwksOf = (set: JwtKeySet): Jwks => ({ keys: verificationKeys(set).map(publicJwk) });

/** The keys a verifier accepts: current first, then previous. */
export const verificationKeys = (set: JwtKeySet): SigningJwk[] => (set.previous ? [set.current, set.previous] : [set.current]);

const isSigningJwk = (value: unknown): value is SigningJwk => {
  const jwk = value as Partial<SigningJwk> | null;
  return (
    typeof jwk === 'object' &&
    jwk !== null &&
    jwk.kty === 'EC' &&
    jwk.crv === 'P-256' &&
    jwk.alg === JWT_ALGORITHM &&
    [jwk.x, jwk.y, jwk.d, jwk.kid].every((member) => typeof member === 'string' && member.length > 0)
  );
};

/** Parses the stored document; anything else (a placeholder secret, a damaged file) → null. */
export function parseKeySet(text: string): JwtKeySet | null {
  let value: Partial<JwtKeySet>;
  try {
    value = JSON.parse(text) as Partial<JwtKeySet>;
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  if (!isSigningJwk(value.current)) return null;
  if (value.previous !== null && value.previous !== undefined && !isSigningJwk(value.previous)) return null;
  if (typeof value.codeHashKey !== 'string' || value.codeHashKey.length < 32) return null;
  return { current: value.current, previous: value.previous ?? null, codeHashKey: value.codeHashKey };
}

// Makes JWT key sets: a new ES256 signing key (kid = its RFC 7638 thumbprint), the first set, the set after a rotation.
import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import { JWT_ALGORITHM, type JwtKeySet, type SigningJwk } from '#lib/auth/key-set.ts';
import { jwtKeyStoreFor, type JwtKeyStore } from '#lib/auth/key-store.ts';
import { tokenConfig } from '#lib/config.ts';
import type { AppContext } from '#lib/runtime/context.ts';

async function newSigningKey(): Promise<SigningJwk> {
  const { privateKey } = await generateKeyPair(JWT_ALGORITHM, { extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint({ kty: jwk.kty!, crv: jwk.crv!, x: jwk.x!, y: jwk.y! });
  return { kty: 'EC', crv: 'P-256', x: jwk.x!, y: jwk.y!, d: jwk.d!, kid, alg: JWT_ALGORITHM };
}

const newCodeHashKey = (): string => randomBytes(32).toString('base64url');

export async function newKeySet(): Promise<JwtKeySet> {
  return { current: await newSigningKey(), previous: null, codeHashKey: newCodeHashKey() };
}

/** The set after a rotation: a new current key, the old current kept as previous, the code key unchanged. */
export async function rotatedKeySet(set: JwtKeySet): Promise<JwtKeySet> {
  return { current: await newSigningKey(), previous: set.current, codeHashKey: set.codeHashKey };
}

/**
 * The context's JWT key store, built from configuration on first use unless the context was given one; locally it
 * generates the first key set into DATA_DIR. (Here rather than in key-store.ts, which the authorizer bundles.)
 */
export const jwtKeysOf = (ctx: AppContext): JwtKeyStore =>
  (ctx.jwtKeys ??= jwtKeyStoreFor({ dataDir: ctx.dataDir, secretArn: tokenConfig().JWT_KEYS_SECRET_ARN, create: newKeySet }));

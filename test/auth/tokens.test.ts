// Access tokens: what is issued, and every forgery the verifier (and so the authorizer) must refuse.
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt, decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import jsonwebtoken from 'jsonwebtoken';
import { tokenConfig } from '#lib/config.ts';
import { newKeySet } from '#lib/auth/key-generation.ts';
import { jwksOf, publicJwk } from '#lib/auth/key-set.ts';
import { localJwtKeyStore } from '#lib/auth/key-store.ts';
import { issueAccessToken } from '#lib/auth/issue-token.ts';
import { TOKEN_LIFETIME_SECONDS } from '#lib/auth/token-lifetime.ts';
import { InvalidTokenError, verifyAccessToken } from '#lib/auth/verify-token.ts';
import { hasLowS, withLowS } from '#lib/auth/signature-form.ts';
import { rotateJwtKey } from '#lib/ops/rotate-jwt-key.ts';

const config = tokenConfig();

const aStore = () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'plaque-keys-'));
  return { dataDir, store: localJwtKeyStore(dataDir, newKeySet, { minRefreshMs: 0 }) };
};

const nowSeconds = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token signed with the store's current key, claims chosen by the test, its signature in the low-S form as issued. */
async function signed(store: ReturnType<typeof aStore>['store'], claims: Record<string, unknown>, header: Record<string, unknown> = {}) {
  const { current } = await store.keys();
  const iat = nowSeconds();
  return withLowS(
    await new SignJWT({ sub: '7', tv: 1, iss: config.JWT_ISSUER, aud: config.JWT_AUDIENCE, iat, nbf: iat, exp: iat + 600, ...claims })
      .setProtectedHeader({ alg: 'ES256', kid: current.kid, typ: 'JWT', ...header })
      .sign(await importJWK(current, 'ES256')),
  );
}

/** The P-256 group order: (r, s) and (r, n − s) are both valid signatures of the same message. */
const P256_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;

/** The same token with its signature's other, high-S twin. */
function highSTwin(token: string): string {
  const [header, payload, segment] = token.split('.');
  const signature = Buffer.from(segment!, 'base64url');
  const s = BigInt(`0x${signature.subarray(32).toString('hex')}`);
  const twin = Buffer.from((P256_ORDER - s).toString(16).padStart(64, '0'), 'hex');
  return `${header}.${payload}.${Buffer.concat([signature.subarray(0, 32), twin]).toString('base64url')}`;
}

const refused = (promise: Promise<unknown>) => expect(promise).rejects.toBeInstanceOf(InvalidTokenError);

const BASE64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * The other spellings of a base64url segment that decode to the same bytes: its last character with other values in
 * the bits beyond the last whole byte (4 of them when the length is 2 mod 4, 2 when it is 3 mod 4), and `=` padding.
 */
function otherSpellings(segment: string): string[] {
  const unusedBits = { 0: 0, 2: 4, 3: 2 }[(segment.length % 4) as 0 | 2 | 3];
  const last = BASE64URL_ALPHABET.indexOf(segment.at(-1)!);
  const spellings: string[] = [];
  for (let low = 0; low < 2 ** unusedBits; low++) {
    const value = (last & ~(2 ** unusedBits - 1)) | low;
    if (value !== last) spellings.push(segment.slice(0, -1) + BASE64URL_ALPHABET[value]);
  }
  const padding = '='.repeat((4 - (segment.length % 4)) % 4);
  return [...spellings, `${segment}=`, `${segment}==`, ...(padding.length > 0 ? [segment + padding] : [])];
}

describe('issued tokens', () => {
  it('are ES256 with the current kid, issuer, audience, 24 h, sub = user id and tv', async () => {
    const { store } = aStore();
    const now = new Date();
    const token = await issueAccessToken(store, { userId: 42, tv: 3 }, now);
    const header = decodeProtectedHeader(token);
    const payload = decodeJwt(token);
    expect(header).toMatchObject({ alg: 'ES256', kid: (await store.keys()).current.kid, typ: 'JWT' });
    expect(payload).toMatchObject({ sub: '42', tv: 3, iss: config.JWT_ISSUER, aud: config.JWT_AUDIENCE });
    expect(payload.exp! - payload.iat!).toBe(TOKEN_LIFETIME_SECONDS);
    expect(payload.nbf).toBe(payload.iat);
    await expect(verifyAccessToken(store, token)).resolves.toEqual({ userId: 42, tv: 3 });
  });

  it('verify with an independent JWT library against the published public key', async () => {
    const { store } = aStore();
    const token = await issueAccessToken(store, { userId: 9, tv: 1 }, new Date());
    const [jwk] = jwksOf(await store.keys()).keys;
    const pem = createPublicKey({ key: jwk as unknown as import('node:crypto').JsonWebKey, format: 'jwk' }).export({
      type: 'spki',
      format: 'pem',
    });
    const payload = jsonwebtoken.verify(token, pem, { algorithms: ['ES256'], issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE });
    expect(payload).toMatchObject({ sub: '9', tv: 1 });
    expect(() => jsonwebtoken.verify(`${token.slice(0, -4)}AAAA`, pem, { algorithms: ['ES256'] })).toThrow();
  });

  it('carry their signature in the low-S form, and the high-S twin of one is refused though it verifies', async () => {
    const { store } = aStore();
    const [jwk] = jwksOf(await store.keys()).keys;
    const pem = createPublicKey({ key: jwk as unknown as import('node:crypto').JsonWebKey, format: 'jwk' }).export({
      type: 'spki',
      format: 'pem',
    });
    // Twenty tokens: a signer that did not normalise s would give the high form about half the time.
    for (let i = 1; i <= 20; i++) {
      const token = await issueAccessToken(store, { userId: i, tv: 1 }, new Date());
      expect(hasLowS(token), token).toBe(true);
      const twin = highSTwin(token);
      expect(jsonwebtoken.verify(twin, pem, { algorithms: ['ES256'] })).toMatchObject({ sub: String(i) });
      await refused(verifyAccessToken(store, twin));
      await expect(verifyAccessToken(store, token)).resolves.toEqual({ userId: i, tv: 1 });
    }
  });
});

describe('forged or unusable tokens are refused', () => {
  it('every other spelling of a segment that decodes alike: unused low bits, padding', async () => {
    const { store } = aStore();
    const token = await issueAccessToken(store, { userId: 8, tv: 1 }, new Date());
    const segments = token.split('.');
    // An ES256 signature is 64 bytes: 86 characters, the last one carrying 4 unused bits, so 15 twins by them alone.
    expect(otherSpellings(segments[2]!).length).toBeGreaterThanOrEqual(15 + 2);
    const { current } = await store.keys();
    const key = await importJWK(publicJwk(current), 'ES256');
    for (const [index, segment] of segments.entries()) {
      for (const spelling of [...new Set(otherSpellings(segment))].filter((other) => other !== segment)) {
        const twin = segments.map((part, i) => (i === index ? spelling : part)).join('.');
        expect(Buffer.from(spelling.replace(/=+$/, ''), 'base64url')).toEqual(Buffer.from(segment, 'base64url'));
        // The JOSE library alone takes the twin of the signature as the same token.
        if (index === 2 && !spelling.endsWith('=')) await expect(jwtVerify(twin, key)).resolves.toBeTruthy();
        await refused(verifyAccessToken(store, twin));
      }
    }
    await expect(verifyAccessToken(store, token)).resolves.toEqual({ userId: 8, tv: 1 });
  });

  it('alg: none', async () => {
    const { store } = aStore();
    const iat = nowSeconds();
    const token = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: '7', tv: 1, iss: config.JWT_ISSUER, aud: config.JWT_AUDIENCE, iat, nbf: iat, exp: iat + 600 })}.`;
    await refused(verifyAccessToken(store, token));
  });

  it('HS256 signed with the public key (PEM and JWK bytes) as the secret', async () => {
    const { store } = aStore();
    const { current } = await store.keys();
    const pem = createPublicKey({ key: publicJwk(current) as unknown as import('node:crypto').JsonWebKey, format: 'jwk' }).export({
      type: 'spki',
      format: 'pem',
    });
    const iat = nowSeconds();
    for (const secret of [Buffer.from(pem), Buffer.from(JSON.stringify(publicJwk(current)))]) {
      const token = await new SignJWT({ sub: '7', tv: 1 })
        .setProtectedHeader({ alg: 'HS256', kid: current.kid })
        .setIssuer(config.JWT_ISSUER)
        .setAudience(config.JWT_AUDIENCE)
        .setIssuedAt(iat)
        .setNotBefore(iat)
        .setExpirationTime(iat + 600)
        .sign(secret);
      await refused(verifyAccessToken(store, token));
    }
  });

  it('a kid the key set does not hold, or none at all', async () => {
    const { store } = aStore();
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const iat = nowSeconds();
    const foreign = (header: Record<string, unknown>) =>
      new SignJWT({ sub: '7', tv: 1, iss: config.JWT_ISSUER, aud: config.JWT_AUDIENCE, iat, nbf: iat, exp: iat + 600 })
        .setProtectedHeader({ alg: 'ES256', ...header })
        .sign(privateKey);
    await refused(verifyAccessToken(store, await foreign({ kid: 'not-a-known-kid' })));
    await refused(verifyAccessToken(store, await foreign({})));
    // Another key presenting the real kid fails the signature check.
    await refused(verifyAccessToken(store, await foreign({ kid: (await store.keys()).current.kid })));
  });

  it('another issuer or audience', async () => {
    const { store } = aStore();
    await refused(verifyAccessToken(store, await signed(store, { iss: 'https://evil.example' })));
    await refused(verifyAccessToken(store, await signed(store, { aud: 'another-api' })));
  });

  it('expired and not yet valid', async () => {
    const { store } = aStore();
    const past = nowSeconds() - 2 * TOKEN_LIFETIME_SECONDS;
    await refused(verifyAccessToken(store, await signed(store, { iat: past, nbf: past, exp: past + TOKEN_LIFETIME_SECONDS })));
    const future = nowSeconds() + 3600;
    await refused(verifyAccessToken(store, await signed(store, { iat: future, nbf: future, exp: future + 600 })));
  });

  it('an iat in the future, or an exp further from iat than the issued lifetime', async () => {
    const { store } = aStore();
    const now = nowSeconds();
    // Valid now by nbf and exp, but issued an hour from now.
    await refused(verifyAccessToken(store, await signed(store, { iat: now + 3600, nbf: now - 10, exp: now + 7200 })));
    // A lifetime of a year, where the service issues 24 hours.
    await refused(verifyAccessToken(store, await signed(store, { iat: now, nbf: now, exp: now + 365 * 24 * 3600 })));
    await refused(verifyAccessToken(store, await signed(store, { iat: now, nbf: now, exp: now + TOKEN_LIFETIME_SECONDS + 1 })));
    // The issued lifetime itself, and an iat within the clock tolerance, pass.
    await expect(verifyAccessToken(store, await signed(store, { iat: now, nbf: now, exp: now + TOKEN_LIFETIME_SECONDS }))).resolves.toEqual(
      {
        userId: 7,
        tv: 1,
      },
    );
    await expect(verifyAccessToken(store, await signed(store, { iat: now + 3, nbf: now, exp: now + 600 }))).resolves.toEqual({
      userId: 7,
      tv: 1,
    });
  });

  it('a tampered payload', async () => {
    const { store } = aStore();
    const [header, , signature] = (await signed(store, {})).split('.');
    const payload = decodeJwt(await signed(store, {}));
    const tampered = `${header}.${b64({ ...payload, sub: '1' })}.${signature}`;
    await refused(verifyAccessToken(store, tampered));
  });

  it('claims that are missing or not what the service issues', async () => {
    const { store } = aStore();
    await refused(verifyAccessToken(store, await signed(store, { sub: 'admin' })));
    await refused(verifyAccessToken(store, await signed(store, { tv: '1' })));
    await refused(verifyAccessToken(store, await signed(store, { tv: undefined })));
    await refused(verifyAccessToken(store, await signed(store, { exp: undefined })));
    await refused(verifyAccessToken(store, 'not.a.token'));
    await refused(verifyAccessToken(store, ''));
  });
});

describe('rotation', () => {
  it('keeps tokens of the previous key valid, and refuses them after a second rotation', async () => {
    const { store, dataDir } = aStore();
    const before = await issueAccessToken(store, { userId: 5, tv: 1 }, new Date());
    const first = await rotateJwtKey({ dataDir });
    // Another process signs with the new key; a token naming its kid makes this verifier read the rotated set.
    const otherProcess = localJwtKeyStore(dataDir);
    const after = await issueAccessToken(otherProcess, { userId: 5, tv: 1 }, new Date());
    expect(decodeProtectedHeader(after).kid).toBe(first.currentKid);
    await expect(verifyAccessToken(store, after)).resolves.toEqual({ userId: 5, tv: 1 });
    await expect(verifyAccessToken(store, before)).resolves.toEqual({ userId: 5, tv: 1 });
    expect(jwksOf(await store.keys()).keys.map((k) => k.kid)).toEqual([first.currentKid, first.previousKid]);

    await rotateJwtKey({ dataDir });
    await store.refresh();
    await refused(verifyAccessToken(store, before));
    await expect(verifyAccessToken(store, after)).resolves.toEqual({ userId: 5, tv: 1 });
  });
});

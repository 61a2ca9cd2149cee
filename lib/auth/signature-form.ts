// A token has exactly one valid spelling. ECDSA signatures are malleable: (r, s) and (r, n − s) both verify, so a token
// re-encoded with the other s is a second valid token for the same claims; the service issues the low-S form only and
// refuses the other (as Bitcoin and Ethereum require of their signatures). Base64url is malleable too: the unused low
// bits of a segment's last character and trailing `=` padding change the text but not the bytes decoded, so only the
// canonical encoding of each segment (what encoding its bytes gives back) is accepted.

/** The order of P-256's group (ES256), and half of it: a low-S signature has s ≤ n / 2. */
const N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
const HALF_N = N >> 1n;

/** ES256 signs r and s as 32 big-endian bytes each. */
const SIDE = 32;

const toBigInt = (bytes: Uint8Array): bigint => BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);

/** Characters of unpadded base64url (RFC 7515 §2): no `=`, no `+` or `/`, no whitespace. */
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/**
 * Whether a compact JWS is three segments, each the canonical unpadded base64url encoding of its bytes: the encoding
 * those bytes give back, so no padding, no set bit beyond the last whole byte and no length a byte count cannot have.
 */
export function isCanonicalCompact(token: string): boolean {
  const segments = token.split('.');
  return (
    segments.length === 3 &&
    segments.every((segment) => BASE64URL.test(segment) && Buffer.from(segment, 'base64url').toString('base64url') === segment)
  );
}

/** Whether a compact JWS's ES256 signature (its third segment) is 64 bytes with s in the lower half. */
export function hasLowS(token: string): boolean {
  const segment = token.split('.')[2] ?? '';
  const signature = Buffer.from(segment, 'base64url');
  return signature.length === 2 * SIDE && toBigInt(signature.subarray(SIDE)) <= HALF_N;
}

/** The same token with its signature in the low-S form (n − s where s is in the upper half); it verifies alike. */
export function withLowS(token: string): string {
  const [header, payload, segment] = token.split('.');
  const signature = Buffer.from(segment ?? '', 'base64url');
  if (signature.length !== 2 * SIDE) throw new Error('not an ES256 signature');
  const s = toBigInt(signature.subarray(SIDE));
  if (s <= HALF_N) return token;
  const low = Buffer.from((N - s).toString(16).padStart(2 * SIDE, '0'), 'hex');
  return `${header}.${payload}.${Buffer.concat([signature.subarray(0, SIDE), low]).toString('base64url')}`;
}

// Password hashing with scrypt (node:crypto) at OWASP's parameters; the parameters are stored with each hash so
// they can be raised later without invalidating existing passwords.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { concurrencyLimit } from '#lib/runtime/concurrency-limit.ts';

/** OWASP: N = 2^17, r = 8, p = 1. */
export const SCRYPT_PARAMS = { log2N: 17, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;

/** scrypt needs 128 · N · r bytes (128 MiB at N = 2^17, r = 8); node refuses above `maxmem`, 32 MiB by default. */
const maxmemFor = (log2N: number, r: number): number => 128 * 2 ** log2N * r + 32 * 1024 * 1024;

interface ParsedHash {
  log2N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

/**
 * Password derivations one instance runs at once; the rest wait their turn. Each takes 128 MiB and one thread of
 * libuv's pool (4 threads, shared with file system, DNS and zlib calls) for a few hundred milliseconds: without a
 * limit, 50 logins at once fill the pool (4 × 128 MiB) and queue every file read behind them (`npm run bench --
 * --only passwords`: a read waited 58 s); two at once halve the memory and leave half the pool free. A Lambda
 * instance serves one request at a time; this bounds the local server, which serves them all.
 */
export const PASSWORD_WORK_CONCURRENCY = 2;
export const passwordWork = concurrencyLimit(PASSWORD_WORK_CONCURRENCY);

const derive = (password: string, salt: Buffer, log2N: number, r: number, p: number, length: number): Promise<Buffer> =>
  passwordWork(
    () =>
      new Promise((resolve, reject) => {
        const options: ScryptOptions = { N: 2 ** log2N, r, p, maxmem: maxmemFor(log2N, r) };
        scrypt(password.normalize('NFC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
      }),
  );

type ScryptParams = { readonly [K in keyof typeof SCRYPT_PARAMS]: number };

/**
 * `scrypt$<log2 N>$<r>$<p>$<salt base64>$<key base64>`, at SCRYPT_PARAMS unless told otherwise (a hash of an older
 * cost, which verification reads from the hash as it reads any).
 */
export async function hashPassword(password: string, { log2N, r, p }: ScryptParams = SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, log2N, r, p, KEY_BYTES);
  return ['scrypt', log2N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [log2N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  // Bounds keep a damaged record from asking for gigabytes.
  if (![log2N, r, p].every(Number.isInteger) || log2N < 10 || log2N > 20 || r < 1 || r > 32 || p < 1 || p > 16) return null;
  const salt = Buffer.from(parts[4]!, 'base64');
  const key = Buffer.from(parts[5]!, 'base64');
  if (salt.length < 8 || key.length < 16) return null;
  return { log2N, r, p, salt, key };
}

/** True when `password` matches `stored`; the comparison takes the same time wherever the first difference is. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.log2N, parsed.r, parsed.p, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

const DUMMY_SALT = randomBytes(SALT_BYTES);

/** Same work as a real check, for unknown users and users without a password: timing tells nothing. */
export async function verifyNoPassword(password: string): Promise<false> {
  const { log2N, r, p } = SCRYPT_PARAMS;
  await derive(password, DUMMY_SALT, log2N, r, p, KEY_BYTES);
  return false;
}

// Email verification codes: six CSPRNG digits, stored only as a keyed hash, and the rules for sending and trying them.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A code is valid this long after it is issued. */
export const CODE_LIFETIME_MS = 15 * 60_000;
/** Wrong tries allowed on one code; later tries (the right code included) are refused until a new code is sent. */
export const MAX_CODE_ATTEMPTS = 5;
/** Least time between two codes for one address. */
export const RESEND_INTERVAL_MS = 60_000;
/** At most this many codes for one address in any `SEND_WINDOW_MS`. */
export const MAX_CODES_PER_WINDOW = 5;
export const SEND_WINDOW_MS = 60 * 60_000;

export const CODE_PATTERN = /^[0-9]{6}$/;

/** Six digits, uniformly from 000000 to 999999. */
export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** HMAC-SHA256 of address and code: the database alone cannot reveal or test a code. */
export const codeDigest = (key: string, email: string, code: string): string =>
  createHmac('sha256', Buffer.from(key, 'base64url')).update(`${email}\n${code}`, 'utf8').digest('base64url');

/** The key that seals a code for its mail: derived from the code-hash key, so no further secret is kept. */
const sealKey = (codeHashKey: string): Buffer =>
  Buffer.from(hkdfSync('sha256', Buffer.from(codeHashKey, 'base64url'), Buffer.alloc(0), 'plaque code mail seal v1', 32));

/** The code's own record binds the seal: it opens only for the address and digest it was sealed with. */
const sealAad = (email: string, digest: string) => Buffer.from(`${email}\n${digest}`, 'utf8');

/**
 * The code sealed (AES-256-GCM) for the code mail sender, the one reader that needs it in clear; the stored record
 * keeps it only until its mail is sent.
 */
export function sealCode(codeHashKey: string, email: string, digest: string, code: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(codeHashKey), iv);
  cipher.setAAD(sealAad(email, digest));
  const sealed = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
  return ['v1', iv, sealed, cipher.getAuthTag()].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The code a `sealCode` result holds; throws when it was sealed for another address or digest, or altered. */
export function openCode(codeHashKey: string, email: string, digest: string, sealed: string): string {
  const [version, iv, data, tag] = sealed.split('.');
  if (version !== 'v1' || !iv || !data || !tag) throw new Error('not a sealed code');
  const decipher = createDecipheriv('aes-256-gcm', sealKey(codeHashKey), Buffer.from(iv, 'base64url'));
  decipher.setAAD(sealAad(email, digest));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** Constant-time comparison of two digests. */
export function digestsMatch(expected: string, actual: string): boolean {
  const a = Buffer.from(expected, 'base64url');
  const b = Buffer.from(actual, 'base64url');
  return a.length === b.length && timingSafeEqual(a, b);
}

export type SendDecision =
  | {
      kind: 'allowed';
      /** The send times to store (epoch ms), this one included, older than the window dropped. */
      sends: number[];
      /** When the next code may be requested. */
      resendAvailableAt: number;
      /** When the record of these sends no longer matters (epoch ms): the window after the newest one. */
      keepUntil: number;
    }
  | { kind: 'refused'; code: 'RESEND_TOO_SOON' | 'TOO_MANY_CODES'; retryAfterMs: number };

/** When the next send is allowed given the sends (epoch ms) of the last window. */
function nextSendAt(sends: number[]): number {
  const last = Math.max(...sends);
  const soonest = last + RESEND_INTERVAL_MS;
  if (sends.length < MAX_CODES_PER_WINDOW) return soonest;
  // The window is full: wait until its oldest send that still counts falls out.
  const sorted = [...sends].sort((a, b) => a - b);
  return Math.max(soonest, sorted[sorted.length - MAX_CODES_PER_WINDOW]! + SEND_WINDOW_MS);
}

/**
 * Whether a code may be sent now, given earlier send times. A full window answers TOO_MANY_CODES even within
 * 60 s of the last send, because its wait is the longer one and the one the client must honour.
 */
export function decideSend(previous: readonly number[], now: number): SendDecision {
  const recent = previous.filter((at) => at > now - SEND_WINDOW_MS && at <= now);
  if (recent.length >= MAX_CODES_PER_WINDOW) {
    return { kind: 'refused', code: 'TOO_MANY_CODES', retryAfterMs: nextSendAt(recent) - now };
  }
  if (recent.length > 0 && now < Math.max(...recent) + RESEND_INTERVAL_MS) {
    return { kind: 'refused', code: 'RESEND_TOO_SOON', retryAfterMs: Math.max(...recent) + RESEND_INTERVAL_MS - now };
  }
  const sends = [...recent, now];
  return { kind: 'allowed', sends, resendAvailableAt: nextSendAt(sends), keepUntil: now + SEND_WINDOW_MS };
}

/** When a code may next be requested (for Retry-After on a locked code). */
export const nextCodeAllowedAt = (previous: readonly number[], now: number): number => {
  const recent = previous.filter((at) => at > now - SEND_WINDOW_MS && at <= now);
  return recent.length === 0 ? now : Math.max(now, nextSendAt(recent));
};

/** The pending code of one address for one client, as stored. */
export interface PendingCode {
  email: string;
  /** The client that requested it (lib/accounts/sign-in-client.ts): only its tries are compared with it. */
  client: string;
  digest: string;
  issuedAt: string;
  expiresAt: string;
  /** Tries counted so far (wrong or right). */
  attempts: number;
}

export const isExpired = (code: PendingCode, now: Date): boolean => now.getTime() >= Date.parse(code.expiresAt);

/**
 * What a try meets when its client has no pending code for the address (none requested, spent, or an unknown
 * address): a code nobody holds, issued now, whose digest no code matches (32 random bytes where an HMAC would be).
 * It counts tries, locks and expires like a code, so the answers cannot tell whether a code is out.
 */
export const decoyCode = (email: string, client: string, now: Date): PendingCode => ({
  email,
  client,
  digest: randomBytes(32).toString('base64url'),
  issuedAt: now.toISOString(),
  expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS).toISOString(),
  attempts: 0,
});

/** A code's mail as the code mail sender receives it from the table's stream. */
export interface CodeMailRequest {
  email: string;
  client: string;
  digest: string;
  expiresAt: string;
  /** `sealCode`'s result. */
  sealedCode: string;
}

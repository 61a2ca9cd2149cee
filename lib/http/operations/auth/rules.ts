// What the auth operations' declarations share: the rules they state and the group they are listed in.
import { paragraphs, type Tag } from '#lib/http/operation.ts';
import type { FunctionAccess } from '#lib/http/function-access.ts';
import { CODE_LIFETIME_MS, MAX_CODE_ATTEMPTS, MAX_CODES_PER_WINDOW } from '#lib/accounts/verification-code.ts';
import { TOKEN_LIFETIME_SECONDS } from '#lib/auth/token-lifetime.ts';

// Sign-up and sign-in in one: stores the code's hash (keyed with the code-hash key kept in the JWT key set) and the code
// sealed for its mail; the code mail sender creates the user and mails the code.
export const requestCode = { table: 'readWrite', jwtKeys: true } as const satisfies FunctionAccess;
export const verifyEmail = { table: 'readWrite', jwtKeys: true } as const satisfies FunctionAccess;
export const emailRules =
  'Email addresses are compared, stored and returned in lower case, surrounding spaces removed (`Ada@Example.COM` and ' +
  '`ada@example.com` are one account); at most 254 characters.';

export const clientRule =
  "Codes belong to the client that requested them: its network address (API Gateway's source IP; an IPv6 address counts " +
  'by its /64). A code is compared only with tries from that client, and the limits (one code a minute, ' +
  `${MAX_CODES_PER_WINDOW} an hour, ${MAX_CODE_ATTEMPTS} tries a code) count per address and client, so one client can ` +
  "neither guess at nor lock another's code: a client that used up its tries and code requests for an address leaves " +
  'every other client free to request a code and sign in. Request and enter a code from the same network; a code ' +
  'requested elsewhere answers CODE_MISMATCH here, so request another one.';

export const codeRules = paragraphs(
  `A code is 6 digits, valid ${CODE_LIFETIME_MS / 60_000} minutes and usable once; requesting a new one replaces it (and its tries).`,
  `Every try counts, the right one included: the first ${MAX_CODE_ATTEMPTS} tries are compared, every later one answers ` +
    '429 TOO_MANY_ATTEMPTS until a new code is requested; its Retry-After says when that is possible.',
  'CODE_MISMATCH always carries `attemptsRemaining`. A try from a client with no pending code for the address (unknown ' +
    'address, code already spent, never requested) is answered as if one were: it counts down from 4 the same way, ' +
    `locks after ${MAX_CODE_ATTEMPTS} tries (429 TOO_MANY_ATTEMPTS) and expires ${CODE_LIFETIME_MS / 60_000} minutes after ` +
    'the first try (401 CODE_EXPIRED), so the answers never tell whether a code is out. Requesting a code starts afresh.',
  clientRule,
  'Order of checks: a code tried too often answers 429 before an expired code answers CODE_EXPIRED; an expired code is ' + 'not a try.',
  'Prefer POST: mail scanners follow GET links, and a followed link spends the code.',
);

export const tokenRules =
  `The token is a JWT (ES256, \`kid\` from GET /.well-known/jwks.json, \`iss\`, \`aud\`, lifetime ${TOKEN_LIFETIME_SECONDS / 3600} h, ` +
  '`sub` = the user id as a string, `tv` = the token version). Send it as `Authorization: Bearer <token>`. A token whose `iat` ' +
  'lies in the future (beyond 5 s of clock skew), whose `exp` is further from its `iat` than that lifetime, whose signature is not ' +
  'in its low-S form (s ≤ n/2; the service issues no other), or any of whose three segments is not the canonical unpadded base64url ' +
  'of its bytes (`=` padding, or bits set beyond the last whole byte in its last character) is refused like a forged one: ' +
  'a token is accepted only as issued.';

/** The operations' group in the document. */
export const accountsTag: Tag = {
  name: 'Accounts',
  description: 'Sign-up and sign-in by emailed code, passwords, the own profile and the public keys that verify tokens.',
};

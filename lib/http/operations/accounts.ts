// The accounts operations: sign-up and sign-in by emailed code or password, the own profile and the public keys that
// verify tokens, with the decisions taken where the interface description is silent.
import type { FunctionAccess } from '#lib/http/function-access.ts';
import { example, type Operation } from '#lib/http/operation.ts';
import { evaluateCodeInput } from '#lib/accounts/evaluate-code-schema.ts';
import { loginInput } from '#lib/accounts/login-schema.ts';
import { requestCodeInput } from '#lib/accounts/schemas.ts';
import { codeSentSchema, jwksSchema, profileFormDoc, signedInSchema, userSchema } from '#lib/accounts/response-schemas.ts';
import { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE } from '#lib/accounts/image-limits.ts';
import { RESERVED_USERNAMES, SERVICE_USERNAME } from '#lib/accounts/user.ts';
import { LOGIN_WINDOW_MS, MAX_LOGIN_FAILURES } from '#lib/accounts/login-limits.ts';
import { CODE_LIFETIME_MS, MAX_CODE_ATTEMPTS, MAX_CODES_PER_WINDOW, RESEND_INTERVAL_MS } from '#lib/accounts/verification-code.ts';
import { TOKEN_LIFETIME_SECONDS } from '#lib/auth/token-lifetime.ts';

const TAGS = ['Accounts'] as const;

// Sign-up and sign-in in one: stores the code's hash (keyed with the code-hash key kept in the JWT key set) and the code
// sealed for its mail; the code mail sender creates the user and mails the code.
const requestCode = { table: 'readWrite', jwtKeys: true } as const satisfies FunctionAccess;
const verifyEmail = { table: 'readWrite', jwtKeys: true } as const satisfies FunctionAccess;
const jsonBody = { 400: ['VALIDATION_FAILED', 'MALFORMED_JSON'], 413: ['PAYLOAD_TOO_LARGE'], 415: ['UNSUPPORTED_MEDIA_TYPE'] };

const emailRules =
  'Email addresses are compared, stored and returned in lower case, surrounding spaces removed (`Ada@Example.COM` and ' +
  '`ada@example.com` are one account); at most 254 characters.';

const clientRule =
  "Codes belong to the client that requested them: its network address (API Gateway's source IP; an IPv6 address counts " +
  'by its /64). A code is compared only with tries from that client, and the limits (one code a minute, ' +
  `${MAX_CODES_PER_WINDOW} an hour, ${MAX_CODE_ATTEMPTS} tries a code) count per address and client, so one client can ` +
  "neither guess at nor lock another's code: a client that used up its tries and code requests for an address leaves " +
  'every other client free to request a code and sign in. Request and enter a code from the same network; a code ' +
  'requested elsewhere answers CODE_MISMATCH here, so request another one.';

const codeRules = [
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
].join('\n\n');

const tokenRules =
  `The token is a JWT (ES256, \`kid\` from GET /.well-known/jwks.json, \`iss\`, \`aud\`, lifetime ${TOKEN_LIFETIME_SECONDS / 3600} h, ` +
  '`sub` = the user id as a string, `tv` = the token version). Send it as `Authorization: Bearer <token>`. A token whose `iat` ' +
  'lies in the future (beyond 5 s of clock skew), whose `exp` is further from its `iat` than that lifetime, or whose signature is not ' +
  'in its low-S form (s ≤ n/2; the service issues no other) is refused like a forged one.';

// prettier-ignore
export const accountsOperations = [
  {
    method: 'POST', path: '/auth/email-verification-code', operationId: 'requestEmailVerificationCode',
    handler: 'functions/auth/request-code.ts', auth: 'none', principal: 'none',
    access: requestCode,
    summary: 'Sign up or sign in: mail a 6-digit code',
    description: [
      "Creates the account when the address is new (username `user<id>`, a service wallet at m/44'/60'/0'/0/<id>), and " +
        'answers the same 202 for new and known addresses, after the same work: the code is stored, and the account of a ' +
        'new address is created and the mail sent within seconds after the answer.',
      emailRules,
      `\`sentTo\` masks the address (first character and domain). \`resendAvailableAt\` is when this client may request ` +
        `another code: ${RESEND_INTERVAL_MS / 1000} s after this one, or later when this was its ${MAX_CODES_PER_WINDOW}th ` +
        'code for the address within an hour.',
      'When both limits apply, 429 TOO_MANY_CODES wins over RESEND_TOO_SOON (its Retry-After is the longer, true wait). ' +
        'A refused request does not count towards either limit.',
      clientRule,
      'The mail carries the code only (no link).',
    ].join('\n\n'),
    tags: TAGS,
    request: { body: { contentType: 'application/json', schema: requestCodeInput } },
    example: example(['newEmail'], ({ newEmail }) => ({ body: { email: newEmail } })),
    responses: { 202: { description: 'The code was issued; its mail follows within seconds', schema: codeSentSchema } },
    errors: { ...jsonBody, 429: ['RESEND_TOO_SOON', 'TOO_MANY_CODES'] },
  },
  {
    method: 'GET', path: '/auth/evaluate-email-verification-code', operationId: 'evaluateEmailVerificationCode',
    handler: 'functions/auth/verify-email.ts', auth: 'none', principal: 'none',
    access: verifyEmail,
    summary: 'Spend a code and sign in (query parameters)',
    description: [codeRules, emailRules, tokenRules, 'The user is returned with `emailVerify: true`.'].join('\n\n'),
    tags: TAGS,
    request: { query: evaluateCodeInput },
    example: example(['pendingCode'], ({ pendingCode }) => ({ query: pendingCode })),
    responses: { 200: { description: 'Signed in', schema: signedInSchema } },
    errors: { 400: ['VALIDATION_FAILED'], 401: ['CODE_MISMATCH', 'CODE_EXPIRED'], 429: ['TOO_MANY_ATTEMPTS'] },
  },
  {
    method: 'POST', path: '/auth/evaluate-email-verification-code', operationId: 'evaluateEmailVerificationCodePost',
    handler: 'functions/auth/verify-email.ts', auth: 'none', principal: 'none',
    access: verifyEmail,
    summary: 'Spend a code and sign in (JSON body)',
    description: [codeRules, emailRules, tokenRules].join('\n\n'),
    tags: TAGS,
    request: { body: { contentType: 'application/json', schema: evaluateCodeInput } },
    example: example(['pendingCode'], ({ pendingCode }) => ({ body: pendingCode })),
    responses: { 200: { description: 'Signed in', schema: signedInSchema } },
    errors: { ...jsonBody, 401: ['CODE_MISMATCH', 'CODE_EXPIRED'], 429: ['TOO_MANY_ATTEMPTS'] },
  },
  {
    method: 'POST', path: '/auth/login', operationId: 'login',
    handler: 'functions/auth/login.ts', auth: 'none', principal: 'none',
    // Writes the failure counter that throttles password guessing.
    access: { table: 'readWrite', jwtKeys: true },
    summary: 'Sign in with email and password',
    description: [
      'For accounts that set a password (POST /auth/profile). Any wrong pair answers 401 INVALID_CREDENTIALS: wrong ' +
        'password, unknown address, and accounts without a password alike, after the same amount of work.',
      `After ${MAX_LOGIN_FAILURES} failures within ${LOGIN_WINDOW_MS / 60_000} minutes (counted from the first) the address ` +
        'answers 429 TOO_MANY_LOGIN_ATTEMPTS, the right password included, until that window ends (Retry-After). ' +
        'Successful logins are not counted. The password member accepts 1–128 characters.',
      emailRules,
      tokenRules,
    ].join('\n\n'),
    tags: TAGS,
    request: { body: { contentType: 'application/json', schema: loginInput } },
    example: example(['passwordAccount'], ({ passwordAccount }) => ({ body: passwordAccount })),
    responses: { 200: { description: 'Signed in', schema: signedInSchema } },
    errors: { ...jsonBody, 401: ['INVALID_CREDENTIALS'], 429: ['TOO_MANY_LOGIN_ATTEMPTS'] },
  },
  {
    method: 'GET', path: '/auth/profile', operationId: 'getProfile',
    handler: 'functions/auth/get-profile.ts', auth: 'jwt', principal: 'user',
    // The authorizer verified the token already; resolving the user re-reads it and its token version.
    access: { table: 'read' },
    summary: 'The signed-in user',
    description:
      'The own record, wallet unmasked. 401 UNAUTHORIZED also when the user no longer exists or the token predates a ' +
      'password change (every older token stops working then).',
    tags: TAGS,
    example: example([], () => ({})),
    responses: { 200: { description: 'The signed-in user', schema: userSchema } },
    errors: { 400: ['BODY_NOT_ALLOWED'] },
  },
  {
    method: 'POST', path: '/auth/profile', operationId: 'updateProfile',
    handler: 'functions/auth/update-profile.ts', auth: 'jwt', principal: 'user',
    // Decoding and checking a 4 MiB image needs memory; a password change returns a fresh token.
    access: { table: 'readWrite', writesMedia: 'users/', jwtKeys: true, memorySize: 1024 },
    summary: 'Update the own profile (multipart/form-data)',
    description: [
      'Parts, all optional, at least one: `image` (a file part), `username`, `password`, `currentPassword`, `phoneNumber` ' +
        '(text parts). Each part at most once; any other part, a repeated part, an image sent as text or a text part sent as ' +
        'a file answers 400 VALIDATION_FAILED naming it. A body that is not well-formed multipart (no boundary, truncated, ' +
        'a header line starting with whitespace, a part without a name) answers 400 MALFORMED_MULTIPART.',
      'Checks, in order: every text part (400, all at once), the image (413/415), the current password (401), the username ' +
        'claim (409). Nothing is written unless all pass.',
      '`username`: kept as typed, and unique by what it looks like: two names that pass for each other cannot both be ' +
        'taken (409 USERNAME_TAKEN). Names are compared by their skeleton: lower case, without separators (`.`, `_`), ' +
        'with lookalike characters folded (0 as o; 1, I and l as i; 5 as s; 2 as z; 8 as b; v as u and w as uu; then rn ' +
        'as m), so with `alicekvm5` taken, `aIicekvm5`, `a1icekvm5` and `a.licekvm5` are taken too, as are `mary` for ' +
        '`rnary` and `vves` for `wes`. The holder may write its own name another way (same skeleton); changing to a name ' +
        'with another skeleton frees the old one.',
      'Names of the form `user<digits>` are reserved for new accounts: only the account with that id may take it (or a ' +
        `lookalike of it). Nobody may take these names or their lookalikes: ${RESERVED_USERNAMES.map((n) => `\`${n}\``).join(', ')} ` +
        `(\`${SERVICE_USERNAME}\` is the service account's name, shown to partners as the owner of unsold plaques).`,
      'Names given before names were compared by skeleton stay as they are, even where two of them pass for each other: ' +
        'one of the two holds the skeleton (the one whose name was already written as its skeleton, else the older ' +
        'account) and the other keeps its name, but cannot take it back, nor another spelling of it, once it changed it; ' +
        'should the holder change its name first, the skeleton passes to the other, so it stays taken while a name shows it.',
      '`password`: 8–128 characters. When a password exists, `currentPassword` must match (401 INVALID_CREDENTIALS if it is ' +
        'missing or wrong). Setting or changing it logs out every older token. `currentPassword` without `password` is a 400; ' +
        'sent while no password exists, it is ignored.',
      `\`image\`: PNG, JPEG, WebP or GIF recognised by content; at most ${MAX_IMAGE_BYTES / 1024 / 1024} MiB and ` +
        `${MAX_IMAGE_SIDE} × ${MAX_IMAGE_SIDE} pixels (read from the header), else 413 PAYLOAD_TOO_LARGE; other content is ` +
        '415 UNSUPPORTED_IMAGE, whatever its declared type, and so is an image without its end marker. The image is stored ' +
        'up to its end marker (anything after it is dropped) and served as its detected type with ' +
        '`X-Content-Type-Options: nosniff` and a Content-Security-Policy that runs nothing. A new image gets a new URL; ' +
        'the replaced one is removed.',
      '`phoneNumber`: E.164 (`+` and 8–15 digits). It is stored, never returned.',
      'Two updates of one profile racing each other: the second answers 409 CONCURRENT_UPDATE when it would overwrite a ' +
        'password or image it did not read; read the profile and try again.',
      'The response always carries a fresh token for the current token version.',
    ].join('\n\n'),
    tags: TAGS,
    request: { body: { contentType: 'multipart/form-data', schema: profileFormDoc } },
    example: example([], () => ({ body: { phoneNumber: '+4915112345678' } })),
    responses: { 201: { description: 'The updated user and a fresh token', schema: signedInSchema } },
    errors: {
      400: ['VALIDATION_FAILED', 'MALFORMED_MULTIPART'],
      401: ['INVALID_CREDENTIALS'],
      409: ['USERNAME_TAKEN', 'CONCURRENT_UPDATE'],
      413: ['PAYLOAD_TOO_LARGE'],
      415: ['UNSUPPORTED_MEDIA_TYPE', 'UNSUPPORTED_IMAGE'],
    },
  },
  {
    method: 'GET', path: '/.well-known/jwks.json', operationId: 'getJwks',
    handler: 'functions/auth/jwks.ts', auth: 'none', principal: 'none',
    access: { jwtKeys: true },
    summary: 'Public keys that verify access tokens',
    description: 'The current signing key and the one before the last rotation, so a rotation logs nobody out. Cacheable for 5 minutes.',
    tags: TAGS,
    example: example([], () => ({})),
    responses: { 200: { description: 'JSON Web Key Set', schema: jwksSchema, headers: ['Cache-Control'] } },
    errors: { 400: ['BODY_NOT_ALLOWED'] },
  },
] as const satisfies readonly Operation[];

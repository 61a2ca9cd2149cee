// The declaration of login: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { publicAccess } from '#lib/http/principals.ts';
import { LOGIN_WINDOW_MS, MAX_LOGIN_FAILURES } from '#lib/accounts/login-limits.ts';
import { loginInput } from '#lib/accounts/login-schema.ts';
import { accountsTag, emailRules, tokenRules } from '#lib/http/operations/auth/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { signedInSchema } from '#lib/accounts/response-schemas.ts';

export const login = operation({
  method: 'POST',
  path: '/auth/login',
  operationId: 'login',
  auth: publicAccess,
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
  tag: accountsTag,
  request: { body: { contentType: 'application/json', schema: loginInput } },
  example: example(['passwordAccount'], ({ passwordAccount }) => ({ body: passwordAccount })),
  responses: { 200: { description: 'Signed in', schema: shapeNamed<typeof signedInSchema>('SignedIn') } },
  errors: { 401: ['INVALID_CREDENTIALS'], 429: ['TOO_MANY_LOGIN_ATTEMPTS'] },
});

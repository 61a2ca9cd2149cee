// The declaration of evaluateEmailVerificationCode, evaluateEmailVerificationCodePost: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { publicAccess } from '#lib/http/principals.ts';
import { evaluateCodeInput } from '#lib/accounts/evaluate-code-schema.ts';
import { accountsTag, codeRules, emailRules, tokenRules, verifyEmail } from '#lib/http/operations/auth/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { signedInSchema } from '#lib/accounts/response-schemas.ts';

export const evaluateEmailVerificationCode = operation({
  method: 'GET',
  path: '/auth/evaluate-email-verification-code',
  operationId: 'evaluateEmailVerificationCode',
  auth: publicAccess,
  access: verifyEmail,
  summary: 'Spend a code and sign in (query parameters)',
  description: [codeRules, emailRules, tokenRules, 'The user is returned with `emailVerify: true`.'].join('\n\n'),
  tag: accountsTag,
  request: { query: evaluateCodeInput },
  example: example(['pendingCode'], ({ pendingCode }) => ({ query: pendingCode })),
  responses: { 200: { description: 'Signed in', schema: shapeNamed<typeof signedInSchema>('SignedIn') } },
  errors: { 401: ['CODE_MISMATCH', 'CODE_EXPIRED'], 429: ['TOO_MANY_ATTEMPTS'] },
});
export const evaluateEmailVerificationCodePost = operation({
  method: 'POST',
  path: '/auth/evaluate-email-verification-code',
  operationId: 'evaluateEmailVerificationCodePost',
  auth: publicAccess,
  access: verifyEmail,
  summary: 'Spend a code and sign in (JSON body)',
  description: [codeRules, emailRules, tokenRules].join('\n\n'),
  tag: accountsTag,
  request: { body: { contentType: 'application/json', schema: evaluateCodeInput } },
  example: example(['pendingCode'], ({ pendingCode }) => ({ body: pendingCode })),
  responses: { 200: { description: 'Signed in', schema: shapeNamed<typeof signedInSchema>('SignedIn') } },
  errors: { 401: ['CODE_MISMATCH', 'CODE_EXPIRED'], 429: ['TOO_MANY_ATTEMPTS'] },
});

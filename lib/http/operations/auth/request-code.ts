// The declaration of requestEmailVerificationCode: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { publicAccess } from '#lib/http/principals.ts';
import { MAX_CODES_PER_WINDOW, RESEND_INTERVAL_MS } from '#lib/accounts/verification-code.ts';
import { requestCodeInput } from '#lib/accounts/schemas.ts';
import { accountsTag, clientRule, emailRules, requestCode } from '#lib/http/operations/auth/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { codeSentSchema } from '#lib/accounts/response-schemas.ts';

export const requestEmailVerificationCode = operation({
  method: 'POST',
  path: '/auth/email-verification-code',
  operationId: 'requestEmailVerificationCode',
  auth: publicAccess,
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
  tag: accountsTag,
  request: { body: { contentType: 'application/json', schema: requestCodeInput } },
  example: example(['newEmail'], ({ newEmail }) => ({ body: { email: newEmail } })),
  responses: {
    202: { description: 'The code was issued; its mail follows within seconds', schema: shapeNamed<typeof codeSentSchema>('CodeSent') },
  },
  errors: { 429: ['RESEND_TOO_SOON', 'TOO_MANY_CODES'] },
});

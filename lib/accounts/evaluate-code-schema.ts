// The input of the verification code's evaluation (GET and POST /auth/evaluate-email-verification-code).
import * as z from 'zod/mini';
import { emailField } from '#lib/accounts/schemas.ts';
import { CODE_PATTERN } from '#lib/accounts/verification-code.ts';

export const evaluateCodeInput = z.object({
  email: emailField,
  code: z.string().check(z.regex(CODE_PATTERN, 'must be 6 digits')),
});

// The sign-in operations' request inputs as zod schemas: requests are validated with them and the OpenAPI document
// is generated from them (the profile update's are in profile-schemas.ts, responses in response-schemas.ts).
import * as z from 'zod/mini';
import { normalizeEmail, PASSWORD_MAX } from '#lib/accounts/user.ts';
import { CODE_PATTERN } from '#lib/accounts/verification-code.ts';

const MAX_EMAIL_LENGTH = 254;

/** An email address, compared in lower case (the stored and returned form). */
const emailField = z.pipe(
  z.string().check(z.trim(), z.maxLength(MAX_EMAIL_LENGTH), z.email()),
  z.transform((email) => normalizeEmail(email)),
);

export const requestCodeInput = z.object({ email: emailField });

export const evaluateCodeInput = z.object({
  email: emailField,
  code: z.string().check(z.regex(CODE_PATTERN, 'must be 6 digits')),
});

export const loginInput = z.object({
  email: emailField,
  // Any string up to the longest settable password; the length rule for new passwords is not revealed here.
  password: z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX)),
});

// The sign-in operations' request inputs as zod schemas: requests are validated with them and the OpenAPI document
// is generated from them. Module-level schemas are built when a function loads, so the code evaluation's and the
// login's inputs have their own modules (evaluate-code-schema.ts, login-schema.ts); the profile update's are in
// profile-schemas.ts, responses in response-schemas.ts.
import * as z from 'zod/mini';
import { normalizeEmail } from '#lib/accounts/user.ts';

const MAX_EMAIL_LENGTH = 254;

/** An email address, compared in lower case (the stored and returned form). */
export const emailField = z.pipe(
  z.string().check(z.trim(), z.maxLength(MAX_EMAIL_LENGTH), z.email()),
  z.transform((email) => normalizeEmail(email)),
);

export const requestCodeInput = z.object({ email: emailField });

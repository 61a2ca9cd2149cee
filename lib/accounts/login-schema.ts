// The input of POST /auth/login.
import * as z from 'zod/mini';
import { emailField } from '#lib/accounts/schemas.ts';
import { PASSWORD_MAX } from '#lib/accounts/user.ts';

export const loginInput = z.object({
  email: emailField,
  // Any string up to the longest settable password; the length rule for new passwords is not revealed here.
  password: z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX)),
});

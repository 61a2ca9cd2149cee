// The profile update's text parts as a zod schema: it validates them and generates the OpenAPI document.
import * as z from 'zod/mini';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_PATTERN } from '#lib/accounts/user.ts';

/** The text parts of a profile update, each optional; the image is checked by content (profile-image.ts). */
export const profileTextInput = z.strictObject({
  username: z.optional(z.string().check(z.regex(USERNAME_PATTERN, 'must be 3–30 characters of A–Z, a–z, 0–9, _ and .'))),
  password: z.optional(z.string().check(z.minLength(PASSWORD_MIN), z.maxLength(PASSWORD_MAX))),
  currentPassword: z.optional(z.string().check(z.maxLength(PASSWORD_MAX))),
  phoneNumber: z.optional(z.string().check(z.regex(/^\+[0-9]{8,15}$/, 'must be E.164: + and 8–15 digits'))),
});

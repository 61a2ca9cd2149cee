// The body of POST /partner/api-keys, as a zod schema: it validates requests and generates the OpenAPI document.
import * as z from 'zod/mini';
import { READABLE_TEXT, READABLE_TEXT_MESSAGE } from '#lib/validation.ts';
import { KEY_SCOPES } from '#lib/partner/schemas.ts';

export const createApiKeyBody = z.strictObject({
  /** A label for the dashboard and for operators (the API Gateway key's description). */
  name: z.optional(z.string().check(z.minLength(1), z.maxLength(64), z.regex(READABLE_TEXT, READABLE_TEXT_MESSAGE))),
  /** What the key may do; `sell` when absent. */
  scope: z._default(z.enum(KEY_SCOPES), 'sell'),
});

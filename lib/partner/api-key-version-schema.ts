// The body of POST /partner/api-keys/{id}/version, as a zod schema: it validates requests and generates the OpenAPI
// document. A well-formed date that is no version is the operation's own refusal (400 UNKNOWN_VERSION), as it is for
// the Plaque-Version header.
import * as z from 'zod/mini';

export const setApiKeyVersionBody = z.strictObject({
  version: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')),
});

// The key id of the partner API key operations, as a zod schema: it validates requests and generates the OpenAPI
// document. The creation body has its own module (create-api-key-schema.ts): module-level schemas are built when a
// function loads.
import * as z from 'zod/mini';

export const apiKeyIdParam = z.string().check(z.minLength(1), z.maxLength(128));

/** Hours a rolled key keeps working beside its successor. */
export const MAX_ROLL_OVERLAP_HOURS = 168;
export const DEFAULT_ROLL_OVERLAP_HOURS = 24;

/** The body of POST /partner/api-keys/{id}/roll (optional). */
export const rollApiKeyBody = z.strictObject({
  expiresInHours: z._default(z.int().check(z.minimum(0), z.maximum(MAX_ROLL_OVERLAP_HOURS)), DEFAULT_ROLL_OVERLAP_HOURS),
});

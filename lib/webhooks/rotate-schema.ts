// The input of POST /partner/webhooks/{id}/rotate-secret.
import * as z from 'zod/mini';

/** How long the replaced secret still signs deliveries: at most, and when not asked (hours). */
export const MAX_SECRET_OVERLAP_HOURS = 72;
export const DEFAULT_SECRET_OVERLAP_HOURS = 24;

/** No body, an empty JSON object, or `expiresInHours`. */
export const rotateSecretBody = z.strictObject({
  expiresInHours: z._default(z.int().check(z.minimum(0), z.maximum(MAX_SECRET_OVERLAP_HOURS)), DEFAULT_SECRET_OVERLAP_HOURS),
});

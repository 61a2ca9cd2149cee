// The input of POST /partner/webhooks/{id}/resend.
import * as z from 'zod/mini';

/** Event ids are opaque: any id answers, unknown and foreign ones 404 EVENT_NOT_FOUND. */
export const resendBody = z.strictObject({ eventId: z.string().check(z.minLength(1), z.maxLength(128)) });

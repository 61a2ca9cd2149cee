// The input of POST /partner/webhooks/{id}/test.
import * as z from 'zod/mini';

/** The test event takes no options: no body, or an empty JSON object (what many HTTP clients send with a POST). */
export const sendTestBody = z.strictObject({});

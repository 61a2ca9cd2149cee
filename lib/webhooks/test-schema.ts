// The input of POST /partner/webhooks/{id}/test.
import * as z from 'zod/mini';
import { webhookIdParam } from '#lib/webhooks/schemas.ts';

/** The test event takes no options: no body, or an empty JSON object (what many HTTP clients send with a POST). */
export const sendTestBody = z.strictObject({});

export const sendTestInput = z.extend(sendTestBody, { id: webhookIdParam });

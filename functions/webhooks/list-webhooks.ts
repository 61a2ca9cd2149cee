// GET /partner/webhooks: the signed-in partner's endpoints, newest first, without their secrets.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { listWebhooks as listOperation } from '#lib/http/operations/webhooks/list-webhooks.ts';
import { listWebhooks } from '#lib/webhooks/endpoints.ts';

export const handler = httpHandler(listOperation, async ({ principal, ctx }) => ok(await listWebhooks(ctx, principal.id)));

// GET /partner/webhooks: the signed-in partner's endpoints, newest first, without their secrets.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { signedInUser } from '#lib/http/principals.ts';
import { listWebhooks } from '#lib/webhooks/endpoints.ts';

export const handler = httpHandler({ operation: 'listWebhooks', principal: signedInUser, body: 'none' }, async ({ principal, ctx }) =>
  ok(await listWebhooks(ctx, principal.id)),
);

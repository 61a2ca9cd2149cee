// POST /partner/webhooks: the signed-in partner registers an endpoint for order events (its secret shown once).
import { httpHandler } from '#lib/http/handler.ts';
import { created } from '#lib/http/response.ts';
import { signedInUser } from '#lib/http/principals.ts';
import { createWebhook } from '#lib/webhooks/registration.ts';
import { createWebhookBody } from '#lib/webhooks/create-schema.ts';
import { idempotencyKeys } from '#lib/http/idempotency.ts';

export const handler = httpHandler(
  {
    operation: 'createWebhook',
    principal: signedInUser,
    input: { schema: createWebhookBody, read: (request) => request.body },
    idempotency: idempotencyKeys,
  },
  async ({ input, principal, ctx }) => created(await createWebhook(ctx, principal.id, input)),
);

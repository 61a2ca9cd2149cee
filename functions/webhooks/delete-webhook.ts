// DELETE /partner/webhooks/{id}: the partner deletes one of its endpoints; nothing more is sent to it.
import { httpHandler } from '#lib/http/handler.ts';
import { noContent } from '#lib/http/response.ts';
import { signedInUser } from '#lib/http/principals.ts';
import { deleteWebhook } from '#lib/webhooks/endpoints.ts';
import { webhookIdInput } from '#lib/webhooks/schemas.ts';

export const handler = httpHandler(
  {
    operation: 'deleteWebhook',
    principal: signedInUser,
    body: 'none',
    input: { schema: webhookIdInput, read: (request) => request.pathParameters },
  },
  async ({ input, principal, ctx }) => {
    await deleteWebhook(ctx, principal.id, input.id);
    return noContent();
  },
);

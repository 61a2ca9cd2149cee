// DELETE /partner/webhooks/{id}: the partner deletes one of its endpoints; nothing more is sent to it.
import { httpHandler } from '#lib/http/handler.ts';
import { noContent } from '#lib/http/response.ts';
import { deleteWebhook as deleteOperation } from '#lib/http/operations/webhooks/delete-webhook.ts';
import { deleteWebhook } from '#lib/webhooks/endpoints.ts';
import { auditCallerOf } from '#lib/partner/audit-log.ts';

export const handler = httpHandler(deleteOperation, async ({ input, principal, ctx, request }) => {
  await deleteWebhook(ctx, principal.id, input.id, auditCallerOf(principal, request));
  return noContent();
});

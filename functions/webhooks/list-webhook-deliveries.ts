// GET /partner/webhooks/{id}/deliveries: the endpoint's recent delivery attempts, newest first.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { listWebhookDeliveries } from '#lib/http/operations/webhooks/list-webhook-deliveries.ts';
import { listDeliveries } from '#lib/webhooks/endpoints.ts';

export const handler = httpHandler(listWebhookDeliveries, async ({ input, principal, ctx }) =>
  ok(await listDeliveries(ctx, principal.id, input.id, input.limit)),
);

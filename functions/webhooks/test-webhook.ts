// POST /partner/webhooks/{id}/test: queues a `ping` event for one of the partner's endpoints, sent at once.
import { httpHandler } from '#lib/http/handler.ts';
import { accepted } from '#lib/http/response.ts';
import { sendWebhookTest } from '#lib/http/operations/webhooks/test-webhook.ts';
import { sendTestEvent } from '#lib/webhooks/test-event.ts';

export const handler = httpHandler(sendWebhookTest, async ({ input, principal, ctx }) =>
  accepted(await sendTestEvent(ctx, principal.id, input.id)),
);

// POST /partner/webhooks/{id}/test: queues a `ping` event for one of the partner's endpoints, sent at once.
import { httpHandler } from '#lib/http/handler.ts';
import { accepted } from '#lib/http/response.ts';
import { signedInUser } from '#lib/http/principals.ts';
import { sendTestEvent } from '#lib/webhooks/test-event.ts';
import { withPath } from '#lib/validation.ts';
import { sendTestInput } from '#lib/webhooks/test-schema.ts';

export const handler = httpHandler(
  {
    operation: 'sendWebhookTest',
    principal: signedInUser,
    input: { schema: sendTestInput, read: (request) => withPath(request.body, { id: request.pathParameters.id }) },
  },
  async ({ input, principal, ctx }) => accepted(await sendTestEvent(ctx, principal.id, input.id)),
);

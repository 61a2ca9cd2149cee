// POST /partner/webhooks/{id}/resend: sends one of the partner's events of the last 30 days to the endpoint again, now.
import { httpHandler } from '#lib/http/handler.ts';
import { accepted } from '#lib/http/response.ts';
import { signedInUser } from '#lib/http/principals.ts';
import { idempotencyKeys } from '#lib/http/idempotency.ts';
import { resendEvent } from '#lib/webhooks/resend.ts';
import { withPath } from '#lib/validation.ts';
import { resendInput } from '#lib/webhooks/resend-schema.ts';

export const handler = httpHandler(
  {
    operation: 'resendWebhookEvent',
    principal: signedInUser,
    idempotency: idempotencyKeys,
    input: { schema: resendInput, read: (request) => withPath(request.body, { id: request.pathParameters.id }) },
  },
  async ({ input, principal, ctx }) => accepted(await resendEvent(ctx, principal.id, input.id, input.eventId)),
);

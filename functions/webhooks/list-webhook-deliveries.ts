// GET /partner/webhooks/{id}/deliveries: the endpoint's recent delivery attempts, newest first.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { signedInUser } from '#lib/http/principals.ts';
import { listDeliveries } from '#lib/webhooks/endpoints.ts';
import { queryInteger } from '#lib/validation.ts';
import { deliveriesInput } from '#lib/webhooks/deliveries-schema.ts';

export const handler = httpHandler(
  {
    operation: 'listWebhookDeliveries',
    principal: signedInUser,
    body: 'none',
    input: {
      schema: deliveriesInput,
      read: (request) => ({ limit: queryInteger(request.query.limit), id: request.pathParameters.id }),
    },
  },
  async ({ input, principal, ctx }) => ok(await listDeliveries(ctx, principal.id, input.id, input.limit)),
);

// POST /partner/plaques/{id}/prepare: holds the plaque for the buyer's wallet for 10 minutes.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { apiKeyPartner } from '#lib/http/principals.ts';
import { preparePlaque } from '#lib/partner/prepare.ts';
import { prepareInput } from '#lib/partner/prepare-schemas.ts';
import { withPath } from '#lib/validation.ts';
import { idempotencyKeys } from '#lib/http/idempotency.ts';

export const handler = httpHandler(
  {
    operation: 'preparePlaque',
    principal: apiKeyPartner,
    input: { schema: prepareInput, read: (request) => withPath(request.body, { id: request.pathParameters.id }) },
    idempotency: idempotencyKeys,
  },
  async ({ input, principal, ctx }) => ok(await preparePlaque(ctx, principal, input.id, input.buyerWallet)),
);

// GET /partner/plaques/{id}/owner: who holds the plaque (the service before the sale, the buyer after).
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { plaqueOwner } from '#lib/partner/owner.ts';
import { readKeyPartner } from '#lib/http/principals.ts';
import { plaqueIdInput } from '#lib/partner/schemas.ts';

export const handler = httpHandler(
  {
    operation: 'getPlaqueOwner',
    principal: readKeyPartner,
    body: 'none',
    input: { schema: plaqueIdInput, read: (request) => request.pathParameters },
  },
  async ({ input, ctx }) => ok(await plaqueOwner(ctx, input.id)),
);

// POST /partner/plaques/{id}/prepare: holds the plaque for the buyer's wallet for 10 minutes.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { requirePartner } from '#lib/partner/partner-identity.ts';
import { preparePlaque } from '#lib/partner/prepare.ts';
import { prepareInput } from '#lib/partner/sale-schemas.ts';
import { withPath } from '#lib/partner/schemas.ts';

export const handler = httpHandler(
  { input: { schema: prepareInput, read: (request) => withPath(request.body, { id: request.pathParameters.id }) } },
  async ({ input, ctx, request }) => {
    const partner = await requirePartner(ctx, request);
    return ok(await preparePlaque(ctx, partner, input.id, input.buyerWallet));
  },
);

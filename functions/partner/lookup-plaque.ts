// GET /partner/plaques/{id}/lookup: can the plaque be bought now, and can its token be minted.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { lookupPlaque } from '#lib/partner/lookup.ts';
import { readKeyPartner } from '#lib/http/principals.ts';
import { plaqueIdInput } from '#lib/partner/schemas.ts';

export const handler = httpHandler(
  {
    operation: 'lookupPlaque',
    principal: readKeyPartner,
    body: 'none',
    input: { schema: plaqueIdInput, read: (request) => request.pathParameters },
  },
  async ({ input, ctx }) => ok(await lookupPlaque(ctx, input.id)),
);

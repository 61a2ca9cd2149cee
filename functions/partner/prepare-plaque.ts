// POST /partner/plaques/{id}/prepare: holds the plaque for a buyer for 10 minutes.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { preparePlaque as prepareOperation } from '#lib/http/operations/partner/prepare-plaque.ts';
import { preparePlaque } from '#lib/partner/prepare.ts';

export const handler = httpHandler(prepareOperation, async ({ input, principal, ctx, once }) =>
  ok(await preparePlaque(ctx, principal, input.id, input.buyerWallet, once)),
);

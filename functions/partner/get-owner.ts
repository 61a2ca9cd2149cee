// GET /partner/plaques/{id}/owner: who holds the plaque (the service before the sale, the buyer after).
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { getPlaqueOwner } from '#lib/http/operations/partner/get-owner.ts';
import { plaqueOwner } from '#lib/partner/owner.ts';

export const handler = httpHandler(getPlaqueOwner, async ({ input, ctx }) => ok(await plaqueOwner(ctx, input.id)));

// GET /partner/plaques/{id}/lookup: can the plaque be bought now, and can its token be minted.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { lookupPlaque as lookupOperation } from '#lib/http/operations/partner/lookup-plaque.ts';
import { lookupPlaque } from '#lib/partner/lookup.ts';

export const handler = httpHandler(lookupOperation, async ({ input, ctx }) => ok(await lookupPlaque(ctx, input.id)));

// GET /plaques/{id}: one plaque as every listing shows it, whatever its status and whether featured.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { getPlaque as getPlaqueOperation } from '#lib/http/operations/plaques/get-plaque.ts';
import { getPlaque } from '#lib/plaques/public-plaque.ts';
import { PUBLIC_PLAQUE_CACHE } from '#lib/plaques/caching.ts';

export const handler = httpHandler(getPlaqueOperation, async ({ input, ctx }) =>
  ok(await getPlaque(ctx, input.id), { 'cache-control': PUBLIC_PLAQUE_CACHE }),
);

// GET /plaques/by-name/{name}: one plaque by its name, in any letter case.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { getPlaqueByName as byNameOperation } from '#lib/http/operations/plaques/get-plaque-by-name.ts';
import { getPlaqueByName } from '#lib/plaques/public-plaque.ts';
import { PUBLIC_PLAQUE_CACHE } from '#lib/plaques/caching.ts';

export const handler = httpHandler(byNameOperation, async ({ input, ctx }) =>
  ok(await getPlaqueByName(ctx, input.name), { 'cache-control': PUBLIC_PLAQUE_CACHE }),
);

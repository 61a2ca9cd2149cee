// GET /plaques/by-name/{name}: one plaque by its name, in any letter case.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { getPlaqueByName } from '#lib/plaques/public-plaque.ts';
import { plaqueNameInput } from '#lib/plaques/plaque-name-schema.ts';
import { PUBLIC_PLAQUE_CACHE } from '#lib/plaques/caching.ts';

export const handler = httpHandler(
  { operation: 'getPlaqueByName', body: 'none', input: { schema: plaqueNameInput, read: (request) => request.pathParameters } },
  async ({ input, ctx }) => ok(await getPlaqueByName(ctx, input.name), { 'cache-control': PUBLIC_PLAQUE_CACHE }),
);

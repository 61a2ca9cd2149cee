// GET|POST /plaques/featured: the featured listing; GET reads the query string, POST the same members from a JSON body.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { listFeaturedPlaques, searchFeaturedPlaques } from '#lib/http/operations/plaques/list-featured.ts';
import { featuredCatalog } from '#lib/plaques/featured-catalog.ts';

export const handler = httpHandler([listFeaturedPlaques, searchFeaturedPlaques], async ({ input, ctx }) =>
  ok(await featuredCatalog(ctx).list(input)),
);

// GET|POST /plaques/featured: the featured listing; GET reads the query string, POST the same members from a JSON body.
import { httpHandler } from '#lib/http/handler.ts';
import { parseNestedQuery } from '#lib/http/nested-query.ts';
import { ok } from '#lib/http/response.ts';
import { featuredCatalog } from '#lib/plaques/featured-catalog.ts';
import { fromBody, fromQuery, listFeaturedInput } from '#lib/plaques/list-featured-input.ts';

export const handler = httpHandler(
  {
    operation: ['listFeaturedPlaques', 'searchFeaturedPlaques'],
    input: {
      schema: listFeaturedInput,
      read: (request) =>
        request.method === 'GET' ? fromQuery(parseNestedQuery(request.event.multiValueQueryStringParameters)) : fromBody(request.body),
    },
  },
  async ({ input, ctx }) => ok(await featuredCatalog(ctx).list(input)),
);

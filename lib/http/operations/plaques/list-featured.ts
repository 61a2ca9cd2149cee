// The declaration of listFeaturedPlaques, searchFeaturedPlaques: route, caller, access, documentation, request and responses.
import { example, operation, paragraphs } from '#lib/http/operation.ts';
import { parseNestedQuery } from '#lib/http/nested-query.ts';
import { publicRead } from '#lib/http/principals.ts';
import { listFeaturedInput } from '#lib/plaques/list-featured-input.ts';
import { filtersAsText, listing, listingRules, page, plaquesTag } from '#lib/http/operations/plaques/rules.ts';

export const listFeaturedPlaques = operation({
  method: 'GET',
  path: '/plaques/featured',
  operationId: 'listFeaturedPlaques',
  auth: publicRead,
  access: listing,
  summary: 'List featured plaques (query parameters)',
  description: paragraphs(
    listingRules,
    'Typed clients: in this query `filters` is one member of JSON text, so a client generated from this document types it as ' +
      'text: send `JSON.stringify(filters)` of a FeaturedFilters object. (OpenAPI has no query style for an object that holds ' +
      'arrays: deepObject leaves nested arrays undefined.) To pass the filters as a typed object, use POST /plaques/featured, ' +
      'which takes the same members as its JSON body and answers the same pages.',
  ),
  tag: plaquesTag,
  request: { query: listFeaturedInput, nestedQuery: parseNestedQuery, jsonText: filtersAsText, emptyIsAbsent: ['search', 'cursor'] },
  example: example([], () => ({ query: { limit: 2 } })),
  responses: page,
});
export const searchFeaturedPlaques = operation({
  method: 'POST',
  path: '/plaques/featured',
  operationId: 'searchFeaturedPlaques',
  auth: publicRead,
  access: listing,
  summary: 'List featured plaques (JSON body)',
  description: listingRules,
  tag: plaquesTag,
  request: {
    body: { contentType: 'application/json', schema: listFeaturedInput, required: false },
    jsonText: filtersAsText,
    emptyIsAbsent: ['search'],
  },
  example: example([], () => ({ body: { limit: 2 } })),
  responses: page,
});

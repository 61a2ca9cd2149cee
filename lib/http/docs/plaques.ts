// OpenAPI descriptions of the plaque operations, including the decisions taken where the interface description is silent.
// Plain data (schemas by name): the route table carries these entries.
import type { OperationDoc } from '#lib/http/operation-doc.ts';
import { MAX_SEARCH } from '#lib/plaques/list-featured-input.ts';
import { CONDITIONS, MARKETPLACE_FILTERS, MARKETPLACES, STATUSES, TOKEN_STANDARD } from '#lib/plaques/plaque.ts';

const listingRules = [
  `Conditions: ${CONDITIONS.join(', ')}. Statuses: ${STATUSES.join(', ')}.`,
  `Marketplaces: filters.marketplace takes ${MARKETPLACE_FILTERS.join(', ')}; a plaque's marketplace member is the lower-case name (${MARKETPLACES.join(', ')}).`,
  'Any other value of filters.condition, filters.marketplace or filters.status (values of earlier versions such as GOOD, WORN, PRIMARY or SECONDARY included) answers 400 VALIDATION_FAILED naming the member and listing the allowed values.',
  `Every plaque has standard ${TOKEN_STANDARD}, an image URL (the stage's placeholder image when it has none of its own), a description ("" when empty) and the stage's contractAddress, also before minting; tokenId and token_id stay null until minted.`,
  'A plaque whose hold has expired is listed, filtered and ordered as AVAILABLE.',
  'Deleted plaques (deletedAt set) are never listed.',
  'When both cursor and skip are given, cursor wins and skip is ignored.',
  'A cursor is bound to its query: reusing it with other filters, filterBy, search, orderBy or sort answers 400 VALIDATION_FAILED on `cursor`.',
  'filters.priceMin greater than filters.priceMax answers 400, like from after to; prices are never negative.',
  'from/to accept an ISO 8601 date (midnight UTC) or date-time; a plaque whose filterBy field is null does not match a date range.',
  `search matches a case-insensitive substring of the name (at most ${MAX_SEARCH} characters).`,
  'A repeated scalar parameter (limit=1&limit=2) answers 400 naming it.',
  'Listings reflect writes within about one second.',
  'POST without a body lists with every default.',
].join('\n\n');

const listingErrors = { 400: ['VALIDATION_FAILED', 'MALFORMED_JSON'], 413: ['PAYLOAD_TOO_LARGE'], 415: ['UNSUPPORTED_MEDIA_TYPE'] };

export const plaqueOperationDocs = {
  listFeaturedPlaques: {
    summary: 'List featured plaques (query parameters)',
    description: listingRules,
    tags: ['Plaques'],
    query: 'ListFeaturedRequest',
    responses: { 200: { description: 'One page of plaques', schema: 'FeaturedPage' } },
    errors: listingErrors,
  },
  searchFeaturedPlaques: {
    summary: 'List featured plaques (JSON body)',
    description: listingRules,
    tags: ['Plaques'],
    requestBody: { contentType: 'application/json', schema: 'ListFeaturedRequest', required: false },
    responses: { 200: { description: 'One page of plaques', schema: 'FeaturedPage' } },
    errors: listingErrors,
  },
} satisfies Record<string, OperationDoc>;

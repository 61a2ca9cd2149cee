// The plaque operations: the featured listing, by query parameters or by JSON body, with the decisions taken where the
// interface description is silent.
import type { FunctionAccess } from '#lib/http/function-access.ts';
import { example, type Operation, type RequestDoc } from '#lib/http/operation.ts';
import { featuredFilters, listFeaturedInput, MAX_SEARCH } from '#lib/plaques/list-featured-input.ts';
import { CONDITIONS, MARKETPLACE_FILTERS, MARKETPLACES, STATUSES, TOKEN_STANDARD } from '#lib/plaques/plaque.ts';
import { featuredPageSchema } from '#lib/plaques/response-schemas.ts';

// Holds the catalogue index in memory (about 96 bytes a plaque: 1 000 000 plaques ≈ 96 MB, plus the snapshot while it
// loads) and starts from the catalogue snapshot; 1024 MB also buys the CPU that loads a large snapshot quickly
// (docs/listing.md). A plaque stored by an earlier version may lack an image or a contract until
// `ops migrate` has run: it is shown with the stage's placeholder image (MEDIA_BASE_URL) and contract
// (CONTRACT_ADDRESS, named without a chain call).
const listing = {
  table: 'read',
  catalogSnapshot: 'read',
  memorySize: 1024,
  linksMedia: true,
  namesContract: true,
} as const satisfies FunctionAccess;

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
const page = { 200: { description: 'One page of plaques', schema: featuredPageSchema } };
/** `filters` travels as JSON text (`fromQuery`/`fromBody` in lib/plaques/list-featured-input.ts read it). */
const filtersAsText: RequestDoc['jsonText'] = { filters: { component: 'FeaturedFilters', schema: featuredFilters } };

// prettier-ignore
export const plaqueOperations = [
  {
    method: 'GET', path: '/plaques/featured', operationId: 'listFeaturedPlaques',
    handler: 'functions/plaques/list-featured.ts', auth: 'none', principal: 'none',
    access: listing,
    summary: 'List featured plaques (query parameters)',
    description: listingRules,
    tags: ['Plaques'],
    request: { query: listFeaturedInput, jsonText: filtersAsText, emptyIsAbsent: ['search', 'cursor'] },
    example: example([], () => ({ query: { limit: 2 } })),
    responses: page,
    errors: listingErrors,
  },
  {
    method: 'POST', path: '/plaques/featured', operationId: 'searchFeaturedPlaques',
    handler: 'functions/plaques/list-featured.ts', auth: 'none', principal: 'none',
    access: listing,
    summary: 'List featured plaques (JSON body)',
    description: listingRules,
    tags: ['Plaques'],
    request: { body: { contentType: 'application/json', schema: listFeaturedInput, required: false }, jsonText: filtersAsText },
    example: example([], () => ({ body: { limit: 2 } })),
    responses: page,
    errors: listingErrors,
  },
] as const satisfies readonly Operation[];

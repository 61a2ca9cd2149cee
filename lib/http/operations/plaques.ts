// The plaque operations: the featured listing, by query parameters or by JSON body, with the decisions taken where the
// interface description is silent.
import type { FunctionAccess } from '#lib/http/function-access.ts';
import { example, type Operation, type RequestDoc } from '#lib/http/operation.ts';
import { featuredFilters, listFeaturedInput, MAX_SEARCH } from '#lib/plaques/list-featured-input.ts';
import { CONDITIONS, MARKETPLACE_FILTERS, MARKETPLACES, STATUSES, TOKEN_STANDARD } from '#lib/plaques/plaque.ts';
import { featuredPageSchema, plaqueSchema, walletPlaquePageSchema } from '#lib/plaques/response-schemas.ts';
import { plaqueIdParam } from '#lib/partner/schemas.ts';
import { plaqueNameParam } from '#lib/plaques/plaque-name-schema.ts';
import { DEFAULT_WALLET_PLAQUES_LIMIT, MAX_WALLET_PLAQUES_LIMIT, walletPlaquesPage } from '#lib/plaques/wallet-plaques-schemas.ts';
import { walletAddress } from '#lib/partner/sale-schemas.ts';
import { OWN_PLAQUES_CACHE, PUBLIC_PLAQUE_CACHE } from '#lib/plaques/caching.ts';

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

// One plaque or a wallet's plaques: the records the listing answers (placeholder image and stage contract where the
// plaque has none), read by key or from the wallet's index partition, never scanned.
const plaqueReads = { table: 'read', linksMedia: true, namesContract: true } as const satisfies FunctionAccess;

const recordRules =
  'The plaque is the record GET /plaques/featured lists, converted the same way (an expired hold shows AVAILABLE), ' +
  'whatever its status and whether featured.';

const publicCaching =
  `Answers carry \`Cache-Control: ${PUBLIC_PLAQUE_CACHE}\`: any cache may keep them that long, so a hold, sale or mint ` +
  'shows within about 10 s. Problem answers (404, 400) carry no Cache-Control.';

const walletListRules = [
  `The plaques minted to the wallet (status MINTED, \`wallet_address\` the wallet in any casing), newest mint first (by \`mintedAt\`, then the higher id), ` +
    "read page by page from an index keyed by the lower-case wallet and sorted by mint time (one Query a page, never a scan). A plaque is listed from the delivery's " +
    'write that makes it MINTED (the same transaction), within about a second (the index is eventually consistent); deleted plaques are never listed.',
  `\`limit\`: 1–${MAX_WALLET_PLAQUES_LIMIT} plaques per page, default ${DEFAULT_WALLET_PLAQUES_LIMIT}. Other query parameters are ignored.`,
  '`count` is the number of plaques minted to the wallet across all pages, counted on every page with a Select COUNT over the ' +
    "wallet's index partition: always exact, with no counter for any write path to keep right, but it reads each of the wallet's " +
    'entries (about 0.11 read capacity unit a plaque: 2.5 for a wallet of 21 plaques, 110 for one of 1000, besides 2.5 for the page).',
  '`nextCursor` is null on the last page; pass it as `cursor` to read the next one. A cursor is bound to its wallet: one this service ' +
    'could not have issued, or issued for another wallet, answers 400 VALIDATION_FAILED naming `cursor`. ' +
    'Plaques minted after the first page was read appear on a new first page, not on later ones.',
].join('\n\n');

const pageQuery = { query: walletPlaquesPage } as const satisfies RequestDoc;

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
  {
    method: 'GET', path: '/plaques/{id}', operationId: 'getPlaque',
    handler: 'functions/plaques/get-plaque.ts', auth: 'none', principal: 'none',
    access: plaqueReads,
    summary: 'One plaque by id',
    description: [
      recordRules,
      'Unknown and deleted plaques (deletedAt set) answer 404 PLAQUE_NOT_FOUND. One GetItem.',
      publicCaching,
    ].join('\n\n'),
    tags: ['Plaques'],
    request: {
      path: { id: { description: 'Plaque id: a positive integer written plainly. Anything else answers 400 VALIDATION_FAILED naming `id`.', schema: plaqueIdParam } },
    },
    example: example(['plaqueId'], ({ plaqueId }) => ({ path: { id: plaqueId } })),
    responses: { 200: { description: 'The plaque', schema: plaqueSchema, headers: ['Cache-Control'] } },
    errors: { 400: ['VALIDATION_FAILED', 'BODY_NOT_ALLOWED'], 404: ['PLAQUE_NOT_FOUND'] },
  },
  {
    method: 'GET', path: '/plaques/by-name/{name}', operationId: 'getPlaqueByName',
    handler: 'functions/plaques/get-plaque-by-name.ts', auth: 'none', principal: 'none',
    access: plaqueReads,
    summary: 'One plaque by name',
    description: [
      recordRules,
      'The name is compared case-insensitively (`abc-0042` finds `ABC-0042`): it is read as upper case through the claim each name ' +
        'has (the one that keeps names unique), then the plaque: two GetItems.',
      'A name no plaque holds, and a deleted plaque, answer 404 PLAQUE_NOT_FOUND.',
      publicCaching,
    ].join('\n\n'),
    tags: ['Plaques'],
    request: {
      path: { name: { description: 'Plaque name: three letters, a hyphen and four digits (`ABC-0042`), in any letter case. Anything else answers 400 VALIDATION_FAILED naming `name`.', schema: plaqueNameParam } },
    },
    example: example(['plaqueName'], ({ plaqueName }) => ({ path: { name: plaqueName } })),
    responses: { 200: { description: 'The plaque', schema: plaqueSchema, headers: ['Cache-Control'] } },
    errors: { 400: ['VALIDATION_FAILED', 'BODY_NOT_ALLOWED'], 404: ['PLAQUE_NOT_FOUND'] },
  },
  {
    method: 'GET', path: '/wallets/{address}/plaques', operationId: 'listWalletPlaques',
    handler: 'functions/plaques/list-wallet-plaques.ts', auth: 'none', principal: 'none',
    access: plaqueReads,
    summary: "A wallet's minted plaques, newest mint first",
    description: [walletListRules, publicCaching].join('\n\n'),
    tags: ['Plaques'],
    request: {
      path: {
        address: {
          description: 'The wallet: a 0x address of 40 hex digits, EIP-55 checksummed or all lower-case (as a buyer wallet is given); a mixed-case address with a wrong checksum answers 400 VALIDATION_FAILED naming `address`.',
          schema: walletAddress,
        },
      },
      ...pageQuery,
    },
    example: example(['mintedWallet'], ({ mintedWallet }) => ({ path: { address: mintedWallet }, query: { limit: 20 } })),
    responses: { 200: { description: "A page of the wallet's plaques", schema: walletPlaquePageSchema, headers: ['Cache-Control'] } },
    errors: { 400: ['VALIDATION_FAILED', 'BODY_NOT_ALLOWED'] },
  },
  {
    method: 'GET', path: '/auth/plaques', operationId: 'listOwnPlaques',
    handler: 'functions/plaques/list-own-plaques.ts', auth: 'jwt', principal: 'user',
    // Resolving the user reads it and its token version; then its wallet's index partition.
    access: plaqueReads,
    summary: "The signed-in user's minted plaques, newest mint first",
    description: [
      "The same as GET /wallets/{address}/plaques for the signed-in user's `walletAddress` (GET /auth/profile); a cursor of another wallet answers 400 naming `cursor`.",
      walletListRules,
      `Answers carry \`Cache-Control: ${OWN_PLAQUES_CACHE}\`: they belong to one bearer token.`,
    ].join('\n\n'),
    tags: ['Plaques'],
    request: pageQuery,
    example: example([], () => ({ query: { limit: 20 } })),
    responses: { 200: { description: "A page of the user's plaques", schema: walletPlaquePageSchema, headers: ['Cache-Control'] } },
    errors: { 400: ['VALIDATION_FAILED', 'BODY_NOT_ALLOWED'] },
  },
] as const satisfies readonly Operation[];

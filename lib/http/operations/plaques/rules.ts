// What the plaques operations' declarations share: the rules they state and the group they are listed in.
import { paragraphs, type Tag, type RequestDoc } from '#lib/http/operation.ts';
import type { FunctionAccess } from '#lib/http/function-access.ts';
import { CONDITIONS, MARKETPLACE_FILTERS, MARKETPLACES, STATUSES, TOKEN_STANDARD } from '#lib/plaques/plaque.ts';
import { DEFAULT_WALLET_PLAQUES_LIMIT, MAX_WALLET_PLAQUES_LIMIT, walletPlaquesPage } from '#lib/plaques/wallet-plaques-schemas.ts';
import { PUBLIC_PLAQUE_CACHE } from '#lib/plaques/caching.ts';
import { featuredFilters, MAX_SEARCH } from '#lib/plaques/list-featured-input.ts';
import { DEFAULT_ACTIVITY_LIMIT, MAX_ACTIVITY_LIMIT } from '#lib/plaques/activity-schemas.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { featuredPageSchema } from '#lib/plaques/response-schemas.ts';

// Holds the catalogue index in memory (about 100 bytes a plaque: 1 000 000 plaques ≈ 100 MB, plus the snapshot while it
// loads) and starts from the catalogue snapshot; 1024 MB also buys the CPU that loads a large snapshot quickly
// (docs/listing.md). A plaque stored by an earlier version may lack an image or a contract until
// `ops migrate` has run: it is shown with the stage's placeholder image (MEDIA_BASE_URL) and contract
// (CONTRACT_ADDRESS, named without a chain call).
export const listing = {
  table: 'read',
  catalogSnapshot: 'read',
  memorySize: 1024,
  linksMedia: true,
  namesContract: true,
} as const satisfies FunctionAccess;

export const listingRules = paragraphs(
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
);

export const page = { 200: { description: 'One page of plaques', schema: shapeNamed<typeof featuredPageSchema>('FeaturedPage') } };
/** `filters` travels as JSON text, or in the query's bracket form (lib/http/read-input.ts reads both). */
export const filtersAsText: RequestDoc['jsonText'] = { filters: { component: 'FeaturedFilters', schema: featuredFilters } };

// One plaque or a wallet's plaques: the records the listing answers (placeholder image and stage contract where the
// plaque has none), read by key or from the wallet's index partition, never scanned.
export const plaqueReads = { table: 'read', linksMedia: true, namesContract: true } as const satisfies FunctionAccess;

export const recordRules =
  'The plaque is the record GET /plaques/featured lists, converted the same way (an expired hold shows AVAILABLE), ' +
  'whatever its status and whether featured.';

export const publicCaching =
  `Answers carry \`Cache-Control: ${PUBLIC_PLAQUE_CACHE}\`: any cache may keep them that long, so a hold, sale or mint ` +
  'shows within about 10 s. Problem answers (404, 400) carry no Cache-Control.';

export const walletListRules = paragraphs(
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
);

export const pageQuery = { query: walletPlaquesPage } as const satisfies RequestDoc;

/** The operations' group in the document. */
export const plaquesTag: Tag = {
  name: 'Plaques',
  description: 'The featured listing: filters, order, search and paging over the whole catalogue.',
};

export const activityRules = paragraphs(
  'Activity entries record what happened to a plaque, each written in the same DynamoDB transaction as the change itself, so no ' +
    'change is without its entry and no entry without its change: `sale` (a partner bought it: the price and currency of the ' +
    'order), `mint` (its token was delivered to the buyer: `txHash` of the mint, price and currency null), `cancel` (an operator ' +
    'cancelled its failed order: the price and currency of the sale taken back), `price_change` (an operator set its price or ' +
    'currency: the new ones) and `listing` (an operator featured it while AVAILABLE, putting it on sale: its price and currency). ' +
    '`txHash` is null on every other type. `at` is the time of the change (the `updatedAt` it stamped on the plaque), newest first.',
  `\`limit\`: 1–${MAX_ACTIVITY_LIMIT} entries a page, default ${DEFAULT_ACTIVITY_LIMIT}. \`nextCursor\` is null on the last page; pass it ` +
    'as `cursor` to read the next one; a cursor this service could not have issued answers 400 VALIDATION_FAILED naming `cursor`. ' +
    'Entries written after the first page was read appear on a new first page, not on later ones. Other query parameters are ignored.',
);

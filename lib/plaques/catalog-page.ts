// One listing evaluated on the catalogue index: the input's filters in the index's terms, the page walked along its
// order from `skip` or from the cursor's position, and the cursor to the next page (the service's one page cursor
// codec, lib/validation.ts, holding the order, a digest of the query, and the last item's sort value and id).
import { createHash } from 'node:crypto';
import { validationFailed } from '#lib/errors.ts';
import { decodeCursor, encodeCursor } from '#lib/validation.ts';
import { storedConditions, storedMarketplaces } from '#lib/db/legacy-values.ts';
import type { IndexQuery, OrderKey, OrderSpec } from '#lib/plaques/catalog-fields.ts';
import type { CatalogIndex } from '#lib/plaques/catalog-index.ts';
import type { ListFeaturedInput } from '#lib/plaques/list-featured-input.ts';
import { FILTER_BY_FIELDS, ORDER_FIELDS } from '#lib/plaques/listing-fields.ts';

/**
 * The input's filters in the index's terms: the index holds values as stored, so a filter value stands for every
 * spelling stored for it (SERVICE: `service`, and PRIMARY as earlier versions stored it; USED: GOOD and WORN too).
 * A migration rewrites old spellings without moving the row, so the index may keep them; see lib/db/legacy-values.ts.
 */
function indexQueryOf(input: ListFeaturedInput): IndexQuery {
  const f = input.filters ?? {};
  return {
    featured: f.featured ?? true,
    condition: f.condition ? storedConditions(f.condition) : null,
    marketplace: f.marketplace ? storedMarketplaces(f.marketplace) : null,
    status: f.status ?? null,
    dateField: FILTER_BY_FIELDS[input.filterBy],
    from: f.from === undefined ? null : Date.parse(f.from),
    to: f.to === undefined ? null : Date.parse(f.to),
    priceMin: f.priceMin ?? null,
    priceMax: f.priceMax ?? null,
    search: input.search ? input.search.toLowerCase() : null,
  };
}

/** A digest of the criteria a cursor was issued for, so it is not replayed against another query. */
function queryDigest(input: ListFeaturedInput): string {
  const { filters, filterBy, search } = input;
  return createHash('sha256')
    .update(JSON.stringify([filters ?? null, filterBy, search ?? null]))
    .digest('base64url')
    .slice(0, 16);
}

/**
 * A listing cursor's parts: the order (`field:SORT`), the query's digest, the last item's sort value (`n` and epoch ms
 * or id, `s` and a status, `z` for null) and its id.
 */
const CURSOR_FORM = /^([a-zA-Z]+:(?:ASC|DESC))#([\w-]{16})#(n-?\d{1,16}|s[A-Z]{1,16}|z)#(\d{1,16})$/;

const orderOf = (input: ListFeaturedInput) => `${ORDER_FIELDS[input.orderBy]}:${input.sort}`;

function encodeListingCursor(input: ListFeaturedInput, after: OrderKey): string {
  const value = after.value === null ? 'z' : typeof after.value === 'number' ? `n${after.value}` : `s${after.value}`;
  return encodeCursor([orderOf(input), queryDigest(input), value, String(after.id)]);
}

/** The position a cursor continues after; 400 VALIDATION_FAILED naming `cursor` for any other text or another query's. */
function decodeListingCursor(cursor: string, input: ListFeaturedInput): OrderKey {
  const [order, digest, value, id] = decodeCursor(cursor, CURSOR_FORM);
  if (order !== orderOf(input) || digest !== queryDigest(input)) {
    throw validationFailed([
      { path: 'cursor', message: 'belongs to another query: keep filters, filterBy, search, orderBy and sort unchanged while paging' },
    ]);
  }
  return { value: value === 'z' ? null : value!.startsWith('n') ? Number(value!.slice(1)) : value!.slice(1), id: Number(id) };
}

/** The page's matches as positions in the index: ids in order, the count, and the cursor to the next page. */
export interface PageSelection {
  count: number;
  ids: number[];
  nextCursor: string | null;
}

/** Evaluates one listing on the index at `nowMs`: filters and count on bitmaps, then a walk along the order. */
export function selectPage(index: CatalogIndex, input: ListFeaturedInput, nowMs: number): PageSelection {
  const field = ORDER_FIELDS[input.orderBy];
  const order: OrderSpec = { field, descending: input.sort === 'DESC' };
  const after = input.cursor === undefined ? null : decodeListingCursor(input.cursor, input);
  const bits = index.matching(indexQueryOf(input), nowMs);
  const page = index.page(bits, order, { skip: input.skip, after }, input.limit, nowMs);
  const last = page.slots[page.slots.length - 1];
  const nextCursor =
    last !== undefined && page.more
      ? encodeListingCursor(input, { value: index.sortValue(last, field, nowMs), id: index.ids[last]! })
      : null;
  return { count: page.count, ids: page.slots.map((slot) => index.ids[slot]!), nextCursor };
}

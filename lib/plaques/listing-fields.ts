// The listing's orderBy and filterBy names and the record fields they stand for: plain data, so the catalogue (and
// the snapshot writer, which validates no request) read them without building the listing's request schemas.
/** `orderBy` values → the record field they sort on. */
export const ORDER_FIELDS = {
  'p.id': 'id',
  'p.updated_at': 'updatedAt',
  'p.updatedAt': 'updatedAt',
  'p.status': 'status',
  'p.sale_at': 'saleAt',
  'p.featured_at': 'featuredAt',
  'p.minted_at': 'mintedAt',
} as const;

/** `filterBy` values → the date field `from`/`to` apply to. */
export const FILTER_BY_FIELDS = {
  'p.updated_at': 'updatedAt',
  'p.sale_at': 'saleAt',
  'p.featured_at': 'featuredAt',
  'p.minted_at': 'mintedAt',
} as const;

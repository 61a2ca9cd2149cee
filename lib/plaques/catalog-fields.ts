// The catalogue index's columns: the fields it orders by, its timestamp and coded columns, and the plain parts its state
// is exported in (what a snapshot stores). The index (catalog-index.ts), its orders (catalog-slot-order.ts) and the
// snapshot (catalog-snapshot.ts) all name them from here.

/** The fields a listing can order by (`status` is evaluated from the status bitmaps, not stored as an order). */
export const ORDERED_FIELDS = ['id', 'updatedAt', 'saleAt', 'featuredAt', 'mintedAt'] as const;
export type OrderedField = (typeof ORDERED_FIELDS)[number];
/** The timestamp columns (epoch ms, NaN for null). */
export const TIME_FIELDS = ['updatedAt', 'saleAt', 'featuredAt', 'mintedAt'] as const;
export type TimeField = (typeof TIME_FIELDS)[number];
/** The enumerated columns, each with its own dictionary of the values seen (the index knows no enumeration). */
export const CODED_FIELDS = ['condition', 'marketplace', 'status'] as const;
export type CodedField = (typeof CODED_FIELDS)[number];

/** A position in an order: the sort value (epoch ms or id; the status text for `status`; null) and the id. */
export interface OrderKey {
  value: number | string | null;
  id: number;
}

/** What a listing asks the index: filters already resolved to the index's terms. */
export interface IndexQuery {
  featured: boolean;
  /** Accepted values per coded column; null = no filter on it. */
  condition: string[] | null;
  marketplace: string[] | null;
  status: string[] | null;
  dateField: TimeField;
  from: number | null;
  to: number | null;
  priceMin: number | null;
  priceMax: number | null;
  /** Lower-case substring of the name, or null. */
  search: string | null;
}

export interface OrderSpec {
  field: OrderedField | 'status';
  descending: boolean;
}

export interface IndexPage {
  count: number;
  slots: number[];
  /** Whether a match follows the page's last one. */
  more: boolean;
}

/** The index's state in plain parts (typed arrays and small lists): what a snapshot stores. */
export interface IndexParts {
  size: number;
  dictionaries: Record<CodedField, string[]>;
  oddNames: [number, string][];
  holds: [number, number][];
  ids: Int32Array;
  price: Float64Array;
  /** Each slot's currency code into `values` (0: not known; `values[0]` is ''); absent in snapshots written before it. */
  currency?: { codes: Uint8Array; values: string[] };
  times: Record<TimeField, Float64Array>;
  coded: Record<CodedField, Uint8Array>;
  flags: Uint8Array;
  names: Uint8Array;
  orders: Record<OrderedField, { slots: Int32Array; valued: number }>;
}

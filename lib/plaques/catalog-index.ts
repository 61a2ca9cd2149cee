// The listing's in-memory catalogue index: one slot per plaque in typed-array columns (about 90 bytes a plaque),
// bitmaps per filter value (catalog-bitmap.ts, catalog-dictionary.ts), names searched through bitmaps of their bytes
// (catalog-names.ts), partner holds that lapse with time (catalog-holds.ts), and one sorted slot array per order
// field (catalog-slot-order.ts), all updated in place as rows change. Evaluating a listing is word-wide bitmap
// arithmetic for the filters and count, then a walk along one order.
import type { CatalogRow } from '#lib/db/catalog-repo.ts';
import {
  andInto,
  andNotInto,
  clearBit,
  grown,
  hasBit,
  keepInRange,
  orInto,
  popcount,
  setBit,
  wordsFor,
  type Bitmap,
} from '#lib/plaques/catalog-bitmap.ts';
import { Dictionary } from '#lib/plaques/catalog-dictionary.ts';
import {
  CODED_FIELDS,
  ORDERED_FIELDS,
  TIME_FIELDS,
  type CodedField,
  type IndexPage,
  type IndexParts,
  type IndexQuery,
  type OrderKey,
  type OrderSpec,
  type OrderedField,
  type TimeField,
} from '#lib/plaques/catalog-fields.ts';
import { CatalogHolds } from '#lib/plaques/catalog-holds.ts';
import { CatalogNames } from '#lib/plaques/catalog-names.ts';
import { SlotOrder } from '#lib/plaques/catalog-slot-order.ts';
import { SlotsById } from '#lib/plaques/catalog-slots-by-id.ts';

const FEATURED = 1;
const DELETED = 2;
const INITIAL_CAPACITY = 1024;
/** Scratch bitmaps an evaluation reuses: the result, a union of filter values, one status, search hits. */
const SCRATCH_RESULT = 0;
const SCRATCH_ANY = 1;
const SCRATCH_STATUS = 2;
const SCRATCH_SEARCH = 3;
/** Growth factor of the arrays when slots run out one by one. */
const GROWTH = 1.25;

const ms = (iso: string | null): number => (iso === null ? NaN : Date.parse(iso));

export class CatalogIndex {
  size = 0;
  ids: Int32Array;
  price: Float64Array;
  /**
   * Each slot's currency as a code into `currencies` (0: not known). Index rows carry no currency (the `catalog` index
   * projects none): a row read from it leaves its slot's currency unknown until a whole record (a sync of a few changes,
   * a held record, the snapshot) tells it; the statistics read the few unknown ones by key.
   */
  currency: Uint8Array;
  readonly currencies: string[] = [''];
  private readonly times: Record<TimeField, Float64Array>;
  private readonly coded: Record<CodedField, Uint8Array>;
  private flags: Uint8Array;
  private readonly names: CatalogNames;
  private readonly holds = new CatalogHolds();
  private readonly slotIds = new SlotsById();
  readonly dictionaries: Record<CodedField, Dictionary> = {
    condition: new Dictionary(),
    marketplace: new Dictionary(),
    status: new Dictionary(),
  };
  private featuredBits: Bitmap;
  private listableBits: Bitmap;
  readonly orders: Record<OrderedField, SlotOrder>;

  constructor(capacity = INITIAL_CAPACITY) {
    this.ids = new Int32Array(capacity);
    this.price = new Float64Array(capacity);
    this.currency = new Uint8Array(capacity);
    this.times = {
      updatedAt: new Float64Array(capacity),
      saleAt: new Float64Array(capacity),
      featuredAt: new Float64Array(capacity),
      mintedAt: new Float64Array(capacity),
    };
    this.coded = { condition: new Uint8Array(capacity), marketplace: new Uint8Array(capacity), status: new Uint8Array(capacity) };
    this.flags = new Uint8Array(capacity);
    this.names = new CatalogNames(capacity);
    this.featuredBits = new Uint32Array(wordsFor(capacity));
    this.listableBits = new Uint32Array(wordsFor(capacity));
    this.orders = Object.fromEntries(ORDERED_FIELDS.map((field) => [field, new SlotOrder(this, field, capacity)])) as Record<
      OrderedField,
      SlotOrder
    >;
  }

  get capacity(): number {
    return this.ids.length;
  }

  time(field: TimeField, slot: number): number {
    return this.times[field][slot]!;
  }

  slotOf(id: number): number {
    return this.slotIds.slotOf(id);
  }

  /** The row's `updatedAt` as stored (epoch ms), or NaN when the id is unknown. */
  updatedAtOf(id: number): number {
    const slot = this.slotOf(id);
    return slot < 0 ? NaN : this.times.updatedAt[slot]!;
  }

  /**
   * Applies index rows: a row replaces what is known of its plaque unless it is not newer. Every order and bitmap is
   * updated in place. Returns how many rows changed the index.
   */
  apply(rows: readonly CatalogRow[]): number {
    const changed: Record<OrderedField, Map<number, number | undefined>> = {
      id: new Map(),
      updatedAt: new Map(),
      saleAt: new Map(),
      featuredAt: new Map(),
      mintedAt: new Map(),
    };
    let applied = 0;
    // Room for every row at once: a cold read grows the arrays once, to size, instead of by halves.
    if (this.size + rows.length > this.capacity) this.grow(Math.max(this.size + rows.length, Math.ceil(this.capacity * GROWTH)));
    for (const row of rows) {
      const updatedAt = Date.parse(row.updatedAt);
      let slot = this.slotOf(row.id);
      if (slot >= 0 && this.times.updatedAt[slot]! >= updatedAt) continue;
      applied++;
      if (slot < 0) {
        slot = this.newSlot(row.id);
        for (const field of ORDERED_FIELDS) changed[field].set(slot, undefined);
      } else {
        for (const field of TIME_FIELDS) if (!changed[field].has(slot)) changed[field].set(slot, this.times[field][slot]!);
      }
      this.write(slot, row, updatedAt);
    }
    for (const field of ORDERED_FIELDS) this.orders[field].update(changed[field]);
    return applied;
  }

  private newSlot(id: number): number {
    if (this.size === this.capacity) this.grow(Math.max(INITIAL_CAPACITY, Math.ceil(this.capacity * GROWTH)));
    const slot = this.size++;
    this.ids[slot] = id;
    this.slotIds.map(id, slot, this.capacity);
    return slot;
  }

  /** Records the currency of a slot (its code, added to `currencies` when new). */
  learnCurrency(slot: number, currency: string): void {
    let code = this.currencies.indexOf(currency);
    if (code < 0) code = this.currencies.push(currency) - 1;
    this.currency[slot] = code;
  }

  /** The currency of a slot, or null when not known. */
  currencyOf(slot: number): string | null {
    return this.currency[slot] === 0 ? null : this.currencies[this.currency[slot]!]!;
  }

  private write(slot: number, row: CatalogRow, updatedAt: number): void {
    this.price[slot] = row.price;
    // A whole record (read by key) tells its currency; an index row does not.
    const currency = (row as { currency?: unknown }).currency;
    if (typeof currency === 'string') this.learnCurrency(slot, currency);
    else this.currency[slot] = 0;
    this.times.updatedAt[slot] = updatedAt;
    this.times.saleAt[slot] = ms(row.saleAt);
    this.times.featuredAt[slot] = ms(row.featuredAt);
    this.times.mintedAt[slot] = ms(row.mintedAt);
    const words = this.featuredBits.length;
    for (const field of CODED_FIELDS) {
      const dictionary = this.dictionaries[field];
      const code = dictionary.codeOf(String(row[field]), words);
      const old = this.coded[field][slot]!;
      if (dictionary.bitmaps[old]) clearBit(dictionary.bitmaps[old], slot);
      this.coded[field][slot] = code;
      setBit(dictionary.bitmaps[code]!, slot);
    }
    const flags = (row.featured === true ? FEATURED : 0) | (row.deletedAt !== null ? DELETED : 0);
    this.flags[slot] = flags;
    if (flags & FEATURED) setBit(this.featuredBits, slot);
    else clearBit(this.featuredBits, slot);
    if (flags & DELETED) clearBit(this.listableBits, slot);
    else setBit(this.listableBits, slot);
    this.holds.set(slot, row.status === 'LOCKED' && row.lockExpiresAt !== null ? Date.parse(row.lockExpiresAt) : NaN);
    this.names.write(slot, row.name.toLowerCase());
  }

  private grow(capacity: number): void {
    const copy = <T extends Int32Array | Float64Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(a);
      return next;
    };
    this.ids = copy(this.ids, (n) => new Int32Array(n));
    this.price = copy(this.price, (n) => new Float64Array(n));
    this.currency = copy(this.currency, (n) => new Uint8Array(n));
    for (const field of TIME_FIELDS) this.times[field] = copy(this.times[field], (n) => new Float64Array(n));
    for (const field of CODED_FIELDS) this.coded[field] = copy(this.coded[field], (n) => new Uint8Array(n));
    this.flags = copy(this.flags, (n) => new Uint8Array(n));
    this.names.grow(capacity);
    const words = wordsFor(capacity);
    this.featuredBits = grown(this.featuredBits, words);
    this.listableBits = grown(this.listableBits, words);
    for (const field of CODED_FIELDS) this.dictionaries[field].grow(words);
    for (const field of ORDERED_FIELDS) this.orders[field].ensureCapacity(capacity);
  }

  // ---- Evaluation ----

  private scratch: Bitmap[] = [];

  /** A reusable bitmap of the index's current size (contents undefined). */
  private scratchBits(which: number): Bitmap {
    const words = this.featuredBits.length;
    let bits = this.scratch[which];
    if (bits === undefined || bits.length !== words) this.scratch[which] = bits = new Uint32Array(words);
    return bits;
  }

  /** Slots whose status at `nowMs` is `value`: a lapsed hold moves from LOCKED to AVAILABLE. */
  private statusBits(value: string, nowMs: number): Bitmap {
    const dictionary = this.dictionaries.status;
    const words = this.featuredBits.length;
    const code = dictionary.codes.get(value);
    const bits = this.scratchBits(SCRATCH_STATUS);
    if (code === undefined) bits.fill(0);
    else bits.set(dictionary.bitmaps[code]!);
    if (this.holds.size === 0) return bits;
    const lapsed = this.holds.lapsedBits(nowMs, words);
    if (value === 'LOCKED') andNotInto(bits, lapsed);
    if (value === 'AVAILABLE') orInto(bits, lapsed);
    return bits;
  }

  private anyOf(field: CodedField, values: string[], nowMs: number): Bitmap {
    const bits = this.scratchBits(SCRATCH_ANY).fill(0);
    for (const value of new Set(values)) {
      const one = field === 'status' ? this.statusBits(value, nowMs) : this.codeBits(field, value);
      if (one) orInto(bits, one);
    }
    return bits;
  }

  private codeBits(field: CodedField, value: string): Bitmap | undefined {
    const dictionary = this.dictionaries[field];
    const code = dictionary.codes.get(value);
    return code === undefined ? undefined : dictionary.bitmaps[code];
  }

  /** Keeps only slots whose name contains `needle` (lower case). */
  private searchBits(needle: string, within: Bitmap): void {
    const found = this.scratchBits(SCRATCH_SEARCH).fill(0);
    this.names.search(needle, this.size, within, found);
    within.set(found);
  }

  /**
   * The slots matching a query at `nowMs`, as a bitmap. Evaluation reuses the index's scratch bitmaps instead of
   * allocating (no garbage per request): the result is valid until the next call on this index.
   */
  matching(query: IndexQuery, nowMs: number): Bitmap {
    const bits = this.scratchBits(SCRATCH_RESULT);
    bits.set(this.listableBits);
    if (query.featured) andInto(bits, this.featuredBits);
    else andNotInto(bits, this.featuredBits);
    for (const field of CODED_FIELDS) {
      const values = query[field];
      if (values !== null) andInto(bits, this.anyOf(field, values, nowMs));
    }
    if (query.priceMin !== null || query.priceMax !== null) keepInRange(this.price, query.priceMin, query.priceMax, bits);
    if (query.from !== null || query.to !== null) keepInRange(this.times[query.dateField], query.from, query.to, bits);
    if (query.search !== null) this.searchBits(query.search, bits);
    return bits;
  }

  /**
   * The listed (not deleted) slots whose status at `nowMs` is `value`, featured ones only when asked: a scratch bitmap,
   * valid until the next evaluation on this index.
   */
  listedWithStatus(value: string, nowMs: number, featuredOnly = false): Bitmap {
    const bits = this.statusBits(value, nowMs);
    andInto(bits, this.listableBits);
    if (featuredOnly) andInto(bits, this.featuredBits);
    return bits;
  }

  /** Whether a slot's plaque is listed at all (not deleted), and whether it is featured. */
  isListed(slot: number): boolean {
    return (this.flags[slot]! & DELETED) === 0;
  }

  isFeatured(slot: number): boolean {
    return (this.flags[slot]! & FEATURED) !== 0;
  }

  /** The effective status of a slot at `nowMs`. */
  statusOf(slot: number, nowMs: number): string {
    const value = this.dictionaries.status.values[this.coded.status[slot]!]!;
    return value === 'LOCKED' && this.holds.lapsedAt(slot, nowMs) ? 'AVAILABLE' : value;
  }

  /** The value a slot sorts on in an order: epoch ms or id, the status text, or null. */
  sortValue(slot: number, field: OrderSpec['field'], nowMs: number): number | string | null {
    if (field === 'status') return this.statusOf(slot, nowMs);
    if (field === 'id') return this.ids[slot]!;
    const v = this.times[field][slot]!;
    return Number.isNaN(v) ? null : v;
  }

  /**
   * One page of matches in the given order: after `after` when given, else from the `skip`-th match. The count is
   * of every match. The walk ends at the page's next match, or once it has passed every match.
   */
  page(bits: Bitmap, order: OrderSpec, start: { skip: number; after: OrderKey | null }, limit: number, nowMs: number): IndexPage {
    const count = popcount(bits);
    const slots: number[] = [];
    let toSkip = start.after === null ? start.skip : 0;
    let more = false;
    if (count === 0 || (start.after === null && toSkip >= count)) return { count, slots, more };
    let left = count;
    const take = (slot: number): boolean => {
      if (!hasBit(bits, slot)) return true;
      if (toSkip > 0) {
        toSkip--;
        return --left > 0;
      }
      if (slots.length === limit) {
        more = true;
        return false;
      }
      slots.push(slot);
      return --left > 0;
    };
    // A status group wholly before the page is passed by its count alone.
    const skipWhole = (matches: number): boolean => {
      if (matches > toSkip) return false;
      toSkip -= matches;
      left -= matches;
      return true;
    };
    if (order.field === 'status') this.walkByStatus(bits, order.descending, start.after, take, skipWhole, nowMs);
    else this.orders[order.field].walk(order.descending, start.after, take, bits);
    return { count, slots, more };
  }

  /**
   * Status order: statuses alphabetically (reversed for DESC), ids in the same direction within each. A group of
   * `skipWhole` slots is passed without a walk; `visit` returning false ends the walk.
   */
  private walkByStatus(
    bits: Bitmap,
    descending: boolean,
    after: OrderKey | null,
    visit: (slot: number) => boolean,
    skipWhole: (matches: number) => boolean,
    nowMs: number,
  ): void {
    const statuses = [...this.dictionaries.status.values, 'AVAILABLE'].filter((v, i, all) => all.indexOf(v) === i).sort();
    if (descending) statuses.reverse();
    const byId = this.orders.id;
    for (const status of statuses) {
      if (after !== null && typeof after.value === 'string') {
        const behind = descending ? status > after.value : status < after.value;
        if (behind) continue;
      }
      const group = this.statusBits(status, nowMs);
      andInto(group, bits);
      let matches = popcount(group);
      if (matches === 0 || (after === null && skipWhole(matches))) continue;
      let stop = false;
      const cursor = after !== null && after.value === status ? { value: after.id, id: after.id } : null;
      byId.walk(
        descending,
        cursor,
        (slot) => {
          if (!hasBit(group, slot)) return true;
          if (!visit(slot)) stop = true;
          return !stop && --matches > 0;
        },
        group,
      );
      if (stop) return;
    }
  }

  // ---- Accounting and snapshot access ----

  /** Bytes held by the index's arrays (what the projection costs in memory, maps estimated). */
  bytes(): number {
    let total =
      this.ids.byteLength +
      this.price.byteLength +
      this.currency.byteLength +
      this.flags.byteLength +
      this.names.bytes() +
      this.slotIds.bytes();
    for (const field of TIME_FIELDS) total += this.times[field].byteLength;
    for (const field of CODED_FIELDS) {
      total += this.coded[field].byteLength;
      for (const b of this.dictionaries[field].bitmaps) total += b.byteLength;
    }
    for (const field of ORDERED_FIELDS) total += this.orders[field].slots.byteLength;
    total += this.featuredBits.byteLength + this.listableBits.byteLength;
    // A Map entry of two small integers costs about 40 bytes in V8.
    total += this.holds.size * 40;
    return total;
  }

  /** The index's state as plain parts, for the snapshot (arrays trimmed to the slots in use). */
  exportParts(): IndexParts {
    const n = this.size;
    return {
      size: n,
      dictionaries: Object.fromEntries(CODED_FIELDS.map((f) => [f, this.dictionaries[f].values])) as Record<CodedField, string[]>,
      oddNames: [...this.names.odd],
      holds: [...this.holds.lapses],
      ids: this.ids.subarray(0, n),
      price: this.price.subarray(0, n),
      currency: { codes: this.currency.subarray(0, n), values: [...this.currencies] },
      times: Object.fromEntries(TIME_FIELDS.map((f) => [f, this.times[f].subarray(0, n)])) as Record<TimeField, Float64Array>,
      coded: Object.fromEntries(CODED_FIELDS.map((f) => [f, this.coded[f].subarray(0, n)])) as Record<CodedField, Uint8Array>,
      flags: this.flags.subarray(0, n),
      names: this.names.exportTable(n),
      orders: Object.fromEntries(
        ORDERED_FIELDS.map((f) => [f, { slots: this.orders[f].slots.subarray(0, n), valued: this.orders[f].valued }]),
      ) as IndexParts['orders'],
    };
  }

  /** Rebuilds an index from snapshot parts: columns and orders are copied, bitmaps and the id map recomputed. */
  static fromParts(parts: IndexParts): CatalogIndex {
    const n = parts.size;
    const index = new CatalogIndex(Math.max(INITIAL_CAPACITY, Math.ceil(n * 1.1)));
    index.size = n;
    index.ids.set(parts.ids);
    index.price.set(parts.price);
    // Snapshots written before the index held currencies have none: every slot's is then unknown.
    if (parts.currency) {
      index.currencies.push(...parts.currency.values.slice(1));
      index.currency.set(parts.currency.codes);
    }
    for (const f of TIME_FIELDS) index.times[f].set(parts.times[f]);
    for (const f of CODED_FIELDS) index.coded[f].set(parts.coded[f]);
    index.flags.set(parts.flags);
    index.names.load(parts.names, parts.oddNames);
    for (const [slot, expires] of parts.holds) index.holds.set(slot, expires);
    const words = index.featuredBits.length;
    for (const f of CODED_FIELDS) {
      const dictionary = index.dictionaries[f];
      for (const value of parts.dictionaries[f]) dictionary.codeOf(value, words);
      const codes = index.coded[f];
      for (let slot = 0; slot < n; slot++) setBit(dictionary.bitmaps[codes[slot]!]!, slot);
    }
    for (let slot = 0; slot < n; slot++) {
      const flags = index.flags[slot]!;
      if (flags & FEATURED) setBit(index.featuredBits, slot);
      if (!(flags & DELETED)) setBit(index.listableBits, slot);
      index.slotIds.map(index.ids[slot]!, slot, index.capacity);
    }
    for (const f of ORDERED_FIELDS) {
      const order = index.orders[f];
      order.slots.set(parts.orders[f].slots);
      order.length = n;
      order.valued = parts.orders[f].valued;
    }
    return index;
  }
}

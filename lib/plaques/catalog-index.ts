// The listing's in-memory catalogue index: one slot per plaque in typed-array columns (about 85 bytes a plaque),
// bitmaps per filter value (catalog-bitmap.ts, catalog-dictionary.ts), and one sorted slot array per order field
// (catalog-slot-order.ts), all updated in place as rows change. Evaluating a listing is word-wide bitmap arithmetic
// for the filters and count, then a walk along one order.
import type { CatalogRow } from '#lib/db/catalog-repo.ts';
import { andInto, clearBit, grown, hasBit, popcount, setBit, wordsFor, type Bitmap } from '#lib/plaques/catalog-bitmap.ts';
import { Dictionary } from '#lib/plaques/catalog-dictionary.ts';
import { SlotOrder } from '#lib/plaques/catalog-slot-order.ts';

/** The fields a listing can order by (`status` is evaluated from the status bitmaps, not stored as an order). */
export const ORDERED_FIELDS = ['id', 'updatedAt', 'saleAt', 'featuredAt', 'mintedAt'] as const;
export type OrderedField = (typeof ORDERED_FIELDS)[number];
/** The timestamp columns (epoch ms, NaN for null). */
export const TIME_FIELDS = ['updatedAt', 'saleAt', 'featuredAt', 'mintedAt'] as const;
export type TimeField = (typeof TIME_FIELDS)[number];
/** The enumerated columns, each with its own dictionary of the values seen (the index knows no enumeration). */
export const CODED_FIELDS = ['condition', 'marketplace', 'status'] as const;
export type CodedField = (typeof CODED_FIELDS)[number];

/** Bytes per name in the fixed-width name table: up to 8 characters (`ABC-0042`) and at least one separator. */
export const NAME_WIDTH = 9;
const NAME_PAD = 0x0a;
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

/** A position in an order: the sort value (epoch ms or id; the status text for `status`; null) and the id. */
export interface OrderKey {
  value: number | string | null;
  id: number;
}

export interface IndexPage {
  count: number;
  slots: number[];
  /** Whether a match follows the page's last one. */
  more: boolean;
}

export class CatalogIndex {
  size = 0;
  ids: Int32Array;
  price: Float64Array;
  private readonly times: Record<TimeField, Float64Array>;
  private readonly coded: Record<CodedField, Uint8Array>;
  private flags: Uint8Array;
  /** Lower-case names, NAME_WIDTH bytes a slot, padded with newlines; longer or non-ASCII names live in oddNames. */
  private names: Buffer;
  private readonly oddNames = new Map<number, string>();
  /** Epoch ms a partner's hold lapses, for LOCKED slots whose lock has an expiry. */
  private readonly holds = new Map<number, number>();
  private slotOfId = new Int32Array(0).fill(-1);
  /** Ids too large for the dense id → slot array. */
  private readonly slotOfLargeId = new Map<number, number>();
  readonly dictionaries: Record<CodedField, Dictionary> = {
    condition: new Dictionary(),
    marketplace: new Dictionary(),
    status: new Dictionary(),
  };
  private featuredBits: Bitmap;
  private listableBits: Bitmap;
  readonly orders: Record<OrderedField, SlotOrder>;
  /** Slots whose hold has lapsed at `lapsed.at`, kept until holds change or time passes the next expiry. */
  private lapsed: { bits: Bitmap; at: number; validUntil: number; version: number } | null = null;
  private holdsVersion = 0;

  constructor(capacity = INITIAL_CAPACITY) {
    this.ids = new Int32Array(capacity);
    this.price = new Float64Array(capacity);
    this.times = {
      updatedAt: new Float64Array(capacity),
      saleAt: new Float64Array(capacity),
      featuredAt: new Float64Array(capacity),
      mintedAt: new Float64Array(capacity),
    };
    this.coded = { condition: new Uint8Array(capacity), marketplace: new Uint8Array(capacity), status: new Uint8Array(capacity) };
    this.flags = new Uint8Array(capacity);
    this.names = Buffer.alloc(capacity * NAME_WIDTH, NAME_PAD);
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
    if (id < this.slotOfId.length) return this.slotOfId[id]!;
    return this.slotOfLargeId.get(id) ?? -1;
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
    this.mapId(id, slot);
    return slot;
  }

  private mapId(id: number, slot: number): void {
    if (id >= this.slotOfId.length && id < 4 * this.capacity + 1_000_000) {
      const next = new Int32Array(Math.max(id + 1, Math.ceil(this.slotOfId.length * GROWTH))).fill(-1);
      next.set(this.slotOfId);
      this.slotOfId = next;
    }
    if (id < this.slotOfId.length) this.slotOfId[id] = slot;
    else this.slotOfLargeId.set(id, slot);
  }

  private write(slot: number, row: CatalogRow, updatedAt: number): void {
    this.price[slot] = row.price;
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
    const expires = row.status === 'LOCKED' && row.lockExpiresAt !== null ? Date.parse(row.lockExpiresAt) : NaN;
    if (!Number.isNaN(expires)) this.holds.set(slot, expires);
    else this.holds.delete(slot);
    this.holdsVersion++;
    this.writeName(slot, row.name.toLowerCase());
  }

  private writeName(slot: number, name: string): void {
    const start = slot * NAME_WIDTH;
    this.names.fill(NAME_PAD, start, start + NAME_WIDTH);
    if (name.length < NAME_WIDTH && /^[\x20-\x7e]*$/.test(name)) {
      this.names.write(name, start, 'latin1');
      this.oddNames.delete(slot);
    } else {
      this.oddNames.set(slot, name);
    }
  }

  private grow(capacity: number): void {
    const copy = <T extends Int32Array | Float64Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(a);
      return next;
    };
    this.ids = copy(this.ids, (n) => new Int32Array(n));
    this.price = copy(this.price, (n) => new Float64Array(n));
    for (const field of TIME_FIELDS) this.times[field] = copy(this.times[field], (n) => new Float64Array(n));
    for (const field of CODED_FIELDS) this.coded[field] = copy(this.coded[field], (n) => new Uint8Array(n));
    this.flags = copy(this.flags, (n) => new Uint8Array(n));
    const names = Buffer.alloc(capacity * NAME_WIDTH, NAME_PAD);
    this.names.copy(names);
    this.names = names;
    const words = wordsFor(capacity);
    this.featuredBits = grown(this.featuredBits, words);
    this.listableBits = grown(this.listableBits, words);
    for (const field of CODED_FIELDS) this.dictionaries[field].grow(words);
    for (const field of ORDERED_FIELDS) this.orders[field].ensureCapacity(capacity);
    this.lapsed = null;
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

  /** Slots whose partner hold has lapsed at `nowMs` (they count as AVAILABLE, with no write). */
  private lapsedAt(nowMs: number): Bitmap {
    const cached = this.lapsed;
    if (cached && cached.version === this.holdsVersion && nowMs >= cached.at && nowMs < cached.validUntil) return cached.bits;
    const bits = new Uint32Array(this.featuredBits.length);
    let validUntil = Infinity;
    for (const [slot, expires] of this.holds) {
      if (expires <= nowMs) setBit(bits, slot);
      else if (expires < validUntil) validUntil = expires;
    }
    this.lapsed = { bits, at: nowMs, validUntil, version: this.holdsVersion };
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
    const lapsed = this.lapsedAt(nowMs);
    if (value === 'LOCKED') for (let i = 0; i < words; i++) bits[i]! &= ~lapsed[i]!;
    if (value === 'AVAILABLE') for (let i = 0; i < words; i++) bits[i]! |= lapsed[i]!;
    return bits;
  }

  private anyOf(field: CodedField, values: string[], nowMs: number): Bitmap {
    const bits = this.scratchBits(SCRATCH_ANY).fill(0);
    for (const value of new Set(values)) {
      const one = field === 'status' ? this.statusBits(value, nowMs) : this.codeBits(field, value);
      if (one) for (let i = 0; i < bits.length; i++) bits[i]! |= one[i]!;
    }
    return bits;
  }

  private codeBits(field: CodedField, value: string): Bitmap | undefined {
    const dictionary = this.dictionaries[field];
    const code = dictionary.codes.get(value);
    return code === undefined ? undefined : dictionary.bitmaps[code];
  }

  /** Slots whose column value lies in [min, max] (null values never do). */
  private rangeBits(column: Float64Array, min: number | null, max: number | null, within: Bitmap): void {
    const lo = min ?? -Infinity;
    const hi = max ?? Infinity;
    for (let w = 0; w < within.length; w++) {
      let word = within[w]!;
      if (word === 0) continue;
      const base = w << 5;
      let keep = word;
      while (word !== 0) {
        const bit = 31 - Math.clz32(word & -word);
        word &= word - 1;
        const v = column[base + bit]!;
        if (!(v >= lo && v <= hi)) keep &= ~(1 << bit);
      }
      within[w] = keep;
    }
  }

  /** Keeps only slots whose name contains `needle` (lower case). */
  private searchBits(needle: string, within: Bitmap): void {
    const found = this.scratchBits(SCRATCH_SEARCH).fill(0);
    if (/^[\x20-\x7e]+$/.test(needle) && needle.length < NAME_WIDTH) {
      const pattern = Buffer.from(needle, 'latin1');
      const end = this.size * NAME_WIDTH;
      let from = 0;
      while (from < end) {
        const at = this.names.indexOf(pattern, from);
        if (at < 0 || at >= end) break;
        const slot = Math.floor(at / NAME_WIDTH);
        setBit(found, slot);
        from = (slot + 1) * NAME_WIDTH;
      }
    }
    for (const [slot, name] of this.oddNames) if (name.includes(needle)) setBit(found, slot);
    andInto(within, found);
  }

  /**
   * The slots matching a query at `nowMs`, as a bitmap. Evaluation reuses the index's scratch bitmaps instead of
   * allocating (no garbage per request): the result is valid until the next call on this index.
   */
  matching(query: IndexQuery, nowMs: number): Bitmap {
    const bits = this.scratchBits(SCRATCH_RESULT);
    bits.set(this.listableBits);
    if (query.featured) andInto(bits, this.featuredBits);
    else for (let i = 0; i < bits.length; i++) bits[i]! &= ~this.featuredBits[i]!;
    for (const field of CODED_FIELDS) {
      const values = query[field];
      if (values !== null) andInto(bits, this.anyOf(field, values, nowMs));
    }
    if (query.priceMin !== null || query.priceMax !== null) this.rangeBits(this.price, query.priceMin, query.priceMax, bits);
    if (query.from !== null || query.to !== null) this.rangeBits(this.times[query.dateField], query.from, query.to, bits);
    if (query.search !== null) this.searchBits(query.search, bits);
    return bits;
  }

  /** The effective status of a slot at `nowMs`. */
  statusOf(slot: number, nowMs: number): string {
    const value = this.dictionaries.status.values[this.coded.status[slot]!]!;
    if (value !== 'LOCKED') return value;
    const expires = this.holds.get(slot);
    return expires !== undefined && expires <= nowMs ? 'AVAILABLE' : value;
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
   * of every match.
   */
  page(bits: Bitmap, order: OrderSpec, start: { skip: number; after: OrderKey | null }, limit: number, nowMs: number): IndexPage {
    const count = popcount(bits);
    const slots: number[] = [];
    let toSkip = start.after === null ? start.skip : 0;
    let more = false;
    const take = (slot: number): boolean => {
      if (!hasBit(bits, slot)) return true;
      if (toSkip > 0) {
        toSkip--;
        return true;
      }
      if (slots.length === limit) {
        more = true;
        return false;
      }
      slots.push(slot);
      return true;
    };
    if (order.field === 'status') this.walkByStatus(bits, order.descending, start.after, take, nowMs);
    else this.walk(this.orders[order.field], order.descending, start.after, take);
    return { count, slots, more };
  }

  /** Visits an order's slots from the position after `after`, until `visit` returns false. */
  private walk(order: SlotOrder, descending: boolean, after: OrderKey | null, visit: (slot: number) => boolean): void {
    const slots = order.slots;
    if (!descending) {
      let i = 0;
      if (after !== null) i = order.upperBound(after.value === null ? NaN : Number(after.value), after.id);
      for (; i < order.length; i++) if (!visit(slots[i]!)) return;
      return;
    }
    // Descending: the valued part backwards, then the nulls part backwards (nulls last, ids descending).
    let valuedFrom = order.valued - 1;
    let nullsFrom = order.length - 1;
    if (after !== null) {
      if (after.value === null) {
        valuedFrom = -1;
        nullsFrom = this.firstNullBelow(order, after.id);
      } else {
        valuedFrom = this.lastValuedBelow(order, Number(after.value), after.id);
      }
    }
    for (let i = valuedFrom; i >= 0; i--) if (!visit(slots[i]!)) return;
    for (let i = nullsFrom; i >= order.valued; i--) if (!visit(slots[i]!)) return;
  }

  /** Last valued position strictly before (value, id) in ascending order. */
  private lastValuedBelow(order: SlotOrder, value: number, id: number): number {
    let lo = 0;
    let hi = order.valued;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const slot = order.slots[mid]!;
      const v = order.value(slot);
      if (v < value || (v === value && this.ids[slot]! < id)) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  /** Last null position whose id is below `id`. */
  private firstNullBelow(order: SlotOrder, id: number): number {
    let lo = order.valued;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ids[order.slots[mid]!]! < id) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  /** Status order: statuses alphabetically (reversed for DESC), ids in the same direction within each. */
  private walkByStatus(bits: Bitmap, descending: boolean, after: OrderKey | null, visit: (slot: number) => boolean, nowMs: number): void {
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
      let stop = false;
      const cursor = after !== null && after.value === status ? { value: after.id, id: after.id } : null;
      this.walk(byId, descending, cursor, (slot) => {
        if (!hasBit(group, slot)) return true;
        if (!visit(slot)) stop = true;
        return !stop;
      });
      if (stop) return;
    }
  }

  // ---- Accounting and snapshot access ----

  /** Bytes held by the index's arrays (what the projection costs in memory, maps estimated). */
  bytes(): number {
    let total = this.ids.byteLength + this.price.byteLength + this.flags.byteLength + this.names.byteLength + this.slotOfId.byteLength;
    for (const field of TIME_FIELDS) total += this.times[field].byteLength;
    for (const field of CODED_FIELDS) {
      total += this.coded[field].byteLength;
      for (const b of this.dictionaries[field].bitmaps) total += b.byteLength;
    }
    for (const field of ORDERED_FIELDS) total += this.orders[field].slots.byteLength;
    total += this.featuredBits.byteLength + this.listableBits.byteLength;
    // A Map entry of two small integers costs about 40 bytes in V8.
    total += (this.holds.size + this.slotOfLargeId.size) * 40;
    for (const name of this.oddNames.values()) total += 40 + name.length;
    return total;
  }

  /** The index's state as plain parts, for the snapshot (arrays trimmed to the slots in use). */
  exportParts(): IndexParts {
    const n = this.size;
    return {
      size: n,
      dictionaries: Object.fromEntries(CODED_FIELDS.map((f) => [f, this.dictionaries[f].values])) as Record<CodedField, string[]>,
      oddNames: [...this.oddNames],
      holds: [...this.holds],
      ids: this.ids.subarray(0, n),
      price: this.price.subarray(0, n),
      times: Object.fromEntries(TIME_FIELDS.map((f) => [f, this.times[f].subarray(0, n)])) as Record<TimeField, Float64Array>,
      coded: Object.fromEntries(CODED_FIELDS.map((f) => [f, this.coded[f].subarray(0, n)])) as Record<CodedField, Uint8Array>,
      flags: this.flags.subarray(0, n),
      names: this.names.subarray(0, n * NAME_WIDTH),
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
    for (const f of TIME_FIELDS) index.times[f].set(parts.times[f]);
    for (const f of CODED_FIELDS) index.coded[f].set(parts.coded[f]);
    index.flags.set(parts.flags);
    Buffer.from(parts.names.buffer, parts.names.byteOffset, parts.names.byteLength).copy(index.names);
    for (const [slot, name] of parts.oddNames) index.oddNames.set(slot, name);
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
      index.mapId(index.ids[slot]!, slot);
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

/** The index's state in plain parts (typed arrays and small lists): what a snapshot stores. */
export interface IndexParts {
  size: number;
  dictionaries: Record<CodedField, string[]>;
  oddNames: [number, string][];
  holds: [number, number][];
  ids: Int32Array;
  price: Float64Array;
  times: Record<TimeField, Float64Array>;
  coded: Record<CodedField, Uint8Array>;
  flags: Uint8Array;
  names: Uint8Array;
  orders: Record<OrderedField, { slots: Int32Array; valued: number }>;
}

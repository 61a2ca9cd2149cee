// The catalogue index's orders: per order field, every slot sorted by (value, id), kept sorted in place as rows change,
// and walked in either direction from a cursor's position.
import type { Bitmap } from '#lib/plaques/catalog-bitmap.ts';
import type { OrderKey, OrderedField, TimeField } from '#lib/plaques/catalog-fields.ts';

/** Changed slots per order above which one merge pass replaces moving them one by one. */
const MERGE_THRESHOLD = 16;

/** What an order reads of the index's columns: each slot's id and time values. */
export interface OrderedColumns {
  readonly ids: Int32Array;
  /** The slot's value in a timestamp column (epoch ms, NaN for null). */
  time(field: TimeField, slot: number): number;
}

/**
 * One order: every slot sorted by (value, id) ascending with nulls after all values; read backwards for DESC, the
 * nulls part on its own, so nulls come last in both directions.
 */
export class SlotOrder {
  slots: Int32Array;
  /** Slots with a value (they come first). */
  valued = 0;
  length = 0;

  constructor(
    private readonly index: OrderedColumns,
    readonly field: OrderedField,
    capacity: number,
  ) {
    this.slots = new Int32Array(capacity);
  }

  /** Previous values of slots not re-placed yet while an update runs: the array is still sorted by them. */
  private pending: Map<number, number> | null = null;

  value(slot: number): number {
    if (this.pending !== null) {
      const old = this.pending.get(slot);
      if (old !== undefined) return old;
    }
    return this.field === 'id' ? this.index.ids[slot]! : this.index.time(this.field, slot);
  }

  /** Position of the first entry after (value, id) in ascending order; NaN for a null value. */
  upperBound(value: number, id: number): number {
    const ids = this.index.ids;
    if (Number.isNaN(value)) {
      let lo = this.valued;
      let hi = this.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (ids[this.slots[mid]!]! <= id) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    }
    let lo = 0;
    let hi = this.valued;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const slot = this.slots[mid]!;
      const v = this.value(slot);
      if (v < value || (v === value && ids[slot]! <= id)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Whether every slot sits at its own position and has a value (known, or null until asked after a change). */
  private inSlotOrder: boolean | null = null;

  /**
   * Whether the order is the slots' own (slot i at position i, no nulls): the id order of a catalogue whose plaques
   * came in id order, as an import and the sample catalogue write them. Found once after each change.
   */
  isSlotOrder(): boolean {
    if (this.inSlotOrder === null) {
      let same = this.valued === this.length;
      for (let i = 0; same && i < this.length; i++) same = this.slots[i] === i;
      this.inSlotOrder = same;
    }
    return this.inSlotOrder;
  }

  /**
   * Visits the slots in order (descending: the valued part backwards, then the nulls part backwards, so nulls come last
   * either way) from the position after `after`, until `visit` returns false. `only`, when given, holds every slot
   * `visit` wants, and the walk visits those alone: in the slots' own order (isSlotOrder) by the bitmap's words.
   */
  walk(descending: boolean, after: OrderKey | null, visit: (slot: number) => boolean, only?: Bitmap): void {
    const slots = this.slots;
    if (!descending) {
      const from = after === null ? 0 : this.upperBound(after.value === null ? NaN : Number(after.value), after.id);
      if (only === undefined) {
        for (let i = from; i < this.length; i++) if (!visit(slots[i]!)) return;
        return;
      }
      if (this.isSlotOrder()) return this.walkBitsUp(only, from, visit);
      for (let i = from; i < this.length; i++) {
        const slot = slots[i]!;
        if ((only[slot >>> 5]! & (1 << (slot & 31))) !== 0 && !visit(slot)) return;
      }
      return;
    }
    if (only !== undefined && this.isSlotOrder()) {
      const from = after === null ? this.length - 1 : this.lowerBound(Number(after.value), after.id) - 1;
      return this.walkBitsDown(only, from, visit);
    }
    let valuedFrom = this.valued - 1;
    let nullsFrom = this.length - 1;
    if (after !== null && after.value === null) {
      valuedFrom = -1;
      nullsFrom = this.lowerBoundOfNull(after.id) - 1;
    } else if (after !== null) {
      valuedFrom = this.lowerBound(Number(after.value), after.id) - 1;
    }
    if (only === undefined) {
      for (let i = valuedFrom; i >= 0; i--) if (!visit(slots[i]!)) return;
      for (let i = nullsFrom; i >= this.valued; i--) if (!visit(slots[i]!)) return;
      return;
    }
    for (let i = valuedFrom; i >= 0; i--) {
      const slot = slots[i]!;
      if ((only[slot >>> 5]! & (1 << (slot & 31))) !== 0 && !visit(slot)) return;
    }
    for (let i = nullsFrom; i >= this.valued; i--) {
      const slot = slots[i]!;
      if ((only[slot >>> 5]! & (1 << (slot & 31))) !== 0 && !visit(slot)) return;
    }
  }

  /** The set slots of `bits` from `from` up (below `length`), in the slots' own order. */
  private walkBitsUp(bits: Bitmap, from: number, visit: (slot: number) => boolean): void {
    const words = Math.min(bits.length, (this.length + 31) >>> 5);
    for (let w = from >>> 5; w < words; w++) {
      let word = bits[w]!;
      if (w === from >>> 5) word &= ~((1 << (from & 31)) - 1);
      while (word !== 0) {
        const slot = (w << 5) + 31 - Math.clz32(word & -word);
        word &= word - 1;
        if (slot >= this.length || !visit(slot)) return;
      }
    }
  }

  /** The set slots of `bits` from `from` down, in the slots' own order backwards. */
  private walkBitsDown(bits: Bitmap, from: number, visit: (slot: number) => boolean): void {
    if (from < 0) return;
    for (let w = Math.min(from >>> 5, bits.length - 1); w >= 0; w--) {
      let word = bits[w]!;
      if (w === from >>> 5 && (from & 31) !== 31) word &= (1 << ((from & 31) + 1)) - 1;
      while (word !== 0) {
        const bit = 31 - Math.clz32(word);
        word &= ~(1 << bit);
        if (!visit((w << 5) + bit)) return;
      }
    }
  }

  /** Position of the first valued entry at or after (value, id) in ascending order. */
  private lowerBound(value: number, id: number): number {
    const ids = this.index.ids;
    let lo = 0;
    let hi = this.valued;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const slot = this.slots[mid]!;
      const v = this.value(slot);
      if (v < value || (v === value && ids[slot]! < id)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Position of the first null entry whose id is at least `id`. */
  private lowerBoundOfNull(id: number): number {
    const ids = this.index.ids;
    let lo = this.valued;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (ids[this.slots[mid]!]! < id) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Position of the entry for (value, id) itself (it must be present). */
  positionOf(value: number, id: number): number {
    return this.upperBound(value, id) - 1;
  }

  ensureCapacity(capacity: number): void {
    if (this.slots.length >= capacity) return;
    const next = new Int32Array(capacity);
    next.set(this.slots.subarray(0, this.length));
    this.slots = next;
  }

  /**
   * Re-places changed slots. `before` has each changed slot's previous value (absent for a new slot); current values
   * are read from the columns. A few slots move one by one; many go through one merge pass.
   */
  update(changed: Map<number, number | undefined>): void {
    const ids = this.index.ids;
    const moved: number[] = [];
    for (const [slot, old] of changed) {
      if (old === undefined || !Object.is(old, this.value(slot))) moved.push(slot);
    }
    if (moved.length === 0) return;
    this.inSlotOrder = null;
    if (moved.length <= MERGE_THRESHOLD) {
      this.pending = new Map();
      for (const slot of moved) {
        const old = changed.get(slot);
        if (old !== undefined) this.pending.set(slot, old);
      }
      try {
        for (const slot of moved) {
          const old = this.pending.get(slot);
          if (old !== undefined) {
            this.removeAt(this.positionOf(old, ids[slot]!), Number.isNaN(old));
            this.pending.delete(slot);
          }
          this.insert(slot);
        }
      } finally {
        this.pending = null;
      }
      return;
    }
    this.merge(moved, changed);
  }

  private removeAt(position: number, wasNull: boolean): void {
    this.slots.copyWithin(position, position + 1, this.length);
    this.length--;
    if (!wasNull) this.valued--;
  }

  private insert(slot: number): void {
    const value = this.value(slot);
    const position = this.upperBound(value, this.index.ids[slot]!);
    this.slots.copyWithin(position + 1, position, this.length);
    this.slots[position] = slot;
    this.length++;
    if (!Number.isNaN(value)) this.valued++;
  }

  private merge(moved: number[], changed: Map<number, number | undefined>): void {
    const ids = this.index.ids;
    const leaving = new Set(moved.filter((slot) => changed.get(slot) !== undefined));
    const incoming = moved.map((slot) => ({ slot, value: this.value(slot), id: ids[slot]! }));
    incoming.sort((a, b) => {
      const an = Number.isNaN(a.value);
      const bn = Number.isNaN(b.value);
      if (an !== bn) return an ? 1 : -1;
      if (!an && a.value !== b.value) return a.value - b.value;
      return a.id - b.id;
    });
    const next = new Int32Array(Math.max(this.slots.length, this.length - leaving.size + incoming.length));
    let out = 0;
    let valued = 0;
    let j = 0;
    const before = (slot: number, entry: { value: number; id: number }): boolean => {
      const v = this.value(slot);
      const vn = Number.isNaN(v);
      const en = Number.isNaN(entry.value);
      if (vn !== en) return en;
      if (!vn && v !== entry.value) return v < entry.value;
      return ids[slot]! < entry.id;
    };
    const emit = (slot: number) => {
      next[out++] = slot;
      if (!Number.isNaN(this.value(slot))) valued++;
    };
    for (let i = 0; i < this.length; i++) {
      const slot = this.slots[i]!;
      if (leaving.has(slot)) continue;
      while (j < incoming.length && !before(slot, incoming[j]!)) emit(incoming[j++]!.slot);
      emit(slot);
    }
    while (j < incoming.length) emit(incoming[j++]!.slot);
    this.slots = next;
    this.length = out;
    this.valued = valued;
  }
}

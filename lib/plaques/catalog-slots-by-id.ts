// The way from a plaque id to its position (the catalogue index's slot, a records object's entry): a dense array for
// ids near the catalogue's size, a map for the rare id far beyond it.

/** Growth factor of the dense array when an id beyond it arrives. */
const GROWTH = 1.25;

/** The dense array's reach: ids below this many times the capacity, plus this offset. */
const DENSE_FACTOR = 4;
const DENSE_OFFSET = 1_000_000;

export class SlotsById {
  private dense = new Int32Array(0);
  /** Ids too large for the dense array. */
  private readonly sparse = new Map<number, number>();

  /** Each of `ids` at its own position (`ids[i]` at `i`; a later duplicate wins), in one pass over them. */
  static of(ids: ArrayLike<number>): SlotsById {
    const made = new SlotsById();
    const reach = DENSE_FACTOR * ids.length + DENSE_OFFSET;
    let largest = -1;
    for (let i = 0; i < ids.length; i++) if (ids[i]! < reach && ids[i]! > largest) largest = ids[i]!;
    made.dense = new Int32Array(largest + 1).fill(-1);
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      if (id < made.dense.length) made.dense[id] = i;
      else made.sparse.set(id, i);
    }
    return made;
  }

  /** The slot of `id`, or -1. */
  slotOf(id: number): number {
    if (id < this.dense.length) return this.dense[id]!;
    return this.sparse.get(id) ?? -1;
  }

  /** Records that `id` lives in `slot`; the dense array grows for ids up to about four times `capacity`. */
  map(id: number, slot: number, capacity: number): void {
    if (id >= this.dense.length && id < DENSE_FACTOR * capacity + DENSE_OFFSET) {
      const next = new Int32Array(Math.max(id + 1, Math.ceil(this.dense.length * GROWTH))).fill(-1);
      next.set(this.dense);
      this.dense = next;
    }
    if (id < this.dense.length) this.dense[id] = slot;
    else this.sparse.set(id, slot);
  }

  bytes(): number {
    // A Map entry of two small integers costs about 40 bytes in V8.
    return this.dense.byteLength + this.sparse.size * 40;
  }
}

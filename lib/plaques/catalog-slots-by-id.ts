// The catalogue index's way from a plaque id to its slot: a dense array for ids near the catalogue's size, a map for
// the rare id far beyond it.

/** Growth factor of the dense array when an id beyond it arrives. */
const GROWTH = 1.25;

export class SlotsById {
  private dense = new Int32Array(0);
  /** Ids too large for the dense array. */
  private readonly sparse = new Map<number, number>();

  /** The slot of `id`, or -1. */
  slotOf(id: number): number {
    if (id < this.dense.length) return this.dense[id]!;
    return this.sparse.get(id) ?? -1;
  }

  /** Records that `id` lives in `slot`; the dense array grows for ids up to about four times `capacity`. */
  map(id: number, slot: number, capacity: number): void {
    if (id >= this.dense.length && id < 4 * capacity + 1_000_000) {
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

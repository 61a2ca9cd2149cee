// The catalogue index's partner holds: when each LOCKED slot's hold lapses, and which have lapsed at a given time (such
// a slot counts as AVAILABLE, with no write), cached until the holds change or time reaches the next lapse.
import { setBit, type Bitmap } from '#lib/plaques/catalog-bitmap.ts';

export class CatalogHolds {
  /** Epoch ms a partner's hold lapses, for LOCKED slots whose lock has an expiry. */
  readonly lapses = new Map<number, number>();
  private version = 0;
  /** Slots whose hold has lapsed at `at`, valid until the holds change or time passes `validUntil`. */
  private lapsed: { bits: Bitmap; at: number; validUntil: number; version: number } | null = null;

  get size(): number {
    return this.lapses.size;
  }

  /** Sets the slot's lapse time (epoch ms), or clears it (NaN). */
  set(slot: number, expires: number): void {
    if (!Number.isNaN(expires)) this.lapses.set(slot, expires);
    else this.lapses.delete(slot);
    this.version++;
  }

  /** Whether the slot's hold has lapsed at `nowMs`. */
  lapsedAt(slot: number, nowMs: number): boolean {
    const expires = this.lapses.get(slot);
    return expires !== undefined && expires <= nowMs;
  }

  /** The slots whose hold has lapsed at `nowMs`, as a bitmap of `words` words (shared: do not change it). */
  lapsedBits(nowMs: number, words: number): Bitmap {
    const cached = this.lapsed;
    if (cached && cached.version === this.version && cached.bits.length === words && nowMs >= cached.at && nowMs < cached.validUntil) {
      return cached.bits;
    }
    const bits = new Uint32Array(words);
    let validUntil = Infinity;
    // forEach rather than for…of: a fresh process's first pass over 120 000 holds takes 3 ms rather than 18.
    this.lapses.forEach((expires, slot) => {
      if (expires <= nowMs) setBit(bits, slot);
      else if (expires < validUntil) validUntil = expires;
    });
    this.lapsed = { bits, at: nowMs, validUntil, version: this.version };
    return bits;
  }
}

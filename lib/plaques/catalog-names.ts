// The catalogue index's names: lower-case, NAME_WIDTH bytes a slot in one buffer, and the longer or non-ASCII ones in
// a map beside it. Each byte value a table name holds has a bitmap of the slots holding it, so a search takes the slots
// holding every byte of its needle (word-wide ANDs) and checks only those: a needle most names contain ("-", "0") costs
// a few bitmap passes rather than a buffer search per hit.
import { andInto, clearBit, grown, hasBit, setBit, wordsFor, type Bitmap } from '#lib/plaques/catalog-bitmap.ts';

/** Bytes per name in the fixed-width name table: up to 8 characters (`ABC-0042`) and at least one separator. */
export const NAME_WIDTH = 9;
const NAME_PAD = 0x0a;
const PRINTABLE = /^[\x20-\x7e]*$/;

export class CatalogNames {
  /** Lower-case names, NAME_WIDTH bytes a slot, padded with newlines. */
  private table: Buffer;
  /** Names the table cannot hold (longer, or beyond printable ASCII), by slot. */
  readonly odd = new Map<number, string>();
  /** Per byte value (printable ASCII), the slots whose table name holds it; made when a name first holds it. */
  private readonly holding: (Bitmap | undefined)[] = [];
  private words: number;

  constructor(capacity: number) {
    this.table = Buffer.alloc(capacity * NAME_WIDTH, NAME_PAD);
    this.words = wordsFor(capacity);
  }

  /** Sets a slot's name (lower case). */
  write(slot: number, name: string): void {
    const start = slot * NAME_WIDTH;
    this.forEachByte(slot, (byte) => clearBit(this.holding[byte]!, slot));
    this.table.fill(NAME_PAD, start, start + NAME_WIDTH);
    if (name.length < NAME_WIDTH && PRINTABLE.test(name)) {
      this.table.write(name, start, 'latin1');
      this.odd.delete(slot);
      this.forEachByte(slot, (byte) => setBit(this.bitsOf(byte), slot));
    } else {
      this.odd.set(slot, name);
    }
  }

  /** Calls `visit` with each byte of a slot's table name (a byte held twice, twice). */
  private forEachByte(slot: number, visit: (byte: number) => void): void {
    const start = slot * NAME_WIDTH;
    for (let i = start; i < start + NAME_WIDTH; i++) {
      const byte = this.table[i]!;
      if (byte === NAME_PAD) return;
      visit(byte);
    }
  }

  private bitsOf(byte: number): Bitmap {
    return (this.holding[byte] ??= new Uint32Array(this.words));
  }

  grow(capacity: number): void {
    const table = Buffer.alloc(capacity * NAME_WIDTH, NAME_PAD);
    this.table.copy(table);
    this.table = table;
    this.words = wordsFor(capacity);
    this.holding.forEach((bits, byte) => (this.holding[byte] = grown(bits!, this.words)));
  }

  /**
   * Sets in `found` (all clear) the slots of `within` among the first `size` whose name contains `needle` (lower case):
   * only the slots the other filters kept are checked.
   */
  search(needle: string, size: number, within: Bitmap, found: Bitmap): void {
    if (needle.length > 0 && needle.length < NAME_WIDTH && PRINTABLE.test(needle)) this.searchTable(needle, size, within, found);
    for (const [slot, name] of this.odd) if (hasBit(within, slot) && name.includes(needle)) setBit(found, slot);
  }

  /** The table's part of a search: the slots holding every byte of `needle`, then those whose name has it in a row. */
  private searchTable(needle: string, size: number, within: Bitmap, found: Bitmap): void {
    const pattern = Buffer.from(needle, 'latin1');
    const words = Math.min(found.length, within.length, wordsFor(size));
    for (const byte of new Set(pattern)) if (this.holding[byte] === undefined) return;
    const candidates = found.subarray(0, words);
    candidates.set(within.subarray(0, words));
    for (const byte of pattern) andInto(candidates, this.holding[byte]!);
    if (pattern.length === 1) return;
    const table = this.table;
    const last = NAME_WIDTH - 1 - pattern.length;
    for (let w = 0; w < words; w++) {
      let word = found[w]!;
      let keep = word;
      while (word !== 0) {
        const bit = 31 - Math.clz32(word & -word);
        word &= word - 1;
        const start = ((w << 5) + bit) * NAME_WIDTH;
        let at = -1;
        for (let offset = 0; offset <= last && at < 0; offset++) {
          let j = 0;
          while (j < pattern.length && table[start + offset + j] === pattern[j]) j++;
          if (j === pattern.length) at = offset;
        }
        if (at < 0) keep &= ~(1 << bit);
      }
      found[w] = keep;
    }
  }

  bytes(): number {
    let total = this.table.byteLength;
    for (const bits of this.holding) total += bits?.byteLength ?? 0;
    // A Map entry costs about 40 bytes in V8, beside its string.
    for (const name of this.odd.values()) total += 40 + name.length;
    return total;
  }

  /** The table of the first `size` slots (a view), for the snapshot. */
  exportTable(size: number): Uint8Array {
    return this.table.subarray(0, size * NAME_WIDTH);
  }

  /** Takes a snapshot's table and odd names, and finds the bytes each name holds. */
  load(table: Uint8Array, odd: readonly [number, string][]): void {
    Buffer.from(table.buffer, table.byteOffset, table.byteLength).copy(this.table);
    for (const [slot, name] of odd) this.odd.set(slot, name);
    const names = this.table;
    const slots = table.byteLength / NAME_WIDTH;
    for (let slot = 0; slot < slots; slot++) {
      const word = slot >>> 5;
      const bit = 1 << (slot & 31);
      const start = slot * NAME_WIDTH;
      for (let i = start; i < start + NAME_WIDTH; i++) {
        const byte = names[i]!;
        if (byte === NAME_PAD) break;
        (this.holding[byte] ?? this.bitsOf(byte))[word]! |= bit;
      }
    }
  }
}

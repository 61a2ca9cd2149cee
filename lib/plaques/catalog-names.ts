// The catalogue index's names: lower-case, NAME_WIDTH bytes a slot in one buffer searched with Buffer.indexOf, and the
// longer or non-ASCII ones in a map beside it.
import { setBit, type Bitmap } from '#lib/plaques/catalog-bitmap.ts';

/** Bytes per name in the fixed-width name table: up to 8 characters (`ABC-0042`) and at least one separator. */
export const NAME_WIDTH = 9;
const NAME_PAD = 0x0a;
const PRINTABLE = /^[\x20-\x7e]*$/;

export class CatalogNames {
  /** Lower-case names, NAME_WIDTH bytes a slot, padded with newlines. */
  private table: Buffer;
  /** Names the table cannot hold (longer, or beyond printable ASCII), by slot. */
  readonly odd = new Map<number, string>();

  constructor(capacity: number) {
    this.table = Buffer.alloc(capacity * NAME_WIDTH, NAME_PAD);
  }

  /** Sets a slot's name (lower case). */
  write(slot: number, name: string): void {
    const start = slot * NAME_WIDTH;
    this.table.fill(NAME_PAD, start, start + NAME_WIDTH);
    if (name.length < NAME_WIDTH && PRINTABLE.test(name)) {
      this.table.write(name, start, 'latin1');
      this.odd.delete(slot);
    } else {
      this.odd.set(slot, name);
    }
  }

  grow(capacity: number): void {
    const table = Buffer.alloc(capacity * NAME_WIDTH, NAME_PAD);
    this.table.copy(table);
    this.table = table;
  }

  /** Sets in `found` the slots among the first `size` whose name contains `needle` (lower case). */
  search(needle: string, size: number, found: Bitmap): void {
    if (needle.length > 0 && needle.length < NAME_WIDTH && PRINTABLE.test(needle)) {
      const pattern = Buffer.from(needle, 'latin1');
      const end = size * NAME_WIDTH;
      for (let from = 0; from < end;) {
        const at = this.table.indexOf(pattern, from);
        if (at < 0 || at >= end) break;
        const slot = Math.floor(at / NAME_WIDTH);
        setBit(found, slot);
        from = (slot + 1) * NAME_WIDTH;
      }
    }
    for (const [slot, name] of this.odd) if (name.includes(needle)) setBit(found, slot);
  }

  bytes(): number {
    let total = this.table.byteLength;
    // A Map entry costs about 40 bytes in V8, beside its string.
    for (const name of this.odd.values()) total += 40 + name.length;
    return total;
  }

  /** The table of the first `size` slots (a view), for the snapshot. */
  exportTable(size: number): Uint8Array {
    return this.table.subarray(0, size * NAME_WIDTH);
  }

  /** Takes a snapshot's table and odd names. */
  load(table: Uint8Array, odd: readonly [number, string][]): void {
    Buffer.from(table.buffer, table.byteOffset, table.byteLength).copy(this.table);
    for (const [slot, name] of odd) this.odd.set(slot, name);
  }
}

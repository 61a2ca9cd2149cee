// The catalogue index's dictionary of one coded column (condition, marketplace, status): code ↔ value, with a bitmap of
// the slots holding each code.
import { grown, type Bitmap } from '#lib/plaques/catalog-bitmap.ts';

/** A dictionary of the values one coded column has seen: code ↔ value, and a bitmap of slots per code. */
export class Dictionary {
  readonly values: string[] = [];
  readonly codes = new Map<string, number>();
  bitmaps: Bitmap[] = [];

  codeOf(value: string, words: number): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      if (this.values.length === 255) throw new RangeError('a catalogue column holds at most 255 distinct values');
      code = this.values.length;
      this.values.push(value);
      this.codes.set(value, code);
      this.bitmaps.push(new Uint32Array(words));
    }
    return code;
  }

  grow(words: number): void {
    this.bitmaps = this.bitmaps.map((b) => grown(b, words));
  }
}

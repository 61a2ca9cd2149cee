// Bitmaps of the catalogue index: one bit per slot in 32-bit words, and the word-wide arithmetic a listing runs on them.

export type Bitmap = Uint32Array;
export const wordsFor = (slots: number) => (slots + 31) >>> 5;
export const hasBit = (b: Bitmap, slot: number): boolean => (b[slot >>> 5]! & (1 << (slot & 31))) !== 0;
export const setBit = (b: Bitmap, slot: number) => (b[slot >>> 5]! |= 1 << (slot & 31));
export const clearBit = (b: Bitmap, slot: number) => (b[slot >>> 5]! &= ~(1 << (slot & 31)));
export const grown = (b: Bitmap, words: number): Bitmap => {
  const next = new Uint32Array(words);
  next.set(b);
  return next;
};

export function popcount(b: Bitmap): number {
  let total = 0;
  for (let i = 0; i < b.length; i++) {
    let v = b[i]!;
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    total += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return total;
}

/** `into &= other`, in place. */
export function andInto(into: Bitmap, other: Bitmap): void {
  for (let i = 0; i < into.length; i++) into[i]! &= other[i] ?? 0;
}

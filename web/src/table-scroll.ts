// What a table wider than its region hides: the columns beyond either edge, and the hint that says so (DOM-free, so
// the unit tests read it).

/** A column's or the region's left and right edges, in one coordinate space (pixels). */
export interface Span {
  left: number;
  right: number;
}

/** The columns not wholly in view: before the region's left edge, and after its right edge (half a pixel of slack). */
export function columnsOutOfView(columns: readonly Span[], region: Span): { before: number; after: number } {
  return {
    before: columns.filter((column) => column.left < region.left - 0.5).length,
    after: columns.filter((column) => column.right > region.right + 0.5).length,
  };
}

const count = (n: number) => `${n} ${n === 1 ? 'column' : 'columns'}`;

/** What the hint above the table says, or null when every column is in view. */
export function scrollHint({ before, after }: { before: number; after: number }): string | null {
  if (before === 0 && after === 0) return null;
  const sides = [before > 0 && `${count(before)} to the left ←`, after > 0 && `${count(after)} to the right →`].filter(Boolean);
  return `Scroll the table sideways: ${sides.join(', ')}`;
}

// The hint above a table wider than its region: which columns are out of view, and what it says.
import { describe, expect, it } from 'vitest';
import { columnsOutOfView, scrollHint } from '../../web/src/table-scroll.ts';

const columns = [0, 100, 200, 300, 400].map((left) => ({ left, right: left + 100 }));

describe('columnsOutOfView', () => {
  it('counts the columns cut by either edge of the region, none when the table fits', () => {
    expect(columnsOutOfView(columns, { left: 0, right: 500 })).toEqual({ before: 0, after: 0 });
    expect(columnsOutOfView(columns, { left: 0, right: 250 })).toEqual({ before: 0, after: 3 });
    expect(columnsOutOfView(columns, { left: 150, right: 350 })).toEqual({ before: 2, after: 2 });
  });

  it('takes a column ending within half a pixel of the edge as in view', () => {
    expect(columnsOutOfView(columns, { left: 0.4, right: 499.6 })).toEqual({ before: 0, after: 0 });
  });
});

describe('scrollHint', () => {
  it('names the columns on each side and the way to scroll, and nothing when all are in view', () => {
    expect(scrollHint({ before: 0, after: 0 })).toBeNull();
    expect(scrollHint({ before: 0, after: 4 })).toBe('Scroll the table sideways: 4 columns to the right →');
    expect(scrollHint({ before: 1, after: 0 })).toBe('Scroll the table sideways: 1 column to the left ←');
    expect(scrollHint({ before: 2, after: 1 })).toBe('Scroll the table sideways: 2 columns to the left ←, 1 column to the right →');
  });
});

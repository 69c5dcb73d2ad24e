import { describe, expect, it } from 'vitest';
import { columnRange, SELECT_WIDTH, windowItems } from './column-window';

// The name column (pinned) 200 px, then ten columns of 100 px: column c starts at 44 + 200 + 100·(c-1).
const widths = [200, ...Array.from({ length: 10 }, () => 100)];
const startOf = (col: number) => SELECT_WIDTH + 200 + 100 * (col - 1);

describe('columnRange', () => {
  it('takes the columns in view and one either side', () => {
    // View 0–500: columns 1 (244–344), 2 (344–444) and 3 (444–544) meet it; 4 is the overscan.
    expect(columnRange(widths, 1, 0, 500)).toEqual({ start: 1, end: 4 });
    // Scrolled to 600: columns 4 (544–644) to 8 (944–1044) meet 600–1000; 3 and 9 are the overscan.
    expect(columnRange(widths, 1, 600, 400)).toEqual({ start: 3, end: 9 });
  });

  it('counts a column that only touches the view edge out', () => {
    // The view ends exactly where column 3 starts.
    expect(columnRange(widths, 1, 0, startOf(3))).toEqual({ start: 1, end: 3 });
  });

  it('stops at both ends of the row', () => {
    expect(columnRange(widths, 1, 0, 5000)).toEqual({ start: 1, end: 10 });
    expect(columnRange(widths, 1, 5000, 800)).toEqual({ start: 9, end: 10 });
    // Only the pinned column in view: the first column after it, and one more.
    expect(columnRange(widths, 1, -30, 100)).toEqual({ start: 1, end: 2 });
  });

  it('works without a pinned column and with none at all', () => {
    expect(columnRange([100, 100, 100], 0, 0, 100)).toEqual({ start: 0, end: 1 });
    expect(columnRange([200], 1, 0, 500)).toEqual({ start: 1, end: 0 });
  });
});

describe('windowItems', () => {
  it('puts a gap as wide as the columns left out before the range', () => {
    expect(windowItems(widths, 1, { start: 4, end: 6 }, null)).toEqual([
      { gap: 300, key: 'gap1' },
      { col: 4 },
      { col: 5 },
      { col: 6 },
    ]);
  });

  it('draws the active cell outside the range, where it belongs', () => {
    // Active column 9 after the range 2–3: a gap for 4–8 (500 px) before it.
    expect(windowItems(widths, 1, { start: 2, end: 3 }, 9)).toEqual([
      { gap: 100, key: 'gap1' },
      { col: 2 },
      { col: 3 },
      { gap: 500, key: 'gap4' },
      { col: 9 },
    ]);
    // Active column 1 before the range 5–6.
    expect(windowItems(widths, 1, { start: 5, end: 6 }, 1)).toEqual([
      { col: 1 },
      { gap: 300, key: 'gap2' },
      { col: 5 },
      { col: 6 },
    ]);
  });

  it('adds nothing for an active cell inside the range or a pinned one', () => {
    const plain = windowItems(widths, 1, { start: 1, end: 3 }, null);
    expect(windowItems(widths, 1, { start: 1, end: 3 }, 2)).toEqual(plain);
    expect(windowItems(widths, 1, { start: 1, end: 3 }, 0)).toEqual(plain);
    expect(plain).toEqual([{ col: 1 }, { col: 2 }, { col: 3 }]);
  });

  it('places every drawn column at its full-row position', () => {
    const items = windowItems(widths, 1, { start: 3, end: 5 }, 8);
    let x = SELECT_WIDTH + 200;
    for (const item of items) {
      if ('gap' in item) x += item.gap;
      else {
        expect(x).toBe(startOf(item.col));
        x += widths[item.col] ?? 0;
      }
    }
  });
});

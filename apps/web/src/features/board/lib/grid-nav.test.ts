import { describe, expect, it } from 'vitest';
import { extendsRange, isTypingKey, leavesRow, nextCell, rangeOf } from './grid-nav';

const size = { rows: 3, cols: 4 };

describe('nextCell', () => {
  it.each([
    [{ row: 1, col: 1 }, 'ArrowUp', false, { row: 0, col: 1 }],
    [{ row: 0, col: 1 }, 'ArrowUp', false, { row: 0, col: 1 }],
    [{ row: 2, col: 1 }, 'ArrowDown', false, { row: 2, col: 1 }],
    [{ row: 1, col: 0 }, 'ArrowLeft', false, { row: 1, col: 0 }],
    [{ row: 1, col: 3 }, 'ArrowRight', false, { row: 1, col: 3 }],
    [{ row: 1, col: 2 }, 'Home', false, { row: 1, col: 0 }],
    [{ row: 1, col: 2 }, 'End', false, { row: 1, col: 3 }],
    [{ row: 0, col: 3 }, 'Tab', false, { row: 1, col: 0 }],
    [{ row: 1, col: 0 }, 'Tab', true, { row: 0, col: 3 }],
    [{ row: 2, col: 3 }, 'Tab', false, { row: 2, col: 3 }],
    [{ row: 0, col: 0 }, 'PageDown', false, { row: 2, col: 0 }],
  ])('%j %s shift=%s -> %j', (pos, key, shift, expected) => {
    expect(nextCell(pos, key, shift, size)).toEqual(expected);
  });

  it('ignores other keys and empty grids', () => {
    expect(nextCell({ row: 0, col: 0 }, 'Enter', false, size)).toBeNull();
    expect(nextCell({ row: 0, col: 0 }, 'ArrowDown', false, { rows: 0, cols: 4 })).toBeNull();
  });
});

describe('leavesRow', () => {
  it('lets Tab leave from the last cell of any row, and Shift+Tab from the first', () => {
    expect(leavesRow({ row: 0, col: 3 }, false, 4)).toBe(true);
    expect(leavesRow({ row: 2, col: 3 }, false, 4)).toBe(true);
    expect(leavesRow({ row: 1, col: 0 }, true, 4)).toBe(true);
  });

  it('keeps Tab inside the row before its end', () => {
    expect(leavesRow({ row: 0, col: 2 }, false, 4)).toBe(false);
    expect(leavesRow({ row: 0, col: 0 }, false, 4)).toBe(false);
    expect(leavesRow({ row: 1, col: 1 }, true, 4)).toBe(false);
  });
});

describe('isTypingKey', () => {
  const base = { ctrlKey: false, metaKey: false, altKey: false };
  it('starts editing on printable characters only', () => {
    expect(isTypingKey({ ...base, key: 'a' })).toBe(true);
    expect(isTypingKey({ ...base, key: '7' })).toBe(true);
    expect(isTypingKey({ ...base, key: 'Enter' })).toBe(false);
    expect(isTypingKey({ ...base, key: 'c', ctrlKey: true })).toBe(false);
  });
});

describe('rangeOf', () => {
  it('spans the anchor and the active cell in any direction, and is no range on one cell', () => {
    expect(rangeOf({ row: 3, col: 1 }, { row: 1, col: 4 })).toEqual({ top: 1, bottom: 3, left: 1, right: 4 });
    expect(rangeOf({ row: 1, col: 4 }, { row: 3, col: 1 })).toEqual({ top: 1, bottom: 3, left: 1, right: 4 });
    expect(rangeOf({ row: 2, col: 2 }, { row: 2, col: 2 })).toBeNull();
    expect(rangeOf(null, { row: 2, col: 2 })).toBeNull();
  });

  it('is extended by Shift with the navigation keys, not by Shift+Tab', () => {
    expect(extendsRange({ key: 'ArrowDown', shiftKey: true })).toBe(true);
    expect(extendsRange({ key: 'End', shiftKey: true })).toBe(true);
    expect(extendsRange({ key: 'Tab', shiftKey: true })).toBe(false);
    expect(extendsRange({ key: 'ArrowDown', shiftKey: false })).toBe(false);
  });
});

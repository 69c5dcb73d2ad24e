import type { KeyboardEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { makeColumn, makeTask } from '../../lib/test-fixtures';
import { useGridKeys } from './use-grid-keys';

/** A key pressed on the grid element itself (not in an editor). */
function keyOnGrid(key: string) {
  const grid = {};
  return {
    key,
    target: grid,
    currentTarget: grid,
    shiftKey: false,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    preventDefault: vi.fn(),
  } as unknown as KeyboardEvent<HTMLDivElement> & { preventDefault: ReturnType<typeof vi.fn> };
}

function options(extra: Partial<Parameters<typeof useGridKeys>[0]> = {}) {
  return {
    rows: [makeTask()],
    columns: [makeColumn('taskName', 'title')],
    active: { row: 0, col: 0 },
    isEditing: false,
    range: null,
    setActive: vi.fn(),
    clearRange: vi.fn(),
    clearCells: vi.fn(),
    fillDown: vi.fn(),
    openMenu: vi.fn(),
    startEdit: vi.fn(),
    clearCell: vi.fn(),
    toggleRow: vi.fn(),
    openRecord: vi.fn(),
    clearSelection: vi.fn(() => true),
    moveRows: vi.fn(),
    ...extra,
  };
}

describe('keys typed for a new record', () => {
  it("reach its name while its editor is set but not focused yet (they were dropped while 'editing')", () => {
    const typeAhead = vi.fn(() => true);
    const o = options({ isEditing: true, typeAhead });
    const event = keyOnGrid('c');
    useGridKeys(o)(event);
    expect(typeAhead).toHaveBeenCalledWith(event);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(o.startEdit).not.toHaveBeenCalled();
  });

  it('leave an edit alone otherwise, and start one on a cell when nothing is on its way', () => {
    const editing = options({ isEditing: true, typeAhead: () => false });
    useGridKeys(editing)(keyOnGrid('c'));
    expect(editing.startEdit).not.toHaveBeenCalled();
    const idle = options({ typeAhead: () => false });
    useGridKeys(idle)(keyOnGrid('c'));
    expect(idle.startEdit).toHaveBeenCalledWith({ row: 0, col: 0 }, 'c');
  });
});

describe('typing on a cell', () => {
  it('opens a date cell’s editor with the typed character, as a text cell’s (not a select’s)', () => {
    const columns = [makeColumn('Due', 'date'), makeColumn('Text', 'text'), makeColumn('State', 'select')];
    const on = (col: number, key: string) => {
      const o = options({ columns, active: { row: 0, col } });
      const event = keyOnGrid(key);
      useGridKeys(o)(event);
      return { o, event };
    };
    const date = on(0, '2');
    expect(date.o.startEdit).toHaveBeenCalledWith({ row: 0, col: 0 }, '2');
    expect(date.event.preventDefault).toHaveBeenCalled();
    expect(on(1, 'a').o.startEdit).toHaveBeenCalledWith({ row: 0, col: 1 }, 'a');
    expect(on(2, 'a').o.startEdit).not.toHaveBeenCalled();
  });
});

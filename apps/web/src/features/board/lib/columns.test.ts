import type { Column, View } from '@solar/shared';
import { describe, expect, it } from 'vitest';
import {
  canEditSchema,
  columnWidth,
  insertKey,
  isEditable,
  mayChangeColumns,
  moveKey,
  orderColumns,
  visibleColumns,
} from './columns';

const col = (id: string, position: number, extra: Partial<Column> = {}): Column => ({
  id,
  label: id,
  accessor: id,
  dataType: 'text',
  icon: 'IconAlignLeft',
  position,
  ...extra,
});

const properties = {
  taskName: col('taskName', 0, { dataType: 'title' }),
  A: col('A', 1),
  B: col('B', 2),
  C: col('C', 3),
};

const view = (extra: Partial<View> = {}): View => ({
  _id: '00000000-0000-4000-8000-000000000001',
  board: 'tasks',
  projectId: null,
  userId: '00000000-0000-4000-8000-000000000002',
  name: 'v',
  viewType: 'table',
  filters: [],
  sort: [],
  hiddenProperties: [],
  groupBy: null,
  sumProperty: null,
  order: [],
  width: {},
  calculations: {},
  position: 0,
  createdAt: '',
  updatedAt: '',
  ...extra,
});

describe('orderColumns', () => {
  it('uses the board positions without a view order', () => {
    expect(orderColumns(properties).map((c) => c.id)).toEqual(['taskName', 'A', 'B', 'C']);
  });
  it('follows the view order, keeps the title first and puts unknown columns last', () => {
    expect(orderColumns(properties, ['B', 'taskName', 'A']).map((c) => c.id)).toEqual([
      'taskName',
      'B',
      'A',
      'C',
    ]);
  });
  it('leaves out the + placeholder type', () => {
    expect(orderColumns({ ...properties, X: col('X', 4, { dataType: 'null' }) })).toHaveLength(4);
  });
});

describe('visibleColumns', () => {
  it('hides the view hidden properties but never the title', () => {
    const v = view({ hiddenProperties: ['A', 'taskName'] });
    expect(visibleColumns(properties, v).map((c) => c.id)).toEqual(['taskName', 'B', 'C']);
  });
});

describe('columnWidth', () => {
  it('prefers the view width, then the column width, then the type default, within bounds', () => {
    expect(columnWidth(properties.A, view({ width: { A: 333 } }))).toBe(333);
    expect(columnWidth(col('W', 1, { width: 150 }), null)).toBe(150);
    expect(columnWidth(properties.taskName, null)).toBe(280);
    expect(columnWidth(properties.A, view({ width: { A: 5 } }))).toBe(80);
  });

  it("widens a type's default so that a long name is not cut, up to a bound, but keeps saved widths", () => {
    expect(columnWidth(col('Kosten', 1, { dataType: 'number' }), null)).toBe(120);
    expect(columnWidth(col('Aufwand (h)', 1, { dataType: 'number' }), null)).toBeGreaterThanOrEqual(140);
    expect(columnWidth(col('x'.repeat(100), 1), null)).toBe(320);
    expect(columnWidth(col('Aufwand (h)', 1, { dataType: 'number', width: 100 }), null)).toBe(100);
  });
});

describe('isEditable', () => {
  it.each([
    ['text', false, true],
    ['formula', false, false],
    ['button', false, false],
    ['text', true, false],
  ] as const)('%s synced=%s -> %s', (dataType, synced, expected) => {
    expect(isEditable(col('x', 1, { dataType, synced }))).toBe(expected);
  });
});

describe('moveKey and insertKey', () => {
  it('moves a key to the place of another', () => {
    expect(moveKey(['a', 'b', 'c', 'd'], 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
    expect(moveKey(['a', 'b', 'c', 'd'], 'd', 'b')).toEqual(['a', 'd', 'b', 'c']);
  });
  it('inserts beside an anchor', () => {
    expect(insertKey(['a', 'b'], 'x', 'b', 'left')).toEqual(['a', 'x', 'b']);
    expect(insertKey(['a', 'b'], 'x', 'a', 'right')).toEqual(['a', 'x', 'b']);
    expect(insertKey(['a'], 'x', 'zz', 'right')).toEqual(['a', 'x']);
  });
});

describe('canEditSchema', () => {
  it('lets company administrators and installers change the tasks board columns, not sales staff', () => {
    expect(mayChangeColumns('INSTALLER_ADMIN')).toBe(true);
    expect(mayChangeColumns('INSTALLER')).toBe(true);
    expect(mayChangeColumns('INSTALLER_SALES')).toBe(false);
    expect(canEditSchema('tasks', 'INSTALLER', properties.A)).toBe(true);
    expect(canEditSchema('tasks', 'INSTALLER_SALES', properties.A)).toBe(false);
    expect(canEditSchema('projects', 'INSTALLER_ADMIN', properties.A)).toBe(false);
    expect(canEditSchema('tasks', 'INSTALLER_ADMIN', { ...properties.A, locked: true })).toBe(false);
  });
});

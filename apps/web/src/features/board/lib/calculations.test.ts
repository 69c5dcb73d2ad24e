import { describe, expect, it } from 'vitest';
import {
  calculateBody,
  calculationText,
  groupCalcCells,
  percentText,
  shownCalculations,
} from './calculations';
import { makeColumn } from './test-fixtures';

const days = (n: number) => `${n} days`;

describe('shownCalculations', () => {
  it("keeps the shown columns' calculations that their types offer", () => {
    const shown = [
      makeColumn('Hours', 'number'),
      makeColumn('Status', 'status'),
      makeColumn('Done', 'checkbox'),
    ];
    expect(
      shownCalculations(
        // Status was a number column once; Hidden is not shown; Done asks what a checkbox gives.
        { Hours: 'sum', Status: 'sum', Hidden: 'countAll', Done: 'percentChecked' },
        shown,
      ),
    ).toEqual({ Hours: 'sum', Done: 'percentChecked' });
    expect(shownCalculations(undefined, shown)).toEqual({});
  });
});

describe('calculateBody', () => {
  it("asks for the view's records and groups, whatever their order", () => {
    expect(
      calculateBody(
        {
          board: 'tasks',
          projectId: null,
          filters: [{ column: 'Status', value: ['Done'] }],
          sort: [{ column: 'Hours', order: 'desc' }],
          groupBy: 'Status',
          search: 'rails',
        },
        { Hours: 'sum' },
      ),
    ).toEqual({
      board: 'tasks',
      projectId: null,
      filters: [{ column: 'Status', value: ['Done'] }],
      search: 'rails',
      groupBy: 'Status',
      calculations: { Hours: 'sum' },
    });
  });
});

describe('calculationText', () => {
  const hours = makeColumn('Hours', 'number');
  it('writes counts, shares and amounts in the language', () => {
    expect(calculationText('countValues', 12345, hours, 'de', days)).toBe('12.345');
    expect(calculationText('sum', 1234.5, hours, 'de', days)).toBe('1.234,50');
    expect(calculationText('average', 5, hours, 'en', days)).toBe('5');
    expect(calculationText('percentFilled', 100 / 3, hours, 'de', days)).toBe('33,3\u00a0%');
    expect(calculationText('percentChecked', 50, makeColumn('Done', 'checkbox'), 'en', days)).toBe('50%');
    expect(calculationText('median', null, hours, 'en', days)).toBe('–');
  });

  it('writes dates and times as the column shows them, and a range in days', () => {
    const due = makeColumn('Due', 'date');
    expect(calculationText('earliest', '2026-01-10', due, 'de', days)).toBe('10.01.2026');
    expect(calculationText('dateRange', 50, due, 'en', days)).toBe('50 days');
    const created = makeColumn('Created', 'createdTime');
    expect(calculationText('latest', '2026-03-01T10:00:00.000Z', created, 'en', days)).toMatch(/2026/);
  });
});

describe('percentText', () => {
  it('rounds to one decimal and drops a zero one', () => {
    expect(percentText(66.666, 'en')).toBe('66.7%');
    expect(percentText(25, 'es')).toBe('25\u00a0%');
  });
});

describe('groupCalcCells', () => {
  it("places each calculated column after the checkbox column and the columns before it, the name's aside", () => {
    const shown = [
      makeColumn('taskName', 'title'),
      makeColumn('Status', 'status'),
      makeColumn('Hours', 'number'),
    ];
    const cells = groupCalcCells(shown, [300, 150, 120], { taskName: 'countAll', Hours: 'sum' });
    expect(
      cells.map(({ column, col, left, width, calc }) => ({ key: column.id, col, left, width, calc })),
    ).toEqual([{ key: 'Hours', col: 2, left: 44 + 300 + 150, width: 120, calc: 'sum' }]);
  });
});

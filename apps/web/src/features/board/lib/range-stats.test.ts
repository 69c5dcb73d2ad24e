import { describe, expect, it } from 'vitest';
import { rangeStats } from './range-stats';
import { makeColumn, makeTask } from './test-fixtures';

describe('rangeStats', () => {
  const columns = [
    makeColumn('taskName', 'title'),
    makeColumn('Hours', 'number'),
    makeColumn('Note', 'text'),
  ];
  const rows = [
    makeTask({ Hours: 2, Note: '5' }, { taskName: 'a' }),
    makeTask({ Hours: 4.5 }, { taskName: 'b' }),
    makeTask({ Hours: null, Note: '' }, { taskName: 'c' }),
  ];

  it('counts the filled cells and sums the numbers of the range', () => {
    expect(rangeStats(rows, columns, { top: 0, bottom: 2, left: 0, right: 2 })).toEqual({
      count: 6,
      numbers: 2,
      sum: 6.5,
      average: 3.25,
    });
  });

  it('reads a number typed into a text cell as text, and has no mean without numbers', () => {
    expect(rangeStats(rows, columns, { top: 0, bottom: 2, left: 2, right: 2 })).toEqual({
      count: 1,
      numbers: 0,
      sum: 0,
      average: null,
    });
  });

  it('leaves out rows and columns it does not have', () => {
    expect(rangeStats(rows, columns, { top: 1, bottom: 9, left: 1, right: 9 })).toEqual({
      count: 1,
      numbers: 1,
      sum: 4.5,
      average: 4.5,
    });
  });
});

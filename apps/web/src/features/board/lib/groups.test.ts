import { describe, expect, it } from 'vitest';
import { bucketTasks, shiftGroups } from './groups';
import { makeColumn, makeTask } from './test-fixtures';

const status = makeColumn('Status', 'status', {
  options: [
    { value: 'Todo', label: 'To do', backgroundColor: '#eee' },
    { value: 'Done', label: 'Done', backgroundColor: '#dfd' },
  ],
});

describe('bucketTasks', () => {
  const tasks = [makeTask({ Status: 'Done' }), makeTask({ Status: 'Odd' }), makeTask({})];
  it('orders groups by the options, then unknown values, then no value', () => {
    const buckets = bucketTasks(tasks, status, [], true);
    expect(buckets.map((b) => [b.key, b.label, b.tasks.length])).toEqual([
      ['Todo', 'To do', 0],
      ['Done', 'Done', 1],
      ['Odd', 'Odd', 1],
      ['', '', 1],
    ]);
  });
  it('takes counts and sums from the server and drops empty groups when asked', () => {
    const buckets = bucketTasks(tasks, status, [{ value: 'Done', count: 7, sum: 12 }], false);
    expect(buckets.map((b) => [b.key, b.count, b.sum])).toEqual([
      ['Done', 7, 12],
      ['Odd', 1, null],
      ['', 1, null],
    ]);
  });
});

describe('shiftGroups', () => {
  const groups = [
    { value: 'Todo', count: 2, sum: 5 },
    { value: 'Done', count: 1, sum: 1 },
  ];
  it('moves a record between groups with its summed value', () => {
    expect(shiftGroups(groups, { value: 'Todo', sum: 3 }, { value: 'Done', sum: 3 }, true)).toEqual([
      { value: 'Todo', count: 1, sum: 2 },
      { value: 'Done', count: 2, sum: 4 },
    ]);
  });
  it('adds a group that was not there and leaves sums alone when nothing is summed', () => {
    expect(
      shiftGroups([{ value: 'Todo', count: 1, sum: null }], null, { value: null, sum: 0 }, false),
    ).toEqual([
      { value: 'Todo', count: 1, sum: null },
      { value: null, count: 1, sum: null },
    ]);
  });
});

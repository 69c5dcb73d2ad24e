import { describe, expect, it } from 'vitest';
import { gridEntries } from './grid-entries';
import { makeColumn, makeTask } from './test-fixtures';

const status = makeColumn('Status', 'status', {
  options: [
    { value: 'A', label: 'A', backgroundColor: '#fff' },
    { value: 'B', label: 'B', backgroundColor: '#fff' },
  ],
});

describe('gridEntries', () => {
  const tasks = [makeTask({ Status: 'B' }), makeTask({ Status: 'A' }), makeTask({ Status: 'B' })];

  it('lists records in order without grouping', () => {
    const { entries, rows } = gridEntries(tasks, null, [], new Set());
    expect(entries.map((e) => e.kind)).toEqual(['row', 'row', 'row']);
    expect(rows).toEqual(tasks);
  });

  it('puts records under their group headers and skips collapsed groups', () => {
    const { entries, rows } = gridEntries(tasks, status, [], new Set(['B']));
    expect(entries.map((e) => (e.kind === 'group' ? `g:${e.bucket.key}` : `r:${e.row}`))).toEqual([
      'g:A',
      'r:0',
      'g:B',
    ]);
    expect(rows).toEqual([tasks[1]]);
  });
});

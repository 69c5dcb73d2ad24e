import { describe, expect, it } from 'vitest';
import { renameCells } from './task-cache';
import { makeTask, makeView } from './test-fixtures';
import { renameViewRefs } from './view-refs';

describe('renameViewRefs', () => {
  it('renames every setting that names the property, and only those', () => {
    const view = makeView({
      order: ['A', 'B'],
      hiddenProperties: ['A'],
      width: { A: 120 },
      filters: [{ column: 'A', value: 'x' }],
      sort: [{ column: 'B', order: 'asc' }],
      groupBy: 'A',
      sumProperty: null,
    });
    expect(renameViewRefs(view, 'A', 'Z')).toEqual({
      order: ['Z', 'B'],
      hiddenProperties: ['Z'],
      width: { Z: 120 },
      filters: [{ column: 'Z', value: 'x' }],
      groupBy: 'Z',
    });
    expect(renameViewRefs(view, 'Q', 'Z')).toEqual({});
  });
});

describe('renameCells', () => {
  it('moves each record cell to the new key', () => {
    const task = makeTask({ A: 'x', B: 'y' });
    const data = {
      pageParams: [1],
      pages: [
        {
          tasks: [task],
          pagination: { page: 1, limit: 1, total: 1, totalPages: 1, hasNextPage: false },
          groups: [],
          related: {},
        },
      ],
    };
    const props = renameCells(data, 'A', 'Z').pages[0]?.tasks[0]?.properties;
    expect(Object.keys(props ?? {})).toEqual(['B', 'Z']);
    expect(props?.Z?.value).toBe('x');
  });
});

import { describe, expect, it } from 'vitest';
import {
  findTask,
  flattenTasks,
  insertTask,
  patchTask,
  removeTasks,
  replaceTask,
  type TaskPages,
} from './task-cache';
import { makeTask } from './test-fixtures';

const a = makeTask({ Status: 'Todo', Hours: 2 });
const b = makeTask({ Status: 'Done', Hours: 3 });
const c = makeTask({ Status: 'Todo', Hours: 1 });
const body = { groupBy: 'Status', sumProperty: 'Hours' };

function pages(): TaskPages {
  const pagination = { page: 1, limit: 2, total: 3, totalPages: 2, hasNextPage: true };
  const groups = [
    { value: 'Todo', count: 2, sum: 3 },
    { value: 'Done', count: 1, sum: 3 },
  ];
  return {
    pageParams: [1, 2],
    pages: [
      { tasks: [a, b], pagination, groups, related: {} },
      { tasks: [c], pagination: { ...pagination, page: 2, hasNextPage: false }, groups, related: {} },
    ],
  };
}

describe('task cache', () => {
  it('replaces a record and moves its group count and sum', () => {
    const moved = patchTask(a, 'Status', 'Done', 'status', '');
    const next = replaceTask(pages(), body, moved);
    expect(findTask(next, a._id)?.properties.Status?.value).toBe('Done');
    expect(next.pages[0]?.groups).toEqual([
      { value: 'Todo', count: 1, sum: 1 },
      { value: 'Done', count: 2, sum: 5 },
    ]);
  });

  it('leaves the cache alone for a record it does not hold', () => {
    const data = pages();
    expect(replaceTask(data, body, makeTask())).toBe(data);
  });

  it('removes records and lowers the total', () => {
    const next = removeTasks(pages(), body, [a._id, c._id]);
    expect(flattenTasks(next).map((t) => t._id)).toEqual([b._id]);
    expect(next.pages[1]?.pagination.total).toBe(1);
    expect(next.pages[0]?.groups[0]).toEqual({ value: 'Todo', count: 0, sum: 0 });
  });

  it('inserts a record after another one, first (null), or at the end', () => {
    const d = makeTask({ Status: 'Done' });
    const e = makeTask({});
    const next = insertTask(insertTask(pages(), body, d, a._id), body, e);
    expect(flattenTasks(next).map((t) => t._id)).toEqual([a._id, d._id, b._id, c._id, e._id]);
    expect(next.pages[0]?.pagination.total).toBe(5);
    const first = makeTask({});
    expect(flattenTasks(insertTask(next, body, first, null))[0]?._id).toBe(first._id);
  });

  it('patches the title and a cell', () => {
    expect(patchTask(a, 'taskName', 'New', 'title', '').taskName).toBe('New');
    expect(patchTask(a, 'Fresh', 5, 'number', 'IconHash').properties.Fresh).toEqual({
      type: 'number',
      icon: 'IconHash',
      value: 5,
    });
  });
});

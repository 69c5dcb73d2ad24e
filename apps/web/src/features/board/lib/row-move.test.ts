import type { Task } from '@solar/shared';
import { describe, expect, it } from 'vitest';
import { gridEntries } from './grid-entries';
import {
  besideTarget,
  dropTarget,
  movedList,
  moveInList,
  moveInPages,
  movingIds,
  stepTarget,
} from './row-move';
import type { TaskPages } from './task-cache';
import { makeColumn, makeTask } from './test-fixtures';

const status = makeColumn('Status', 'status', {
  options: [
    { value: 'Todo', label: 'To do', backgroundColor: '#eee' },
    { value: 'Done', label: 'Done', backgroundColor: '#dfd' },
  ],
});

const named = (name: string, Status?: string) => makeTask(Status ? { Status } : {}, { taskName: name });
const [a, b, c, d] = [named('a'), named('b'), named('c'), named('d')] as [Task, Task, Task, Task];
const flat = gridEntries([a, b, c, d], null, [], new Set()).entries;
// Grouped: To do holds t1, t2, t3; Done holds d1, d2 (entries: [Todo, t1, t2, t3, Done, d1, d2]).
const [t1, t2, t3, d1, d2] = [
  named('t1', 'Todo'),
  named('t2', 'Todo'),
  named('t3', 'Todo'),
  named('d1', 'Done'),
  named('d2', 'Done'),
] as [Task, Task, Task, Task, Task];
const grouped = gridEntries([t1, d1, t2, d2, t3], status, [], new Set()).entries;

const names = (list: readonly Task[] | null) => list?.map((t) => t.taskName);

describe('dropTarget', () => {
  it('names the record the dropped ones follow, or null for the top', () => {
    expect(dropTarget(flat, 0, [c._id])).toEqual({ afterId: null });
    expect(dropTarget(flat, 1, [c._id])).toEqual({ afterId: a._id });
    expect(dropTarget(flat, 4, [a._id])).toEqual({ afterId: d._id });
  });

  it('answers null where nothing would move', () => {
    // Just above or just below itself.
    expect(dropTarget(flat, 2, [c._id])).toBeNull();
    expect(dropTarget(flat, 3, [c._id])).toBeNull();
    // Two records already one after the other, dropped between them.
    expect(dropTarget(flat, 2, [b._id, c._id])).toBeNull();
  });

  it('skips the moved records above the gap', () => {
    // [a, b, c, d]: b and d dropped below b follow a (b is moved itself).
    expect(dropTarget(flat, 2, [b._id, d._id])).toEqual({ afterId: a._id });
  });

  it('keeps records in their group: first of the group, after a record of it, never another group', () => {
    expect(dropTarget(grouped, 1, [t3._id])).toEqual({ afterId: null });
    expect(dropTarget(grouped, 2, [t3._id])).toEqual({ afterId: t1._id });
    // Into Done, or above the first group header: refused.
    expect(dropTarget(grouped, 6, [t3._id])).toBeNull();
    expect(dropTarget(grouped, 5, [t3._id])).toBeNull();
    expect(dropTarget(grouped, 0, [t3._id])).toBeNull();
    // The gap before the Done header is the end of To do.
    expect(dropTarget(grouped, 4, [t1._id])).toEqual({ afterId: t3._id });
  });
});

describe('stepTarget', () => {
  it('moves one row up or down, and nothing at the edges', () => {
    expect(stepTarget(flat, [c._id], -1)).toEqual({ afterId: a._id });
    expect(stepTarget(flat, [b._id], -1)).toEqual({ afterId: null });
    expect(stepTarget(flat, [a._id], -1)).toBeNull();
    expect(stepTarget(flat, [b._id], 1)).toEqual({ afterId: c._id });
    expect(stepTarget(flat, [d._id], 1)).toBeNull();
  });

  it('moves a block as one and stays inside the group', () => {
    expect(stepTarget(flat, [b._id, c._id], 1)).toEqual({ afterId: d._id });
    expect(stepTarget(grouped, [t3._id], 1)).toBeNull();
    expect(stepTarget(grouped, [d1._id], -1)).toBeNull();
    expect(stepTarget(grouped, [t2._id], -1)).toEqual({ afterId: null });
    expect(stepTarget(grouped, [d1._id], 1)).toEqual({ afterId: d2._id });
  });
});

describe('movingIds', () => {
  it('takes the selection in the order shown when the dragged record is part of it', () => {
    expect(movingIds(flat, c, { [d._id]: true, [a._id]: true })).toEqual([c._id]);
    expect(movingIds(flat, c, { [d._id]: true, [c._id]: true, [a._id]: true })).toEqual([
      a._id,
      c._id,
      d._id,
    ]);
  });

  it('moves the dragged record alone when the selection spans groups', () => {
    expect(movingIds(grouped, t1, { [t1._id]: true, [d1._id]: true })).toEqual([t1._id]);
    expect(movingIds(grouped, t1, { [t1._id]: true, [t3._id]: true })).toEqual([t1._id, t3._id]);
  });
});

describe('moveInList and moveInPages', () => {
  it('puts the records after another, in the order given', () => {
    expect(names(moveInList([a, b, c, d], [d._id, b._id], a._id))).toEqual(['a', 'd', 'b', 'c']);
    expect(names(moveInList([a, b, c, d], [c._id], null))).toEqual(['c', 'a', 'b', 'd']);
    expect(moveInList([a, b, c], [c._id], d._id)).toBeNull();
  });

  it('keeps each page its length, and a list without the records as it was', () => {
    const page = (tasks: Task[]) => ({
      tasks,
      groups: [],
      related: {},
      pagination: { page: 1, limit: 2, total: 4, hasNextPage: false },
    });
    const data = { pages: [page([a, b]), page([c, d])], pageParams: [0, 1] } as unknown as TaskPages;
    const moved = moveInPages(data, [d._id], null);
    expect(moved?.pages.map((p) => names(p.tasks))).toEqual([
      ['d', 'a'],
      ['b', 'c'],
    ]);
    const other = { pages: [page([a])], pageParams: [0] } as unknown as TaskPages;
    expect(moveInPages(other, [d._id], a._id)).toBe(other);
    expect(moveInPages(data, [a._id], '00000000-0000-4000-8000-999999999999')).toBeNull();
  });
});

describe('movedList', () => {
  const data = {
    pages: [
      {
        tasks: [a, b, c],
        groups: [],
        related: {},
        pagination: { page: 1, limit: 3, total: 3, hasNextPage: false },
      },
    ],
    pageParams: [0],
  } as unknown as TaskPages;
  const moved = (body: object, groupBy: string | null = 'Status') =>
    names(movedList(data, body, groupBy, [c._id], null)?.pages[0]?.tasks ?? null);

  it('moves the records in lists in the board order, ungrouped or grouped as the view', () => {
    expect(moved({})).toEqual(['c', 'a', 'b']);
    expect(moved({ groupBy: 'Status' })).toEqual(['c', 'a', 'b']);
  });

  it('leaves sorted lists, lists grouped otherwise and the bin to load again', () => {
    expect(moved({ sort: [{ column: 'taskName', order: 'asc' }] })).toBeUndefined();
    expect(moved({ groupBy: 'Priority' })).toBeUndefined();
    expect(moved({ deleted: true })).toBeUndefined();
  });
});

describe('besideTarget', () => {
  it('puts a card after the card it lands below, or after the one above the card it lands above', () => {
    // Its own column [a, b, c, d]: d above b follows a; a below c follows c; b above a goes first.
    expect(besideTarget([a, b, c, d], d._id, b._id, 'before')).toEqual({ afterId: a._id });
    expect(besideTarget([a, b, c, d], a._id, c._id, 'after')).toEqual({ afterId: c._id });
    expect(besideTarget([a, b, c, d], b._id, a._id, 'before')).toEqual({ afterId: null });
    // From another column: the card is not among these.
    expect(besideTarget([t1, t2], d1._id, t2._id, 'before')).toEqual({ afterId: t1._id });
  });

  it('answers null where the card already is', () => {
    expect(besideTarget([a, b, c, d], b._id, c._id, 'before')).toBeNull();
    expect(besideTarget([a, b, c, d], b._id, a._id, 'after')).toBeNull();
  });
});

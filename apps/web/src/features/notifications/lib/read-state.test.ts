import type { Notification } from '@solar/shared';
import { describe, expect, it } from 'vitest';
import { markReadInPages, type NotificationPages, unreadAfter } from './read-state';

const note = (id: number, readAt: string | null = null): Notification => ({
  id,
  kind: 'task_assigned',
  at: '2026-03-12T10:00:00.000Z',
  readAt,
  actor: null,
  board: 'tasks',
  recordId: null,
  projectId: null,
  title: `Record ${id}`,
  property: null,
  count: null,
  customerName: null,
  excerpt: null,
  value: null,
});

/** Two pages, newest first: 5 4 3 (3 read) and 2 1. */
const pages = (): NotificationPages => ({
  pages: [
    { docs: [note(5), note(4), note(3, '2026-03-12T11:00:00.000Z')], nextCursor: 3, unread: 4 },
    { docs: [note(2), note(1)], nextCursor: null, unread: 4 },
  ],
  pageParams: [null, 3],
});
const AT = '2026-03-12T12:00:00.000Z';
const readIds = (data: NotificationPages) =>
  data.pages.flatMap((p) => p.docs.filter((d) => d.readAt !== null).map((d) => d.id));

describe('markReadInPages', () => {
  it('marks the named notifications read, on whichever page they are', () => {
    const before = pages();
    const after = markReadInPages(before, { ids: [4, 1] }, AT);
    expect(readIds(after)).toEqual([4, 3, 1]);
    expect(after.pages[0]?.docs[1]?.readAt).toBe(AT);
    // What did not change keeps its identity (React renders only what changed).
    expect(after.pages[0]?.docs[0]).toBe(before.pages[0]?.docs[0]);
    expect(after.pageParams).toBe(before.pageParams);
  });

  it('marks every one with `all`, and keeps the time an entry was read before', () => {
    const after = markReadInPages(pages(), { all: true }, AT);
    expect(readIds(after)).toEqual([5, 4, 3, 2, 1]);
    expect(after.pages[0]?.docs[2]?.readAt).toBe('2026-03-12T11:00:00.000Z');
  });

  it('answers the same data when nothing changes', () => {
    const before = pages();
    expect(markReadInPages(before, { ids: [3, 99] }, AT)).toBe(before);
  });
});

describe('unreadAfter', () => {
  it('counts down by the named ones the lists show unread, each once', () => {
    const all = pages();
    const unreadOnly = pages();
    expect(unreadAfter(4, [all, unreadOnly], { ids: [5, 2] })).toBe(2);
    // Read already (3) or in no list (99): not counted.
    expect(unreadAfter(4, [all], { ids: [3, 99] })).toBe(4);
    expect(unreadAfter(4, [undefined], { ids: [5] })).toBe(4);
  });

  it('is 0 after `all`, and never below 0', () => {
    expect(unreadAfter(17, [pages()], { all: true })).toBe(0);
    expect(unreadAfter(1, [pages()], { ids: [5, 4, 2] })).toBe(0);
  });
});

describe('a record or project opened', () => {
  it('marks the notifications of that record or project, and counts them off', () => {
    const data: NotificationPages = {
      pages: [
        {
          docs: [
            { ...note(3), recordId: 'r1' },
            { ...note(2), kind: 'project_assigned', projectId: 'p1' },
            { ...note(1), recordId: 'r2' },
          ],
          nextCursor: null,
          unread: 3,
        },
      ],
      pageParams: [null],
    };
    const byRecord = markReadInPages(data, { recordId: 'r1' }, AT);
    expect(byRecord.pages[0]?.docs.map((d) => d.readAt)).toEqual([AT, null, null]);
    expect(unreadAfter(3, [data], { recordId: 'r1' })).toBe(2);
    expect(unreadAfter(3, [data], { projectId: 'p1' })).toBe(2);
    expect(unreadAfter(3, [data], { recordId: 'elsewhere' })).toBe(3);
  });
});

import type { Column, Task, TaskGroup } from '@solar/shared';
import { type Bucket, bucketTasks } from './groups';

/** One line of the virtual grid: a group header or a record. */
export type GridEntry =
  | { kind: 'group'; bucket: Bucket; collapsed: boolean }
  | { kind: 'row'; task: Task; row: number };

/**
 * The grid's lines: records, in sections per group when grouped (a collapsed section keeps only its
 * header). `rows` are the records shown, in order: the keyboard moves over them.
 */
export function gridEntries(
  tasks: readonly Task[],
  groupColumn: Column | null,
  groups: readonly TaskGroup[],
  collapsed: ReadonlySet<string>,
): { entries: GridEntry[]; rows: Task[] } {
  const entries: GridEntry[] = [];
  const rows: Task[] = [];
  const addRows = (list: readonly Task[]) => {
    for (const task of list) {
      entries.push({ kind: 'row', task, row: rows.length });
      rows.push(task);
    }
  };
  if (!groupColumn) {
    addRows(tasks);
    return { entries, rows };
  }
  for (const bucket of bucketTasks(tasks, groupColumn, groups, false)) {
    const isCollapsed = collapsed.has(bucket.key);
    entries.push({ kind: 'group', bucket, collapsed: isCollapsed });
    if (!isCollapsed) addRows(bucket.tasks);
  }
  return { entries, rows };
}

import type { Task, TaskFilterRequest } from '@solar/shared';
import type { GridEntry } from './grid-entries';
import type { TaskPages } from './task-cache';

/**
 * Rows ordered by hand (docs/board.md, "Ordering rows by hand"): where records go is told to the API
 * as the record they follow (`afterId`; null puts them first on the board, so first in any view and
 * any group of it). In a grouped table records move inside their group only: a move to another group
 * would change a value, which is the cell's (or the kanban's) job.
 */

/** Where moved records go: after this record, or first (null). */
export interface MoveTarget {
  afterId: string | null;
}

/** The group key of each grid entry ('' before any group header, and for every entry ungrouped). */
export function entryGroups(entries: readonly GridEntry[]): string[] {
  let group = '';
  return entries.map((e) => {
    if (e.kind === 'group') group = e.bucket.key;
    return group;
  });
}

/**
 * The records a drag of `task` moves: the selected ones in the order shown when the task is one of
 * them (and, grouped, all of them are in its group), else the task alone.
 */
export function movingIds(
  entries: readonly GridEntry[],
  task: Task,
  selected: Readonly<Record<string, boolean>>,
): string[] {
  if (!selected[task._id]) return [task._id];
  const groups = entryGroups(entries);
  const at = entries.findIndex((e) => e.kind === 'row' && e.task._id === task._id);
  const ids: string[] = [];
  for (const [i, e] of entries.entries()) {
    if (e.kind !== 'row' || !selected[e.task._id]) continue;
    if (groups[i] !== groups[at]) return [task._id];
    ids.push(e.task._id);
  }
  return ids;
}

/**
 * The target of a drop in the gap before `entries[gap]` (`entries.length`: after the last), or null
 * where the records cannot go (another group, above the first group) or would not move.
 */
export function dropTarget(
  entries: readonly GridEntry[],
  gap: number,
  ids: readonly string[],
): MoveTarget | null {
  const moving = new Set(ids);
  const groups = entryGroups(entries);
  const first = entries.findIndex((e) => e.kind === 'row' && moving.has(e.task._id));
  if (first < 0 || gap < 0 || gap > entries.length) return null;
  const grouped = entries.some((e) => e.kind === 'group');
  // The entry above the gap decides the group: a record of it, or its header (first of the group).
  let afterId: string | null = null;
  let i = gap - 1;
  for (; i >= 0; i--) {
    const e = entries[i] as GridEntry;
    if (e.kind === 'group') break;
    if (!moving.has(e.task._id)) {
      afterId = e.task._id;
      break;
    }
  }
  if (grouped && (i < 0 || groups[i] !== groups[first])) return null;
  // Nothing moves when the records already follow that record, one after another.
  const shown = entries.flatMap((e, k) =>
    e.kind === 'row' && groups[k] === groups[first] ? [e.task._id] : [],
  );
  const start = afterId === null ? 0 : shown.indexOf(afterId) + 1;
  if (ids.every((id, k) => shown[start + k] === id)) return null;
  return { afterId };
}

/**
 * Alt+↑ / Alt+↓: the records one row up or down inside their group (they close up behind the first
 * one when they were apart); null at the group's edge.
 */
export function stepTarget(
  entries: readonly GridEntry[],
  ids: readonly string[],
  direction: -1 | 1,
): MoveTarget | null {
  const moving = new Set(ids);
  const groups = entryGroups(entries);
  const at = entries.flatMap((e, k) => (e.kind === 'row' && moving.has(e.task._id) ? [k] : []));
  if (at.length === 0) return null;
  const group = groups[at[0] as number];
  const rows = entries.flatMap((e, k) =>
    e.kind === 'row' && groups[k] === group && !moving.has(e.task._id) ? [{ id: e.task._id, k }] : [],
  );
  if (direction === -1) {
    // The record just above the first moved one: the moved ones go before it.
    const above = rows.filter((r) => r.k < (at[0] as number));
    if (above.length === 0) return null;
    return { afterId: above[above.length - 2]?.id ?? null };
  }
  const below = rows.find((r) => r.k > (at[at.length - 1] as number));
  return below ? { afterId: below.id } : null;
}

/**
 * A kanban card dropped above or below another card: it follows that card, or the card above it
 * (null: first), among the target column's cards as shown; null when that is where it already is.
 */
export function besideTarget(
  column: readonly Task[],
  id: string,
  besideId: string,
  side: 'before' | 'after',
): MoveTarget | null {
  const others = column.filter((c) => c._id !== id);
  const index = others.findIndex((c) => c._id === besideId);
  const afterId = side === 'after' ? besideId : (others[index - 1]?._id ?? null);
  const was = column.findIndex((c) => c._id === id);
  if (was >= 0 && (column[was - 1]?._id ?? null) === afterId) return null;
  return { afterId };
}

/** A list with `ids` taken out and put after `afterId` (null: first), in the order of `ids`. */
export function moveInList(
  tasks: readonly Task[],
  ids: readonly string[],
  afterId: string | null,
): Task[] | null {
  const moving = new Set(ids);
  const moved = ids.flatMap((id) => tasks.find((t) => t._id === id) ?? []);
  if (moved.length === 0) return [...tasks];
  const rest = tasks.filter((t) => !moving.has(t._id));
  const at = afterId === null ? 0 : rest.findIndex((t) => t._id === afterId) + 1;
  if (at === 0 && afterId !== null) return null;
  return [...rest.slice(0, at), ...moved, ...rest.slice(at)];
}

/**
 * The loaded pages with the records moved, each page keeping its length (a record crossing a page
 * border shifts the records between), or null when the list does not hold `afterId` (it is loaded
 * again instead).
 */
export function moveInPages(
  data: TaskPages,
  ids: readonly string[],
  afterId: string | null,
): TaskPages | null {
  const all = data.pages.flatMap((p) => p.tasks);
  if (!all.some((t) => ids.includes(t._id))) return data;
  const moved = moveInList(all, ids, afterId);
  if (!moved) return null;
  let start = 0;
  const pages = data.pages.map((p) => {
    const tasks = moved.slice(start, start + p.tasks.length);
    start += p.tasks.length;
    return { ...p, tasks };
  });
  return { ...data, pages };
}

/**
 * A cached list after a move made in a view grouped by `groupBy`, or null when it is to load again:
 * a list in the board's order, ungrouped or grouped the same way (the records stayed in their group),
 * holding the record they follow.
 */
export function movedList(
  data: TaskPages,
  body: Pick<TaskFilterRequest, 'sort' | 'groupBy' | 'deleted'>,
  groupBy: string | null | undefined,
  ids: readonly string[],
  afterId: string | null,
): TaskPages | null {
  const ordered =
    !body.deleted && (body.sort?.length ?? 0) === 0 && (!body.groupBy || body.groupBy === groupBy);
  return ordered ? moveInPages(data, ids, afterId) : null;
}

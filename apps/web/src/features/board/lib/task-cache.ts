import type { Task, TaskFilterRequest, TaskFilterResponse } from '@solar/shared';
import type { InfiniteData } from '@tanstack/react-query';
import { groupValueOf, numberOf, shiftGroups } from './groups';

/** One page of `/task/filter`. */
export type TaskPage = TaskFilterResponse['data'];
export type TaskPages = InfiniteData<TaskPage, unknown>;
type GroupingOf = Pick<TaskFilterRequest, 'groupBy' | 'sumProperty'>;

function groupPoint(task: Task, body: GroupingOf) {
  return body.groupBy
    ? { value: groupValueOf(task, body.groupBy), sum: numberOf(task, body.sumProperty) }
    : null;
}

function withGroups(data: TaskPages, body: GroupingOf, before: Task | null, after: Task | null): TaskPages {
  if (!body.groupBy) return data;
  const from = before ? groupPoint(before, body) : null;
  const to = after ? groupPoint(after, body) : null;
  if (from && to && from.value === to.value && from.sum === to.sum) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({ ...p, groups: shiftGroups(p.groups, from, to, !!body.sumProperty) })),
  };
}

function withTotal(data: TaskPages, delta: number): TaskPages {
  if (delta === 0) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      pagination: { ...p.pagination, total: Math.max(0, p.pagination.total + delta) },
    })),
  };
}

export function findTask(data: TaskPages | undefined, id: string): Task | undefined {
  for (const page of data?.pages ?? []) {
    const task = page.tasks.find((t) => t._id === id);
    if (task) return task;
  }
  return undefined;
}

/** The cache with a record replaced (group counts and sums follow); unchanged when it is not there. */
export function replaceTask(data: TaskPages, body: GroupingOf, task: Task): TaskPages {
  const before = findTask(data, task._id);
  if (!before) return data;
  const pages = data.pages.map((p) =>
    p.tasks.some((t) => t._id === task._id)
      ? { ...p, tasks: p.tasks.map((t) => (t._id === task._id ? task : t)) }
      : p,
  );
  return withGroups({ ...data, pages }, body, before, task);
}

/** The cache without these records (group counts and the total follow). */
export function removeTasks(data: TaskPages, body: GroupingOf, ids: readonly string[]): TaskPages {
  const gone = new Set(ids);
  let next = data;
  let removed = 0;
  for (const id of gone) {
    const task = findTask(next, id);
    if (!task) continue;
    removed += 1;
    next = withGroups(next, body, task, null);
  }
  if (removed === 0) return data;
  const pages = next.pages.map((p) => ({ ...p, tasks: p.tasks.filter((t) => !gone.has(t._id)) }));
  return withTotal({ ...next, pages }, -removed);
}

/**
 * The cache with a new record after `afterId`, first for `null` (else at the end of the loaded
 * records).
 */
export function insertTask(
  data: TaskPages,
  body: GroupingOf,
  task: Task,
  afterId?: string | null,
): TaskPages {
  if (findTask(data, task._id)) return replaceTask(data, body, task);
  const lastPage = data.pages.length - 1;
  const at = afterId ? data.pages.findIndex((p) => p.tasks.some((t) => t._id === afterId)) : -1;
  const pageIndex = afterId === null ? 0 : at >= 0 ? at : lastPage;
  const pages = data.pages.map((p, i) => {
    if (i !== pageIndex) return p;
    const tasks = [...p.tasks];
    const after = afterId
      ? tasks.findIndex((t) => t._id === afterId)
      : afterId === null
        ? -1
        : tasks.length - 1;
    tasks.splice(after + 1, 0, task);
    return { ...p, tasks };
  });
  if (pageIndex < 0) return data;
  return withTotal(withGroups({ ...data, pages }, body, null, task), 1);
}

/** A record with one cell's value replaced (the optimistic change before the server answers). */
export function patchTask(
  task: Task,
  key: string,
  value: unknown,
  type: Task['properties'][string]['type'],
  icon: string,
): Task {
  if (key === 'taskName') return { ...task, taskName: typeof value === 'string' ? value : '' };
  const cell = task.properties[key];
  return {
    ...task,
    properties: {
      ...task.properties,
      [key]: { ...(cell ?? { type, icon }), type, icon: cell?.icon ?? icon, value },
    },
  };
}

/** All records of the loaded pages, in order. */
export const flattenTasks = (data: TaskPages | undefined): Task[] =>
  data?.pages.flatMap((p) => p.tasks) ?? [];

/** The cache with every record's cell moved from one key to another (a property renamed). */
export function renameCells(data: TaskPages, from: string, to: string): TaskPages {
  if (from === to) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      tasks: p.tasks.map((task) => {
        const cell = task.properties[from];
        if (!cell) return task;
        const { [from]: _old, ...rest } = task.properties;
        return { ...task, properties: { ...rest, [to]: cell } };
      }),
    })),
  };
}

/** The cache knowing more related-record titles (records just linked in a relation cell). */
export function addRelated(data: TaskPages, titles: Record<string, string>): TaskPages {
  return { ...data, pages: data.pages.map((p) => ({ ...p, related: { ...p.related, ...titles } })) };
}

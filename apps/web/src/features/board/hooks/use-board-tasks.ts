import { rowPasses, type TaskFilterRequest, type ViewFilter } from '@solar/shared';
import { useMemo } from 'react';
import { useBoardTasks } from '../api/tasks-api';
import { flattenTasks } from '../lib/task-cache';

/**
 * The records of the current filter, page by page, with the SPEC §5 filter rule applied again on the
 * client: a record edited so that it no longer passes leaves at once, before the server is asked again.
 */
export function useFilteredTasks(body: TaskFilterRequest, filters: readonly ViewFilter[]) {
  const query = useBoardTasks(body, true);
  const all = useMemo(() => flattenTasks(query.data), [query.data]);
  const search = body.search?.trim().toLowerCase() ?? '';
  const tasks = useMemo(
    () => all.filter((t) => rowPasses(t, filters) && (!search || t.taskName.toLowerCase().includes(search))),
    [all, filters, search],
  );
  const pages = query.data?.pages ?? [];
  const last = pages[pages.length - 1];
  const related = useMemo(
    () => Object.assign({}, ...pages.map((p) => p.related)) as Record<string, string>,
    [pages],
  );
  return {
    query,
    all,
    tasks,
    groups: last?.groups ?? [],
    related,
    total: Math.max(0, (last?.pagination.total ?? 0) - (all.length - tasks.length)),
  };
}

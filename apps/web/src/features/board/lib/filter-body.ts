import type { Board, Column, TaskFilterRequest, View, ViewType } from '@solar/shared';
import { isGroupable, isSummable } from './columns';

/** Where the board is: `/projects`, `/tasks`, or `/tasks?projectId=` (one project's tasks). */
export interface BoardScope {
  board: Board;
  projectId: string | null;
}

export const layoutOf = (view: View | null): ViewType => view?.viewType ?? 'table';

/**
 * The grouping in effect: the view's select or status property; the kanban falls back to the status
 * property (SPEC §3: groupBy defaults to Status, named in the board's language) or the first
 * groupable property; the gallery is not grouped.
 */
export function effectiveGroupBy(view: View | null, properties: Record<string, Column>): string | null {
  const layout = layoutOf(view);
  if (layout === 'gallery') return null;
  const chosen = view?.groupBy;
  if (chosen && isGroupable(properties[chosen])) return chosen;
  if (layout !== 'kanban') return null;
  const groupable = Object.values(properties)
    .filter(isGroupable)
    .sort((a, b) => a.position - b.position);
  return (groupable.find((c) => c.dataType === 'status') ?? groupable[0])?.id ?? null;
}

/** The number property the group headers sum, when it still exists. */
export function effectiveSumProperty(view: View | null, properties: Record<string, Column>): string | null {
  const key = view?.sumProperty;
  return key && isSummable(properties[key]) ? key : null;
}

/**
 * The `/task/filter` body of a view. Hidden properties are hidden by the client, not sent: hiding is
 * instant and the record drawer still shows every property.
 */
export function buildFilterBody(
  scope: BoardScope,
  view: View | null,
  properties: Record<string, Column>,
  search: string,
): TaskFilterRequest {
  const groupBy = effectiveGroupBy(view, properties);
  const known = (key: string) => key === 'taskName' || Object.hasOwn(properties, key);
  return {
    board: scope.board,
    projectId: scope.projectId,
    viewId: view?._id ?? null,
    filters: (view?.filters ?? []).filter((f) => known(f.column)),
    sort: (view?.sort ?? []).filter((s) => known(s.column)),
    hiddenProperties: [],
    groupBy,
    sumProperty: groupBy ? effectiveSumProperty(view, properties) : null,
    ...(search.trim() ? { search: search.trim() } : {}),
  };
}

/** The `filterData` of a task set: the filter body without the board (POST /task-templates/create). */
export function templateFilterData(body: TaskFilterRequest) {
  const { board: _board, deleted: _deleted, hiddenProperties: _hidden, ...rest } = body;
  return rest;
}

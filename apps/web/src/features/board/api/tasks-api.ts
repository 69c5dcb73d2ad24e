import {
  type Board,
  type Column,
  dataOf,
  Task,
  type TaskCreateRequest,
  type TaskFilterRequest,
  TaskFilterResponse,
  TaskFilterValuesResponse,
  type TaskMoveRequest,
  TaskMoveResponse,
  type TaskPasteRequest,
  TaskPasteResponse,
  type TaskUpdateRequest,
  TaskValues,
  taskOfValues,
} from '@solar/shared';
import { type InfiniteData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';
import { api } from '../../../api/client';
import { ApiError, CLIENT_MESSAGES } from '../../../api/errors';
import { optionUseCount, optionUsesBody } from '../lib/option-uses';
import { FIRST_PAGE, nextPageParam, type PageParam } from '../lib/page-params';
import { parseInSlices } from '../lib/parse-in-slices';
import type { TaskPage, TaskPages } from '../lib/task-cache';
import { boardKeys, bodyOfKey } from './board-keys';

const TaskAnswer = dataOf(Task);
/**
 * A `/task/filter?cells=values` answer with its records left to `parseInSlices`: each record's cells
 * as values in the order of `cells` (a third of the bytes of the stored form).
 */
const TaskPageAnswer = z.object({
  data: TaskFilterValuesResponse.shape.data.extend({ tasks: z.array(z.unknown()) }),
});
const TasksAnswer = dataOf(z.object({ tasks: z.array(Task) }));
const DeleteAnswer = dataOf(z.object({ message: z.string(), deleted: z.number() }));

/** One `/task/filter` call: its records checked in slices (a thousand took one long task). */
async function fetchTaskPage(
  body: TaskFilterRequest,
  param: PageParam,
  signal: AbortSignal,
): Promise<TaskPage> {
  const path = '/task/filter';
  const { data } = await api.post(path, body, {
    signal,
    query: { page: param.page, limit: param.limit, cells: 'values' },
    schema: TaskPageAnswer,
  });
  const { cells, ...page } = data;
  // Each slice is checked and turned into Tasks before the browser gets a frame again.
  const asTask = TaskValues.transform((row) => taskOfValues(row, cells));
  const tasks = await parseInSlices(param.skip ? data.tasks.slice(param.skip) : data.tasks, asTask);
  if (!tasks.success) {
    console.error(`Unexpected answer from ${path}`, tasks.error.issues);
    throw new ApiError({ status: 200, message: CLIENT_MESSAGES.invalidResponse, errors: {} });
  }
  return { ...page, tasks: tasks.data };
}

/**
 * POST /task/filter?page&limit, page by page: records, group counts and related titles. A hundred
 * records first, then thousands (lib/page-params).
 */
export function useBoardTasks(body: TaskFilterRequest, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: boardKeys.tasks(body),
    queryFn: ({ pageParam, signal }) => fetchTaskPage(body, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, _all, param) => (last.pagination.hasNextPage ? nextPageParam(param) : undefined),
    enabled,
    staleTime: 15_000,
  });
}

/**
 * Changes every cached task list of a board at once (all views and filters), with the filter body each
 * list was loaded with (its grouping decides how counts move).
 */
export function useTaskCache(board: Board) {
  const queryClient = useQueryClient();
  return useCallback(
    (change: (data: TaskPages, body: TaskFilterRequest) => TaskPages) => {
      for (const [key, data] of queryClient.getQueriesData<InfiniteData<TaskPage, number>>({
        queryKey: boardKeys.tasksOf(board),
      })) {
        const body = bodyOfKey(key);
        if (data && body) queryClient.setQueryData(key, change(data, body));
      }
    },
    [board, queryClient],
  );
}

/** Loads every cached task list of a board again (after a change the cache cannot follow). */
export function useRefreshTasks(board: Board) {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: boardKeys.tasksOf(board) }),
    [board, queryClient],
  );
}

/**
 * GET /task/{id}: one record outside the loaded pages (the drawer opened from the board's activity on
 * a record the view does not show). Null: nothing asked.
 */
/** GET /task/{id}: one record of the company. */
export const getTask = (id: string, signal?: AbortSignal) =>
  api.get(`/task/${id}`, { signal, schema: TaskAnswer }).then((r) => r.data);

export function useTaskById(id: string | null) {
  return useQuery({
    queryKey: boardKeys.task(id),
    queryFn: ({ signal }) => getTask(id as string, signal),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** POST /task/create. */
export const createTask = (body: TaskCreateRequest) =>
  api.post('/task/create', body, { schema: TaskAnswer }).then((r) => r.data);

/** PUT /task/update/{id}: raw values; the answer has the recomputed formulas and rollups. */
export const updateTask = (id: string, body: TaskUpdateRequest) =>
  api.put(`/task/update/${id}`, body, { schema: TaskAnswer }).then((r) => r.data);

/** PUT /task/update/multiple {ids, update}: bulk edit, and the undo of a delete (`isDeleted: false`). */
export const updateTasks = (ids: string[], update: Omit<TaskUpdateRequest, 'position' | 'pressButton'>) =>
  api.put('/task/update/multiple', { ids, update }, { schema: TasksAnswer }).then((r) => r.data.tasks);

/**
 * POST /task/paste: cells as text (read like spreadsheet cells) or stored values (an undone paste),
 * all or none; answers the changed records and each cell's value before.
 */
export const pasteCells = (body: TaskPasteRequest) =>
  api.post('/task/paste', body, { schema: TaskPasteResponse }).then((r) => r.data);

const MoveAnswer = dataOf(TaskMoveResponse);

/** PUT /task/move: records after another (or first), or back at exact positions (undo, redo). */
export const moveTasks = (body: TaskMoveRequest) =>
  api.put('/task/move', body, { schema: MoveAnswer }).then((r) => r.data.moved);

/** POST /task/duplicate: the copies, in the order of `ids`, each saved right after its original. */
export const duplicateTasks = (board: Board, ids: string[]) =>
  api.post('/task/duplicate', { board, ids }, { schema: TasksAnswer }).then((r) => r.data.tasks);

/** POST /task/delete/multiple {taskIds}: soft delete; answers the localized message. */
export const deleteTasks = (taskIds: string[]) =>
  api.post('/task/delete/multiple', { taskIds }, { schema: DeleteAnswer }).then((r) => r.data);

/** How many live records of a board hold an option of a column (any project). */
export const countOptionUses = (
  board: Board,
  column: Pick<Column, 'id' | 'dataType'>,
  value: string,
  signal?: AbortSignal,
) =>
  api
    .post('/task/filter', optionUsesBody(board, column, value), {
      signal,
      query: { page: 1, limit: 1 },
      schema: TaskFilterResponse,
    })
    .then((r) => optionUseCount(r.data.groups, column.dataType === 'multi-select', value));

/** Record titles of a board matching a text (the relation picker). */
export const searchRecords = (board: Board, search: string, signal?: AbortSignal) =>
  api
    .post(
      '/task/filter',
      { board, search: search.trim() || undefined, filters: [], sort: [] },
      { signal, query: { page: 1, limit: 30 }, schema: TaskFilterResponse },
    )
    .then((r) => r.data.tasks.map((t) => ({ value: t._id, label: t.taskName })));

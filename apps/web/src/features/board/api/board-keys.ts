import type { Board, TaskCalculateRequest, TaskFilterRequest } from '@solar/shared';
import type { BoardScope } from '../lib/filter-body';

/** TanStack Query keys of the board; everything starts with 'board' so a logout clears it all. */
export const boardKeys = {
  all: ['board'] as const,
  setup: (scope: BoardScope) => ['board', 'setup', scope.board, scope.projectId ?? ''] as const,
  properties: (board: Board) => ['board', 'properties', board] as const,
  /** Views are kept per board, or per project for `/tasks?projectId=`. */
  views: (scope: BoardScope) => ['board', 'views', scope.projectId ?? scope.board] as const,
  tasksOf: (board: Board) => ['board', 'tasks', board] as const,
  /** One record read on its own (GET /task/{id}: the drawer of a record outside the loaded pages). */
  task: (id: string | null) => ['board', 'task', id] as const,
  tasks: (body: TaskFilterRequest) => ['board', 'tasks', body.board ?? 'tasks', body] as const,
  /** The summary rows (POST /task/calculate) of a board's views. */
  calculationsOf: (board: Board) => ['board', 'calculations', board] as const,
  calculations: (body: TaskCalculateRequest) =>
    ['board', 'calculations', body.board ?? 'tasks', body] as const,
  userProjects: ['board', 'user-projects'] as const,
  /** A record's history (GET /task/{id}/history). */
  history: (id: string) => ['board', 'history', id] as const,
  /** Colleagues on the board now (GET /presence). */
  presence: (board: Board) => ['board', 'presence', board] as const,
  /** The board's activity (GET /task/activity). */
  activity: (board: Board) => ['board', 'activity', board] as const,
  templates: ['board', 'templates'] as const,
  relation: (board: Board, search: string) => ['board', 'relation', board, search] as const,
  /** How many records hold an option of a column (asked before the option is deleted). */
  optionUses: (board: Board, key: string, value: string) =>
    ['board', 'option-uses', board, key, value] as const,
};

/** The filter body a task query key was made from. */
export function bodyOfKey(key: readonly unknown[]): TaskFilterRequest | null {
  const body = key[3];
  return body && typeof body === 'object' ? (body as TaskFilterRequest) : null;
}

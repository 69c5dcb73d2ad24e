import type { Column, TaskFilterRequest, View } from '@solar/shared';
import { createContext, useContext } from 'react';
import type { BoardScope } from '../lib/filter-body';
import type { UndoEntry } from '../lib/undo-stack';

/** The record drawer: closed, one record, or a new record with preset values. */
export type DrawerState =
  | null
  | { mode: 'edit'; taskId: string }
  | { mode: 'create'; values: Record<string, unknown> };

export interface UndoApi {
  push: (entry: UndoEntry) => void;
  undo: () => void;
  redo: () => void;
  canUndo: boolean;
  canRedo: boolean;
}

/** Everything the board's parts share: where it is, its columns, the current view and the history. */
export interface BoardContextValue {
  scope: BoardScope;
  isProjects: boolean;
  /** The id of the board's user-properties document (PUT /user-properties/update-property/{_id}). */
  propertiesId: string;
  /** The board's columns by key. */
  columns: Record<string, Column>;
  views: View[];
  /** The selected view (tab); null when the user has none. */
  view: View | null;
  selectView: (id: string | null) => void;
  /** The `/task/filter` body of the current view, layout and search. */
  filterBody: TaskFilterRequest;
  search: string;
  setSearch: (text: string) => void;
  undo: UndoApi;
  drawer: DrawerState;
  setDrawer: (state: DrawerState) => void;
  /** Opens the customer-target drawer of a /projects record's project. */
  openCustomerTarget: (projectId: string) => void;
  /** Opens the filter panel, optionally with a new filter on one column. */
  openFilter: (column?: string) => void;
}

export const BoardContext = createContext<BoardContextValue | null>(null);

/** The board around the calling component (inside `BoardProvider`). */
export function useBoard(): BoardContextValue {
  const value = useContext(BoardContext);
  if (!value) throw new Error('useBoard outside the board');
  return value;
}

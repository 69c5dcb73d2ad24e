import type { Column, DataType, PropertyCreateRequest, UserProperties } from '@solar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/errors';
import { boardKeys } from '../api/board-keys';
import {
  previewRetype,
  useCreateProperty,
  useDeleteProperty,
  useUpdateProperty,
} from '../api/properties-api';
import { useTaskCache } from '../api/tasks-api';
import { insertKey, orderColumns, TITLE_KEY } from '../lib/columns';
import { notifyBoardError, notifyFailure } from '../lib/notify';
import { renameCells } from '../lib/task-cache';
import { renameViewRefs } from '../lib/view-refs';
import { useBoard } from './board-context';
import { useColumnSettings } from './use-column-settings';
import { useProjectsRefusal } from './use-projects-refusal';
import { useViewSettings } from './use-view-settings';

/** Extra settings a new property of some types needs (formula, relation, rollup, button, options). */
export type PropertyConfig = Pick<
  PropertyCreateRequest,
  'formula' | 'relationBoard' | 'rollup' | 'button' | 'options'
>;

/** Creating, renaming, retyping, re-iconing and deleting properties, and editing select options. */
export function usePropertyActions() {
  const { t } = useTranslation('board');
  const { t: tApp } = useTranslation();
  const { scope, columns, view, undo } = useBoard();
  const { update: updateView } = useViewSettings();
  const queryClient = useQueryClient();
  const changeTasks = useTaskCache(scope.board);
  const createM = useCreateProperty(scope.board);
  const updateM = useUpdateProperty(scope.board);
  const deleteM = useDeleteProperty(scope.board);
  const refuse = useProjectsRefusal();
  const propsKey = boardKeys.properties(scope.board);
  const current = useCallback(
    (key: string) => queryClient.getQueryData<UserProperties>(propsKey)?.properties[key],
    [queryClient, propsKey],
  );

  const create = useCallback(
    async (
      name: string,
      type: DataType,
      config: PropertyConfig = {},
      anchor?: { key: string; side: 'left' | 'right' },
    ) => {
      if (refuse('add')) return false;
      const key = name.trim();
      if (!key) {
        notifyFailure(t('messages.propertyNameEmpty'));
        return false;
      }
      const at = anchor ? columns[anchor.key] : undefined;
      const position = at && anchor ? at.position + (anchor.side === 'right' ? 1 : 0) : undefined;
      const body = { key, type, ...config, ...(position !== undefined ? { position } : {}) };
      try {
        const answer = await createM.mutateAsync(body);
        notifySuccess(answer.message ?? t('messages.propertyCreated'));
        if (anchor && view && view.order.length > 0) {
          const keys = orderColumns(columns, view.order).map((c) => c.id);
          updateView({ order: insertKey(keys, key, anchor.key, anchor.side) });
        }
        undo.push({
          label: t('undo.propertyCreated', { name: key }),
          undo: () => deleteM.mutateAsync(key),
          redo: () => createM.mutateAsync(body),
        });
        return true;
      } catch (error) {
        notifyBoardError(error, tApp);
        return false;
      }
    },
    [columns, createM, deleteM, refuse, t, tApp, undo, updateView, view],
  );

  /** Renames a property (the key is the name; the title keeps its key and changes its label). */
  const renameKey = useCallback(
    async (fromKey: string, name: string): Promise<string | null> => {
      const column = current(fromKey);
      const label = name.trim();
      if (!column || !label || label === column.label) return null;
      const isTitle = column.id === TITLE_KEY;
      const toKey = isTitle ? TITLE_KEY : label;
      const previous = queryClient.getQueryData<UserProperties>(propsKey);
      if (previous) {
        const { [fromKey]: _old, ...rest } = previous.properties;
        const renamed: Column = { ...column, id: toKey, accessor: toKey, label };
        queryClient.setQueryData<UserProperties>(propsKey, {
          ...previous,
          properties: { ...rest, [toKey]: renamed },
        });
      }
      changeTasks((data) => renameCells(data, fromKey, toKey));
      try {
        await updateM.mutateAsync({
          oldPropertyKey: fromKey,
          newProperty: { key: label, type: column.dataType },
        });
      } catch (error) {
        if (previous) queryClient.setQueryData(propsKey, previous);
        changeTasks((data) => renameCells(data, toKey, fromKey));
        throw error;
      }
      if (view && toKey !== fromKey) {
        const patch = renameViewRefs(view, fromKey, toKey);
        if (Object.keys(patch).length > 0) updateView(patch);
      }
      return toKey;
    },
    [changeTasks, current, propsKey, queryClient, updateM, updateView, view],
  );

  const rename = useCallback(
    async (column: Column, name: string) => {
      if (refuse('edit')) return;
      const oldLabel = column.label;
      try {
        const toKey = await renameKey(column.id, name);
        if (!toKey) return;
        undo.push({
          label: t('undo.propertyRenamed', { name: name.trim() }),
          undo: () => renameKey(toKey, oldLabel),
          redo: () => renameKey(column.id === TITLE_KEY ? TITLE_KEY : oldLabel, name),
        });
      } catch (error) {
        notifyBoardError(error, tApp);
      }
    },
    [refuse, renameKey, t, tApp, undo],
  );

  /** Sets a column's type; `restoreRetype` takes back that earlier change, values and all. */
  const setType = useCallback(
    async (key: string, type: DataType, restoreRetype?: string) => {
      const column = current(key);
      if (!column) return undefined;
      const answer = await updateM.mutateAsync({
        oldPropertyKey: key,
        newProperty: { key: column.label, type },
        ...(restoreRetype ? { restoreRetype } : {}),
      });
      return answer.retype?.id;
    },
    [current, updateM],
  );

  /** How many of a column's values a change to `type` would empty or alter (asked of the server). */
  const previewType = useCallback(
    (column: Column, type: DataType) => previewRetype(scope.board, column.id, type),
    [scope.board],
  );

  /**
   * Changes a column's type (after the confirmation, when values are lost). Its undo sends the
   * server's id of the change, which puts back the values the conversion lost; a redo changes the
   * type again and keeps the new id for the next undo.
   */
  const retype = useCallback(
    async (column: Column, type: DataType) => {
      if (refuse('edit') || type === column.dataType) return;
      try {
        let kept = await setType(column.id, type);
        undo.push({
          label: t('undo.propertyRetyped', { name: column.label }),
          undo: () => setType(column.id, column.dataType, kept),
          redo: async () => {
            kept = await setType(column.id, type);
          },
        });
      } catch (error) {
        notifyBoardError(error, tApp);
      }
    },
    [refuse, setType, t, tApp, undo],
  );

  const remove = useCallback(
    async (column: Column) => {
      if (refuse('delete')) return;
      try {
        const answer = await deleteM.mutateAsync(column.id);
        notifySuccess(answer.message ?? t('messages.propertyDeleted'));
        void queryClient.invalidateQueries({ queryKey: boardKeys.views(scope) });
        const { id, dataType, options, formula, relationBoard, rollup, button, position } = column;
        const body = { key: id, type: dataType, options, formula, relationBoard, rollup, button, position };
        undo.push({
          label: t('undo.propertyDeleted', { name: column.label }),
          undo: () => createM.mutateAsync(body),
          redo: () => deleteM.mutateAsync(id),
        });
      } catch (error) {
        notifyBoardError(error, tApp);
      }
    },
    [createM, deleteM, queryClient, refuse, scope, t, tApp, undo],
  );

  const settings = useColumnSettings();
  return { create, rename, retype, previewType, remove, refuse, ...settings };
}

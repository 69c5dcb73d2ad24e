import type { Column, SelectOption, UserProperties } from '@solar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { boardKeys } from '../api/board-keys';
import { useUpdateColumnSettings } from '../api/properties-api';
import { notifyBoardError } from '../lib/notify';
import { useBoard } from './board-context';
import { useProjectsRefusal } from './use-projects-refusal';

/** A column's settings that do not re-key records: icon, formula, select options (each undoable). */
export function useColumnSettings() {
  const { t } = useTranslation('board');
  const { t: tApp } = useTranslation();
  const { scope, propertiesId, undo } = useBoard();
  const queryClient = useQueryClient();
  const refuse = useProjectsRefusal();
  const settingsM = useUpdateColumnSettings(scope.board);
  const current = useCallback(
    (key: string) =>
      queryClient.getQueryData<UserProperties>(boardKeys.properties(scope.board))?.properties[key],
    [queryClient, scope.board],
  );

  const setIcon = useCallback(
    async (column: Column, icon: string) => {
      if (refuse('edit') || icon === column.icon) return;
      const put = (value: string) =>
        settingsM.mutateAsync({ id: propertiesId, key: column.id, property: { icon: value } });
      try {
        await put(icon);
        undo.push({
          label: t('undo.propertyIcon', { name: column.label }),
          undo: () => put(column.icon),
          redo: () => put(icon),
        });
      } catch (error) {
        notifyBoardError(error, tApp);
      }
    },
    [propertiesId, refuse, settingsM, t, tApp, undo],
  );

  /** A formula column's new formula; the server recomputes the board. */
  const setFormula = useCallback(
    async (column: Column, formula: string) => {
      if (refuse('edit')) return false;
      const put = (source: string) =>
        settingsM.mutateAsync({ id: propertiesId, key: column.id, property: { formula: source } });
      try {
        await put(formula);
        const before = column.formula ?? '';
        undo.push({
          label: t('undo.formula', { name: column.label }),
          undo: () => put(before),
          redo: () => put(formula),
        });
        return true;
      } catch (error) {
        notifyBoardError(error, tApp);
        return false;
      }
    },
    [propertiesId, refuse, settingsM, t, tApp, undo],
  );

  /** New option list of a select, multi-select or status column (add, rename, colour). */
  const setOptions = useCallback(
    async (column: Column, options: SelectOption[], label?: string) => {
      const before = current(column.id)?.options ?? [];
      const put = (list: SelectOption[]) =>
        settingsM.mutateAsync({ id: propertiesId, key: column.id, property: { options: list } });
      try {
        await put(options);
        if (label) undo.push({ label, undo: () => put(before), redo: () => put(options) });
      } catch (error) {
        notifyBoardError(error, tApp);
      }
    },
    [current, propertiesId, settingsM, tApp, undo],
  );

  return { setIcon, setFormula, setOptions };
}

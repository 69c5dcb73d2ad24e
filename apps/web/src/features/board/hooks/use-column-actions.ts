import type { Calculation, Column, DataType, PropertyRetypePreview } from '@solar/shared';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnMenuActions } from '../components/grid/column-menu';
import { moveKey, orderColumns, TITLE_KEY } from '../lib/columns';
import { notifyBoardError } from '../lib/notify';
import { useBoard } from './board-context';
import { usePropertyActions } from './use-property-actions';
import { useViewSettings } from './use-view-settings';

/** A type change waiting for the user's confirmation, with what it would lose. */
export interface RetypeQuestion {
  column: Column;
  type: DataType;
  preview: PropertyRetypePreview;
}

/**
 * What a column header can do to the current view (sort, hide, move, width) and to the board
 * (insert, delete: these open dialogs, or answer the /projects refusal; a type change that would lose
 * values asks first).
 */
export function useColumnActions(shown: Column[]) {
  const { t } = useTranslation('board');
  const { t: tApp } = useTranslation();
  const { view, columns } = useBoard();
  const { update, requireView } = useViewSettings();
  const { refuse, retype, previewType } = usePropertyActions();
  const [insert, setInsert] = useState<{ key: string; side: 'left' | 'right' } | null>(null);
  const [deleting, setDeleting] = useState<Column | null>(null);
  const [formulaOf, setFormulaOf] = useState<Column | null>(null);
  const [retyping, setRetyping] = useState<RetypeQuestion | null>(null);

  const move = useCallback(
    (key: string, target: string) => {
      if (!view || key === TITLE_KEY || target === TITLE_KEY) return;
      const keys = orderColumns(columns, view.order).map((c) => c.id);
      update({ order: moveKey(keys, key, target) }, t('undo.order'));
    },
    [columns, t, update, view],
  );

  const saveWidth = useCallback(
    (key: string, width: number) => {
      if (!view || view.width[key] === width) return;
      update({ width: { ...view.width, [key]: Math.round(width) } }, t('undo.width'));
    },
    [t, update, view],
  );

  /** Sets (or with null removes) the summary row's calculation of a column in the view. */
  const calculate = useCallback(
    (column: Column, calc: Calculation | null) => {
      if (!requireView('calculate') || !view) return;
      const { [column.id]: _old, ...rest } = view.calculations;
      if ((view.calculations[column.id] ?? null) === calc) return;
      update(
        { calculations: calc ? { ...rest, [column.id]: calc } : rest },
        t('undo.calculation', { name: column.label }),
      );
    },
    [requireView, t, update, view],
  );

  // The header is memoised: `actionsFor` stays the same function and its handlers read the
  // current view and columns when they run.
  const latest = useRef({ shown, view, update, requireView, refuse, move, t, tApp, retype, previewType });
  latest.current = { shown, view, update, requireView, refuse, move, t, tApp, retype, previewType };
  const actionsFor = useCallback(
    (column: Column): ColumnMenuActions => ({
      onSort: (order) => {
        const { requireView, view, update, t } = latest.current;
        if (!requireView('filter') || !view) return;
        const others = view.sort.filter((s) => s.column !== column.id);
        update({ sort: [{ column: column.id, order }, ...others] }, t('undo.sort'));
      },
      onHide: () => {
        const { requireView, view, update, t } = latest.current;
        if (!requireView('hide') || !view) return;
        const hidden = [...new Set([...view.hiddenProperties, column.id])];
        update({ hiddenProperties: hidden }, t('undo.hide', { name: column.label }));
      },
      onInsert: (side) => {
        if (!latest.current.refuse('add')) setInsert({ key: column.id, side });
      },
      onEditFormula: () => setFormulaOf(column),
      onRetype: async (type) => {
        const { refuse, retype, previewType, tApp } = latest.current;
        if (refuse('edit') || type === column.dataType) return;
        // The values live on the server (the page holds only some records): it counts what is lost.
        let preview: PropertyRetypePreview;
        try {
          preview = await previewType(column, type);
        } catch (error) {
          notifyBoardError(error, tApp);
          return;
        }
        if (preview.emptied + preview.altered > 0) setRetyping({ column, type, preview });
        else await retype(column, type);
      },
      onDelete: () => {
        if (!latest.current.refuse('delete')) setDeleting(column);
      },
      onMove:
        column.id === TITLE_KEY
          ? undefined
          : (direction) => {
              const { shown, move } = latest.current;
              const index = shown.findIndex((c) => c.id === column.id);
              const neighbour = shown[index + direction];
              if (neighbour) move(column.id, neighbour.id);
            },
    }),
    [],
  );
  const closeInsert = useCallback(() => setInsert(null), []);
  const closeDelete = useCallback(() => setDeleting(null), []);
  const closeFormula = useCallback(() => setFormulaOf(null), []);
  const closeRetype = useCallback(() => setRetyping(null), []);

  return {
    actionsFor,
    move,
    saveWidth,
    calculate,
    insert,
    closeInsert,
    deleting,
    closeDelete,
    formulaOf,
    closeFormula,
    retyping,
    closeRetype,
  };
}

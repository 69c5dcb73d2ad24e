import type { View } from '@solar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { boardKeys } from '../api/board-keys';
import { editHiddenProperties, editView, useSetCachedView } from '../api/views-api';
import { notifyBoardError, notifyFailure } from '../lib/notify';
import { useBoard } from './board-context';

/** The settings of a view the board changes (SPEC §3 View). */
export type ViewPatch = Partial<
  Pick<
    View,
    | 'name'
    | 'viewType'
    | 'filters'
    | 'sort'
    | 'hiddenProperties'
    | 'groupBy'
    | 'sumProperty'
    | 'order'
    | 'width'
  >
>;

function pick(view: View, patch: ViewPatch): ViewPatch {
  return Object.fromEntries(Object.keys(patch).map((k) => [k, view[k as keyof ViewPatch]])) as ViewPatch;
}

/**
 * Changes the current view: the tab shows the change at once, the view API keeps it (so a reload
 * keeps it too), a failure restores the view, and each change can be undone.
 */
export function useViewSettings() {
  const { t } = useTranslation('board');
  const { t: tApp } = useTranslation();
  const { scope, view, undo } = useBoard();
  const queryClient = useQueryClient();
  const setCached = useSetCachedView(scope);

  const apply = useCallback(
    async (id: string, patch: ViewPatch) => {
      const current = queryClient.getQueryData<View[]>(boardKeys.views(scope))?.find((v) => v._id === id);
      if (!current) return;
      setCached({ ...current, ...patch });
      try {
        const keys = Object.keys(patch);
        const saved =
          keys.length === 1 && patch.hiddenProperties
            ? await editHiddenProperties(id, patch.hiddenProperties)
            : await editView({ _id: id, ...patch });
        setCached(saved);
      } catch (error) {
        setCached(current);
        notifyBoardError(error, tApp);
        throw error;
      }
    },
    [queryClient, scope, setCached, tApp],
  );

  /** Changes the current view; `label` names the change in the undo toast (none: not undoable). */
  const update = useCallback(
    (patch: ViewPatch, label?: string) => {
      if (!view) return;
      const before = pick(view, patch);
      const id = view._id;
      apply(id, patch).then(
        () => {
          if (label) undo.push({ label, undo: () => apply(id, before), redo: () => apply(id, patch) });
        },
        () => undefined,
      );
    },
    [apply, undo, view],
  );

  /** SPEC §5: sorting and filtering need a view, hiding a property too; otherwise an error toast. */
  const requireView = useCallback(
    (kind: 'filter' | 'hide'): boolean => {
      if (view) return true;
      notifyFailure(t(kind === 'filter' ? 'messages.selectViewFilters' : 'messages.selectViewHide'));
      return false;
    },
    [t, view],
  );

  return { view, update, requireView };
}

import type { View } from '@solar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { boardKeys } from '../api/board-keys';
import { editHiddenProperties, editView, useSetCachedView } from '../api/views-api';
import { LatestWrites } from '../lib/latest-writes';
import { boardErrorText, notifyBoardError, notifyFailure } from '../lib/notify';
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
    | 'calculations'
  >
>;

/** Every setting a patch can change (each is its own value for the order of writes). */
const VIEW_FIELDS = [
  'name',
  'viewType',
  'filters',
  'sort',
  'hiddenProperties',
  'groupBy',
  'sumProperty',
  'order',
  'width',
  'calculations',
] as const satisfies readonly (keyof ViewPatch)[];
type ViewField = (typeof VIEW_FIELDS)[number];

function pick(view: View, patch: ViewPatch): ViewPatch {
  return Object.fromEntries(Object.keys(patch).map((k) => [k, view[k as keyof ViewPatch]])) as ViewPatch;
}

/** The order of view writes, shared by every part of the page (keyed by view and setting). */
const viewWrites = new LatestWrites<unknown>();
const settingKey = (id: string, field: ViewField) => `${id}\u0000${field}`;

/**
 * Changes the current view: the tab shows the change at once, the view API keeps it (so a reload
 * keeps it too), and each change can be undone. The latest change of a setting wins: a failure puts
 * back only its own settings, and only those nothing newer was written to since.
 */
export function useViewSettings() {
  const { t } = useTranslation('board');
  const { t: tApp } = useTranslation();
  const { scope, view, undo } = useBoard();
  const queryClient = useQueryClient();
  const setCached = useSetCachedView(scope);

  const apply = useCallback(
    async (id: string, patch: ViewPatch, notify = true) => {
      const cached = () =>
        queryClient.getQueryData<View[]>(boardKeys.views(scope))?.find((v) => v._id === id);
      const current = cached();
      if (!current) return;
      const fields = VIEW_FIELDS.filter((field) => field in patch);
      const tickets = new Map(
        fields.map((field) => [field, viewWrites.begin(settingKey(id, field), patch[field], current[field])]),
      );
      setCached({ ...current, ...patch });
      try {
        const keys = Object.keys(patch);
        const saved =
          keys.length === 1 && patch.hiddenProperties
            ? await editHiddenProperties(id, patch.hiddenProperties)
            : await editView({ _id: id, ...patch });
        // Settings written again since (in flight or saved) keep what the tab shows.
        const shown = cached() ?? saved;
        const next: Record<string, unknown> = { ...saved };
        for (const field of VIEW_FIELDS) {
          const ticket = tickets.get(field);
          const keep =
            ticket === undefined
              ? viewWrites.pending(settingKey(id, field))
              : viewWrites.saved(settingKey(id, field), ticket, saved[field]).show !== 'answer';
          if (keep) next[field] = shown[field];
        }
        setCached(next as View);
      } catch (error) {
        const restore: Record<string, unknown> = {};
        for (const [field, ticket] of tickets) {
          const outcome = viewWrites.failed(settingKey(id, field), ticket);
          if (outcome.show === 'value') restore[field] = outcome.value;
        }
        const shown = cached();
        // All of it superseded by newer changes, which stand: nothing to put back or report.
        if (Object.keys(restore).length > 0) {
          if (shown) setCached({ ...shown, ...restore });
          if (notify) notifyBoardError(error, tApp);
        }
        throw error;
      }
    },
    [queryClient, scope, setCached, tApp],
  );

  /**
   * Changes the current view; `label` names the change in the undo toast (none: not undoable).
   * Resolves with null once saved, or with the failure's text; `notify: false` leaves showing it to
   * the caller (a dialog that stays open with it).
   */
  const update = useCallback(
    async (patch: ViewPatch, label?: string, notify = true): Promise<string | null> => {
      if (!view) return null;
      const before = pick(view, patch);
      const id = view._id;
      try {
        await apply(id, patch, notify);
      } catch (error) {
        return boardErrorText(error, tApp) ?? tApp('errors.somethingWentWrong');
      }
      if (label) undo.push({ label, undo: () => apply(id, before), redo: () => apply(id, patch) });
      return null;
    },
    [apply, tApp, undo, view],
  );

  /** SPEC §5: sorting and filtering need a view, hiding a property too; otherwise an error toast. */
  const requireView = useCallback(
    (kind: 'filter' | 'hide' | 'calculate'): boolean => {
      if (view) return true;
      const messages = {
        filter: 'messages.selectViewFilters',
        hide: 'messages.selectViewHide',
        calculate: 'messages.selectViewCalculate',
      } as const;
      notifyFailure(t(messages[kind]));
      return false;
    },
    [t, view],
  );

  return { view, update, requireView };
}

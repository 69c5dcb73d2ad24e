import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/errors';
import { isTextTarget } from '../../../lib/text-target';
import { ReportedFailure, UndoStack, undoKey } from '../lib/undo-stack';
import type { UndoApi } from './board-context';

/**
 * The session's undo history with Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y) on the page. A change whose undo
 * fails goes back on the history so the user can try again.
 */
export function useUndoHistory(): UndoApi {
  const { t } = useTranslation('board');
  const { t: tApp } = useTranslation();
  const stack = useRef(new UndoStack()).current;
  const [, setVersion] = useState(0);
  const busy = useRef(false);
  const bump = useCallback(() => setVersion((v) => v + 1), []);

  const push = useCallback<UndoApi['push']>(
    (entry) => {
      stack.push(entry);
      bump();
    },
    [stack, bump],
  );

  const run = useCallback(
    async (kind: 'undo' | 'redo') => {
      if (busy.current) return;
      const entry = kind === 'undo' ? stack.popUndo() : stack.popRedo();
      if (!entry) return;
      busy.current = true;
      bump();
      try {
        await (kind === 'undo' ? entry.undo() : entry.redo());
        notifications.show({
          message: t(kind === 'undo' ? 'undo.undone' : 'undo.redone', { label: entry.label }),
          autoClose: 2500,
          withBorder: true,
        });
      } catch (error) {
        if (kind === 'undo') stack.popRedo();
        else stack.popUndo();
        if (!(error instanceof ReportedFailure)) notifyError(error, tApp);
      } finally {
        busy.current = false;
        bump();
      }
    },
    [stack, bump, t, tApp],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const kind = undoKey(event);
      if (!kind || isTextTarget(event.target)) return;
      event.preventDefault();
      void run(kind);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [run]);

  return useMemo(
    () => ({
      push,
      undo: () => void run('undo'),
      redo: () => void run('redo'),
      canUndo: stack.canUndo,
      canRedo: stack.canRedo,
    }),
    [push, run, stack.canUndo, stack.canRedo],
  );
}

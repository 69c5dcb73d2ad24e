import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { linkedRecordOf, RECORD_PARAM, withoutRecordLink } from '../lib/record-link';
import type { DrawerState } from './board-context';

/**
 * The record drawer's state, opened by a link to one record (`?record=<id>`, a notification's): the
 * board opens with that record's drawer, and a link followed while the board is shown opens it too.
 * Closing the drawer (or opening another record) takes the parameter out of the address again,
 * replacing the history entry. The setter keeps its identity, as the board's context needs.
 */
export function useLinkedDrawer(): [DrawerState, (state: DrawerState) => void] {
  const [params, setParams] = useSearchParams();
  const linked = linkedRecordOf(params);
  const [drawer, setDrawerState] = useState<DrawerState>(() =>
    linked ? { mode: 'edit', taskId: linked } : null,
  );

  useEffect(() => {
    if (!linked) return;
    setDrawerState((current) =>
      current?.mode === 'edit' && current.taskId === linked ? current : { mode: 'edit', taskId: linked },
    );
  }, [linked]);

  const latest = useRef({ params, setParams });
  useLayoutEffect(() => {
    latest.current = { params, setParams };
  });

  const setDrawer = useCallback((next: DrawerState) => {
    setDrawerState(next);
    const { params: current, setParams: write } = latest.current;
    if (!current.has(RECORD_PARAM)) return;
    const link = linkedRecordOf(current);
    if (next?.mode === 'edit' && next.taskId === link) return;
    write(withoutRecordLink(current), { replace: true });
  }, []);

  return [drawer, setDrawer];
}

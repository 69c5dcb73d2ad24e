import type { Task } from '@solar/shared';
import {
  type PointerEvent as ReactPointerEvent,
  type RefObject,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { GridEntry } from '../../lib/grid-entries';
import { dropTarget, type MoveTarget, movingIds } from '../../lib/row-move';
import classes from './grid.module.css';
import { GROUP_HEIGHT, HEADER_HEIGHT } from './grid-body';
import { ROW_HEIGHT } from './grid-row';
import { SUMMARY_HEIGHT } from './grid-summary';

/** How far the pointer goes before a press on the handle becomes a drag (a click stays a click). */
const DRAG_THRESHOLD = 4;
/** Near the scroller's top or bottom edge a drag scrolls, faster the closer it gets. */
const EDGE = 48;
const MAX_SCROLL_STEP = 18;

interface RowDragOptions {
  scrollRef: RefObject<HTMLDivElement | null>;
  entries: readonly GridEntry[];
  selection: Readonly<Record<string, boolean>>;
  onDrop: (ids: string[], target: MoveTarget) => void;
  /** What the label beside the pointer says: the record's name, or how many records. */
  labelOf: (ids: string[]) => string;
}

export interface RowDrag {
  /** The records being dragged (null: no drag). */
  ids: string[] | null;
  /** Where the drop line is drawn, from the top of the rows (null: no place to drop here). */
  lineTop: number | null;
  onHandlePointerDown: (task: Task, event: ReactPointerEvent) => void;
}

/**
 * Rows dragged by their handle: the pointer's place among the entries (their heights are fixed, so no
 * element is measured), a line where they will land, scrolling near the edges, Escape to cancel. The
 * drop is told as the record they will follow (lib/row-move, `dropTarget`).
 */
export function useRowDrag(o: RowDragOptions): RowDrag {
  const [state, setState] = useState<{ ids: string[]; gap: number | null } | null>(null);
  const latest = useRef(o);
  latest.current = o;
  const offsets = useMemo(() => {
    const list = [0];
    for (const e of o.entries)
      list.push((list[list.length - 1] as number) + (e.kind === 'group' ? GROUP_HEIGHT : ROW_HEIGHT));
    return list;
  }, [o.entries]);
  const offsetsRef = useRef(offsets);
  offsetsRef.current = offsets;
  const stopRef = useRef<(() => void) | null>(null);
  useEffect(() => () => stopRef.current?.(), []);

  const onHandlePointerDown = useCallback((task: Task, event: ReactPointerEvent) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    stopRef.current?.();
    const startY = event.clientY;
    let lastY = startY;
    let ids: string[] | null = null;
    let gap: number | null = null;
    let frame = 0;
    // The label follows the pointer outside React: a drag renders the grid only when the line moves.
    let ghost: HTMLDivElement | null = null;
    let ghostWidth = 0;
    const placeGhost = (x: number, y: number) => {
      // Beside the pointer, inside the window (a narrow screen's right edge is near).
      const left = Math.max(4, Math.min(x + 14, window.innerWidth - ghostWidth - 4));
      if (ghost) ghost.style.transform = `translate(${left}px, ${y + 10}px)`;
    };

    /** The gap before entry `gap` nearest the pointer, where the records may go, or null. */
    const gapAt = (clientY: number): number | null => {
      const el = latest.current.scrollRef.current;
      if (!el || !ids) return null;
      const y = clientY - el.getBoundingClientRect().top + el.scrollTop - HEADER_HEIGHT;
      const list = offsetsRef.current;
      let lo = 0;
      let hi = list.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((list[mid + 1] as number) <= y) lo = mid + 1;
        else hi = mid;
      }
      const top = list[lo] as number;
      const bottom = list[lo + 1] ?? top;
      const g = y < (top + bottom) / 2 ? lo : lo + 1;
      const clamped = Math.max(0, Math.min(g, latest.current.entries.length));
      return dropTarget(latest.current.entries, clamped, ids) ? clamped : null;
    };
    let shown: { ids: string[]; gap: number | null } | null = null;
    const update = () => {
      gap = gapAt(lastY);
      // The grid renders only when the line moves, not on every pointer move.
      if (ids && (shown?.ids !== ids || shown.gap !== gap)) {
        shown = { ids, gap };
        setState(shown);
      }
    };
    const scrollStep = () => {
      frame = 0;
      const el = latest.current.scrollRef.current;
      if (!el || !ids) return;
      const rect = el.getBoundingClientRect();
      const top = rect.top + HEADER_HEIGHT + EDGE;
      const bottom = rect.bottom - SUMMARY_HEIGHT - EDGE;
      const depth = lastY < top ? lastY - top : lastY > bottom ? lastY - bottom : 0;
      if (depth === 0) return;
      el.scrollTop += Math.max(-MAX_SCROLL_STEP, Math.min(MAX_SCROLL_STEP, depth / 3));
      update();
      frame = requestAnimationFrame(scrollStep);
    };
    const onMove = (e: PointerEvent) => {
      lastY = e.clientY;
      if (!ids) {
        if (Math.abs(lastY - startY) < DRAG_THRESHOLD) return;
        ids = movingIds(latest.current.entries, task, latest.current.selection);
        document.body.dataset.rowDragging = '';
        ghost = document.createElement('div');
        ghost.className = classes.dragGhost ?? '';
        ghost.setAttribute('aria-hidden', 'true');
        ghost.textContent = latest.current.labelOf(ids);
        document.body.append(ghost);
        ghostWidth = ghost.offsetWidth;
      }
      placeGhost(e.clientX, e.clientY);
      update();
      if (!frame) frame = requestAnimationFrame(scrollStep);
    };
    const stop = () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', stop);
      window.removeEventListener('keydown', onKey, true);
      if (frame) cancelAnimationFrame(frame);
      ghost?.remove();
      delete document.body.dataset.rowDragging;
      stopRef.current = null;
      setState(null);
    };
    const onUp = () => {
      const moving = ids;
      const at = gap;
      stop();
      if (!moving || at === null) return;
      const target = dropTarget(latest.current.entries, at, moving);
      if (target) latest.current.onDrop(moving, target);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      e.stopPropagation();
      stop();
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', stop);
    window.addEventListener('keydown', onKey, true);
    stopRef.current = stop;
  }, []);

  return {
    ids: state?.ids ?? null,
    lineTop: state && state.gap !== null ? (offsets[state.gap] ?? null) : null,
    onHandlePointerDown,
  };
}

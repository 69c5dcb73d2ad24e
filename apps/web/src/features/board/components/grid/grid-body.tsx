import type { Column } from '@solar/shared';
import type { RowSelectionState } from '@tanstack/react-table';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import {
  type ClipboardEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useReducer,
  useRef,
} from 'react';
import { flushSync } from 'react-dom';
import { observeScrollerRect, scrollAfterMount } from '../../../../lib/virtual-scroller';
import { type ColumnRange, columnRange, pinnedCount, sameRange } from '../../lib/column-window';
import type { GridEntry } from '../../lib/grid-entries';
import type { CellPos, CellRange } from '../../lib/grid-nav';
import { assignSlots } from '../../lib/row-slots';
import { EmptyState } from '../empty-state';
import { AriaCell, AriaRow, AriaRowGroup } from './aria';
import classes from './grid.module.css';
import { GridRow, type GridRowProps, ROW_HEIGHT } from './grid-row';
import { SUMMARY_HEIGHT } from './grid-summary';
import { type GroupCalcs, GroupRow } from './group-row';
import type { EditingCell } from './use-grid-cursor';

export const HEADER_HEIGHT = 37;

const NO_SPAN = { rangeLeft: -1, rangeRight: -1 };
/** The columns of the cell range on a row (numbers, so rows outside it keep their props). */
function spanOf(range: CellRange | null, row: number) {
  return range && row >= range.top && row <= range.bottom
    ? { rangeLeft: range.left, rangeRight: range.right }
    : NO_SPAN;
}
export const GROUP_HEIGHT = 40;

/** What every row gets, unchanged while scrolling (the rows are memoised on it). */
export type RowContext = Omit<
  GridRowProps,
  'task' | 'row' | 'top' | 'selected' | 'activeCol' | 'editing' | 'range' | 'rangeLeft' | 'rangeRight'
>;

/**
 * The columns in view (lib/column-window), from the scroller's sideways offset and width: a new
 * range renders the rows in the scroll event (as the virtualizer does for new rows); scrolling down
 * keeps the range and renders nothing for it. The offset and width are read in the scroll event and
 * from a ResizeObserver, never while rendering (that would force a layout); until the scroller is
 * measured, the window's width stands for it.
 */
function useColumnRange(
  scrollRef: RefObject<HTMLDivElement | null>,
  widths: readonly number[],
  pinned: number,
): ColumnRange {
  const viewRef = useRef({ left: 0, width: window.innerWidth });
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const computed = columnRange(widths, pinned, viewRef.current.left, viewRef.current.width);
  const shownRef = useRef(computed);
  const range = sameRange(shownRef.current, computed) ? shownRef.current : computed;
  const latest = useRef({ widths, pinned });
  useLayoutEffect(() => {
    shownRef.current = range;
    latest.current = { widths, pinned };
  });
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const update = (sync: boolean) => {
      const { widths: w, pinned: p } = latest.current;
      const next = columnRange(w, p, viewRef.current.left, viewRef.current.width);
      if (sameRange(next, shownRef.current)) return;
      shownRef.current = next;
      if (sync) flushSync(rerender);
      else rerender();
    };
    const onScroll = () => {
      viewRef.current = { ...viewRef.current, left: el.scrollLeft };
      update(true);
    };
    // Captured, so it runs before the virtualizer's listener on the same element: that one renders
    // the rows in view (flushSync), and reading `scrollLeft` after it forced a layout of the new
    // rows inside the scroll event, once a frame.
    el.addEventListener('scroll', onScroll, { passive: true, capture: true });
    const observer = new ResizeObserver(([entry]) => {
      const width = entry?.contentRect.width ?? 0;
      if (width <= 0) return;
      viewRef.current = { ...viewRef.current, width };
      update(false);
    });
    observer.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll, { capture: true });
      observer.disconnect();
    };
  }, [scrollRef]);
  return range;
}

interface GridBodyProps {
  /** The role=grid element (the cursor focuses it) and the virtualizer (it scrolls to a record). */
  scrollRef: RefObject<HTMLDivElement | null>;
  virtualizerRef: RefObject<Virtualizer<HTMLDivElement, Element> | null>;
  label: string;
  help: string;
  total: number;
  activeDescendant: string | undefined;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  onCopy: (event: ClipboardEvent<HTMLDivElement>) => void;
  onCut: (event: ClipboardEvent<HTMLDivElement>) => void;
  onPaste: (event: ClipboardEvent<HTMLDivElement>) => void;
  width: number;
  header: ReactNode;
  /** The summary row, sticky at the bottom (none while the view shows no records). */
  summary: ReactNode;
  entries: GridEntry[];
  groupColumn: Column | null;
  sumColumn: Column | null;
  /** What each group row shows of the summary row's calculations, by group key (null: nothing). */
  groupCalcs: ((key: string) => GroupCalcs) | null;
  onToggleGroup: (key: string) => void;
  rowContext: RowContext;
  selection: RowSelectionState;
  active: CellPos | null;
  /** The Shift selection of cells, drawn on the rows it spans. */
  cellRange: CellRange | null;
  editing: EditingCell | null;
  /** Where dragged rows would land, from the top of the rows (use-row-drag); null: nowhere. */
  dropLineTop: number | null;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
}

/**
 * The scrolling part of the grid: the virtualizer lives here, so scrolling renders this component
 * and its rows, not the grid around it (its table, menus and hooks).
 */
export function GridBody(props: GridBodyProps) {
  const { entries, groupColumn, rowContext, active, editing, scrollRef } = props;
  // New functions only with new entries: the virtualizer measures every entry again (10,000 of
  // them, in every scroll frame) when they change.
  const estimateSize = useCallback(
    (i: number) => (entries[i]?.kind === 'group' ? GROUP_HEIGHT : ROW_HEIGHT),
    [entries],
  );
  const getItemKey = useCallback(
    (i: number) => {
      const e = entries[i];
      return e ? (e.kind === 'group' ? `g:${e.bucket.key}` : e.task._id) : i;
    },
    [entries],
  );
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    // Rows are drawn in the scroll event (flushSync), before the frame: a few spare rows cover the
    // compositor's scrolling ahead; more only cost style, layout and paint in every frame.
    overscan: 2,
    scrollMargin: HEADER_HEIGHT,
    // A record scrolled to stays clear of the sticky summary row.
    scrollPaddingEnd: SUMMARY_HEIGHT,
    // The scroller's size before it is measured (grid.module.css: max(360px, 100dvh - 300px), less
    // its borders), so the render that mounts the grid (a transition, in short tasks) draws the
    // visible rows already, not a synchronous second render once the scroller is measured.
    initialRect: { width: window.innerWidth, height: Math.max(360, window.innerHeight - 300) - 2 },
    // Neither forces a layout of the new grid in the task that mounts it (lib/virtual-scroller).
    observeElementRect: observeScrollerRect,
    scrollToFn: scrollAfterMount,
  });
  useLayoutEffect(() => {
    props.virtualizerRef.current = virtualizer;
  });
  const items = virtualizer.getVirtualItems();
  const range = useColumnRange(scrollRef, rowContext.widths, pinnedCount(rowContext.columns));

  // Record rows are keyed by slot (lib/row-slots): rows scrolling in reuse the elements of rows
  // scrolling out. The slots of the last committed render are the ones React's elements have.
  const slotsRef = useRef<ReadonlyMap<string, number>>(new Map());
  const slots = assignSlots(
    slotsRef.current,
    items.flatMap((item) => {
      const entry = entries[item.index];
      return entry?.kind === 'row' ? [entry.task._id] : [];
    }),
  );
  useLayoutEffect(() => {
    slotsRef.current = slots;
  });

  // Loads the next page when the end of the loaded records comes near.
  const lastIndex = items[items.length - 1]?.index ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = props;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= entries.length - 40) fetchNextPage();
  }, [entries.length, fetchNextPage, hasNextPage, isFetchingNextPage, lastIndex]);

  const empty = entries.length === 0 && !hasNextPage;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a virtual data grid is the ARIA grid pattern
    <div
      ref={scrollRef}
      role="grid"
      aria-label={props.label}
      // The header, the records and, below them, the summary row.
      aria-rowcount={props.total + (empty ? 1 : 2)}
      aria-colcount={rowContext.columns.length + 2}
      aria-multiselectable
      aria-activedescendant={props.activeDescendant}
      aria-describedby={`${rowContext.gridId}-help`}
      tabIndex={0}
      className={classes.scroller}
      onKeyDown={props.onKeyDown}
      onCopy={props.onCopy}
      onCut={props.onCut}
      onPaste={props.onPaste}
      data-testid="board-grid"
    >
      <span id={`${rowContext.gridId}-help`} hidden>
        {props.help}
      </span>
      <div style={{ width: props.width, minWidth: '100%' }}>
        {props.header}
        <AriaRowGroup className={classes.body} style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const entry = entries[item.index];
            const top = item.start - HEADER_HEIGHT;
            if (entry?.kind === 'group' && groupColumn) {
              return (
                <GroupRow
                  key={item.key}
                  column={groupColumn}
                  bucket={entry.bucket}
                  collapsed={entry.collapsed}
                  top={top}
                  sumProperty={props.sumColumn}
                  calcs={props.groupCalcs?.(entry.bucket.key) ?? null}
                  onToggle={props.onToggleGroup}
                />
              );
            }
            if (entry?.kind !== 'row') return null;
            return (
              <GridRow
                key={`s${slots.get(entry.task._id)}`}
                {...rowContext}
                task={entry.task}
                row={entry.row}
                top={top}
                selected={!!props.selection[entry.task._id]}
                activeCol={active?.row === entry.row ? active.col : null}
                editing={editing?.row === entry.row ? editing : null}
                range={range}
                {...spanOf(props.cellRange, entry.row)}
              />
            );
          })}
          {props.dropLineTop !== null && (
            <div
              aria-hidden
              className={classes.dropLine}
              style={{ top: props.dropLineTop }}
              data-testid="row-drop-line"
            />
          )}
        </AriaRowGroup>
        {empty ? (
          <AriaRow>
            <AriaCell style={{ width: '100%' }}>
              <EmptyState />
            </AriaCell>
          </AriaRow>
        ) : (
          props.summary
        )}
      </div>
    </div>
  );
}

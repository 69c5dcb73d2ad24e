import type { Column } from '@solar/shared';
import type { RowSelectionState } from '@tanstack/react-table';
import { elementScroll, type Rect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
} from 'react';
import type { GridEntry } from '../../lib/grid-entries';
import type { CellPos } from '../../lib/grid-nav';
import { assignSlots } from '../../lib/row-slots';
import { EmptyState } from '../empty-state';
import { AriaCell, AriaRow, AriaRowGroup } from './aria';
import classes from './grid.module.css';
import { GridRow, type GridRowProps, ROW_HEIGHT } from './grid-row';
import { GroupRow } from './group-row';
import type { EditingCell } from './use-grid-cursor';

const HEADER_HEIGHT = 37;
const GROUP_HEIGHT = 40;

/**
 * The scroller's size, from a ResizeObserver only: the library's own reads it at once when the grid
 * mounts, which forces a layout of the whole new grid inside the task that mounted it. The observer
 * reports after the browser's layout; until then `initialRect` stands.
 */
function observeScrollerRect(instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: Rect) => void) {
  const element = instance.scrollElement;
  if (!element) return;
  const observer = new ResizeObserver(() => cb({ width: element.clientWidth, height: element.clientHeight }));
  observer.observe(element, { box: 'content-box' });
  return () => observer.disconnect();
}

/** What every row gets, unchanged while scrolling (the rows are memoised on it). */
export type RowContext = Omit<GridRowProps, 'task' | 'row' | 'top' | 'selected' | 'activeCol' | 'editing'>;

interface GridBodyProps {
  /** The role=grid element (the cursor focuses it) and the virtualizer (it scrolls to a record). */
  scrollRef: RefObject<HTMLDivElement | null>;
  virtualizerRef: RefObject<Virtualizer<HTMLDivElement, Element> | null>;
  label: string;
  help: string;
  total: number;
  activeDescendant: string | undefined;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  width: number;
  header: ReactNode;
  entries: GridEntry[];
  groupColumn: Column | null;
  sumColumn: Column | null;
  onToggleGroup: (key: string) => void;
  rowContext: RowContext;
  selection: RowSelectionState;
  active: CellPos | null;
  editing: EditingCell | null;
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
  const hasScrolled = useRef(false);
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (entries[i]?.kind === 'group' ? GROUP_HEIGHT : ROW_HEIGHT),
    getItemKey: (i) => {
      const e = entries[i];
      return e ? (e.kind === 'group' ? `g:${e.bucket.key}` : e.task._id) : i;
    },
    // Rows are drawn in the scroll event (flushSync), before the frame: a few spare rows cover the
    // compositor's scrolling ahead; more only cost style, layout and paint in every frame.
    overscan: 2,
    scrollMargin: HEADER_HEIGHT,
    // The scroller's size before it is measured (grid.module.css: max(360px, 100dvh - 300px), less
    // its borders), so the render that mounts the grid (a transition, in short tasks) draws the
    // visible rows already, not a synchronous second render once the scroller is measured.
    initialRect: { width: window.innerWidth, height: Math.max(360, window.innerHeight - 300) - 2 },
    observeElementRect: observeScrollerRect,
    // On mounting, the virtualizer scrolls the new scroller to offset 0 (where it is), which also
    // forced that layout; the browser would not even send a scroll event for it.
    scrollToFn: (offset, options, instance) => {
      const isFirst = !hasScrolled.current;
      hasScrolled.current = true;
      if (isFirst && offset + (options.adjustments ?? 0) === 0) return;
      elementScroll(offset, options, instance);
    },
  });
  useLayoutEffect(() => {
    props.virtualizerRef.current = virtualizer;
  });
  const items = virtualizer.getVirtualItems();

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

  return (
    // biome-ignore lint/a11y/useSemanticElements: a virtual data grid is the ARIA grid pattern
    <div
      ref={scrollRef}
      role="grid"
      aria-label={props.label}
      aria-rowcount={props.total + 1}
      aria-colcount={rowContext.columns.length + 2}
      aria-multiselectable
      aria-activedescendant={props.activeDescendant}
      aria-describedby={`${rowContext.gridId}-help`}
      tabIndex={0}
      className={classes.scroller}
      onKeyDown={props.onKeyDown}
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
              />
            );
          })}
        </AriaRowGroup>
        {entries.length === 0 && !hasNextPage && (
          <AriaRow>
            <AriaCell style={{ width: '100%' }}>
              <EmptyState />
            </AriaCell>
          </AriaRow>
        )}
      </div>
    </div>
  );
}

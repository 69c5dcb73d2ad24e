import type { Column, Task } from '@solar/shared';
import { IconArrowsDiagonal, IconGripVertical, IconTarget } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type MouseEvent, memo, type PointerEvent, useLayoutEffect, useRef } from 'react';
import { type ColumnRange, pinnedCount, windowItems } from '../../lib/column-window';
import { TITLE_KEY } from '../../lib/columns';
import { cellRaw } from '../../lib/values';
import { CellView } from '../cells/cell-view';
import { AriaCell, AriaRow } from './aria';
import classes from './grid.module.css';
import { GridCell } from './grid-cell';
import type { EditMove } from './text-editor';
import type { TypedAheadSource } from './use-grid-cursor';

export const ROW_HEIGHT = 36;

// The same elements for every row: React skips them when a row renders again.
const TARGET_ICON = <IconTarget size={14} aria-hidden />;
const OPEN_ICON = <IconArrowsDiagonal size={14} aria-hidden />;
const GRIP_ICON = <IconGripVertical size={12} aria-hidden />;

/** A row's texts, built once per language (`rowLabels`): the grid labels every row it draws. */
export interface RowLabels {
  untitled: string;
  selectRow: (name: string) => string;
  openRecord: (name: string) => string;
  customerTargetOf: (name: string) => string;
  moveRow: (name: string) => string;
}

const NAME = '\u0000';

/** The row texts of a language, each a function of the record's name. */
export function rowLabels(t: TFunction<'board'>): RowLabels {
  const withName = (key: 'grid.selectRow' | 'grid.openRecord' | 'grid.customerTargetOf' | 'grid.moveRow') => {
    const parts = t(key, { name: NAME }).split(NAME);
    return (name: string) => parts.join(name);
  };
  return {
    untitled: t('grid.untitled'),
    selectRow: withName('grid.selectRow'),
    openRecord: withName('grid.openRecord'),
    customerTargetOf: withName('grid.customerTargetOf'),
    moveRow: withName('grid.moveRow'),
  };
}

export interface GridRowProps {
  /** From `rowLabels`: new ones after a change of language render the rows again. */
  labels: RowLabels;
  gridId: string;
  task: Task;
  row: number;
  columns: Column[];
  widths: number[];
  top: number;
  selected: boolean;
  onToggleSelected: (taskId: string, event: MouseEvent) => void;
  activeCol: number | null;
  /** The columns of the Shift selection on this row (-1 for none). */
  rangeLeft: number;
  rangeRight: number;
  editing: { col: number; seed?: string; typedAhead?: TypedAheadSource } | null;
  /** The columns in view (GridBody): the row draws those, its pinned ones and its active cell. */
  range: ColumnRange;
  related: Record<string, string>;
  isProjects: boolean;
  onCellClick: (row: number, col: number, event: MouseEvent) => void;
  onCellDoubleClick: (row: number, col: number) => void;
  /** A press and a drag across cells: the range of cells (use-grid-cursor). */
  onCellPointerDown: (row: number, col: number, event: MouseEvent) => void;
  onCellPointerEnter: (row: number, col: number, event: MouseEvent) => void;
  /** A right click on a cell: the cell menu. */
  onCellContextMenu: (row: number, col: number, event: MouseEvent) => void;
  onEditDone: (move: EditMove) => void;
  onOpen: (task: Task) => void;
  onCustomerTarget: (task: Task) => void;
  onPress: (task: Task, key: string) => Promise<void>;
  /** A press on the row's handle starts a drag (use-row-drag); none where rows are not ordered by hand. */
  onMoveHandle?: (task: Task, event: PointerEvent) => void;
}

/** The id of a grid cell (the grid's `aria-activedescendant`). */
export const cellId = (gridId: string, row: number, col: number) => `${gridId}-r${row}-c${col}`;

/**
 * One record of the virtual grid, memoised on stable props (the grid passes the texts and the
 * writer's `press`, so a row has no hooks of its own but this effect): only rows that scroll in or
 * change render again, and their cells only where the value changed (GridCell). The grid reuses a
 * row for another record as records scroll by: what holds state (an editor, a pressed button) is
 * keyed by the record, and focus inside the row is let go when its record changes.
 */
export const GridRow = memo(function GridRow(props: GridRowProps) {
  const { labels, task, row, columns, widths, activeCol, editing } = props;
  const rowRef = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the row shows another record
  useLayoutEffect(
    () => () => {
      const focused = document.activeElement;
      if (focused instanceof HTMLElement && rowRef.current?.contains(focused)) focused.blur();
    },
    [task._id],
  );
  const name = task.taskName || labels.untitled;
  const rowAction = (label: string, onClick: () => void, icon: React.ReactNode) => (
    <button
      type="button"
      className={classes.rowAction}
      aria-label={label}
      title={label}
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
    >
      {icon}
    </button>
  );
  const renderCell = (column: Column, col: number) => {
    const isTitle = column.id === TITLE_KEY;
    const isActive = activeCol === col;
    const isEditing = editing?.col === col;
    const inRange = col >= props.rangeLeft && col <= props.rangeRight;
    return (
      <GridCell
        key={column.id}
        column={column}
        col={col}
        width={widths[col] ?? 0}
        value={cellRaw(task, column.id)}
        related={props.related}
        id={isActive ? cellId(props.gridId, row, col) : undefined}
        isActive={isActive}
        inRange={inRange}
        task={isEditing || column.dataType === 'button' ? task : undefined}
        editing={isEditing ? editing : null}
        onEditDone={props.onEditDone}
        onPress={props.onPress}
      >
        {isTitle ? (
          <div className={classes.titleInner}>
            <CellView column={column} value={cellRaw(task, column.id)} />
            <div className={classes.rowActions}>
              {props.isProjects &&
                task.projectId &&
                rowAction(labels.customerTargetOf(name), () => props.onCustomerTarget(task), TARGET_ICON)}
              {rowAction(labels.openRecord(name), () => props.onOpen(task), OPEN_ICON)}
            </div>
          </div>
        ) : undefined}
      </GridCell>
    );
  };
  // Clicks are handled here for every cell (so cells are memoised without handlers of their own);
  // only this row's cells count: an editor's popover is elsewhere in the page, its events bubble here.
  const colOf = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target instanceof Element ? event.target.closest('[aria-colindex]') : null;
    return target && event.currentTarget.contains(target)
      ? Number(target.getAttribute('aria-colindex')) - 2
      : null;
  };
  // The name column (always first) stays in view while scrolling sideways, with the checkbox.
  const pinned = pinnedCount(columns);
  return (
    <AriaRow
      ref={rowRef}
      aria-rowindex={row + 2}
      aria-selected={props.selected}
      className={classes.row}
      data-selected={props.selected || undefined}
      data-editing={editing ? true : undefined}
      data-testid="board-row"
      data-task-id={task._id}
      style={{ top: props.top }}
      onClick={(event) => {
        const col = colOf(event);
        if (col !== null) props.onCellClick(row, col, event);
      }}
      onDoubleClick={(event) => {
        const col = colOf(event);
        if (col !== null) props.onCellDoubleClick(row, col);
      }}
      onMouseDown={(event) => {
        const col = colOf(event);
        if (col !== null) props.onCellPointerDown(row, col, event);
      }}
      onMouseOver={(event) => {
        const col = colOf(event);
        if (col !== null) props.onCellPointerEnter(row, col, event);
      }}
      onContextMenu={(event) => {
        const col = colOf(event);
        if (col !== null) props.onCellContextMenu(row, col, event);
      }}
    >
      {/* One sticky box for both (grid.module.css, .pinned). */}
      <div className={classes.pinned}>
        <AriaCell className={`${classes.cell} ${classes.selectCell}`}>
          {props.onMoveHandle && (
            <button
              type="button"
              // The keyboard moves rows with Alt+↑ / Alt+↓ from any cell; the handle is for the pointer.
              tabIndex={-1}
              className={classes.moveHandle}
              aria-label={labels.moveRow(name)}
              title={labels.moveRow(name)}
              data-testid="row-move-handle"
              onPointerDown={(event) => props.onMoveHandle?.(task, event)}
              onMouseDown={(event) => event.stopPropagation()}
              onClick={(event) => event.stopPropagation()}
            >
              {GRIP_ICON}
            </button>
          )}
          <input
            type="checkbox"
            className={classes.rowCheck}
            checked={props.selected}
            onChange={() => undefined}
            onClick={(event) => props.onToggleSelected(task._id, event)}
            aria-label={labels.selectRow(name)}
          />
        </AriaCell>
        {columns.slice(0, pinned).map((column, col) => renderCell(column, col))}
      </div>
      {windowItems(widths, pinned, props.range, editing?.col ?? activeCol).map((item) => {
        if ('gap' in item)
          return <div key={item.key} aria-hidden className={classes.gap} style={{ width: item.gap }} />;
        const column = columns[item.col];
        return column ? renderCell(column, item.col) : null;
      })}
    </AriaRow>
  );
});

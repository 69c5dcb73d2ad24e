import type { Column, Task } from '@solar/shared';
import { IconArrowsDiagonal, IconTarget } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type MouseEvent, memo } from 'react';
import { TITLE_KEY } from '../../lib/columns';
import { cellRaw } from '../../lib/values';
import { CellView } from '../cells/cell-view';
import { AriaCell, AriaRow } from './aria';
import { ButtonCell } from './button-cell';
import { CellEditor } from './cell-editor';
import classes from './grid.module.css';
import type { EditMove } from './text-editor';

export const ROW_HEIGHT = 36;

export interface GridRowProps {
  /** The grid's `t` (board texts): a new one after a change of language renders the rows again. */
  t: TFunction<'board'>;
  gridId: string;
  task: Task;
  row: number;
  columns: Column[];
  widths: number[];
  top: number;
  selected: boolean;
  onToggleSelected: (taskId: string, event: MouseEvent) => void;
  activeCol: number | null;
  editing: { col: number; seed?: string } | null;
  related: Record<string, string>;
  isProjects: boolean;
  onCellClick: (row: number, col: number, event: MouseEvent) => void;
  onCellDoubleClick: (row: number, col: number) => void;
  onEditDone: (move: EditMove) => void;
  onOpen: (task: Task) => void;
  onCustomerTarget: (task: Task) => void;
  onPress: (task: Task, key: string) => Promise<void>;
}

/** The id of a grid cell (the grid's `aria-activedescendant`). */
export const cellId = (gridId: string, row: number, col: number) => `${gridId}-r${row}-c${col}`;

/**
 * One record of the virtual grid. Memoised with stable props, plain elements inside and no hooks
 * (the grid passes `t` and the writer's `press`): only rows that scroll in or change render again,
 * and mounting one is cheap.
 */
export const GridRow = memo(function GridRow(props: GridRowProps) {
  const { t, task, row, columns, widths, activeCol, editing } = props;
  const name = task.taskName || t('grid.untitled');
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
  return (
    <AriaRow
      aria-rowindex={row + 2}
      aria-selected={props.selected}
      className={classes.row}
      data-selected={props.selected || undefined}
      data-testid="board-row"
      data-task-id={task._id}
      style={{ transform: `translateY(${props.top}px)` }}
    >
      <AriaCell className={`${classes.cell} ${classes.selectCell} ${classes.sticky}`}>
        <input
          type="checkbox"
          className={classes.rowCheck}
          checked={props.selected}
          onChange={() => undefined}
          onClick={(event) => props.onToggleSelected(task._id, event)}
          aria-label={t('grid.selectRow', { name })}
        />
      </AriaCell>
      {columns.map((column, col) => {
        const isTitle = column.id === TITLE_KEY;
        const isActive = activeCol === col;
        const isEditing = editing?.col === col;
        return (
          <AriaCell
            key={column.id}
            id={cellId(props.gridId, row, col)}
            aria-colindex={col + 2}
            aria-selected={isActive}
            className={`${classes.cell} ${isTitle ? classes.stickyTitle : ''}`}
            data-active={isActive || undefined}
            data-editing={isEditing || undefined}
            data-column={column.id}
            style={{ width: widths[col] }}
            onClick={(event) => props.onCellClick(row, col, event)}
            onDoubleClick={() => props.onCellDoubleClick(row, col)}
          >
            {column.dataType === 'button' ? (
              <ButtonCell task={task} column={column} onPress={props.onPress} />
            ) : isTitle ? (
              <div className={classes.titleInner}>
                <CellView column={column} value={cellRaw(task, column.id)} />
                <div className={classes.rowActions}>
                  {props.isProjects &&
                    task.projectId &&
                    rowAction(
                      t('grid.customerTargetOf', { name }),
                      () => props.onCustomerTarget(task),
                      <IconTarget size={14} aria-hidden />,
                    )}
                  {rowAction(
                    t('grid.openRecord', { name }),
                    () => props.onOpen(task),
                    <IconArrowsDiagonal size={14} aria-hidden />,
                  )}
                </div>
              </div>
            ) : (
              <CellView column={column} value={cellRaw(task, column.id)} related={props.related} />
            )}
            {isEditing && (
              <CellEditor
                task={task}
                column={column}
                related={props.related}
                seed={editing?.seed}
                onDone={props.onEditDone}
              />
            )}
          </AriaCell>
        );
      })}
    </AriaRow>
  );
});

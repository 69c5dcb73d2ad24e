import type { Column, Task } from '@solar/shared';
import { memo, type ReactNode } from 'react';
import { CellView } from '../cells/cell-view';
import { AriaCell } from './aria';
import { ButtonCell } from './button-cell';
import { CellEditor } from './cell-editor';
import classes from './grid.module.css';
import type { EditMove } from './text-editor';
import type { TypedAheadSource } from './use-grid-cursor';

export interface GridCellProps {
  column: Column;
  col: number;
  width: number;
  /** The raw value: a reused row's cell that shows the same value as before is not rendered again. */
  value: unknown;
  related: Record<string, string>;
  /** Only the active cell has an id (the grid's aria-activedescendant). */
  id: string | undefined;
  isActive: boolean;
  /** Within the Shift selection of cells. */
  inRange: boolean;
  /** The record, for the cells that need it (a button, the editor); others go without it. */
  task: Task | undefined;
  editing: { seed?: string; typedAhead?: TypedAheadSource } | null;
  onEditDone: (move: EditMove) => void;
  onPress: (task: Task, key: string) => Promise<void>;
  /** Content instead of the value (the name cell, with the row's buttons). */
  children?: ReactNode;
}

/**
 * One cell of a grid row. Memoised: clicks are the row's (by `aria-colindex`), so an empty cell or
 * one showing the same value as the record before it in a reused row renders nothing again.
 */
export const GridCell = memo(function GridCell(props: GridCellProps) {
  const { column, task, editing } = props;
  return (
    <AriaCell
      id={props.id}
      aria-colindex={props.col + 2}
      aria-selected={props.isActive || props.inRange}
      className={
        props.children
          ? `${classes.cell} ${classes.titleCell}`
          : column.dataType === 'button'
            ? `${classes.cell} ${classes.clipCell}`
            : classes.cell
      }
      data-active={props.isActive || undefined}
      data-in-range={props.inRange || undefined}
      data-editing={editing ? true : undefined}
      data-column={column.id}
      style={{ width: props.width }}
    >
      {props.children ??
        (column.dataType === 'button' ? (
          task && <ButtonCell key={task._id} task={task} column={column} onPress={props.onPress} />
        ) : (
          <CellView column={column} value={props.value} related={props.related} />
        ))}
      {editing && task && (
        <CellEditor
          key={task._id}
          task={task}
          column={column}
          related={props.related}
          seed={editing.seed}
          typedAhead={editing.typedAhead}
          onDone={props.onEditDone}
        />
      )}
    </AriaCell>
  );
});

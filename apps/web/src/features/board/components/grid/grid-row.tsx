import { ActionIcon, Checkbox, Tooltip } from '@mantine/core';
import type { Column, Task } from '@solar/shared';
import { IconArrowsDiagonal, IconTarget } from '@tabler/icons-react';
import { type MouseEvent, memo } from 'react';
import { useTranslation } from 'react-i18next';
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
  gridId: string;
  task: Task;
  row: number;
  columns: Column[];
  widths: number[];
  top: number;
  selected: boolean;
  onToggleSelected: (event: MouseEvent) => void;
  activeCol: number | null;
  editing: { col: number; seed?: string } | null;
  related: Record<string, string>;
  isProjects: boolean;
  onCellClick: (row: number, col: number, event: MouseEvent) => void;
  onCellDoubleClick: (row: number, col: number) => void;
  onEditDone: (move: EditMove) => void;
  onOpen: (task: Task) => void;
  onCustomerTarget: (task: Task) => void;
}

/** The id of a grid cell (the grid's `aria-activedescendant`). */
export const cellId = (gridId: string, row: number, col: number) => `${gridId}-r${row}-c${col}`;

/** One record of the virtual grid. */
export const GridRow = memo(function GridRow(props: GridRowProps) {
  const { t } = useTranslation('board');
  const { task, row, columns, widths, activeCol, editing } = props;
  const name = task.taskName || t('grid.untitled');
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
        <Checkbox
          size="xs"
          checked={props.selected}
          onChange={() => undefined}
          onClick={props.onToggleSelected}
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
              <ButtonCell task={task} column={column} />
            ) : isTitle ? (
              <div className={classes.titleInner}>
                <CellView column={column} value={cellRaw(task, column.id)} />
                <div className={classes.rowActions}>
                  {props.isProjects && task.projectId && (
                    <Tooltip label={t('grid.customerTarget')} withArrow>
                      <ActionIcon
                        size="sm"
                        variant="subtle"
                        color="gray"
                        aria-label={t('grid.customerTargetOf', { name })}
                        onClick={(event) => {
                          event.stopPropagation();
                          props.onCustomerTarget(task);
                        }}
                      >
                        <IconTarget size={14} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  <Tooltip label={t('grid.open')} withArrow>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="gray"
                      aria-label={t('grid.openRecord', { name })}
                      onClick={(event) => {
                        event.stopPropagation();
                        props.onOpen(task);
                      }}
                    >
                      <IconArrowsDiagonal size={14} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
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

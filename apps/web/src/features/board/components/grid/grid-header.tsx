import { DndContext, type DragEndEvent, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { Checkbox } from '@mantine/core';
import type { Column } from '@solar/shared';
import { type MouseEvent, memo, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AddColumnButton } from './add-column-button';
import { AriaColumnHeader, AriaRow, AriaRowGroup } from './aria';
import type { ColumnMenuActions } from './column-menu';
import classes from './grid.module.css';
import { HeaderCell } from './header-cell';

interface GridHeaderProps {
  columns: Column[];
  widths: number[];
  resizingId: string | false;
  allSelected: boolean;
  someSelected: boolean;
  onToggleAll: () => void;
  onResizeStart: (col: number, event: MouseEvent | TouchEvent) => void;
  onResizeKey: (column: Column, width: number) => void;
  actionsFor: (column: Column) => ColumnMenuActions;
  /** A column dropped on another's place. */
  onMove: (key: string, target: string) => void;
}

/**
 * The sticky header row: select-all, the column headers (drag to reorder) and the '+' column.
 * Memoised with stable props: scrolling renders the grid's rows again, not its menus.
 */
export const GridHeader = memo(function GridHeader(props: GridHeaderProps) {
  const { t } = useTranslation('board');
  // Pointer only: Enter and Space open the column menu; its 'Move left/right' items reorder by keyboard.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) props.onMove(String(active.id), String(over.id));
  };

  return (
    // Its screen-reader texts (a live region) go to the body: inside the grid they would be children
    // of role=grid that are no rows.
    <DndContext sensors={sensors} onDragEnd={onDragEnd} accessibility={{ container: document.body }}>
      <AriaRowGroup className={classes.header}>
        <AriaRow aria-rowindex={1} style={{ display: 'flex' }}>
          <AriaColumnHeader
            className={`${classes.headerCell} ${classes.selectCell} ${classes.sticky}`}
            style={{ width: 44 }}
          >
            <Checkbox
              size="xs"
              m="auto"
              checked={props.allSelected}
              indeterminate={!props.allSelected && props.someSelected}
              onChange={props.onToggleAll}
              aria-label={t('grid.selectAll')}
            />
          </AriaColumnHeader>
          {props.columns.map((column, col) => (
            <HeaderCell
              key={column.id}
              column={column}
              col={col}
              width={props.widths[col] ?? 200}
              isResizing={props.resizingId === column.id}
              onResizeStart={(event) => props.onResizeStart(col, event)}
              onResizeKey={(width) => props.onResizeKey(column, width)}
              actions={props.actionsFor(column)}
            />
          ))}
          <AriaColumnHeader className={`${classes.headerCell} ${classes.addHeader}`}>
            <AddColumnButton />
          </AriaColumnHeader>
        </AriaRow>
      </AriaRowGroup>
    </DndContext>
  );
});

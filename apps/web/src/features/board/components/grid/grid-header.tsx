import { Checkbox } from '@mantine/core';
import type { Column } from '@solar/shared';
import type { MouseEvent, TouchEvent } from 'react';
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
}

/** The sticky header row: select-all, the column headers (drag to reorder) and the '+' column. */
export function GridHeader(props: GridHeaderProps) {
  const { t } = useTranslation('board');

  return (
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
  );
}

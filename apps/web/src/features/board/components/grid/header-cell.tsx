import { useDraggable, useDroppable } from '@dnd-kit/core';
import { UnstyledButton } from '@mantine/core';
import type { Column } from '@solar/shared';
import type { KeyboardEvent, MouseEvent, TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, TITLE_KEY } from '../../lib/columns';
import { PropertyIcon } from '../properties/property-icon';
import { AriaColumnHeader } from './aria';
import { ColumnMenu, type ColumnMenuActions } from './column-menu';
import classes from './grid.module.css';

interface HeaderCellProps {
  column: Column;
  col: number;
  width: number;
  isResizing: boolean;
  /** TanStack's resize handler (mouse and touch). */
  onResizeStart: (event: MouseEvent | TouchEvent) => void;
  /** Keyboard resize: the new width. */
  onResizeKey: (width: number) => void;
  actions: ColumnMenuActions;
}

const RESIZE_STEP = 16;

/** A column header: its menu, dragged to reorder (not the title), and a resize handle. */
export function HeaderCell({
  column,
  col,
  width,
  isResizing,
  onResizeStart,
  onResizeKey,
  actions,
}: HeaderCellProps) {
  const { t } = useTranslation('board');
  const isTitle = column.id === TITLE_KEY;
  const drag = useDraggable({ id: column.id, disabled: isTitle });
  const drop = useDroppable({ id: column.id, disabled: isTitle });
  const onKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? RESIZE_STEP : event.key === 'ArrowLeft' ? -RESIZE_STEP : 0;
    if (!step) return;
    event.preventDefault();
    event.stopPropagation();
    onResizeKey(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width + step)));
  };

  return (
    <AriaColumnHeader
      ref={drop.setNodeRef}
      aria-colindex={col + 2}
      className={`${classes.headerCell} ${isTitle ? classes.stickyTitle : ''}`}
      style={{ width }}
      data-over={(drop.isOver && !drag.isDragging) || undefined}
      data-dragging={drag.isDragging || undefined}
      data-testid={`column-header-${column.id}`}
    >
      <ColumnMenu
        column={column}
        actions={actions}
        target={
          <UnstyledButton
            ref={drag.setNodeRef}
            {...drag.listeners}
            // The title column is not draggable: dnd-kit would mark its menu button aria-disabled.
            {...(isTitle ? {} : drag.attributes)}
            role="button"
            title={column.label}
            className={classes.headerButton}
            aria-label={t('grid.columnMenu', { name: column.label })}
            aria-roledescription={isTitle ? undefined : t('grid.draggableColumn')}
          >
            <PropertyIcon icon={column.icon} type={column.dataType} />
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {column.label}
            </span>
          </UnstyledButton>
        }
      />
      {/* biome-ignore lint/a11y/useSemanticElements: a focusable splitter is the ARIA pattern for resizing */}
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={t('grid.resizeColumn', { name: column.label })}
        aria-valuenow={width}
        aria-valuemin={MIN_COLUMN_WIDTH}
        aria-valuemax={MAX_COLUMN_WIDTH}
        tabIndex={0}
        className={classes.resizer}
        data-resizing={isResizing || undefined}
        onMouseDown={onResizeStart}
        onTouchStart={onResizeStart}
        onKeyDown={onKey}
        onClick={(event) => event.stopPropagation()}
      />
    </AriaColumnHeader>
  );
}

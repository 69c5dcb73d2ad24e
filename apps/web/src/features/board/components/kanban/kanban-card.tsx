import { useDraggable, useDroppable } from '@dnd-kit/core';
import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Column, Task } from '@solar/shared';
import { useTranslation } from 'react-i18next';
import { cellRaw, isEmpty } from '../../lib/values';
import { CellView } from '../cells/cell-view';
import { PropertyIcon } from '../properties/property-icon';
import classes from './kanban.module.css';

interface CardBodyProps {
  task: Task;
  fields: Column[];
  related: Record<string, string>;
}

/** A card's content: the name and the record's non-empty visible properties. */
export function CardBody({ task, fields, related }: CardBodyProps) {
  const { t } = useTranslation('board');
  const shown = fields.filter((c) => !isEmpty(cellRaw(task, c.id))).slice(0, 5);
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600} lineClamp={2}>
        {task.taskName || t('grid.untitled')}
      </Text>
      {shown.map((column) => (
        <Group key={column.id} gap={6} wrap="nowrap" style={{ minWidth: 0 }} title={column.label}>
          <span style={{ color: 'var(--mantine-color-gray-6)', display: 'flex' }}>
            <PropertyIcon icon={column.icon} type={column.dataType} size={13} />
          </span>
          <div style={{ minWidth: 0, flex: 1, display: 'flex' }}>
            <CellView column={column} value={cellRaw(task, column.id)} related={related} />
          </div>
        </Group>
      ))}
    </Stack>
  );
}

interface KanbanCardProps extends CardBodyProps {
  draggable: boolean;
  /** Whether a card dropped on this one takes its place (cards ordered by hand: the view has no sort). */
  orderable: boolean;
  /** Where a card dragged over this one would land: above or below it. */
  dropSide: 'before' | 'after' | null;
  onOpen: (task: Task) => void;
}

/**
 * A kanban card: opens the record, dragged (pointer or keyboard) to another column, and, with the
 * pointer, to a place among the cards (above or below the card it is dropped on).
 */
export function KanbanCard({
  task,
  fields,
  related,
  draggable,
  orderable,
  dropSide,
  onOpen,
}: KanbanCardProps) {
  const { t } = useTranslation('board');
  const drag = useDraggable({ id: task._id, data: { task }, disabled: !draggable });
  const drop = useDroppable({ id: `card:${task._id}`, data: { task }, disabled: !orderable });
  return (
    <UnstyledButton
      ref={(node: HTMLButtonElement | null) => {
        drag.setNodeRef(node);
        drop.setNodeRef(node);
      }}
      {...drag.listeners}
      {...drag.attributes}
      className={classes.card}
      data-dragging={drag.isDragging || undefined}
      data-drop={dropSide ?? undefined}
      data-testid={`kanban-card-${task._id}`}
      aria-roledescription={draggable ? t('kanban.draggableCard') : undefined}
      aria-label={task.taskName || t('grid.untitled')}
      onClick={() => onOpen(task)}
    >
      <CardBody task={task} fields={fields} related={related} />
    </UnstyledButton>
  );
}

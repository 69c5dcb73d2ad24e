import { useDroppable } from '@dnd-kit/core';
import { ActionIcon, Badge, Button, Text, Tooltip } from '@mantine/core';
import type { Column, Task } from '@solar/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../../i18n';
import type { Bucket } from '../../lib/groups';
import { formatAmount } from '../../lib/values';
import { OptionBadge } from '../cells/option-badge';
import classes from './kanban.module.css';
import { KanbanCard } from './kanban-card';

const PAGE = 50;

interface KanbanColumnProps {
  column: Column;
  bucket: Bucket;
  fields: Column[];
  related: Record<string, string>;
  sumColumn: Column | null;
  draggable: boolean;
  orderable: boolean;
  /** The card a dragged card would land beside, and on which side. */
  dropAt: { id: string; side: 'before' | 'after' } | null;
  /** A card from another column is over one of this column's cards: the column is the target. */
  targeted: boolean;
  onOpen: (task: Task) => void;
  /** Adds a record in this group (absent when records cannot be added). */
  onAdd?: () => void;
}

/** One group of the kanban: header with count and sum (SPEC: sumProperty), its cards, a drop target. */
export function KanbanColumn({
  column,
  bucket,
  fields,
  related,
  sumColumn,
  draggable,
  orderable,
  dropAt,
  targeted,
  onOpen,
  onAdd,
}: KanbanColumnProps) {
  const { t } = useTranslation('board');
  const drop = useDroppable({ id: `group:${bucket.key}` });
  const [limit, setLimit] = useState(PAGE);
  const name = bucket.value ? bucket.label : t('groups.none', { name: column.label });
  const headingId = `kanban-${column.id}-${bucket.key || 'none'}`.replace(/\s/g, '-');

  return (
    <section
      ref={drop.setNodeRef}
      className={classes.column}
      data-over={drop.isOver || targeted || undefined}
      aria-labelledby={headingId}
      data-testid={`kanban-column-${bucket.key || 'none'}`}
    >
      <div className={classes.columnHeader}>
        <h2 id={headingId} style={{ margin: 0, minWidth: 0, display: 'flex' }}>
          {bucket.value ? (
            <OptionBadge column={column} value={bucket.value} />
          ) : (
            <Text size="sm" fw={600} c="gray.7">
              {name}
            </Text>
          )}
        </h2>
        <Badge
          variant="white"
          color="gray"
          size="sm"
          aria-label={t('groups.count', { count: bucket.count })}
          data-testid="kanban-count"
        >
          {bucket.count}
        </Badge>
        {sumColumn && (
          <Text size="xs" c="gray.7" data-testid="kanban-sum" truncate>
            {t('groups.sum', {
              name: sumColumn.label,
              sum: formatAmount(bucket.sum ?? 0, currentLanguage()),
            })}
          </Text>
        )}
        {onAdd && (
          <Tooltip label={t('kanban.add')} withArrow>
            <ActionIcon
              size="sm"
              variant="subtle"
              color="gray"
              ml="auto"
              aria-label={t('kanban.addIn', { name })}
              onClick={onAdd}
            >
              <IconPlus size={14} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
      </div>
      <div className={classes.columnBody}>
        {bucket.tasks.slice(0, limit).map((task) => (
          <KanbanCard
            key={task._id}
            task={task}
            fields={fields}
            related={related}
            draggable={draggable}
            orderable={orderable}
            dropSide={dropAt?.id === task._id ? dropAt.side : null}
            onOpen={onOpen}
          />
        ))}
        {bucket.tasks.length > limit && (
          <Button size="compact-xs" variant="subtle" onClick={() => setLimit((l) => l + PAGE)}>
            {t('kanban.more', { count: bucket.tasks.length - limit })}
          </Button>
        )}
        {bucket.tasks.length === 0 && (
          <Text size="xs" c="gray.7" ta="center" py="md">
            {t('kanban.empty')}
          </Text>
        )}
      </div>
    </section>
  );
}

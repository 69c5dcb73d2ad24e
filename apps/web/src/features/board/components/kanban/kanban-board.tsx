import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Alert } from '@mantine/core';
import type { Task, TaskGroup } from '@solar/shared';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { columnCoordinates } from '../../../../lib/kanban-keys';
import { useBoard } from '../../hooks/board-context';
import { useCellWriter } from '../../hooks/use-cell-writer';
import { isEditable, visibleColumns } from '../../lib/columns';
import { bucketTasks, groupValueOf } from '../../lib/groups';
import classes from './kanban.module.css';
import { CardBody } from './kanban-card';
import { KanbanColumn } from './kanban-column';

interface KanbanBoardProps {
  tasks: Task[];
  groups: TaskGroup[];
  related: Record<string, string>;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
}

const taskOf = (data: unknown): Task | null =>
  data && typeof data === 'object' && 'task' in data ? (data.task as Task) : null;

/** The kanban layout: one column per option of the grouping property; a card moved sets that property. */
export function KanbanBoard({
  tasks,
  groups,
  related,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: KanbanBoardProps) {
  const { t } = useTranslation('board');
  const { columns, view, filterBody, isProjects, setDrawer } = useBoard();
  const { commit } = useCellWriter();
  const [active, setActive] = useState<Task | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    // Space picks a card up and arrows jump a column; Enter opens the record (it does not pick up).
    useSensor(KeyboardSensor, {
      coordinateGetter: columnCoordinates,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );
  const groupBy = filterBody.groupBy;
  const groupColumn = groupBy ? columns[groupBy] : undefined;
  const sumColumn = filterBody.sumProperty ? (columns[filterBody.sumProperty] ?? null) : null;
  const fields = useMemo(
    () => visibleColumns(columns, view).filter((c) => c.id !== 'taskName' && c.id !== groupBy),
    [columns, view, groupBy],
  );
  const buckets = useMemo(
    () => (groupColumn ? bucketTasks(tasks, groupColumn, groups, true) : []),
    [tasks, groupColumn, groups],
  );

  // Every record of every column is needed: load the remaining pages.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (!groupColumn || !groupBy) return <Alert color="gray">{t('kanban.noGroup')}</Alert>;
  const draggable = isEditable(groupColumn);

  // What a screen reader hears while a card moves, in the user's language with the card's and columns' names.
  const nameOf = (data: unknown) => {
    const task = taskOf(data);
    return task ? task.taskName || t('grid.untitled') : '';
  };
  const columnName = (id: unknown) => {
    const bucket = buckets.find((b) => `group:${b.key}` === id);
    if (!bucket) return '';
    return bucket.value ? bucket.label : t('groups.none', { name: groupColumn.label });
  };
  const announcements: Announcements = {
    onDragStart: ({ active: a }) =>
      t('kanban.dnd.start', {
        name: nameOf(a.data.current),
        column: columnName(`group:${groupValueOf(taskOf(a.data.current) as Task, groupBy) ?? ''}`),
      }),
    onDragOver: ({ active: a, over }) =>
      over
        ? t('kanban.dnd.over', { name: nameOf(a.data.current), column: columnName(over.id) })
        : t('kanban.dnd.outside', { name: nameOf(a.data.current) }),
    onDragEnd: ({ active: a, over }) =>
      over
        ? t('kanban.dnd.end', { name: nameOf(a.data.current), column: columnName(over.id) })
        : t('kanban.dnd.cancel', { name: nameOf(a.data.current) }),
    onDragCancel: ({ active: a }) => t('kanban.dnd.cancel', { name: nameOf(a.data.current) }),
  };

  const onDragStart = (event: DragStartEvent) => setActive(taskOf(event.active.data.current));
  const onDragEnd = (event: DragEndEvent) => {
    setActive(null);
    const task = taskOf(event.active.data.current);
    const over = event.over?.id;
    if (!task || typeof over !== 'string' || !over.startsWith('group:')) return;
    const value = over.slice('group:'.length) || null;
    if (value !== groupValueOf(task, groupBy)) void commit(task, groupBy, value);
  };

  return (
    <DndContext
      sensors={sensors}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('kanban.dnd.instructions') } }}
    >
      <div className={classes.board} data-testid="kanban-board">
        {buckets.map((bucket) => (
          <KanbanColumn
            key={bucket.key}
            column={groupColumn}
            bucket={bucket}
            fields={fields}
            related={related}
            sumColumn={sumColumn}
            draggable={draggable}
            onOpen={(task) => setDrawer({ mode: 'edit', taskId: task._id })}
            onAdd={
              isProjects
                ? undefined
                : () => setDrawer({ mode: 'create', values: bucket.value ? { [groupBy]: bucket.value } : {} })
            }
          />
        ))}
      </div>
      <DragOverlay>
        {active && (
          <div className={`${classes.card} ${classes.overlay}`}>
            <CardBody task={active} fields={fields} related={related} />
          </div>
        )}
      </DragOverlay>
    </DndContext>
  );
}

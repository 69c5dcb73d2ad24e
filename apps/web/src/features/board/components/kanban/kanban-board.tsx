import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Alert } from '@mantine/core';
import type { Task, TaskGroup } from '@solar/shared';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardCoordinates, isCardTarget, revealMovedCard } from '../../../../lib/kanban-keys';
import { useBoard } from '../../hooks/board-context';
import { useCellWriter } from '../../hooks/use-cell-writer';
import { useRowMove } from '../../hooks/use-row-move';
import { isEditable, visibleColumns } from '../../lib/columns';
import { bucketTasks, groupValueOf } from '../../lib/groups';
import { notifyFailure } from '../../lib/notify';
import { besideTarget } from '../../lib/row-move';
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

const isColumn = (id: unknown) => String(id).startsWith('group:');

/**
 * The pointer drops on the card under it (a place in the column), else on the column. The keyboard
 * (lib/kanban-keys) jumps whole columns and lands on the column; its up and down arrows bring the
 * card's middle onto another card, which is then the place.
 */
const dropCollision: CollisionDetection = (args) => {
  const own = `card:${args.active.id}`;
  if (!args.pointerCoordinates) {
    const rect = args.collisionRect;
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    const card = args.droppableContainers.find((c) => {
      const r = args.droppableRects.get(c.id);
      return (
        isCardTarget(c.id) && c.id !== own && r && r.left <= x && x <= r.right && r.top <= y && y <= r.bottom
      );
    });
    if (card) return [{ id: card.id, data: { droppableContainer: card, value: 0 } }];
    return rectIntersection({
      ...args,
      droppableContainers: args.droppableContainers.filter((c) => isColumn(c.id)),
    });
  }
  const hits = pointerWithin(args);
  const card = hits.find((h) => isCardTarget(h.id) && h.id !== own);
  return card ? [card] : hits.filter((h) => isColumn(h.id));
};

type DropAt = { id: string; side: 'before' | 'after' };

/** Above or below the card under the dragged one: which half of it the dragged card's middle is in. */
function dropAtOf(event: Pick<DragMoveEvent, 'active' | 'over'>): DropAt | null {
  const over = event.over;
  const dragged = event.active.rect.current.translated;
  if (!over || isColumn(over.id) || !dragged) return null;
  const middle = dragged.top + dragged.height / 2;
  return {
    id: String(over.id).slice('card:'.length),
    side: middle < over.rect.top + over.rect.height / 2 ? 'before' : 'after',
  };
}

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
  const rowMove = useRowMove();
  const [active, setActive] = useState<Task | null>(null);
  const [dropAt, setDropAt] = useState<DropAt | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    // Space picks a card up and arrows jump a column; Enter opens the record (it does not pick up).
    useSensor(KeyboardSensor, {
      coordinateGetter: cardCoordinates,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
      // A smooth scroll still running at the next key press would send the card to the wrong column.
      scrollBehavior: 'instant',
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
  // Cards change column where the grouping property is editable, and change place where the view
  // has no sort (the board's own order, shared with the table).
  const editable = isEditable(groupColumn);
  const orderable = rowMove.refusal === null;
  const draggable = editable || orderable;

  // What a screen reader hears while a card moves, in the user's language with the card's and columns' names.
  const nameOf = (data: unknown) => {
    const task = taskOf(data);
    return task ? task.taskName || t('grid.untitled') : '';
  };
  const columnName = (id: unknown) => {
    const bucket = buckets.find(
      (b) => `group:${b.key}` === id || b.tasks.some((task) => `card:${task._id}` === id),
    );
    if (!bucket) return '';
    return bucket.value ? bucket.label : t('groups.none', { name: groupColumn.label });
  };
  const announcements: Announcements = {
    onDragStart: ({ active: a }) =>
      t('kanban.dnd.start', {
        name: nameOf(a.data.current),
        column: columnName(`group:${groupValueOf(taskOf(a.data.current) as Task, groupBy) ?? ''}`),
      }),
    onDragOver: ({ active: a, over }) => {
      if (!over) return t('kanban.dnd.outside', { name: nameOf(a.data.current) });
      const at = dropAtOf({ active: a, over });
      if (!at) return t('kanban.dnd.over', { name: nameOf(a.data.current), column: columnName(over.id) });
      return t(at.side === 'before' ? 'kanban.dnd.overBefore' : 'kanban.dnd.overAfter', {
        name: nameOf(a.data.current),
        card: nameOf(over.data.current),
        column: columnName(over.id),
      });
    },
    onDragEnd: ({ active: a, over }) =>
      over
        ? t('kanban.dnd.end', { name: nameOf(a.data.current), column: columnName(over.id) })
        : t('kanban.dnd.cancel', { name: nameOf(a.data.current) }),
    onDragCancel: ({ active: a }) => t('kanban.dnd.cancel', { name: nameOf(a.data.current) }),
  };

  // The column of the card under a card dragged from another column.
  const activeKey = active ? (groupValueOf(active, groupBy) ?? '') : null;
  const targetKey = dropAt
    ? buckets.find((b) => b.tasks.some((task) => task._id === dropAt.id))?.key
    : undefined;
  const onDragStart = (event: DragStartEvent) => setActive(taskOf(event.active.data.current));
  const onDragMove = (event: DragMoveEvent) => {
    const next = dropAtOf(event);
    setDropAt((current) => (current?.id === next?.id && current?.side === next?.side ? current : next));
  };
  const onDragEnd = async (event: DragEndEvent) => {
    setActive(null);
    setDropAt(null);
    const task = taskOf(event.active.data.current);
    const over = event.over;
    if (!task || !over) return;
    const at = dropAtOf(event);
    const beside = at ? taskOf(over.data.current) : null;
    const value = beside
      ? groupValueOf(beside, groupBy)
      : isColumn(over.id)
        ? String(over.id).slice('group:'.length) || null
        : undefined;
    if (value === undefined) return;
    const from = groupValueOf(task, groupBy);
    // The card shows in its new column at once, maybe out of sight (below the column's scroll, or
    // above the screen on a phone): it is brought into view there (a column's test id: its key).
    const reveal = () => revealMovedCard(value || 'none', task._id);
    if (value !== from) {
      if (!editable) {
        // Cards can be dragged for their place (/projects: the stage is the project's, set there).
        notifyFailure(t('kanban.readOnlyGroup', { name: groupColumn.label }));
        return;
      }
      const saved = commit(task, groupBy, value);
      reveal();
      // A failed save keeps the card in its column (and says why): it does not move either.
      if (!(await saved)) return;
    }
    if (!at || !beside || !orderable) return;
    // The column's cards as shown before the drop (the card among them when it stays in its column).
    const column = buckets.find((b) => b.key === (value ?? ''))?.tasks ?? [];
    const target = besideTarget(column, task._id, beside._id, at.side);
    if (target) {
      await rowMove.move([task._id], target.afterId);
      reveal();
    }
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={dropCollision}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragEnd={(event) => void onDragEnd(event)}
      onDragCancel={() => {
        setActive(null);
        setDropAt(null);
      }}
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
            orderable={orderable}
            dropAt={dropAt}
            targeted={targetKey === bucket.key && targetKey !== activeKey}
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

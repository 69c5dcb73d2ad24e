import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { canMoveStage, formatNumber, type Role, STAGES, type Stage } from '@solar/shared';
import { type CSSProperties, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type KanbanProject, type MatchedBuckets, useMoveCard } from '../../api/matched';
import { currentLanguage } from '../../i18n';
import { notifyError, notifySuccess } from '../../lib/errors';
import { columnCoordinates, revealMovedCard } from '../../lib/kanban-keys';
import { STAGE_COLORS } from '../map/stage-colors';
import { FinalStageDialog, isFinalStage } from '../pipeline/final-stage-dialog';
import { CardBody, KanbanCard } from './kanban-card';
import classes from './overview.module.css';

function isStage(value: unknown): value is Stage {
  return typeof value === 'string' && (STAGES as readonly string[]).includes(value);
}

/** The stages a project in `from` may be moved to by `role`. */
function targetsOf(role: Role, from: Stage): Stage[] {
  return STAGES.filter((to) => to !== from && canMoveStage(role, from, to));
}

interface ColumnProps {
  stage: Stage;
  projects: KanbanProject[];
  count: number;
  role: Role;
  /** The stage of the card being dragged, if any. */
  draggingFrom: Stage | null;
  allowed: boolean;
}

function KanbanColumn({ stage, projects, count, role, draggingFrom, allowed }: ColumnProps) {
  const { t } = useTranslation(['overview', 'pipeline']);
  const lang = currentLanguage();
  const { setNodeRef, isOver } = useDroppable({ id: stage });
  const dragging = draggingFrom !== null;
  const isSource = draggingFrom === stage;
  const greyed = dragging && !isSource && !allowed;
  const className = [
    classes.column,
    greyed && classes.disabled,
    dragging && allowed && !isSource && classes.allowed,
    isOver && !isSource && (allowed ? classes.over : classes.overRefused),
  ]
    .filter(Boolean)
    .join(' ');
  const headingId = `kanban-heading-${stage}`;

  return (
    <section
      ref={setNodeRef}
      className={className}
      style={{ '--stage-color': STAGE_COLORS[stage] } as CSSProperties}
      aria-labelledby={headingId}
      data-testid={`kanban-column-${stage}`}
      data-disabled={greyed ? 'true' : undefined}
      data-over={isOver ? 'true' : undefined}
      title={greyed ? t('overview:column.notAllowed') : undefined}
    >
      <div className={classes.columnHeader}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text component="h2" id={headingId} fw={700} size="sm" m={0} truncate>
            {t(`pipeline:stage.${stage}`)}
          </Text>
          <Tooltip label={t('overview:column.count', { count, n: formatNumber(count, lang) })} withArrow>
            <Badge
              variant="light"
              style={{ flexShrink: 0 }}
              color="gray"
              aria-label={t('overview:column.count', { count, n: formatNumber(count, lang) })}
              data-testid={`kanban-count-${stage}`}
            >
              {formatNumber(count, lang)}
            </Badge>
          </Tooltip>
        </Group>
      </div>
      <div className={classes.columnBody}>
        {projects.length === 0 ? (
          <Text size="xs" c="dimmed" ta="center" py="lg">
            {t('overview:column.empty')}
          </Text>
        ) : (
          projects.map((project) => (
            <KanbanCard
              key={project._id}
              project={project}
              disabled={targetsOf(role, project.projectStatus).length === 0}
            />
          ))
        )}
        {count > projects.length && (
          <Text size="xs" c="dimmed" ta="center">
            {t('overview:column.more', {
              shown: formatNumber(projects.length, lang),
              total: formatNumber(count, lang),
            })}
          </Text>
        )}
      </div>
    </section>
  );
}

/** Focuses a card's move handle once it is drawn, unless the user has put the focus elsewhere. */
function refocusHandle(id: string) {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (active && active !== document.body) return;
    document.querySelector<HTMLElement>(`[data-testid="kanban-handle-${CSS.escape(id)}"]`)?.focus();
  });
}

/** The kanban of SPEC §1: one column per stage, cards moved with the pointer or the keyboard. */
export function KanbanBoard({ data, role }: { data: MatchedBuckets; role: Role }) {
  const { t } = useTranslation(['overview', 'pipeline']);
  const { t: tc } = useTranslation();
  const move = useMoveCard();
  const [active, setActive] = useState<KanbanProject | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    // A smooth scroll still running at the next key press would send the card to the wrong column.
    useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates, scrollBehavior: 'instant' }),
  );
  const allowed = useMemo(() => new Set(active ? targetsOf(role, active.projectStatus) : []), [active, role]);

  const projectOf = (data: unknown): KanbanProject | null =>
    data && typeof data === 'object' && 'project' in data ? (data.project as KanbanProject) : null;
  const stageName = (id: unknown) => (isStage(id) ? t(`pipeline:stage.${id}`) : '');

  const announcements: Announcements = {
    onDragStart: ({ active: a }) => {
      const project = projectOf(a.data.current);
      return project
        ? t('overview:dnd.start', { address: project.address, stage: stageName(project.projectStatus) })
        : undefined;
    },
    onDragOver: ({ active: a, over }) => {
      const project = projectOf(a.data.current);
      if (!project) return undefined;
      if (!over) return t('overview:dnd.outside', { address: project.address });
      const ok = over.id === project.projectStatus || (isStage(over.id) && allowed.has(over.id));
      return t(ok ? 'overview:dnd.over' : 'overview:dnd.overNotAllowed', {
        address: project.address,
        stage: stageName(over.id),
      });
    },
    onDragEnd: ({ active: a, over }) => {
      const project = projectOf(a.data.current);
      if (!project) return undefined;
      const stage = over ? over.id : project.projectStatus;
      return t('overview:dnd.end', { address: project.address, stage: stageName(stage) });
    },
    onDragCancel: ({ active: a }) => {
      const project = projectOf(a.data.current);
      return project
        ? t('overview:dnd.cancel', { address: project.address, stage: stageName(project.projectStatus) })
        : undefined;
    },
  };

  /** Whether the card being moved was picked up with the keyboard (its focus is then kept). */
  const byKeyboard = useRef(false);
  const onDragStart = (event: DragStartEvent) => {
    byKeyboard.current = event.activatorEvent instanceof KeyboardEvent;
    setActive(projectOf(event.active.data.current));
  };

  const send = (project: KanbanProject, to: Stage) => {
    const keyboard = byKeyboard.current;
    // The card lands at the top of its new column, which may be off screen: it is shown there.
    revealMovedCard(to, project._id);
    move.mutate(
      { id: project._id, from: project.projectStatus, to },
      {
        onSuccess: () => notifySuccess(t('overview:moved', { stage: stageName(to) })),
        onError: (error) => {
          notifyError(error, tc);
          // Back in its old column: shown there.
          revealMovedCard(project.projectStatus, project._id);
        },
        // The card is drawn anew in its column (or back in the old one): its handle gets the focus back.
        onSettled: () => {
          if (keyboard) refocusHandle(project._id);
        },
      },
    );
  };

  /** A drop on a final stage waits for the user's yes (it cannot be undone). */
  const [finalMove, setFinalMove] = useState<{ project: KanbanProject; to: Stage } | null>(null);

  const onDragEnd = (event: DragEndEvent) => {
    setActive(null);
    const project = projectOf(event.active.data.current);
    const to = event.over?.id;
    if (!project || !isStage(to) || to === project.projectStatus) return;
    // Refused moves go to the server too: it is the authority and answers why, in the user's language.
    if (isFinalStage(to) && targetsOf(role, project.projectStatus).includes(to))
      setFinalMove({ project, to });
    else send(project, to);
  };

  return (
    <DndContext
      sensors={sensors}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('overview:dnd.instructions') },
      }}
    >
      <section className={classes.board} aria-label={t('overview:board')} data-testid="kanban-board">
        {STAGES.map((stage) => (
          <KanbanColumn
            key={stage}
            stage={stage}
            projects={data.buckets[stage] ?? []}
            count={data.counts[stage] ?? 0}
            role={role}
            draggingFrom={active?.projectStatus ?? null}
            allowed={allowed.has(stage)}
          />
        ))}
      </section>
      <FinalStageDialog
        move={finalMove ? { stage: finalMove.to, address: finalMove.project.address } : null}
        onConfirm={() => {
          if (finalMove) send(finalMove.project, finalMove.to);
          setFinalMove(null);
        }}
        onCancel={() => setFinalMove(null)}
      />
      <DragOverlay dropAnimation={null}>
        {active && (
          <div className={`${classes.card} ${classes.overlay}`}>
            <CardBody project={active} />
          </div>
        )}
      </DragOverlay>
    </DndContext>
  );
}

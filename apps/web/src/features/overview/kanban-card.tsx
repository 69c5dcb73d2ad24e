import { useDraggable } from '@dnd-kit/core';
import { ActionIcon, Anchor, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { formatEuro } from '@solar/shared';
import { IconGripVertical } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { KanbanProject } from '../../api/matched';
import { currentLanguage } from '../../i18n';
import classes from './overview.module.css';

export function projectViewLink(projectId: string): string {
  return `/projectview?projectId=${encodeURIComponent(projectId)}`;
}

function customerName(project: KanbanProject): string {
  return `${project.customer.firstName} ${project.customer.lastName}`.trim();
}

/** The face of a card; shared by the card in its column and the drag overlay. */
export function CardBody({ project, handle }: { project: KanbanProject; handle?: React.ReactNode }) {
  const { t } = useTranslation('overview');
  const lang = currentLanguage();
  const name = customerName(project);
  return (
    <Group gap={4} align="flex-start" wrap="nowrap">
      {handle}
      <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
        <Text fw={650} size="sm" lh={1.3} lineClamp={2}>
          {project.address}
        </Text>
        {name && (
          <Text size="xs" c="dimmed" truncate>
            <span>{t('card.customer')}: </span>
            {name}
          </Text>
        )}
        <Text size="xs" c={project.responsiblePerson ? undefined : 'dimmed'} truncate>
          <span>{t('card.responsible')}: </span>
          {project.responsiblePerson ?? t('card.unassigned')}
        </Text>
        <Group justify="space-between" gap="xs" wrap="nowrap" mt={2}>
          <Text size="sm" fw={650} style={{ whiteSpace: 'nowrap' }}>
            <VisuallyHidden>{t('card.totalCost')}: </VisuallyHidden>
            {formatEuro(project.totalCost, lang)}
          </Text>
          <Anchor
            component={Link}
            to={projectViewLink(project._id)}
            size="xs"
            fw={600}
            aria-label={t('card.openOf', { address: project.address })}
            data-testid={`kanban-open-${project._id}`}
          >
            {t('card.open')}
          </Anchor>
        </Group>
      </Stack>
    </Group>
  );
}

/**
 * A draggable project card: the pointer drags the whole card (after a few pixels, so the link still
 * clicks); the keyboard picks it up from its move button (Space or Enter).
 */
export function KanbanCard({ project, disabled }: { project: KanbanProject; disabled: boolean }) {
  const { t } = useTranslation('overview');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: project._id,
    data: { project },
    disabled,
  });

  return (
    <div
      ref={setNodeRef}
      {...listeners}
      className={`${classes.card} ${isDragging ? classes.dragging : ''}`}
      data-testid={`kanban-card-${project._id}`}
      data-stage={project.projectStatus}
    >
      <CardBody
        project={project}
        handle={
          !disabled && (
            <ActionIcon
              ref={setActivatorNodeRef}
              {...attributes}
              variant="subtle"
              color="gray"
              size="sm"
              className={classes.handle}
              aria-label={t('card.move', { address: project.address })}
              data-testid={`kanban-handle-${project._id}`}
            >
              <IconGripVertical size={16} />
            </ActionIcon>
          )
        }
      />
    </div>
  );
}

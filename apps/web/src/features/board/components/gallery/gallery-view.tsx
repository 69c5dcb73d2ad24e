import { Button, Center, UnstyledButton } from '@mantine/core';
import type { Column, Task } from '@solar/shared';
import { IconPhoto } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoard } from '../../hooks/board-context';
import { visibleColumns } from '../../lib/columns';
import { coverImage } from '../../lib/values';
import { EmptyState } from '../empty-state';
import { CardBody } from '../kanban/kanban-card';
import classes from './gallery.module.css';
import { useAuthedImage } from './use-authed-image';

const PAGE = 60;

function GalleryCard({
  task,
  fields,
  all,
  related,
  onOpen,
}: {
  task: Task;
  fields: Column[];
  all: Column[];
  related: Record<string, string>;
  onOpen: () => void;
}) {
  const { t } = useTranslation('board');
  const src = useAuthedImage(coverImage(task, all));
  return (
    <UnstyledButton
      className={classes.card}
      onClick={onOpen}
      aria-label={task.taskName || t('grid.untitled')}
      data-testid="gallery-card"
    >
      <div className={classes.cover}>
        {src ? <img src={src} alt="" loading="lazy" /> : <IconPhoto size={32} aria-hidden />}
      </div>
      <div className={classes.body}>
        <CardBody task={task} fields={fields.filter((c) => c.dataType !== 'files')} related={related} />
      </div>
    </UnstyledButton>
  );
}

interface GalleryViewProps {
  tasks: Task[];
  related: Record<string, string>;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
}

/** The gallery layout: cards with a cover (the first image of a files property). */
export function GalleryView({
  tasks,
  related,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: GalleryViewProps) {
  const { t } = useTranslation('board');
  const { columns, view, setDrawer } = useBoard();
  const [limit, setLimit] = useState(PAGE);
  const all = useMemo(() => Object.values(columns), [columns]);
  const fields = useMemo(
    () => visibleColumns(columns, view).filter((c) => c.id !== 'taskName'),
    [columns, view],
  );
  if (tasks.length === 0 && !hasNextPage) return <EmptyState />;
  const more = tasks.length > limit || hasNextPage;

  return (
    <div className={classes.gallery} data-testid="gallery">
      {tasks.slice(0, limit).map((task) => (
        <GalleryCard
          key={task._id}
          task={task}
          fields={fields}
          all={all}
          related={related}
          onOpen={() => setDrawer({ mode: 'edit', taskId: task._id })}
        />
      ))}
      {more && (
        <Center style={{ gridColumn: '1 / -1' }}>
          <Button
            variant="light"
            loading={isFetchingNextPage}
            onClick={() => {
              setLimit((l) => l + PAGE);
              if (tasks.length <= limit + PAGE && hasNextPage) fetchNextPage();
            }}
          >
            {t('gallery.more')}
          </Button>
        </Center>
      )}
    </div>
  );
}

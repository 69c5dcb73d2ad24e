import {
  ActionIcon,
  Button,
  CloseButton,
  Drawer,
  Group,
  Stack,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import type { Task } from '@solar/shared';
import { IconArrowsMaximize, IconArrowsMinimize } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTaskCache } from '../../api/tasks-api';
import { useBoard } from '../../hooks/board-context';
import { useRecordSave } from '../../hooks/use-record-save';
import { orderColumns, TITLE_KEY } from '../../lib/columns';
import { clampDrawerWidth, DRAWER_DEFAULT_WIDTH } from '../../lib/drawer-width';
import { addRelated } from '../../lib/task-cache';
import classes from './drawer.module.css';
import { ProjectLinks } from './project-links';
import { RecordFields } from './record-fields';
import { ResizeHandle } from './resize-handle';

interface RecordDrawerProps {
  /** The record shown (edit mode); null with a create request. */
  task: Task | null;
  related: Record<string, string>;
}

/**
 * The record drawer of SPEC §2: resizable from its left edge (300 px minimum, 500 default, 100 px from
 * the window's left edge), full-screen toggle, every property, notes, Create Task / Update Details.
 */
export const RecordDrawer = memo(function RecordDrawer({ task, related }: RecordDrawerProps) {
  const { t } = useTranslation('board');
  const { t: tApp } = useTranslation();
  const { drawer, setDrawer, columns, view, isProjects, scope } = useBoard();
  const [stored, setStored] = useLocalStorage({
    key: 'board-drawer-width',
    defaultValue: DRAWER_DEFAULT_WIDTH,
  });
  const [full, setFull] = useState(false);
  const width = clampDrawerWidth(stored, typeof window === 'undefined' ? 1280 : window.innerWidth);
  const opened = drawer !== null && (drawer.mode === 'create' || task !== null);
  const close = () => setDrawer(null);
  const formKey = drawer?.mode === 'edit' ? drawer.taskId : 'new';
  return (
    <Drawer.Root
      opened={opened}
      onClose={close}
      position="right"
      size={full ? '100%' : width}
      trapFocus
      returnFocus
    >
      <Drawer.Overlay backgroundOpacity={0.15} />
      <Drawer.Content
        aria-label={t(drawer?.mode === 'create' ? 'drawer.newTitle' : 'drawer.title')}
        data-testid="record-drawer"
        style={{ overflow: 'hidden' }}
      >
        <div className={classes.content}>
          {!full && <ResizeHandle width={width} onResize={setStored} />}
          <Drawer.Header>
            <Title order={2} size="h4">
              {drawer?.mode === 'create'
                ? t(isProjects ? 'drawer.newProject' : 'drawer.newTitle')
                : t(isProjects ? 'drawer.projectTitle' : 'drawer.title')}
            </Title>
            <Group gap={4}>
              <Tooltip label={t(full ? 'drawer.exitFullScreen' : 'drawer.fullScreen')} withArrow>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={() => setFull((f) => !f)}
                  aria-label={t(full ? 'drawer.exitFullScreen' : 'drawer.fullScreen')}
                  aria-pressed={full}
                >
                  {full ? (
                    <IconArrowsMinimize size={18} aria-hidden />
                  ) : (
                    <IconArrowsMaximize size={18} aria-hidden />
                  )}
                </ActionIcon>
              </Tooltip>
              <CloseButton onClick={close} aria-label={tApp('common.close')} />
            </Group>
          </Drawer.Header>
          <Drawer.Body className={classes.body}>
            {opened && (
              <RecordForm
                key={formKey}
                task={drawer?.mode === 'edit' ? task : null}
                preset={drawer?.mode === 'create' ? drawer.values : {}}
                related={related}
                columns={orderColumns(columns, view?.order).filter((c) => c.id !== TITLE_KEY)}
                titleLabel={columns[TITLE_KEY]?.label ?? t('drawer.name')}
                onSaved={close}
                board={scope.board}
              />
            )}
          </Drawer.Body>
        </div>
      </Drawer.Content>
    </Drawer.Root>
  );
});

interface RecordFormProps {
  task: Task | null;
  preset: Record<string, unknown>;
  related: Record<string, string>;
  columns: ReturnType<typeof orderColumns>;
  titleLabel: string;
  onSaved: () => void;
  board: 'tasks' | 'projects';
}

function RecordForm({ task, preset, related, columns, titleLabel, onSaved, board }: RecordFormProps) {
  const { t } = useTranslation('board');
  const { isProjects, columns: all } = useBoard();
  const change = useTaskCache(board);
  const save = useRecordSave();
  const [name, setName] = useState(task?.taskName ?? '');
  const [notes, setNotes] = useState(task?.notes ?? '');
  const [values, setValues] = useState<Record<string, unknown>>(preset);
  const [busy, setBusy] = useState(false);
  const titleLocked = !!all[TITLE_KEY]?.synced;

  const submit = async () => {
    setBusy(true);
    const ok = await save({ task, name, notes, values });
    setBusy(false);
    if (ok) onSaved();
  };

  return (
    <Stack gap="md" pb="md">
      <TextInput
        label={titleLabel}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        readOnly={titleLocked}
        data-autofocus={!titleLocked || undefined}
        maxLength={500}
      />
      {isProjects && task?.projectId && <ProjectLinks projectId={task.projectId} />}
      <RecordFields
        columns={columns}
        task={task}
        values={values}
        onChange={(key, value) => setValues((v) => ({ ...v, [key]: value }))}
        related={related}
        onRelated={(titles) => change((data) => addRelated(data, titles))}
        projectId={task?.projectId ?? null}
      />
      <Textarea
        label={t('drawer.notes')}
        value={notes}
        onChange={(e) => setNotes(e.currentTarget.value)}
        autosize
        minRows={4}
        maxRows={16}
        maxLength={20_000}
      />
      <Group justify="flex-end">
        <Button onClick={submit} loading={busy} data-testid="record-submit">
          {task ? t('drawer.update') : t('drawer.create')}
        </Button>
      </Group>
    </Stack>
  );
}

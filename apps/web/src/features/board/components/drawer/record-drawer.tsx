import {
  ActionIcon,
  Alert,
  Button,
  CloseButton,
  Drawer,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useLocalStorage, useViewportSize } from '@mantine/hooks';
import type { Task } from '@solar/shared';
import { IconAlertTriangle, IconArrowsMaximize, IconArrowsMinimize, IconTrash } from '@tabler/icons-react';
import { memo, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDiscardQuestion } from '../../../../lib/discard-guard';
import { useReadOnOpen } from '../../../notifications/api/notifications-api';
import { useTaskCache } from '../../api/tasks-api';
import { useBoard } from '../../hooks/board-context';
import { useRecordProblems } from '../../hooks/use-record-problems';
import { useFollowRecord } from '../../hooks/use-record-reload';
import { useRecordSave } from '../../hooks/use-record-save';
import { isEditable, orderColumns, TITLE_KEY } from '../../lib/columns';
import { clampDrawerWidth, DRAWER_DEFAULT_WIDTH } from '../../lib/drawer-width';
import {
  type DraftConflicts,
  draftConflicts,
  dropEdit,
  type EditBases,
  hasConflicts,
  isDraftChanged,
  type LiveRecord,
  mergedNotes,
  NO_EDITS,
  type RecordEdits,
  shownText,
  takeMergedNotes,
  touchBase,
} from '../../lib/record-draft';
import {
  drawerFields,
  NAME_FIELD,
  NOTES_FIELD,
  propertyField,
  propertyMessages,
} from '../../lib/record-problems';
import { addRelated } from '../../lib/task-cache';
import { cellRaw } from '../../lib/values';
import { RecordHistory } from '../history/record-history';
import { RecordPresence } from '../presence/presence';
import { ConflictNote, MergeNote } from './conflict-note';
import classes from './drawer.module.css';
import { MentionNotes } from './mention-notes';
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
 * Closing it (Escape, the overlay, the close button) with unsaved changes asks first.
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
  // Clamped to the window as it is now: a narrowed window (or a turned phone) keeps the 100 px gap.
  const viewport = useViewportSize();
  const width = clampDrawerWidth(
    stored,
    viewport.width || (typeof window === 'undefined' ? 1280 : window.innerWidth),
  );
  const opened = drawer !== null && (drawer.mode === 'create' || task !== null);
  const close = () => setDrawer(null);
  // Whether the form holds unsaved changes (told by the form), and the question before they are lost:
  // on closing (Escape while asking comes here too: "keep editing"), a reload, or leaving the board
  // (Back, a link). Closed some other way (a save, the record deleted): no question left over.
  const { asking, requestClose, keepEditing, discard, setDirty } = useDiscardQuestion(opened, close);
  const formKey = drawer?.mode === 'edit' ? drawer.taskId : 'new';
  // Opening a record reads its notifications (an assignment, a mention, a reminder).
  useReadOnOpen(opened && drawer?.mode === 'edit' ? { recordId: drawer.taskId } : null);
  // A colleague's change of the open record shows at once, beside what the user typed.
  useFollowRecord(scope.board, opened && drawer?.mode === 'edit' ? drawer.taskId : null);
  return (
    <>
      <Drawer.Root
        opened={opened}
        onClose={requestClose}
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
                <CloseButton onClick={requestClose} aria-label={tApp('common.close')} />
              </Group>
            </Drawer.Header>
            <Drawer.Body className={classes.body}>
              {opened && drawer?.mode === 'edit' && task && (
                <RecordPresence board={scope.board} recordId={task._id} />
              )}
              {opened && (
                <RecordForm
                  key={formKey}
                  task={drawer?.mode === 'edit' ? task : null}
                  preset={drawer?.mode === 'create' ? drawer.values : {}}
                  related={related}
                  columns={orderColumns(columns, view?.order).filter((c) => c.id !== TITLE_KEY)}
                  titleLabel={columns[TITLE_KEY]?.label ?? t('drawer.name')}
                  onSaved={close}
                  onDirty={setDirty}
                  board={scope.board}
                />
              )}
              {opened && drawer?.mode === 'edit' && task && (
                <RecordHistory taskId={task._id} version={task.updatedAt} related={related} />
              )}
            </Drawer.Body>
          </div>
        </Drawer.Content>
      </Drawer.Root>
      <Modal
        opened={opened && asking}
        onClose={keepEditing}
        // Escape reaches the drawer's handler, which answers "keep editing" (both would toggle).
        closeOnEscape={false}
        title={t('drawer.discardTitle')}
        size="sm"
        zIndex={400}
        closeButtonProps={{ 'aria-label': tApp('common.close') }}
      >
        <Text size="sm">{t('drawer.discardText')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={keepEditing} data-autofocus>
            {t('drawer.keepEditing')}
          </Button>
          <Button color="red" onClick={discard}>
            {t('drawer.discard')}
          </Button>
        </Group>
      </Modal>
    </>
  );
});

interface RecordFormProps {
  task: Task | null;
  preset: Record<string, unknown>;
  related: Record<string, string>;
  columns: ReturnType<typeof orderColumns>;
  titleLabel: string;
  onSaved: () => void;
  /** Tells whether the form holds changes not saved yet. */
  onDirty: (dirty: boolean) => void;
  board: 'tasks' | 'projects';
}

function RecordForm({
  task,
  preset,
  related,
  columns,
  titleLabel,
  onSaved,
  onDirty,
  board,
}: RecordFormProps) {
  const { t } = useTranslation('board');
  const { isProjects, columns: all } = useBoard();
  const change = useTaskCache(board);
  const save = useRecordSave();
  // Only what the user touched: the rest shows the record as it is now, a colleague's change included.
  const [edits, setEdits] = useState<RecordEdits>(() => ({ ...NO_EDITS, values: preset }));
  const [bases, setBases] = useState<EditBases>({ values: {} });
  const [busy, setBusy] = useState(false);
  const titleLocked = !!all[TITLE_KEY]?.synced;
  const live: LiveRecord = useMemo(
    () => ({
      name: task?.taskName ?? '',
      notes: task?.notes ?? '',
      value: (key: string) => (task ? cellRaw(task, key) : preset[key]),
    }),
    [task, preset],
  );
  const { name, notes } = shownText(live, edits);
  const conflicts = task ? draftConflicts(live, edits, bases) : NO_CONFLICTS;
  // A colleague's change of other lines of the notes: saving keeps both.
  const merged = task ? mergedNotes(live, edits, bases) : null;
  // The fields a refusal may name and the drawer marks, in its order.
  const fields = drawerFields(
    columns.filter((c) => isEditable(c) && c.dataType !== 'button').map((c) => c.id),
  );
  const problems = useRecordProblems(fields);
  // Text typed that is no value yet is unsaved too.
  const changed = isDraftChanged(live, edits) || problems.invalid.length > 0;
  useEffect(() => onDirty(changed), [changed, onDirty]);
  useEffect(() => () => onDirty(false), [onDirty]);

  type Field = Parameters<typeof touchBase>[2];
  const edit = (field: Field, next: Partial<RecordEdits>) => {
    problems.clearRefusal(
      'name' in field ? NAME_FIELD : 'notes' in field ? NOTES_FIELD : propertyField(field.value),
    );
    setBases((b) => touchBase(b, live, field));
    setEdits((e) => ({ ...e, ...next, values: { ...e.values, ...next.values } }));
  };
  const takeTheirs = (field: Field) => {
    const next = dropEdit(edits, bases, field);
    setEdits(next.edits);
    setBases(next.bases);
  };

  const submit = async () => {
    // Text that is no value (15x, 31.02.2026) is never sent as the last value it read as, nor dropped.
    if (!problems.mayTrySave()) return;
    setBusy(true);
    const result = await save({ task, edits: merged === null ? edits : { ...edits, notes: merged } });
    setBusy(false);
    if (result.saved) onSaved();
    else if (result.fieldErrors) problems.showRefusal(result.fieldErrors);
  };

  return (
    <Stack gap="md" pb="md" ref={problems.formRef}>
      {task?.isDeleted && (
        <Alert color="gray" icon={<IconTrash size={18} aria-hidden />} data-testid="record-binned">
          {t('drawer.binnedMeanwhile')}
        </Alert>
      )}
      {hasConflicts(conflicts) && (
        <Alert
          color="orange"
          variant="light"
          title={t('drawer.conflictTitle')}
          icon={<IconAlertTriangle size={18} aria-hidden />}
          data-testid="record-conflict"
        >
          {t('drawer.conflictText')}
        </Alert>
      )}
      <div data-field={NAME_FIELD}>
        <TextInput
          label={titleLabel}
          value={name}
          error={problems.refused[NAME_FIELD]}
          onChange={(e) => edit({ name: true }, { name: e.currentTarget.value })}
          readOnly={titleLocked}
          data-autofocus={!titleLocked || undefined}
          maxLength={500}
        />
        {conflicts.name && (
          <ConflictNote label={titleLabel} onTakeTheirs={() => takeTheirs({ name: true })}>
            {live.name || t('drawer.empty')}
          </ConflictNote>
        )}
      </div>
      {isProjects && task?.projectId && <ProjectLinks projectId={task.projectId} />}
      <RecordFields
        columns={columns}
        task={task}
        values={edits.values}
        onChange={(key, value) => edit({ value: key }, { values: { [key]: value } })}
        related={related}
        onRelated={(titles) => change((data) => addRelated(data, titles))}
        projectId={task?.projectId ?? null}
        conflicts={conflicts.values}
        onTakeTheirs={(key) => takeTheirs({ value: key })}
        errors={propertyMessages(problems.refused)}
        invalid={problems.invalid}
        onInvalid={problems.markInvalid}
        // The name takes the focus on opening; when it cannot be changed, the first field that can
        // (else the focus trap's first stop would be the width handle).
        focusFirst={titleLocked}
      />
      <div data-field={NOTES_FIELD}>
        <MentionNotes
          label={t('drawer.notes')}
          value={notes}
          error={problems.refused[NOTES_FIELD]}
          onChange={(next) => edit({ notes: true }, { notes: next })}
        />
        {conflicts.notes && (
          <ConflictNote label={t('drawer.notes')} onTakeTheirs={() => takeTheirs({ notes: true })}>
            {live.notes || t('drawer.empty')}
          </ConflictNote>
        )}
        {merged !== null && (
          <MergeNote
            onMerge={() => {
              const next = takeMergedNotes(live, edits, bases);
              setEdits(next.edits);
              setBases(next.bases);
            }}
          />
        )}
      </div>
      <Group justify="flex-end" wrap="nowrap">
        {problems.hasProblems && (
          <Text size="sm" c="var(--mantine-color-error)" role="alert" data-testid="record-problems">
            {t('drawer.fixFields')}
          </Text>
        )}
        <Button onClick={submit} loading={busy} data-testid="record-submit">
          {task ? t('drawer.update') : t('drawer.create')}
        </Button>
      </Group>
    </Stack>
  );
}

const NO_CONFLICTS: DraftConflicts = { name: false, notes: false, values: [] };

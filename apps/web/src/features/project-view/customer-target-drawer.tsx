import { Alert, Button, Drawer, Group, Loader, Stack, TagsInput, Text, Textarea } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { CONSTANTS } from '@solar/shared';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ProjectDetail, useUpdateProject } from '../../api/project-view';
import { SUGGESTED_TARGETS, type TargetKey, targetLabel, targetValue } from '../../lib/customer-targets';
import { errorMessage } from '../../lib/errors';

interface CustomerTargetDrawerProps {
  project: ProjectDetail;
  opened: boolean;
  onClose: () => void;
}

type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'failed';

interface TargetDraft {
  customerTarget: string[];
  notes: string;
}

/**
 * What the user entered and the server refused, per project: a drawer opened again (the board mounts a
 * new one) starts from it instead of the stored values, so nothing typed is lost to a failed save.
 */
const unsavedDrafts = new Map<string, TargetDraft>();

/** The id of a project's failure notice (a later save, failed or not, replaces or closes it). */
const failedNoticeId = (projectId: string) => `customer-target-failed:${projectId}`;

/**
 * The customer-target drawer (SPEC §2): a creatable multi-select of targets and notes. Notes save 1 s after
 * typing stops, a target change saves at once together with the notes (SPEC §5).
 */
export function CustomerTargetDrawer({ project, opened, onClose }: CustomerTargetDrawerProps) {
  const { t } = useTranslation('projectView');
  const { t: tApp } = useTranslation();
  const update = useUpdateProject(project._id);
  const draft = unsavedDrafts.get(project._id);
  const [targets, setTargets] = useState<string[]>(draft?.customerTarget ?? project.customerTarget);
  const [notes, setNotes] = useState(draft?.notes ?? project.notes);
  const [state, setState] = useState<SaveState>(draft ? 'failed' : 'idle');
  const [failure, setFailure] = useState<string | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  // Whether the user sees the drawer: a save that fails after it was closed (or left) says so in a toast.
  const shownRef = useRef(opened);
  shownRef.current = opened;
  useEffect(
    () => () => {
      shownRef.current = false;
    },
    [],
  );
  // Only the latest save's answer sets the state: an older one answered later says nothing.
  const latestRef = useRef(0);

  const save = (nextTargets: string[], nextNotes: string) => {
    const body: TargetDraft = { customerTarget: nextTargets, notes: nextNotes };
    const seq = ++latestRef.current;
    setState('saving');
    update.mutateAsync(body).then(
      () => {
        if (seq !== latestRef.current) return;
        unsavedDrafts.delete(project._id);
        notifications.hide(failedNoticeId(project._id));
        setState('saved');
      },
      (error: unknown) => {
        if (seq !== latestRef.current) return;
        // The text stays on screen, said to be unsaved, with a retry (and closing tries again); kept for
        // a drawer opened again, and named in a toast when the drawer is no longer shown.
        const reason = errorMessage(error, tApp);
        unsavedDrafts.set(project._id, body);
        setState('failed');
        setFailure(reason);
        if (!shownRef.current) notifyClosedFailure(reason, body);
      },
    );
  };

  /** A failed save of a closed drawer: a toast that stays, with what was typed and a retry. */
  const notifyClosedFailure = (reason: string | null, body: TargetDraft) => {
    notifications.show({
      id: failedNoticeId(project._id),
      color: 'red',
      withBorder: true,
      autoClose: false,
      title: t('target.failedClosed'),
      closeButtonProps: { 'aria-label': tApp('common.close') },
      message: (
        <Stack gap={6} data-testid="target-failed-notice">
          {reason && <Text size="sm">{reason}</Text>}
          {body.notes.trim() && (
            <Text size="sm" c="dimmed" lineClamp={3} style={{ wordBreak: 'break-word' }}>
              {body.notes}
            </Text>
          )}
          <Group>
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => {
                notifications.hide(failedNoticeId(project._id));
                save(body.customerTarget, body.notes);
              }}
            >
              {t('target.retry')}
            </Button>
          </Group>
        </Stack>
      ),
    });
  };

  const saveNotesLater = useDebouncedCallback((nextNotes: string) => save(targets, nextNotes), {
    delay: CONSTANTS.notesAutoSaveMs,
    flushOnUnmount: true,
  });

  // The drawer stays mounted while the project is read again (a change on /projects, a colleague's, a
  // live event): the newer stored values replace the shown ones unless the user has an edit here that is
  // not saved yet (typing, saving, or a failed save's draft), which is kept and saved over them.
  const storedKey = JSON.stringify([project.customerTarget, project.notes]);
  const shownKeyRef = useRef(storedKey);
  useEffect(() => {
    if (shownKeyRef.current === storedKey) return;
    shownKeyRef.current = storedKey;
    if (unsavedDrafts.has(project._id) || saveNotesLater.isPending()) return;
    if (stateRef.current !== 'idle' && stateRef.current !== 'saved') return;
    const [storedTargets, storedNotes] = JSON.parse(storedKey) as [string[], string];
    setTargets(storedTargets);
    setNotes(storedNotes);
  }, [storedKey, project._id, saveNotesLater]);

  // The suggested targets show in the UI language and are stored as their fixed values (display only).
  const targetName = (key: TargetKey) => t(`target.options.${key}`);
  const onTargetsChange = (value: string[]) => {
    const clean = Array.from(new Set(value.map((v) => targetValue(v.trim(), targetName)).filter(Boolean)));
    setTargets(clean);
    // A target change saves at once, with the notes typed so far (a pending notes save is folded in).
    saveNotesLater.cancel();
    save(clean, notes);
  };

  const close = () => {
    shownRef.current = false;
    if (saveNotesLater.isPending()) saveNotesLater.flush();
    else if (state === 'failed') save(targets, notes);
    onClose();
  };

  const shownTargets = targets.map((value) => targetLabel(value, targetName));
  const options = Array.from(
    new Set([...SUGGESTED_TARGETS.map((value) => targetLabel(value, targetName)), ...shownTargets]),
  );

  return (
    <Drawer
      opened={opened}
      onClose={close}
      position="right"
      size="md"
      title={t('target.title')}
      closeButtonProps={{ 'aria-label': tApp('common.close') }}
      data-testid="customer-target-drawer"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('target.hint')}
        </Text>
        <TagsInput
          label={t('target.label')}
          description={t('target.description')}
          placeholder={targets.length === 0 ? t('target.placeholder') : undefined}
          data={options}
          value={shownTargets}
          onChange={onTargetsChange}
          maxTags={20}
          clearable
          comboboxProps={{ withinPortal: true }}
          data-testid="customer-target-input"
        />
        <Textarea
          label={t('target.notes')}
          placeholder={t('target.notesPlaceholder')}
          autosize
          minRows={6}
          maxRows={16}
          maxLength={20_000}
          value={notes}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setNotes(next);
            setState('pending');
            saveNotesLater(next);
          }}
          data-testid="customer-notes"
        />
        <Group gap={6} aria-live="polite" role="status" data-testid="target-save-state" data-state={state}>
          {state === 'saving' && (
            <>
              <Loader size="xs" aria-hidden />
              <Text size="sm" c="dimmed">
                {t('target.saving')}
              </Text>
            </>
          )}
          {state === 'pending' && (
            <Text size="sm" c="dimmed">
              {t('target.pending')}
            </Text>
          )}
          {state === 'failed' && (
            <Alert
              color="red"
              variant="light"
              role="alert"
              icon={<IconAlertTriangle size={16} aria-hidden />}
              title={t('target.failed')}
              w="100%"
              data-testid="target-save-failed"
            >
              <Stack gap={6} align="flex-start">
                {failure && <Text size="sm">{failure}</Text>}
                <Button size="compact-sm" variant="light" color="red" onClick={() => save(targets, notes)}>
                  {t('target.retry')}
                </Button>
              </Stack>
            </Alert>
          )}
          {state === 'saved' && (
            <>
              <IconCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />
              <Text size="sm" c="teal">
                {t('target.saved')}
              </Text>
            </>
          )}
        </Group>
      </Stack>
    </Drawer>
  );
}

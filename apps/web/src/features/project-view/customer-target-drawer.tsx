import { Alert, Button, Drawer, Group, Loader, Stack, TagsInput, Text, Textarea } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { CONSTANTS } from '@solar/shared';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ProjectDetail, useUpdateProject } from '../../api/project-view';
import { errorMessage } from '../../lib/errors';

/** Suggested customer targets; the user may type new ones. */
const TARGET_OPTIONS = ['Eigenheim', 'Speicher', 'Wallbox', 'Wärmepumpe', 'Gewerbe'];

interface CustomerTargetDrawerProps {
  project: ProjectDetail;
  opened: boolean;
  onClose: () => void;
}

type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'failed';

/**
 * The customer-target drawer (SPEC §2): a creatable multi-select of targets and notes. Notes save 1 s after
 * typing stops, a target change saves at once together with the notes (SPEC §5).
 */
export function CustomerTargetDrawer({ project, opened, onClose }: CustomerTargetDrawerProps) {
  const { t } = useTranslation('projectView');
  const { t: tApp } = useTranslation();
  const update = useUpdateProject(project._id);
  const [targets, setTargets] = useState<string[]>(project.customerTarget);
  const [notes, setNotes] = useState(project.notes);
  const [state, setState] = useState<SaveState>('idle');
  const [failure, setFailure] = useState<string | null>(null);

  const save = (nextTargets: string[], nextNotes: string) => {
    setState('saving');
    update.mutate(
      { customerTarget: nextTargets, notes: nextNotes },
      {
        onSuccess: () => setState('saved'),
        onError: (error) => {
          // The text stays on screen, said to be unsaved, with a retry (and closing tries again).
          setState('failed');
          setFailure(errorMessage(error, tApp));
        },
      },
    );
  };

  const saveNotesLater = useDebouncedCallback((nextNotes: string) => save(targets, nextNotes), {
    delay: CONSTANTS.notesAutoSaveMs,
    flushOnUnmount: true,
  });

  const onTargetsChange = (value: string[]) => {
    const clean = Array.from(new Set(value.map((v) => v.trim()).filter(Boolean)));
    setTargets(clean);
    // A target change saves at once, with the notes typed so far (a pending notes save is folded in).
    saveNotesLater.cancel();
    save(clean, notes);
  };

  const close = () => {
    saveNotesLater.flush();
    if (state === 'failed') save(targets, notes);
    onClose();
  };

  const options = Array.from(new Set([...TARGET_OPTIONS, ...targets]));

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
          value={targets}
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

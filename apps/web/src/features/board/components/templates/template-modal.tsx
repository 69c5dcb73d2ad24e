import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { MAX_TEMPLATE_TASKS, type TaskTemplate } from '@solar/shared';
import { IconAlertTriangle, IconDeviceFloppy, IconDownload, IconPlus } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NamedLoader } from '../../../../layout/named-loader';
import { errorMessage, notifySuccess } from '../../../../lib/errors';
import { useSingleFlight } from '../../../../lib/single-flight';
import { notifyWithUndo } from '../../../../lib/undo-toast';
import { WRAPPING_BUTTON } from '../../../../lib/wrapping-button';
import {
  useCreateTemplate,
  useDeleteTemplates,
  useImportTemplate,
  useRenameTemplate,
  useRestoreTemplates,
  useTemplates,
} from '../../api/templates-api';
import { useUserProjects } from '../../api/views-api';
import { useBoard } from '../../hooks/board-context';
import { templateFilterData } from '../../lib/filter-body';
import { notifyBoardError } from '../../lib/notify';
import { TemplateCard } from './template-card';
import { TemplateSlider } from './template-slider';

type Mode = 'load' | 'save';

/**
 * The task-set template modal of SPEC §2: load (import into a project), save the current tasks, add a task.
 * A set holds at most `MAX_TEMPLATE_TASKS` tasks: before saving it says how many of the view's it keeps.
 */
export const TemplateModal = memo(function TemplateModal({
  opened,
  onClose,
  total,
}: {
  opened: boolean;
  onClose: () => void;
  /** How many tasks the current view shows (null while unknown). */
  total: number | null;
}) {
  const { t } = useTranslation('board');
  const { t: tApp } = useTranslation();
  const { scope, filterBody, setDrawer } = useBoard();
  const [mode, setMode] = useState<Mode>('load');
  const [projectId, setProjectId] = useState<string | null>(scope.projectId);
  const [name, setName] = useState('');
  const [deleting, setDeleting] = useState<TaskTemplate | null>(null);
  const templates = useTemplates(opened);
  const projects = useUserProjects(opened);
  const create = useCreateTemplate();
  const importer = useImportTemplate();
  const rename = useRenameTemplate();
  const remove = useDeleteTemplates();
  const restore = useRestoreTemplates();
  // A double click would save the set twice, or import its tasks into the project twice.
  const saveFlight = useSingleFlight();
  const loadFlight = useSingleFlight();

  const save = () =>
    saveFlight(async (done) => {
      try {
        const answer = await create.mutateAsync({
          ...(name.trim() ? { name: name.trim() } : {}),
          filterData: templateFilterData(filterBody),
        });
        // The toast says how many tasks the set holds (at most MAX_TEMPLATE_TASKS of the view's).
        notifySuccess(t('templates.savedCount', { name: answer.data.name, count: answer.data.tasks.length }));
        setName('');
        setMode('load');
      } catch (error) {
        notifyBoardError(error, tApp);
      } finally {
        done();
      }
    });

  const load = (template: TaskTemplate) => {
    if (!projectId) return;
    loadFlight(async (done) => {
      try {
        const answer = await importer.mutateAsync({ projectId, templateId: template._id });
        notifySuccess(answer.message);
      } catch (error) {
        console.error('Task set import failed', error);
        notifyBoardError(error, tApp);
      } finally {
        done();
      }
    });
  };

  const cards = (templates.data ?? []).map((template) => (
    <TemplateCard
      key={template._id}
      template={template}
      canLoad={!!projectId}
      loading={importer.isPending && importer.variables?.templateId === template._id}
      onLoad={() => load(template)}
      onDelete={() => setDeleting(template)}
      onRename={async (next) => {
        try {
          const answer = await rename.mutateAsync({ id: template._id, name: next });
          notifySuccess(answer.message ?? t('templates.renamed'));
          return true;
        } catch (error) {
          notifyBoardError(error, tApp);
          return false;
        }
      }}
    />
  ));

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('templates.title')}
      size={1250}
      closeButtonProps={{ 'aria-label': tApp('common.close') }}
    >
      <Stack gap="md">
        {/* On a phone the longest labels (German, Spanish) are wider than the modal: they wrap. */}
        <Group gap="xs" wrap="wrap">
          <Button
            styles={WRAPPING_BUTTON}
            variant={mode === 'load' ? 'filled' : 'light'}
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => setMode('load')}
            aria-pressed={mode === 'load'}
          >
            {t('templates.loadTab')}
          </Button>
          <Button
            styles={WRAPPING_BUTTON}
            variant={mode === 'save' ? 'filled' : 'light'}
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            onClick={() => setMode('save')}
            aria-pressed={mode === 'save'}
          >
            {t('templates.saveTab')}
          </Button>
          <Button
            styles={WRAPPING_BUTTON}
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => {
              onClose();
              setDrawer({ mode: 'create', values: {} });
            }}
          >
            {t('templates.addTask')}
          </Button>
        </Group>
        {mode === 'save' ? (
          <Stack gap="xs" maw={420}>
            <Text size="sm" c="gray.7" data-testid="template-save-hint">
              {total === null || total === 0
                ? t('templates.saveHint')
                : total > MAX_TEMPLATE_TASKS
                  ? t('templates.saveCapped', { total, max: MAX_TEMPLATE_TASKS })
                  : t('templates.saveCount', { count: total })}
            </Text>
            <TextInput
              label={t('templates.name')}
              description={t('templates.nameHint')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={100}
            />
            <Button onClick={save} loading={create.isPending} style={{ alignSelf: 'flex-start' }}>
              {t('templates.save')}
            </Button>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Select
              label={t('templates.project')}
              placeholder={t('templates.projectPlaceholder')}
              data={(projects.data ?? []).map((p) => ({
                value: p._id,
                label: `${p.address} (${p.shortId})`,
              }))}
              value={projectId}
              onChange={setProjectId}
              searchable
              clearable
              maw={480}
              error={
                projects.isError
                  ? (errorMessage(projects.error, tApp) ?? tApp('errors.loadFailed'))
                  : undefined
              }
            />
            {templates.isLoading ? (
              <NamedLoader size="sm" label={tApp('common.loading')} />
            ) : templates.isError ? (
              // A failed list is not an empty one: it says so and offers to ask again.
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertTriangle size={16} aria-hidden />}
                title={tApp('errors.loadFailed')}
                data-testid="templates-failed"
              >
                <Stack gap={6} align="flex-start">
                  <Text size="sm">{errorMessage(templates.error, tApp)}</Text>
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    loading={templates.isFetching}
                    onClick={() => void templates.refetch()}
                  >
                    {tApp('common.retry')}
                  </Button>
                </Stack>
              </Alert>
            ) : cards.length === 0 ? (
              <Text size="sm" c="gray.7">
                {t('templates.none')}
              </Text>
            ) : (
              <TemplateSlider cards={cards} />
            )}
          </Stack>
        )}
      </Stack>
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('templates.deleteTitle')}
        size="sm"
        closeButtonProps={{ 'aria-label': tApp('common.close') }}
      >
        <Text size="sm">{t('templates.deleteText', { name: deleting?.name ?? '' })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDeleting(null)}>
            {tApp('common.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={async () => {
              if (!deleting) return;
              try {
                const ids = [deleting._id];
                const answer = await remove.mutateAsync(ids);
                // Deleted softly: the toast offers the undo.
                notifyWithUndo(answer.message, tApp('common.undo'), () =>
                  restore.mutate(ids, { onError: (error) => notifyBoardError(error, tApp) }),
                );
              } catch (error) {
                notifyBoardError(error, tApp);
              }
              setDeleting(null);
            }}
          >
            {t('templates.delete')}
          </Button>
        </Group>
      </Modal>
    </Modal>
  );
});

import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  FileButton,
  Group,
  List,
  Modal,
  Paper,
  Progress,
  ScrollArea,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  formatDate,
  formatNumber,
  type Language,
  TEMPLATE_PLACEHOLDERS,
  type WordTemplate,
} from '@solar/shared';
import { IconDownload, IconPencil, IconReplace, IconTrash, IconUpload } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  downloadFile,
  TEMPLATE_MAX_BYTES,
  useDeleteWordTemplate,
  useRenameWordTemplate,
  useRestoreWordTemplate,
  useUploadWordTemplate,
  useWordTemplatesQuery,
} from '../../api/offers';
import { currentLanguage } from '../../i18n';
import { errorMessage, notifyError, notifySuccess } from '../../lib/errors';
import { useSingleFlight } from '../../lib/single-flight';
import { notifyWithUndo } from '../../lib/undo-toast';
import { useIsPhone } from '../../lib/use-is-phone';
import { languageOptions } from './email-templates-tab';
import { notifyFailure } from './notify';

const WORD_EXTRAS = [
  '{date}',
  '{customer.name}',
  '{customer.email}',
  '{customer.phone}',
  '{project.shortId}',
  '{project.address}',
  '{installer.name}',
  '{installer.website}',
  '{sender.name}',
  '{offer.version}',
  '{offer.moduleQuantity}',
  '{offer.productionCapacity}',
  '{offer.finalPrice}',
  '{offer.yearlyProduction}',
  '{#months}{month} {kwh}{/months}',
  '{monthly.January}',
];

/** Checks a chosen file in the browser before uploading: .docx, under 20 MB. */
function checkFile(file: File): 'type' | 'size' | null {
  if (!file.name.toLowerCase().endsWith('.docx')) return 'type';
  if (file.size >= TEMPLATE_MAX_BYTES) return 'size';
  return null;
}

function baseName(file: File) {
  return file.name.replace(/\.docx$/i, '');
}

/** The company's Word templates: upload, download, replace, rename, delete. */
export function WordTemplatesTab() {
  const { t } = useTranslation('offers');
  // On a phone only the name (with its language) and the actions: the rest pushed them off-screen.
  const isPhone = useIsPhone();
  const { t: tApp } = useTranslation();
  const lang = currentLanguage();
  const templates = useWordTemplatesQuery();
  const upload = useUploadWordTemplate();
  const rename = useRenameWordTemplate();
  const remove = useDeleteWordTemplate();
  const restore = useRestoreWordTemplate();
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [language, setLanguage] = useState<Language>(lang);
  const [renaming, setRenaming] = useState<WordTemplate | null>(null);
  const [newName, setNewName] = useState('');
  const [deleting, setDeleting] = useState<WordTemplate | null>(null);
  // A double click sends both clicks before the button shows it is busy: a rename would be sent
  // twice, and a second delete of the same template would answer 'delete failed'.
  const renameFlight = useSingleFlight();
  const deleteFlight = useSingleFlight();
  // One upload (new or replacing) at a time: a second choice meanwhile would send the file twice, and
  // both would drive the one progress bar.
  const uploadFlight = useSingleFlight();

  const send = (file: File | null, target: WordTemplate | null) => {
    if (!file) return;
    setUploadError(null);
    const problem = checkFile(file);
    if (problem) {
      setUploadError(problem === 'type' ? t('word.notDocx') : t('word.tooLarge'));
      return;
    }
    uploadFlight((done) => {
      setProgress(0);
      upload.mutate(
        target
          ? { id: target._id, file, onProgress: setProgress }
          : { id: null, file, name: baseName(file), language, onProgress: setProgress },
        {
          onSuccess: (result) => notifySuccess(result.message),
          onError: (error) => setUploadError(errorMessage(error, tApp)),
          onSettled: () => {
            setProgress(null);
            done();
          },
        },
      );
    });
  };

  // Run once per toast (notifyWithUndo). The promise rather than mutate's callbacks: those run for the
  // latest call only, so the failed undo of one template would go unreported after another's.
  const undoDelete = (id: string) =>
    restore.mutateAsync(id).catch((error: unknown) => notifyError(error, tApp));

  const download = async (tpl: WordTemplate) => {
    try {
      await downloadFile(tpl.downloadUrl, `${tpl.name}.docx`);
    } catch (error) {
      notifyFailure(t('word.downloadFailed'), error, tApp);
    }
  };

  const submitRename = (event: FormEvent) => {
    event.preventDefault();
    if (!renaming || !newName.trim()) return;
    const id = renaming._id;
    const name = newName.trim();
    renameFlight((done) =>
      rename.mutate(
        { id, name },
        {
          onSuccess: (result) => {
            notifySuccess(result.message);
            setRenaming(null);
          },
          onError: (error) => notifyFailure(errorMessage(error, tApp) ?? '', error, tApp),
          onSettled: done,
        },
      ),
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const id = deleting._id;
    deleteFlight((done) =>
      remove.mutate(id, {
        onSuccess: (message) => {
          // Deleted softly: the toast offers the undo.
          notifyWithUndo(message || t('templates.deleted'), tApp('common.undo'), () => undoDelete(id));
          setDeleting(null);
        },
        onError: (error) => notifyFailure(t('templates.deleteFailed'), error, tApp),
        onSettled: done,
      }),
    );
  };

  let content: ReactNode;
  if (templates.isPending) {
    content = (
      <Stack gap="xs" role="status">
        <VisuallyHidden>{tApp('common.loading')}</VisuallyHidden>
        <Skeleton height={32} />
        <Skeleton height={32} />
      </Stack>
    );
  } else if (templates.isError) {
    content = (
      <Alert color="red" variant="light" role="alert">
        <Stack gap="xs" align="flex-start">
          {errorMessage(templates.error, tApp)}
          <Button size="xs" variant="light" color="red" onClick={() => void templates.refetch()}>
            {tApp('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    content = (
      <ScrollArea type="auto">
        <Table miw={isPhone ? undefined : 560} verticalSpacing="xs" data-testid="word-templates-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('templates.name')}</Table.Th>
              {!isPhone && <Table.Th>{t('templates.language')}</Table.Th>}
              {!isPhone && <Table.Th>{t('word.size')}</Table.Th>}
              {!isPhone && <Table.Th>{t('word.updated')}</Table.Th>}
              <Table.Th>
                <VisuallyHidden>{t('templates.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {templates.data.map((tpl) => (
              <Table.Tr key={tpl._id} data-testid="word-template-row">
                <Table.Td>
                  {/* On a phone the badge goes under the name rather than being cut off. */}
                  <Group gap={6}>
                    {/* A name without spaces wraps: it would push the actions out of sight. */}
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {tpl.name}
                    </Text>
                    {isPhone && (
                      <Text size="xs" c="dimmed">
                        {tpl.language.toUpperCase()}
                      </Text>
                    )}
                    {tpl.isDefault && (
                      <Badge
                        size="xs"
                        variant="light"
                        style={{ flexShrink: 0 }}
                        data-testid="template-built-in"
                      >
                        {t('templates.builtIn')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                {!isPhone && <Table.Td>{tpl.language.toUpperCase()}</Table.Td>}
                {!isPhone && (
                  <>
                    <Table.Td>{`${formatNumber(Math.max(1, Math.round(tpl.size / 1024)), lang)} KB`}</Table.Td>
                    <Table.Td>{formatDate(tpl.updatedAt, lang)}</Table.Td>
                  </>
                )}
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Tooltip label={t('word.download')}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`${t('word.download')}: ${tpl.name}`}
                        onClick={() => void download(tpl)}
                      >
                        <IconDownload size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    {!tpl.isDefault && (
                      <>
                        <FileButton onChange={(file) => send(file, tpl)} accept=".docx">
                          {(props) => (
                            <Tooltip label={t('word.replace')}>
                              <ActionIcon
                                {...props}
                                variant="subtle"
                                aria-label={`${t('word.replace')}: ${tpl.name}`}
                                // The row being replaced shows it; no other upload starts meanwhile.
                                loading={upload.isPending && upload.variables?.id === tpl._id}
                                disabled={upload.isPending}
                              >
                                <IconReplace size={16} aria-hidden />
                              </ActionIcon>
                            </Tooltip>
                          )}
                        </FileButton>
                        <Tooltip label={t('word.rename')}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`${t('word.rename')}: ${tpl.name}`}
                            onClick={() => {
                              setNewName(tpl.name);
                              setRenaming(tpl);
                            }}
                          >
                            <IconPencil size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('templates.delete')}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`${t('templates.delete')}: ${tpl.name}`}
                            onClick={() => setDeleting(tpl)}
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      </>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Text c="dimmed" size="sm" maw={520}>
          {t('word.hint')}
        </Text>
        <Group align="flex-end" gap="xs">
          <Select
            label={t('templates.language')}
            data={languageOptions}
            value={language}
            onChange={(v) => v && setLanguage(v as Language)}
            allowDeselect={false}
            w={140}
          />
          <FileButton onChange={(file) => send(file, null)} accept=".docx">
            {(props) => (
              <Button
                {...props}
                leftSection={<IconUpload size={16} aria-hidden />}
                loading={upload.isPending}
                data-testid="word-template-upload"
              >
                {t('word.upload')}
              </Button>
            )}
          </FileButton>
        </Group>
      </Group>
      {progress !== null && (
        <Progress
          value={progress}
          animated
          aria-label={t('word.uploading')}
          data-testid="word-upload-progress"
        />
      )}
      {uploadError && (
        <Alert color="red" variant="light" role="alert" data-testid="word-upload-error">
          {uploadError}
        </Alert>
      )}
      {content}
      <Paper withBorder p="md">
        <Title order={2} size="h5" mb="xs">
          {t('word.helpTitle')}
        </Title>
        <Text size="sm" mb="xs">
          {t('word.helpIntro')}
        </Text>
        <Group gap={6} mb="xs">
          {TEMPLATE_PLACEHOLDERS.map((p) => (
            <Code key={p}>{`{${p}}`}</Code>
          ))}
        </Group>
        <Text size="sm" mb={4}>
          {t('word.helpMore')}
        </Text>
        <List size="sm" spacing={2}>
          {WORD_EXTRAS.map((p) => (
            <List.Item key={p}>
              <Code>{p}</Code>
            </List.Item>
          ))}
        </List>
        <Text size="sm" c="dimmed" mt="xs">
          {t('word.helpLoop')}
        </Text>
      </Paper>
      <Modal
        opened={renaming !== null}
        onClose={() => setRenaming(null)}
        title={t('word.rename')}
        closeButtonProps={{ 'aria-label': tApp('common.close') }}
      >
        <form onSubmit={submitRename}>
          <Stack>
            <TextInput
              label={t('templates.name')}
              required
              value={newName}
              onChange={(e) => setNewName(e.currentTarget.value)}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRenaming(null)}>
                {tApp('common.cancel')}
              </Button>
              <Button type="submit" loading={rename.isPending} disabled={!newName.trim()}>
                {tApp('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('templates.deleteTitle')}
        closeButtonProps={{ 'aria-label': tApp('common.close') }}
      >
        <Stack>
          <Text style={{ overflowWrap: 'anywhere' }}>
            {t('templates.deleteConfirm', { name: deleting?.name ?? '' })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {tApp('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={confirmDelete}
              data-testid="confirm-delete"
            >
              {t('templates.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

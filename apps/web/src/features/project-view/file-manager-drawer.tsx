import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Drawer,
  EmptyState,
  Group,
  Modal,
  Progress,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { formatDate, type ProjectFile } from '@solar/shared';
import { IconDownload, IconFiles, IconTrash, IconUpload } from '@tabler/icons-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import {
  downloadProjectFile,
  type ProjectDetail,
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_BYTES,
  useDeleteProjectFile,
  useUploadProjectFile,
} from '../../api/project-view';
import { currentLanguage } from '../../i18n';
import { errorMessage, notifyError, notifySuccess } from '../../lib/errors';
import { useSingleFlight } from '../../lib/single-flight';
import { useCurrentUser } from '../auth/session';
import { canDeleteFile, extensionOf, formatBytes } from './utils';

interface FileManagerDrawerProps {
  project: ProjectDetail;
  opened: boolean;
  onClose: () => void;
}

/** The File Manager (SPEC §2): upload with progress, the project's files, download and delete. */
export function FileManagerDrawer({ project, opened, onClose }: FileManagerDrawerProps) {
  const { t } = useTranslation('projectView');
  const { t: tApp } = useTranslation();
  const lang = currentLanguage();
  const { user } = useCurrentUser();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadProjectFile(project._id);
  const remove = useDeleteProjectFile(project._id);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [deleting, setDeleting] = useState<ProjectFile | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const files = project.uploadedInstallerImages;
  // One upload at a time: a file dropped on the zone while one is on its way is not sent alongside it.
  const flight = useSingleFlight();

  const start = (file: File) => {
    setUploadError(null);
    if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) {
      setUploadError(t('files.wrongType', { types: UPLOAD_EXTENSIONS.join(', ') }));
      return;
    }
    if (file.size > UPLOAD_MAX_BYTES) {
      setUploadError(t('files.tooLarge', { max: formatBytes(UPLOAD_MAX_BYTES, lang) }));
      return;
    }
    if (file.size === 0) {
      setUploadError(t('files.emptyFile'));
      return;
    }
    flight((done) => {
      setProgress(0);
      upload.mutate(
        { file, onProgress: setProgress },
        {
          onSuccess: (stored) => notifySuccess(t('files.uploaded', { name: stored.name })),
          onError: (error) => {
            if (isApiError(error) && error.status === 413) {
              setUploadError(t('files.tooLarge', { max: formatBytes(UPLOAD_MAX_BYTES, lang) }));
            } else {
              setUploadError(errorMessage(error, tApp));
            }
          },
          onSettled: () => {
            setProgress(null);
            done();
          },
        },
      );
    });
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) start(file);
  };

  const download = async (file: ProjectFile) => {
    setDownloading(file._id);
    try {
      await downloadProjectFile(file);
    } catch (error) {
      notifyError(error, tApp);
    } finally {
      setDownloading(null);
    }
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: (message) => {
        notifySuccess(message);
        setDeleting(null);
      },
      onError: (error) => notifyError(error, tApp),
    });
  };

  const busy = upload.isPending;

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title={t('files.title')}
      closeButtonProps={{ 'aria-label': tApp('common.close') }}
      data-testid="file-manager-drawer"
    >
      <Stack gap="md">
        <Box
          role="group"
          aria-labelledby={`${inputId}-zone`}
          onDragOver={(event: DragEvent<HTMLElement>) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="file-drop-zone"
          style={{
            border: `2px dashed var(--mantine-color-${dragging ? 'blue-5' : 'gray-4'})`,
            borderRadius: 12,
            padding: 'var(--mantine-spacing-lg)',
            background: dragging ? 'var(--mantine-color-blue-light)' : 'transparent',
            textAlign: 'center',
          }}
        >
          <Stack align="center" gap="xs">
            <IconUpload size={32} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text fw={600} id={`${inputId}-zone`}>
              {t('files.dropHere')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('files.allowed', {
                types: UPLOAD_EXTENSIONS.join(', '),
                max: formatBytes(UPLOAD_MAX_BYTES, lang),
              })}
            </Text>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept={UPLOAD_EXTENSIONS.join(',')}
              style={{ display: 'none' }}
              data-testid="file-input"
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                event.currentTarget.value = '';
                if (file) start(file);
              }}
            />
            <Button
              leftSection={<IconUpload size={16} aria-hidden />}
              onClick={() => input.current?.click()}
              loading={busy}
              data-testid="choose-file"
            >
              {t('files.choose')}
            </Button>
          </Stack>
        </Box>

        {progress !== null && (
          <Stack gap={4}>
            <Text size="sm">{t('files.uploading', { percent: progress })}</Text>
            <Progress
              value={progress}
              animated
              aria-label={t('files.progress')}
              data-testid="upload-progress"
            />
          </Stack>
        )}
        {uploadError && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title={t('files.uploadFailed')}
            withCloseButton
            closeButtonLabel={tApp('common.close')}
            onClose={() => setUploadError(null)}
            data-testid="upload-error"
          >
            {uploadError}
          </Alert>
        )}

        {files.length === 0 ? (
          <EmptyState
            icon={<IconFiles size={28} />}
            variant="light"
            title={t('files.empty')}
            description={t('files.emptyHint')}
          />
        ) : (
          <Table.ScrollContainer minWidth={360}>
            <Table verticalSpacing="xs" highlightOnHover data-testid="file-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('files.name')}</Table.Th>
                  <Table.Th>{t('files.size')}</Table.Th>
                  <Table.Th>{t('files.date')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('files.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {files.map((file) => (
                  <Table.Tr key={file._id} data-testid="file-row" data-name={file.name}>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{file.name}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatBytes(file.size, lang)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(file.createdAt, lang)}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <Tooltip label={t('files.download')} withArrow>
                          <ActionIcon
                            variant="subtle"
                            onClick={() => void download(file)}
                            loading={downloading === file._id}
                            aria-label={t('files.downloadOf', { name: file.name })}
                            data-testid="file-download"
                          >
                            <IconDownload size={18} />
                          </ActionIcon>
                        </Tooltip>
                        {/* An INSTALLER may delete only their own uploads (the server refuses the rest). */}
                        {canDeleteFile(user, file) && (
                          <Tooltip label={t('files.delete')} withArrow>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              onClick={() => setDeleting(file)}
                              aria-label={t('files.deleteOf', { name: file.name })}
                              data-testid="file-delete"
                            >
                              <IconTrash size={18} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>

      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('files.confirmTitle')}
        size="sm"
        closeButtonProps={{ 'aria-label': tApp('common.close') }}
      >
        <Stack gap="lg">
          <Text>{t('files.confirmText', { name: deleting?.name ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {tApp('common.cancel')}
            </Button>
            <Button
              color="red"
              onClick={confirmDelete}
              loading={remove.isPending}
              data-testid="confirm-delete"
            >
              {t('files.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Drawer>
  );
}

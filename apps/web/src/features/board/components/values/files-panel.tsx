import { Box, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import type { Column } from '@solar/shared';
import { IconPaperclip, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_MAX_BYTES } from '../../../../api/project-view';
import { uploadBoardFile } from '../../api/media-api';
import { useBoard } from '../../hooks/board-context';
import { notifyBoardError, notifyFailure } from '../../lib/notify';
import { asItems, type ValueItem } from '../../lib/values';
import { SmallAction } from './option-editor';
import classes from './values.module.css';

interface FilesPanelProps {
  column: Column;
  value: unknown;
  /** The record's project: uploads are filed under it. */
  projectId: string | null;
  onChange: (files: ValueItem[]) => void;
  onEscape?: () => void;
}

/** The files of a cell: upload (POST /media, 20 MB) and remove (`[{ value: url, label: fileName }]`). */
export function FilesPanel({ column, value, projectId, onChange, onEscape }: FilesPanelProps) {
  const { t } = useTranslation('board');
  const { t: tApp } = useTranslation();
  const { scope } = useBoard();
  const [uploading, setUploading] = useState(false);
  const files = asItems(value);

  const upload = async (file: File | null) => {
    if (!file) return;
    if (file.size > UPLOAD_MAX_BYTES) {
      notifyFailure(t('files.tooBig'));
      return;
    }
    setUploading(true);
    try {
      const stored = await uploadBoardFile(file, projectId ?? scope.projectId);
      onChange([...files, stored]);
    } catch (error) {
      notifyBoardError(error, tApp);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Box
      className={classes.panel}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === 'Escape') onEscape?.();
      }}
    >
      <Stack gap={4}>
        {files.map((file) => (
          <Group key={file.value} className={classes.itemRow} wrap="nowrap" justify="space-between">
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
              <IconPaperclip size={14} aria-hidden />
              <Text size="sm" truncate>
                {file.label}
              </Text>
            </Group>
            <SmallAction
              label={t('files.remove', { name: file.label })}
              onClick={() => onChange(files.filter((f) => f !== file))}
            >
              <IconX size={14} aria-hidden />
            </SmallAction>
          </Group>
        ))}
        {files.length === 0 && (
          <Text size="xs" c="gray.7">
            {t('files.none')}
          </Text>
        )}
        <FileButton onChange={upload}>
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="light"
              loading={uploading}
              leftSection={<IconUpload size={14} aria-hidden />}
              aria-label={t('files.upload', { name: column.label })}
              data-autofocus
            >
              {t('files.uploadShort')}
            </Button>
          )}
        </FileButton>
      </Stack>
    </Box>
  );
}

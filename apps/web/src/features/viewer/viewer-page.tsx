import { FileInput, Paper, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconFileUpload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../layout/page-title';
import { type ObjSource, ObjViewer } from './obj-viewer';

/**
 * The largest local file the viewer opens: the OBJ is read and parsed in the page, and a far larger
 * one would hold the tab for a long time (planning files from the portal are at most 20 MB).
 */
export const MAX_LOCAL_OBJ_MB = 100;

/** /3D: open a local OBJ planning file in the 3D viewer (ADMIN, CITY_ADMIN). */
export function ViewerPage() {
  const { t } = useTranslation('plans');
  const { t: tApp } = useTranslation();
  useDocumentTitle(`${t('viewer.title')} · ${tApp('app.name')}`);
  const [file, setFile] = useState<File | null>(null);
  const tooLarge = file !== null && file.size > MAX_LOCAL_OBJ_MB * 1024 * 1024;
  const source = useMemo<ObjSource | null>(
    () => (file && !tooLarge ? { type: 'file', file } : null),
    [file, tooLarge],
  );

  return (
    <Stack gap="lg" maw={1400}>
      <div>
        <PageTitle>{t('viewer.title')}</PageTitle>
        <Text c="dimmed">{t('viewer.intro')}</Text>
      </div>
      <Paper p="lg">
        <Stack gap="md">
          <FileInput
            label={t('viewer.pickFile')}
            placeholder={t('viewer.pickPlaceholder')}
            accept=".obj,model/obj,text/plain"
            value={file}
            onChange={setFile}
            clearable
            leftSection={<IconFileUpload size={16} aria-hidden />}
            maw={420}
            error={tooLarge ? t('viewer.tooLarge', { max: MAX_LOCAL_OBJ_MB }) : undefined}
            data-testid="viewer-file"
          />
          <ObjViewer source={source} height="min(65vh, 640px)" />
        </Stack>
      </Paper>
    </Stack>
  );
}

import { FileInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconFileUpload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ObjSource, ObjViewer } from './obj-viewer';

/** /3D: open a local OBJ planning file in the 3D viewer (ADMIN, CITY_ADMIN). */
export function ViewerPage() {
  const { t } = useTranslation('plans');
  const { t: tApp } = useTranslation();
  useDocumentTitle(`${t('viewer.title')} · ${tApp('app.name')}`);
  const [file, setFile] = useState<File | null>(null);
  const source = useMemo<ObjSource | null>(() => (file ? { type: 'file', file } : null), [file]);

  return (
    <Stack gap="lg" maw={1400}>
      <div>
        <Title order={2}>{t('viewer.title')}</Title>
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
            data-testid="viewer-file"
          />
          <ObjViewer source={source} height="min(65vh, 640px)" />
        </Stack>
      </Paper>
    </Stack>
  );
}

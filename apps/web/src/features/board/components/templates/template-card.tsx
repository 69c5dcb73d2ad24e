import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import type { TaskTemplate } from '@solar/shared';
import { IconDownload, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../../i18n';
import { formatDateTime } from '../../lib/values';

interface TemplateCardProps {
  template: TaskTemplate;
  canLoad: boolean;
  loading: boolean;
  onLoad: () => void;
  onRename: (name: string) => Promise<boolean>;
  onDelete: () => void;
}

/** A task set in the slider: its name, tasks and source project; load, rename, delete. */
export function TemplateCard({ template, canLoad, loading, onLoad, onRename, onDelete }: TemplateCardProps) {
  const { t } = useTranslation('board');
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(template.name);

  return (
    <Card withBorder radius="md" padding="md" h="100%" data-testid="template-card" aria-label={template.name}>
      <Stack gap={6} h="100%">
        {renaming ? (
          <form
            onSubmit={async (event) => {
              event.preventDefault();
              if (await onRename(name)) setRenaming(false);
            }}
          >
            <Group gap={6} wrap="nowrap" align="flex-end">
              <TextInput
                size="xs"
                label={t('templates.name')}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                autoFocus
                style={{ flex: 1 }}
                maxLength={100}
              />
              <Button size="compact-sm" type="submit">
                {t('templates.saveName')}
              </Button>
            </Group>
          </form>
        ) : (
          <Text fw={650} lineClamp={1} title={template.name}>
            {template.name}
          </Text>
        )}
        <Text size="sm" c="gray.7">
          {t('templates.taskCount', { count: template.tasks.length })}
        </Text>
        {template.quoteID && (
          <Text size="xs" c="gray.7" lineClamp={1} title={template.quoteID.mapboxAddress.complete}>
            {template.quoteID.mapboxAddress.complete}
          </Text>
        )}
        <Text size="xs" c="gray.7">
          {formatDateTime(template.createdAt, currentLanguage())}
        </Text>
        <Group gap={6} mt="auto" pt={6} wrap="wrap">
          <Button
            size="compact-sm"
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={onLoad}
            disabled={!canLoad}
            loading={loading}
            aria-label={t('templates.loadNamed', { name: template.name })}
          >
            {t('templates.load')}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={() => setRenaming((r) => !r)}
            aria-label={t('templates.renameNamed', { name: template.name })}
          >
            {t('templates.rename')}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={onDelete}
            aria-label={t('templates.deleteNamed', { name: template.name })}
          >
            {t('templates.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

import { Button, EmptyState, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { isInstallerRole } from '@solar/shared';
import { IconFileTypeDocx, IconLock, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../layout/page-title';
import { useCurrentUser } from '../auth/session';
import { EmailTemplatesTab } from './email-templates-tab';
import { WordTemplatesTab } from './word-templates-tab';

/** /templates: the company's e-mail and Word (PDF) templates; installer roles only. */
export function TemplatesPage() {
  const { t } = useTranslation('offers');
  const { t: tApp } = useTranslation();
  const { user } = useCurrentUser();
  useDocumentTitle(`${t('templates.title')} · ${tApp('app.name')}`);

  if (!isInstallerRole(user.role)) {
    return (
      <Paper p="xl" maw={700} data-testid="templates-unavailable">
        <EmptyState
          icon={<IconLock size={28} />}
          variant="light"
          title={t('templates.unavailableTitle')}
          description={t('templates.unavailable')}
        >
          <Button component={Link} to="/profile" mt="sm">
            {t('templates.backToProfile')}
          </Button>
        </EmptyState>
      </Paper>
    );
  }

  return (
    <Stack gap="lg" maw={1100} data-testid="templates-page">
      <div>
        <PageTitle>{t('templates.title')}</PageTitle>
        <Text c="dimmed">{t('templates.subtitle')}</Text>
      </div>
      <Paper p="lg">
        <Tabs defaultValue="email" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="email" leftSection={<IconMail size={16} aria-hidden />}>
              {t('templates.emailTab')}
            </Tabs.Tab>
            <Tabs.Tab value="word" leftSection={<IconFileTypeDocx size={16} aria-hidden />}>
              {t('templates.wordTab')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="email">
            <EmailTemplatesTab />
          </Tabs.Panel>
          <Tabs.Panel value="word">
            <WordTemplatesTab />
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </Stack>
  );
}

import { Button, Card, Stack, Text, ThemeIcon } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { homeRoute } from '@solar/shared';
import { IconHammer } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PageTitle } from '../../layout/page-title';
import type { ScreenKey } from '../../layout/screens';
import { useCurrentUser } from '../auth/session';

/** A friendly "coming soon" card for screens that later issues fill in. */
export function PlaceholderPage({ screen }: { screen: ScreenKey }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { user } = useCurrentUser();
  const name = t(`nav.${screen}`);
  useDocumentTitle(`${name} · ${t('app.name')}`);
  const home = homeRoute(user.role);

  return (
    <Stack gap="lg" maw={720}>
      <PageTitle>{name}</PageTitle>
      <Card padding="xl" radius="lg" withBorder data-testid="placeholder">
        <Stack align="flex-start" gap="sm">
          <ThemeIcon size={52} radius="xl" variant="light" aria-hidden>
            <IconHammer size={28} />
          </ThemeIcon>
          <Text fw={650} size="lg">
            {t('placeholder.title')}
          </Text>
          <Text c="dimmed">{t('placeholder.text', { screen: name })}</Text>
          {pathname !== home && (
            <Button component={Link} to={home} variant="light" mt="xs">
              {t('placeholder.backHome')}
            </Button>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}

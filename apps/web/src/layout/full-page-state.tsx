import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NamedLoader } from './named-loader';

/** Centered spinner while the session or a screen's code loads. */
export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed" size="sm">
          {t('common.loading')}
        </Text>
      </Stack>
    </Center>
  );
}

/** Loader inside the shell's content area, so the sidebar and header stay put. */
export function ContentLoader() {
  const { t } = useTranslation();
  return (
    <Center mih={240} role="status" aria-live="polite">
      <NamedLoader label={t('common.loading')} />
    </Center>
  );
}

/** A failure that blocks the page, with a retry button. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Center mih={240} p="lg">
      <Stack align="center" gap="sm" role="alert" maw={420} ta="center">
        <IconAlertTriangle size={36} color="var(--mantine-color-red-6)" aria-hidden />
        <Text fw={600}>{t('errors.somethingWentWrong')}</Text>
        <Text c="dimmed" size="sm">
          {message}
        </Text>
        {onRetry && (
          <Button variant="light" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Stack>
    </Center>
  );
}

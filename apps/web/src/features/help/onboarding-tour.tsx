import { Button, Group, Modal, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { isInstallerRole } from '@solar/shared';
import {
  IconChecklist,
  IconLayoutKanban,
  IconMail,
  IconMap2,
  IconSun,
  type TablerIcon,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetOnboarding } from '../../api/user';
import { useCurrentUser } from '../auth/session';

const STEPS: { key: 'welcome' | 'find' | 'pipeline' | 'offers' | 'board'; icon: TablerIcon }[] = [
  { key: 'welcome', icon: IconSun },
  { key: 'find', icon: IconMap2 },
  { key: 'pipeline', icon: IconLayoutKanban },
  { key: 'offers', icon: IconMail },
  { key: 'board', icon: IconChecklist },
];

/**
 * The first-login tour of installer roles (docs/onboarding.md): five short steps in a dialog, skippable
 * at any step (the button, Escape or the close button); finishing or skipping stores it on the
 * server, so it never shows again on any device until the help page asks for it.
 */
export function OnboardingTour() {
  const { t } = useTranslation('help');
  const { t: tApp } = useTranslation();
  const { user } = useCurrentUser();
  const setOnboarding = useSetOnboarding();
  const [step, setStep] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const opened = isInstallerRole(user.role) && user.onboardedAt === null && !dismissed;

  const end = () => {
    setDismissed(true);
    setStep(0);
    // Even if this fails the tour stays closed for this visit; it shows again next time.
    setOnboarding.mutate(true, { onSuccess: () => setDismissed(false) });
  };

  const current = STEPS[step] ?? STEPS[0];
  if (!current) return null;
  const Icon = current.icon;
  const last = step === STEPS.length - 1;

  return (
    <Modal
      opened={opened}
      onClose={end}
      title={t('tour.label')}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': tApp('common.close') }}
      data-testid="onboarding-tour"
    >
      <Stack gap="md">
        <Progress
          value={((step + 1) / STEPS.length) * 100}
          size="sm"
          aria-label={t('tour.step', { current: step + 1, total: STEPS.length })}
        />
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="xl" variant="light" aria-hidden>
            <Icon size={22} />
          </ThemeIcon>
          <Stack gap={4}>
            <Title order={3} size="h4">
              {t(`tour.steps.${current.key}.title`)}
            </Title>
            <Text size="sm">{t(`tour.steps.${current.key}.text`)}</Text>
          </Stack>
        </Group>
        <Text size="xs" c="gray.7" aria-live="polite">
          {t('tour.step', { current: step + 1, total: STEPS.length })}
        </Text>
        <Group justify="space-between" gap="xs">
          <Button variant="subtle" color="gray" onClick={end}>
            {t('tour.skip')}
          </Button>
          <Group gap="xs">
            {step > 0 && (
              <Button variant="default" onClick={() => setStep((s) => s - 1)}>
                {t('tour.back')}
              </Button>
            )}
            <Button onClick={last ? end : () => setStep((s) => s + 1)} data-autofocus>
              {last ? t('tour.finish') : t('tour.next')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

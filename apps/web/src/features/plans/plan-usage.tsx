import { Group, Progress, Stack, Text } from '@mantine/core';
import { CONSTANTS, type Subscription } from '@solar/shared';
import { useTranslation } from 'react-i18next';

/** This month's usage per kind with progress bars (free: OBJ used of 3). */
export function PlanUsage({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation('plans');
  const { plan, usage } = subscription;
  // Singular and plural per language ("1 usado", "2 usados"), joined as "used · left".
  const used = (count: number) => t('section.used', { count });
  const usedLeft = (usedCount: number, left: number) =>
    `${used(usedCount)} · ${t('section.left', { count: left })}`;

  const row = (kind: 'obj' | 'pvsol', text: string, value: number | null) => (
    <Stack gap={4} key={kind} data-testid={`usage-${kind}`}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={500} id={`usage-${kind}-label`}>
          {t(`section.${kind}`)}
        </Text>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      </Group>
      {value !== null && (
        <Progress.Root>
          <Progress.Section
            value={value}
            color={value >= 100 ? 'red' : undefined}
            aria-labelledby={`usage-${kind}-label`}
          />
        </Progress.Root>
      )}
    </Stack>
  );

  if (plan === 'free') {
    const total = CONSTANTS.freeDownloadCount;
    return (
      <Stack gap="sm">
        {row(
          'obj',
          t('section.freeUsed', { used: usage.freeObjUsed, total }),
          Math.min(100, (usage.freeObjUsed / total) * 100),
        )}
        {row('pvsol', t('section.freeNoPvsol'), null)}
      </Stack>
    );
  }
  if (plan === 'enterprise' || usage.unitsBudget === null) {
    return (
      <Stack gap="sm">
        {row('obj', `${used(usage.objUsed)} · ${t('section.unlimited')}`, null)}
        {row('pvsol', `${used(usage.pvsolUsed)} · ${t('section.unlimited')}`, null)}
      </Stack>
    );
  }
  // The budget is shared: a bar per kind shows how much of what that kind could use is gone.
  const budget = usage.unitsBudget;
  const objLeft = usage.objLeft ?? 0;
  const pvsolLeft = usage.pvsolLeft ?? 0;
  const objMax = budget;
  const pvsolMax = Math.floor(budget / 2);
  return (
    <Stack gap="sm">
      {row('obj', usedLeft(usage.objUsed, objLeft), objMax ? 100 - (objLeft / objMax) * 100 : 100)}
      {row(
        'pvsol',
        usedLeft(usage.pvsolUsed, pvsolLeft),
        pvsolMax ? 100 - (pvsolLeft / pvsolMax) * 100 : 100,
      )}
    </Stack>
  );
}

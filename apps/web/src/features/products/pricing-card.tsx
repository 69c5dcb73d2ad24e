import { Alert, Button, Card, Group, NumberInput, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { PRICING_STRATEGIES, type PricingSettings } from '@solar/shared';
import { IconAdjustmentsDollar, IconLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePricingQuery, useUpdatePricing } from '../../api/products';
import { errorMessage, handleFormError, notifySuccess } from '../../lib/errors';
import { localeNumberInputProps, numberValue } from '../../lib/number-input';
import type { PricingStrategy } from './product-meta';

/** The company's pricing strategy (GET/PUT /api/product/pricing); INSTALLER_ADMIN edits, others read. */
export function PricingCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('products');
  const { t: tApp } = useTranslation();
  const query = usePricingQuery();

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <Stack gap="sm" aria-hidden>
        <Skeleton height={56} />
        <Skeleton height={56} />
      </Stack>
    );
  } else if (query.isError) {
    body = (
      <Alert color="red" variant="light" role="alert" title={t('pricing.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(query.error, tApp)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            {tApp('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    body = (
      <PricingForm
        key={`${query.data.strategy}-${query.data.value}`}
        initial={query.data}
        canEdit={canEdit}
      />
    );
  }

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="pricing-card" aria-busy={query.isPending}>
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap">
          <IconAdjustmentsDollar size={20} aria-hidden />
          <Title order={2} size="h4">
            {t('pricing.title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('pricing.hint')}
        </Text>
        {body}
      </Stack>
    </Card>
  );
}

function PricingForm({ initial, canEdit }: { initial: PricingSettings; canEdit: boolean }) {
  const { t } = useTranslation('products');
  const { t: tApp } = useTranslation();
  const [strategy, setStrategy] = useState<PricingStrategy>(initial.strategy);
  const [value, setValue] = useState<number | string>(initial.value);
  const [error, setError] = useState<string | undefined>();
  const update = useUpdatePricing();
  const readOnly = !canEdit;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const amount = numberValue(value);
    if (amount === undefined || amount < 0 || amount > 10_000_000) {
      setError(t('validation.price'));
      return;
    }
    update.mutate(
      { strategy, value: amount },
      {
        onSuccess: () => notifySuccess(t('toast.pricingSaved')),
        onError: (e) => setError(handleFormError(e, ['value'] as const, tApp).value),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {readOnly && (
          <Alert variant="light" color="gray" icon={<IconLock size={16} />} p="xs">
            <Text size="sm">{t('pricing.readOnly')}</Text>
          </Alert>
        )}
        <Select
          label={t('pricing.strategy')}
          allowDeselect={false}
          readOnly={readOnly}
          variant={readOnly ? 'filled' : 'default'}
          data={PRICING_STRATEGIES.map((s) => ({ value: s, label: t(`pricing.strategies.${s}`) }))}
          value={strategy}
          onChange={(next) => next && setStrategy(next as PricingStrategy)}
          data-testid="pricing-strategy"
        />
        <NumberInput
          label={t('pricing.value')}
          readOnly={readOnly}
          variant={readOnly ? 'filled' : 'default'}
          min={0}
          max={strategy === 'percentageOfProjectCost' ? 100 : 10_000_000}
          decimalScale={2}
          allowNegative={false}
          {...localeNumberInputProps()}
          rightSection={
            <Text size="xs" c="dimmed" data-testid="pricing-unit">
              {t(`pricing.unit.${strategy}`)}
            </Text>
          }
          rightSectionWidth={64}
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(undefined);
          }}
          error={error}
          data-testid="pricing-value"
        />
        {canEdit && (
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} data-testid="pricing-save">
              {tApp('common.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

import { ActionIcon, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import type { BulkPrice } from '@solar/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { localeNumberInputProps, numberValue } from '../../lib/number-input';

export interface TierDraft {
  /** Stable React key of the row. */
  key: string;
  minQuantity: number | string;
  price: number | string;
}

export interface PriceDraft {
  price: number | string;
  tiers: TierDraft[];
}

export interface PriceErrors {
  price?: string;
  tiers: Record<string, { minQuantity?: string; price?: string }>;
}

const MAX_TIERS = 20;
const MAX_PRICE = 10_000_000;

let nextKey = 0;
export const newTierKey = () => `tier-${++nextKey}`;

export function draftOf(price: number | null | undefined, tiers: BulkPrice[] | undefined): PriceDraft {
  return {
    price: price ?? '',
    tiers: (tiers ?? []).map((tier) => ({ key: newTierKey(), ...tier })),
  };
}

/**
 * Checks the price and the tiers the way the API does (BulkPrices: whole minimum quantities ≥ 1,
 * prices ≥ 0, distinct minimum quantities), with an error per field. Returns the values or null.
 */
export function validatePrice(
  draft: PriceDraft,
  t: TFunction<'products'>,
  priceRequired: boolean,
): { value: { price?: number; bulkPrices: BulkPrice[] } | null; errors: PriceErrors } {
  const errors: PriceErrors = { tiers: {} };
  let price: number | undefined;
  if (draft.price === '' || draft.price === null) {
    if (priceRequired || draft.tiers.length > 0) errors.price = t('validation.priceRequired');
  } else {
    const value = numberValue(draft.price);
    if (value === undefined || value < 0 || value > MAX_PRICE) errors.price = t('validation.price');
    else price = value;
  }
  const seen = new Map<number, string>();
  const bulkPrices: BulkPrice[] = [];
  for (const tier of draft.tiers) {
    const rowErrors: { minQuantity?: string; price?: string } = {};
    const q = numberValue(tier.minQuantity);
    if (tier.minQuantity === '') rowErrors.minQuantity = t('validation.required');
    else if (q === undefined || !Number.isInteger(q) || q < 1 || q > 1_000_000)
      rowErrors.minQuantity = t('validation.minQuantity');
    else if (seen.has(q)) rowErrors.minQuantity = t('validation.duplicateTier');
    else seen.set(q, tier.key);
    const p = numberValue(tier.price);
    if (tier.price === '') rowErrors.price = t('validation.required');
    else if (p === undefined || p < 0 || p > MAX_PRICE) rowErrors.price = t('validation.price');
    if (rowErrors.minQuantity || rowErrors.price) errors.tiers[tier.key] = rowErrors;
    else bulkPrices.push({ minQuantity: q as number, price: p as number });
  }
  const ok = !errors.price && Object.keys(errors.tiers).length === 0;
  return { value: ok ? { price, bulkPrices } : null, errors };
}

interface PriceFieldsProps {
  draft: PriceDraft;
  errors: PriceErrors;
  onChange: (next: PriceDraft) => void;
  priceRequired: boolean;
}

/** The company price plus a dynamic list of bulk tiers (minimum quantity + unit price). */
export function PriceFields({ draft, errors, onChange, priceRequired }: PriceFieldsProps) {
  const { t } = useTranslation('products');
  const numberFormat = localeNumberInputProps();
  const setTier = (key: string, patch: Partial<TierDraft>) =>
    onChange({
      ...draft,
      tiers: draft.tiers.map((tier) => (tier.key === key ? { ...tier, ...patch } : tier)),
    });

  return (
    <Stack gap="sm">
      <NumberInput
        label={t('price.price')}
        description={t('price.priceHint')}
        required={priceRequired}
        min={0}
        max={MAX_PRICE}
        decimalScale={2}
        allowNegative={false}
        {...numberFormat}
        rightSection="€"
        value={draft.price}
        onChange={(value) => onChange({ ...draft, price: value })}
        error={errors.price}
        data-testid="price-input"
      />
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm" id="bulk-tiers-label">
            {t('price.tiers')}
          </Text>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={draft.tiers.length >= MAX_TIERS}
            onClick={() =>
              onChange({
                ...draft,
                tiers: [...draft.tiers, { key: newTierKey(), minQuantity: '', price: '' }],
              })
            }
            data-testid="add-tier"
          >
            {t('price.addTier')}
          </Button>
        </Group>
        {draft.tiers.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('price.noTiers')}
          </Text>
        ) : (
          <Stack gap="xs" role="group" aria-labelledby="bulk-tiers-label">
            {draft.tiers.map((tier, index) => (
              <Group key={tier.key} gap="xs" align="flex-start" wrap="nowrap" data-testid="tier-row">
                <NumberInput
                  flex={1}
                  label={t('price.minQuantity')}
                  aria-label={t('price.minQuantityN', { n: index + 1 })}
                  min={1}
                  allowDecimal={false}
                  allowNegative={false}
                  {...numberFormat}
                  value={tier.minQuantity}
                  onChange={(value) => setTier(tier.key, { minQuantity: value })}
                  error={errors.tiers[tier.key]?.minQuantity}
                  data-testid="tier-min"
                />
                <NumberInput
                  flex={1}
                  label={t('price.unitPrice')}
                  aria-label={t('price.unitPriceN', { n: index + 1 })}
                  min={0}
                  decimalScale={2}
                  allowNegative={false}
                  {...numberFormat}
                  rightSection="€"
                  value={tier.price}
                  onChange={(value) => setTier(tier.key, { price: value })}
                  error={errors.tiers[tier.key]?.price}
                  data-testid="tier-price"
                />
                <ActionIcon
                  mt={25}
                  size="lg"
                  variant="subtle"
                  color="red"
                  aria-label={t('price.removeTier', { n: index + 1 })}
                  onClick={() => onChange({ ...draft, tiers: draft.tiers.filter((x) => x.key !== tier.key) })}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

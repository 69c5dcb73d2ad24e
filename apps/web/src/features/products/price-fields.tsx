import { ActionIcon, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import {
  BULK_TIER_MIN_QUANTITY,
  type BulkPrice,
  type BulkTierIssueCode,
  bulkTierIssues,
} from '@solar/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
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

/** The products locale's message of each rule across tiers of the shared `bulkTierIssues`. */
const TIER_MESSAGES = {
  duplicate_tier: 'validation.duplicateTier',
  tier_above_unit_price: 'validation.tierAboveUnitPrice',
  tier_above_smaller_tier: 'validation.tierAboveSmallerTier',
} as const satisfies Record<BulkTierIssueCode, string>;

/**
 * Checks the price and the tiers the way the API does (BulkPrice: whole minimum quantities from 2,
 * prices ≥ 0; across tiers the shared `bulkTierIssues`: distinct quantities, no tier above the unit
 * price or a smaller quantity's price), with an error per field. Returns the values or null.
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
  const setError = (key: string, field: 'minQuantity' | 'price', message: string) => {
    const row = errors.tiers[key] ?? {};
    row[field] ??= message;
    errors.tiers[key] = row;
  };
  // The rows with a number in both fields: the rules across tiers look at these (as the API does,
  // a tier from 1 piece at 50 € beside 10 € is told both of its faults).
  const parsed: { key: string; minQuantity: number; price: number }[] = [];
  for (const tier of draft.tiers) {
    const q = numberValue(tier.minQuantity);
    const p = numberValue(tier.price);
    const quantityError =
      tier.minQuantity === ''
        ? t('validation.required')
        : q === undefined || !Number.isInteger(q) || q < 1 || q > 1_000_000
          ? t('validation.minQuantity')
          : q < BULK_TIER_MIN_QUANTITY
            ? t('validation.tierMinQuantity')
            : undefined;
    const priceError =
      tier.price === ''
        ? t('validation.required')
        : p === undefined || p < 0 || p > MAX_PRICE
          ? t('validation.price')
          : undefined;
    if (quantityError) setError(tier.key, 'minQuantity', quantityError);
    if (priceError) setError(tier.key, 'price', priceError);
    if (q !== undefined && p !== undefined && !priceError)
      parsed.push({ key: tier.key, minQuantity: q, price: p });
  }
  for (const issue of bulkTierIssues(parsed, price)) {
    const tier = parsed[issue.index];
    if (tier) setError(tier.key, issue.field, t(TIER_MESSAGES[issue.code]));
  }
  const bulkPrices = parsed.map(({ minQuantity, price: tierPrice }) => ({ minQuantity, price: tierPrice }));
  const ok = !errors.price && Object.keys(errors.tiers).length === 0;
  return { value: ok ? { price, bulkPrices } : null, errors };
}

/**
 * A refusal of the API as the price fields' errors: `price`, `bulkPrices` (the whole list) and
 * `bulkPrices.{i}.{field}`, the i-th tier sent, which is the i-th row (only a valid draft is sent).
 * Null when the refusal names none of them.
 */
export function priceErrorsOf(error: unknown, draft: PriceDraft): PriceErrors | null {
  if (!isApiError(error)) return null;
  const errors: PriceErrors = { tiers: {} };
  let found = false;
  for (const [field, message] of Object.entries(error.errors)) {
    const tier = /^bulkPrices\.(\d+)\.(minQuantity|price)$/.exec(field);
    const key = tier ? draft.tiers[Number(tier[1])]?.key : undefined;
    if (tier && key) {
      const name = tier[2] as 'minQuantity' | 'price';
      errors.tiers[key] = { ...errors.tiers[key], [name]: errors.tiers[key]?.[name] ?? message };
      found = true;
    } else if (field === 'price' || field === 'bulkPrices') {
      errors.price ??= message;
      found = true;
    }
  }
  return found ? errors : null;
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
                  min={BULK_TIER_MIN_QUANTITY}
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

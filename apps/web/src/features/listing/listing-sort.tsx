import { NativeSelect } from '@mantine/core';
import { IconArrowsSort } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type Sort, sortChoices, sortFromValue, sortValueOf } from './listing-state';

interface ListingSortProps {
  sort: Sort;
  /** The list's default sort: listed first. */
  fallback: Sort;
  onChange: (sort: Sort) => void;
}

/**
 * The cards' sort on a phone, where there are no column headers to click: each header's column both
 * ways, in the phone's own picker. It sets the sort the table uses (kept in `?sort=&order=`), so
 * turning the phone keeps the order.
 */
export function ListingSort({ sort, fallback, onChange }: ListingSortProps) {
  const { t } = useTranslation('listing');
  const data = sortChoices(fallback).map((choice) => ({
    value: sortValueOf(choice),
    label: t(`sort.choices.${choice.column}.${choice.order}`),
  }));
  return (
    <NativeSelect
      label={t('sort.label')}
      value={sortValueOf(sort)}
      data={data}
      onChange={(event) => {
        const next = sortFromValue(event.currentTarget.value);
        if (next) onChange(next);
      }}
      leftSection={<IconArrowsSort size={16} aria-hidden />}
      data-testid="listing-sort"
    />
  );
}

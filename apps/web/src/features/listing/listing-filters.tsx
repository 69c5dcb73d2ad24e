import {
  Button,
  Collapse,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { BUILDING_TYPES, STAGES, type Stage } from '@solar/shared';
import { IconAdjustmentsHorizontal, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFilterDataQuery } from '../../api/quotes';
import { currentLanguage } from '../../i18n';

export interface ListingFilterValues {
  stage: Stage[];
  buildingType: string[];
  city: string[];
  costMin: number | null;
  costMax: number | null;
}

export const EMPTY_FILTERS: ListingFilterValues = {
  stage: [],
  buildingType: [],
  city: [],
  costMin: null,
  costMax: null,
};

function isStage(value: string): value is Stage {
  return (STAGES as readonly string[]).includes(value);
}

function toNumber(value: string | number): number | null {
  if (value === '' || value === null) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

interface ListingFiltersProps {
  values: ListingFilterValues;
  onChange: (next: ListingFilterValues) => void;
  search: string;
  onSearchChange: (text: string) => void;
  onReset: () => void;
  canReset: boolean;
  /** The stage filter applies to saved projects only. */
  showStage: boolean;
}

/** The filter bar of the listing: address text, stage, building type, city and total-cost range. */
export function ListingFilters({
  values,
  onChange,
  search,
  onSearchChange,
  onReset,
  canReset,
  showStage,
}: ListingFiltersProps) {
  const { t } = useTranslation(['listing', 'pipeline', 'customer']);
  // The city list is loaded when the city filter is first used (it scans every visible quote).
  const [citiesWanted, setCitiesWanted] = useState(values.city.length > 0);
  const filterData = useFilterDataQuery(citiesWanted);
  // SPEC §9: thousands grouped with a dot in German and a comma otherwise.
  const separators =
    currentLanguage() === 'de'
      ? { thousandSeparator: '.', decimalSeparator: ',' }
      : { thousandSeparator: ',', decimalSeparator: '.' };
  /** Both ends of the cost range: whole euros, in steps of 1,000, grouped as the language writes them. */
  const costProps = { min: 0, step: 1000, ...separators, allowDecimal: false, allowNegative: false };
  const cityOptions = [
    ...new Set([...(filterData.data?.cities.map((c) => c.city) ?? []), ...values.city]),
  ].sort((a, b) => a.localeCompare(b));

  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const [open, setOpen] = useState(false);
  const active =
    values.stage.length +
    values.buildingType.length +
    values.city.length +
    (values.costMin !== null ? 1 : 0) +
    (values.costMax !== null ? 1 : 0);

  const searchInput = (
    <TextInput
      type="search"
      label={t('filters.search')}
      placeholder={t('filters.searchPlaceholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={search}
      onChange={(event) => onSearchChange(event.currentTarget.value)}
      data-testid="listing-search"
    />
  );

  const fields = (
    <>
      {showStage && (
        <MultiSelect
          label={t('filters.stage')}
          placeholder={values.stage.length ? undefined : t('filters.stagePlaceholder')}
          data={STAGES.map((stage) => ({ value: stage, label: t(`pipeline:stage.${stage}`) }))}
          value={values.stage}
          onChange={(next) => onChange({ ...values, stage: next.filter(isStage) })}
          clearable
          data-testid="filter-stage"
        />
      )}
      <MultiSelect
        label={t('filters.buildingType')}
        placeholder={values.buildingType.length ? undefined : t('filters.buildingTypePlaceholder')}
        data={BUILDING_TYPES.map((value) => ({ value, label: t(`customer:buildingTypes.${value}`) }))}
        value={values.buildingType}
        onChange={(next) => onChange({ ...values, buildingType: next })}
        clearable
        data-testid="filter-building-type"
      />
      <MultiSelect
        label={t('filters.city')}
        placeholder={values.city.length ? undefined : t('filters.cityPlaceholder')}
        data={cityOptions}
        value={values.city}
        onChange={(next) => onChange({ ...values, city: next })}
        searchable
        clearable
        limit={100}
        onFocus={() => setCitiesWanted(true)}
        onDropdownOpen={() => setCitiesWanted(true)}
        nothingFoundMessage={filterData.isFetching ? t('filters.loadingCities') : t('filters.noCity')}
        data-testid="filter-city"
      />
      {/* One label over the range: two labels of their own wrapped unevenly in narrow columns. */}
      <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        <Text component="legend" size="sm" fw="var(--mantine-font-weight-medium)" p={0} mb={2}>
          {t('filters.cost')}
        </Text>
        <SimpleGrid cols={2} spacing="sm">
          <NumberInput
            aria-label={t('filters.costMin')}
            placeholder={t('filters.costFrom')}
            value={values.costMin ?? ''}
            onChange={(value) => onChange({ ...values, costMin: toNumber(value) })}
            {...costProps}
            data-testid="filter-cost-min"
          />
          <NumberInput
            aria-label={t('filters.costMax')}
            placeholder={t('filters.costTo')}
            value={values.costMax ?? ''}
            onChange={(value) => onChange({ ...values, costMax: toNumber(value) })}
            // A range that cannot match anything says so, instead of an unexplained empty list.
            error={
              values.costMin !== null && values.costMax !== null && values.costMin > values.costMax
                ? t('filters.costRangeInverted')
                : undefined
            }
            {...costProps}
            data-testid="filter-cost-max"
          />
        </SimpleGrid>
      </fieldset>
    </>
  );

  const reset = canReset && (
    <Button
      variant="subtle"
      size="xs"
      leftSection={<IconFilterOff size={16} aria-hidden />}
      onClick={onReset}
      data-testid="filters-reset"
    >
      {t('filters.reset')}
    </Button>
  );

  if (isMobile) {
    return (
      <Paper p="sm" component="section" aria-label={t('filters.label')} data-testid="listing-filters">
        <Stack gap="sm">
          {searchInput}
          <Group justify="space-between" gap="xs">
            <Button
              variant="light"
              size="xs"
              leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
              onClick={() => setOpen((o) => !o)}
              aria-expanded={open}
              aria-controls="listing-more-filters"
              data-testid="filters-toggle"
            >
              {active ? t('filters.toggleActive', { count: active }) : t('filters.toggle')}
            </Button>
            {reset}
          </Group>
          <Collapse expanded={open} id="listing-more-filters">
            <Stack gap="sm">{fields}</Stack>
          </Collapse>
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper p="md" component="section" aria-label={t('filters.label')} data-testid="listing-filters">
      <SimpleGrid cols={{ base: 2, lg: 3 }} spacing="sm" verticalSpacing="sm">
        {searchInput}
        {fields}
      </SimpleGrid>
      {reset && (
        <Group justify="flex-end" mt="sm">
          {reset}
        </Group>
      )}
    </Paper>
  );
}

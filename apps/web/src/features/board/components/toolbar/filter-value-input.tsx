import { MultiSelect, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { type Column, formulaResultType, type ViewFilter } from '@solar/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTeamQuery } from '../../../../api/installer';
import { currentLanguage } from '../../../../i18n';
import { numberFilterText, numberFilterValue } from '../../lib/values';

interface FilterValueInputProps {
  column: Column;
  /** The board's columns: a formula's result type depends on the columns it reads. */
  columns: Readonly<Record<string, Column>>;
  value: ViewFilter['value'];
  onChange: (value: ViewFilter['value']) => void;
}

const asList = (value: ViewFilter['value']) => (Array.isArray(value) ? value : value ? [value] : []);

/**
 * A filter's value by the column's type: options and people from a list, text typed (saved 400 ms
 * later). A formula column filters as its result does: numbers as a number column's cells.
 */
export function FilterValueInput({ column, columns, value, onChange }: FilterValueInputProps) {
  const { t } = useTranslation('board');
  const team = useTeamQuery(column.dataType === 'person');
  const [text, setText] = useState(typeof value === 'string' ? value : '');
  const save = useDebouncedCallback((next: string) => onChange(next), 400);
  const label = t('filters.value', { name: column.label });
  const common = { size: 'xs' as const, 'aria-label': label, comboboxProps: { withinPortal: false } };

  const type =
    column.dataType === 'formula' && formulaResultType(column.formula ?? '', columns) === 'number'
      ? 'number'
      : column.dataType;
  switch (type) {
    case 'select':
    case 'status':
    case 'multi-select':
      return (
        <MultiSelect
          {...common}
          placeholder={t('filters.any')}
          data={(column.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
          value={asList(value)}
          onChange={onChange}
          searchable
        />
      );
    case 'person':
      return (
        <MultiSelect
          {...common}
          placeholder={t('filters.any')}
          data={(team.data ?? []).map((m) => ({
            value: m._id,
            label: `${m.firstName} ${m.lastName}`.trim() || m.email,
          }))}
          value={asList(value)}
          onChange={onChange}
          searchable
        />
      );
    case 'checkbox':
      return (
        <Select
          {...common}
          placeholder={t('filters.any')}
          data={[
            { value: 'true', label: t('filters.checked') },
            { value: 'false', label: t('filters.unchecked') },
          ]}
          value={typeof value === 'string' ? value : null}
          onChange={(next) => onChange(next)}
          clearable
        />
      );
    case 'number':
    case 'rollup':
      return <NumberFilterInput label={label} value={value} onChange={onChange} />;
    default:
      return (
        <TextInput
          size="xs"
          aria-label={label}
          placeholder={t('filters.contains')}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            save(event.currentTarget.value);
          }}
          onBlur={() => save.flush()}
        />
      );
  }
}

/**
 * A number filter's value, typed in the UI language's pattern (`1.234,5` in German) and stored as the
 * filter rule compares numbers (`1234.5`); text that is no number is marked and not saved.
 */
function NumberFilterInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: ViewFilter['value'];
  onChange: (value: ViewFilter['value']) => void;
}) {
  const { t } = useTranslation('board');
  const lang = currentLanguage();
  const [text, setText] = useState(() => (typeof value === 'string' ? numberFilterText(value, lang) : ''));
  const [error, setError] = useState<string | null>(null);
  const save = useDebouncedCallback((next: string) => onChange(next), 400);
  return (
    <TextInput
      size="xs"
      aria-label={label}
      placeholder={t('filters.equals')}
      inputMode="decimal"
      value={text}
      error={error}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        const stored = numberFilterValue(next, lang);
        if (stored === undefined) {
          save.cancel();
          setError(t('errors.number'));
        } else {
          setError(null);
          save(stored);
        }
      }}
      onBlur={() => save.flush()}
    />
  );
}

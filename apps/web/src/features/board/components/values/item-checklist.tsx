import { Box, Checkbox, Loader, ScrollArea, Text, TextInput } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ValueItem } from '../../lib/values';
import classes from './values.module.css';

interface ItemChecklistProps {
  label: string;
  items: ValueItem[];
  selected: string[];
  onToggle: (item: ValueItem) => void;
  search: string;
  onSearch: (text: string) => void;
  loading?: boolean;
  onEscape?: () => void;
}

/** A searchable list of people or records with checkboxes (person and relation cells). */
export function ItemChecklist({
  label,
  items,
  selected,
  onToggle,
  search,
  onSearch,
  loading,
  onEscape,
}: ItemChecklistProps) {
  const { t } = useTranslation('board');
  const onKeyDown = (event: KeyboardEvent) => {
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      onEscape?.();
    }
  };
  return (
    <Box className={classes.panel} onKeyDown={onKeyDown}>
      <TextInput
        size="xs"
        data-autofocus
        autoFocus
        placeholder={t('options.search')}
        aria-label={t('options.searchIn', { name: label })}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        rightSection={loading ? <Loader size={14} /> : undefined}
      />
      <ScrollArea.Autosize mah={260} mt={6}>
        <fieldset aria-label={label} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          {items.map((item) => (
            <Checkbox
              key={item.value}
              className={classes.itemRow}
              label={item.label || '…'}
              checked={selected.includes(item.value)}
              onChange={() => onToggle(item)}
            />
          ))}
          {items.length === 0 && !loading && (
            <Text size="xs" c="gray.7" p={6}>
              {t('options.none')}
            </Text>
          )}
        </fieldset>
      </ScrollArea.Autosize>
    </Box>
  );
}

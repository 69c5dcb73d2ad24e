import { Box, Checkbox, Loader, ScrollArea, Text, TextInput } from '@mantine/core';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
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

/**
 * A searchable list of people or records with checkboxes (person and relation cells). From the search
 * field, ↓ and ↑ move a highlight through the list and Enter ticks or unticks the highlighted item,
 * as in the option pickers; Tab still reaches each checkbox.
 */
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
  const [active, setActive] = useState(0);
  const list = useRef<HTMLFieldSetElement>(null);
  const shown = Math.min(active, Math.max(items.length - 1, 0));
  // The highlighted item stays in sight while the keys move it through a long list.
  useEffect(() => {
    list.current?.querySelector(`[data-index="${shown}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [shown]);
  const onKeyDown = (event: KeyboardEvent) => {
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      onEscape?.();
    }
  };
  const onSearchKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(items.length === 0 ? 0 : (shown + step + items.length) % items.length);
    } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      const item = items[shown];
      if (item) onToggle(item);
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
        onChange={(event) => {
          onSearch(event.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={onSearchKeyDown}
        rightSection={loading ? <Loader size={14} /> : undefined}
      />
      <ScrollArea.Autosize mah={260} mt={6}>
        <fieldset ref={list} aria-label={label} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          {items.map((item, index) => (
            <Checkbox
              key={item.value}
              className={classes.itemRow}
              wrapperProps={{
                'data-index': index,
                'data-active': index === shown || undefined,
                onMouseEnter: () => setActive(index),
              }}
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

import { ActionIcon, Button, Group, Select, Stack, Text } from '@mantine/core';
import type { ViewFilter } from '@solar/shared';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoard } from '../../hooks/board-context';
import { useViewSettings } from '../../hooks/use-view-settings';
import { orderColumns } from '../../lib/columns';
import { FilterValueInput } from './filter-value-input';
import { PANEL_CONTENT_MAX } from './toolbar-panel';

/** The view's filters (SPEC §5 filter rule, all must pass): a column and its value(s) each. */
export function FilterPanel() {
  const { t } = useTranslation('board');
  const { columns } = useBoard();
  const { view, update } = useViewSettings();
  const filters = view?.filters ?? [];
  /** Removing a row removes its focused button: the focus goes to 'Add filter', not out of the panel. */
  const addRef = useRef<HTMLButtonElement>(null);
  const choices = orderColumns(columns)
    .filter((c) => c.dataType !== 'button')
    .map((c) => ({ value: c.id, label: c.label }));
  const save = (next: ViewFilter[]) => update({ filters: next }, t('undo.filters'));
  const set = (index: number, filter: ViewFilter) => save(filters.map((f, i) => (i === index ? filter : f)));

  return (
    <Stack gap="xs" miw={`min(340px, ${PANEL_CONTENT_MAX})`} data-testid="filter-panel">
      {filters.length === 0 && (
        <Text size="sm" c="gray.7">
          {t('filters.none')}
        </Text>
      )}
      {filters.map((filter, index) => {
        const column = columns[filter.column];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: filters have no id and may repeat a column
          <Group key={`${filter.column}-${index}`} gap={6} wrap="nowrap" align="flex-start">
            {/* The column and the value wrap onto two lines in a narrow panel; the remove button stays beside them. */}
            <Group gap={6} wrap="wrap" align="flex-start" style={{ flex: 1, minWidth: 0 }}>
              <Select
                size="xs"
                w={140}
                aria-label={t('filters.column', { index: index + 1 })}
                data={choices}
                value={filter.column}
                onChange={(key) =>
                  key && set(index, { column: key, value: null, type: columns[key]?.dataType })
                }
                allowDeselect={false}
                searchable
                comboboxProps={{ withinPortal: false }}
                // The list itself scrolls (not an inner scroll area), so it counts as the combobox's popup.
                withScrollArea={false}
                styles={{ options: { maxHeight: 220, overflowY: 'auto' } }}
              />
              <div style={{ flex: '1 1 140px', minWidth: 0 }}>
                {column && (
                  <FilterValueInput
                    key={filter.column}
                    column={column}
                    columns={columns}
                    value={filter.value}
                    onChange={(value) => set(index, { ...filter, value, type: column.dataType })}
                  />
                )}
              </div>
            </Group>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('filters.remove', { name: column?.label ?? filter.column })}
              onClick={() => {
                addRef.current?.focus();
                save(filters.filter((_, i) => i !== index));
              }}
            >
              <IconX size={14} aria-hidden />
            </ActionIcon>
          </Group>
        );
      })}
      <Button
        ref={addRef}
        size="compact-sm"
        variant="subtle"
        leftSection={<IconPlus size={14} aria-hidden />}
        onClick={() => {
          const first = choices.find((c) => !filters.some((f) => f.column === c.value)) ?? choices[0];
          if (first)
            save([...filters, { column: first.value, value: null, type: columns[first.value]?.dataType }]);
        }}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('filters.add')}
      </Button>
    </Stack>
  );
}

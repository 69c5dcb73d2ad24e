import { ActionIcon, Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import type { ViewSort } from '@solar/shared';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useBoard } from '../../hooks/board-context';
import { useViewSettings } from '../../hooks/use-view-settings';
import { orderColumns } from '../../lib/columns';
import { PANEL_CONTENT_MAX } from './toolbar-panel';

/** The view's sort: columns in priority order, each ascending or descending (then the manual order). */
export function SortPanel() {
  const { t } = useTranslation('board');
  const { columns } = useBoard();
  const { view, update } = useViewSettings();
  const sort = view?.sort ?? [];
  const choices = orderColumns(columns)
    .filter((c) => c.dataType !== 'button' && c.dataType !== 'files')
    .map((c) => ({ value: c.id, label: c.label }));
  const save = (next: ViewSort[]) => update({ sort: next }, t('undo.sort'));

  return (
    <Stack gap="xs" miw={`min(320px, ${PANEL_CONTENT_MAX})`} data-testid="sort-panel">
      {sort.length === 0 && (
        <Text size="sm" c="gray.7">
          {t('sort.none')}
        </Text>
      )}
      {sort.map((s, index) => (
        <Group key={s.column} gap={6} wrap="nowrap">
          {/* The column and the order wrap onto two lines in a narrow panel; the remove button stays beside them. */}
          <Group gap={6} wrap="wrap" style={{ flex: 1, minWidth: 0 }}>
            <Select
              size="xs"
              w={150}
              aria-label={t('sort.column', { index: index + 1 })}
              data={choices.filter((c) => c.value === s.column || !sort.some((x) => x.column === c.value))}
              value={s.column}
              onChange={(key) => key && save(sort.map((x, i) => (i === index ? { ...x, column: key } : x)))}
              allowDeselect={false}
              searchable
              comboboxProps={{ withinPortal: false }}
            />
            <SegmentedControl
              size="xs"
              aria-label={t('sort.order', { index: index + 1 })}
              value={s.order}
              onChange={(order) =>
                save(sort.map((x, i) => (i === index ? { ...x, order: order as ViewSort['order'] } : x)))
              }
              data={[
                { value: 'asc', label: t('sort.asc') },
                { value: 'desc', label: t('sort.desc') },
              ]}
            />
          </Group>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('sort.remove', { name: columns[s.column]?.label ?? s.column })}
            onClick={() => save(sort.filter((_, i) => i !== index))}
          >
            <IconX size={14} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconPlus size={14} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
        onClick={() => {
          const next = choices.find((c) => !sort.some((s) => s.column === c.value));
          if (next) save([...sort, { column: next.value, order: 'asc' }]);
        }}
      >
        {t('sort.add')}
      </Button>
    </Stack>
  );
}

import { Group, ScrollArea, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBoard } from '../../hooks/board-context';
import { useViewSettings } from '../../hooks/use-view-settings';
import { orderColumns, TITLE_KEY } from '../../lib/columns';
import { PropertyIcon } from '../properties/property-icon';

/** Shows and hides properties in the current view (SPEC §5: hiding needs a view). */
export function PropertiesPanel() {
  const { t } = useTranslation('board');
  const { columns } = useBoard();
  const { view, update, requireView } = useViewSettings();
  const hidden = new Set(view?.hiddenProperties ?? []);
  const list = orderColumns(columns, view?.order).filter((c) => c.id !== TITLE_KEY);

  return (
    <ScrollArea.Autosize mah={360} miw={260} data-testid="properties-panel">
      <Stack gap={6}>
        {list.length === 0 && (
          <Text size="sm" c="gray.7">
            {t('hidden.none')}
          </Text>
        )}
        {list.map((column) => (
          <Group key={column.id} justify="space-between" wrap="nowrap" gap="xs">
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
              <PropertyIcon icon={column.icon} type={column.dataType} />
              <Text size="sm" truncate>
                {column.label}
              </Text>
            </Group>
            <Switch
              size="sm"
              checked={!hidden.has(column.id)}
              aria-label={t('hidden.show', { name: column.label })}
              onChange={(event) => {
                if (!requireView('hide') || !view) return;
                const show = event.currentTarget.checked;
                const next = show
                  ? view.hiddenProperties.filter((k) => k !== column.id)
                  : [...view.hiddenProperties, column.id];
                update(
                  { hiddenProperties: next },
                  t(show ? 'undo.show' : 'undo.hide', { name: column.label }),
                );
              }}
            />
          </Group>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

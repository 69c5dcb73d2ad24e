import { Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBoard } from '../../hooks/board-context';
import { useViewSettings } from '../../hooks/use-view-settings';
import { isGroupable, isSummable, orderColumns } from '../../lib/columns';

const NONE = '__none__';

/** Group by a select or status property (kanban columns, table sections) and the number summed per group. */
export function GroupPanel() {
  const { t } = useTranslation('board');
  const { columns, filterBody } = useBoard();
  const { view, update } = useViewSettings();
  const all = orderColumns(columns);
  const groupable = all.filter(isGroupable).map((c) => ({ value: c.id, label: c.label }));
  const summable = all.filter(isSummable).map((c) => ({ value: c.id, label: c.label }));
  const kanban = view?.viewType === 'kanban';

  return (
    <Stack gap="xs" miw={260} data-testid="group-panel">
      <Select
        label={t('groups.groupBy')}
        data={kanban ? groupable : [{ value: NONE, label: t('groups.noGrouping') }, ...groupable]}
        value={filterBody.groupBy ?? NONE}
        onChange={(value) => value && update({ groupBy: value === NONE ? null : value }, t('undo.group'))}
        allowDeselect={false}
        comboboxProps={{ withinPortal: false }}
      />
      <Select
        label={t('groups.sumBy')}
        data={[{ value: NONE, label: t('groups.noSum') }, ...summable]}
        value={view?.sumProperty && columns[view.sumProperty] ? view.sumProperty : NONE}
        onChange={(value) => value && update({ sumProperty: value === NONE ? null : value }, t('undo.group'))}
        allowDeselect={false}
        comboboxProps={{ withinPortal: false }}
      />
    </Stack>
  );
}

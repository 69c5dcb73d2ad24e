import { ActionIcon, Button, Group, SegmentedControl, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { CONSTANTS, VIEW_TYPES, type ViewType } from '@solar/shared';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconArrowsSort,
  IconEye,
  IconFileExport,
  IconFileImport,
  IconFilter,
  IconHistory,
  IconLayoutRows,
  IconPlus,
  IconSearch,
  IconTemplate,
} from '@tabler/icons-react';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../../lib/errors';
import { useExportTasks } from '../../api/csv-api';
import { useBoard } from '../../hooks/board-context';
import { useViewSettings } from '../../hooks/use-view-settings';
import { notifyBoardError } from '../../lib/notify';
import { ActivityDrawer } from '../history/activity-drawer';
import { FilterPanel } from './filter-panel';
import { GroupPanel } from './group-panel';
import { PropertiesPanel } from './properties-panel';
import { SortPanel } from './sort-panel';
import { ToolbarPanel } from './toolbar-panel';

type Panel = 'filter' | 'sort' | 'group' | 'properties' | null;

interface BoardToolbarProps {
  /** A request to open the filters, with a column to filter on (the column menu's 'Filter'). */
  filterRequest: { column?: string; at: number } | null;
  onOpenTemplates: () => void;
  onOpenImport: () => void;
}

/** Layout, filter, sort, group, properties, search, undo/redo, task sets and 'New'. */
export const BoardToolbar = memo(function BoardToolbar({
  filterRequest,
  onOpenTemplates,
  onOpenImport,
}: BoardToolbarProps) {
  const { t } = useTranslation('board');
  const { t: tApp } = useTranslation();
  const { view, columns, search, setSearch, undo, isProjects, setDrawer, filterBody } = useBoard();
  const exporter = useExportTasks();
  const [activityOpen, setActivityOpen] = useState(false);
  const exportCsv = async () => {
    try {
      await exporter.mutateAsync({
        ...filterBody,
        order: view?.order,
        hiddenProperties: view?.hiddenProperties ?? [],
      });
      notifySuccess(t('csv.exported'));
    } catch (error) {
      notifyBoardError(error, tApp);
    }
  };
  const { update, requireView } = useViewSettings();
  const [panel, setPanel] = useState<Panel>(null);
  const [text, setText] = useState(search);
  const commitSearch = useDebouncedCallback(setSearch, CONSTANTS.addressSearchDebounceMs);

  const toggle = (which: Exclude<Panel, null>) => (open: boolean) => {
    if (open && which !== 'properties' && !requireView('filter')) return;
    if (open && which === 'properties' && !requireView('hide')) return;
    setPanel(open ? which : null);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to each new request only
  useEffect(() => {
    if (!filterRequest || !requireView('filter') || !view) return;
    const column = filterRequest.column;
    if (column && !view.filters.some((f) => f.column === column)) {
      update(
        { filters: [...view.filters, { column, value: null, type: columns[column]?.dataType }] },
        t('undo.filters'),
      );
    }
    setPanel('filter');
  }, [filterRequest]);

  return (
    <Group gap="xs" wrap="wrap" justify="space-between" data-testid="board-toolbar">
      <Group gap={6} wrap="wrap">
        <SegmentedControl
          size="xs"
          aria-label={t('views.layout')}
          disabled={!view}
          value={view?.viewType ?? 'table'}
          onChange={(value) => update({ viewType: value as ViewType }, t('undo.layout'))}
          data={VIEW_TYPES.map((value) => ({ value, label: t(`layouts.${value}`) }))}
        />
        <ToolbarPanel
          label={t('toolbar.filter')}
          icon={<IconFilter size={14} aria-hidden />}
          count={view?.filters.length}
          opened={panel === 'filter'}
          onToggle={toggle('filter')}
          testId="toolbar-filter"
        >
          <FilterPanel />
        </ToolbarPanel>
        <ToolbarPanel
          label={t('toolbar.sort')}
          icon={<IconArrowsSort size={14} aria-hidden />}
          count={view?.sort.length}
          opened={panel === 'sort'}
          onToggle={toggle('sort')}
          testId="toolbar-sort"
        >
          <SortPanel />
        </ToolbarPanel>
        <ToolbarPanel
          label={t('toolbar.group')}
          icon={<IconLayoutRows size={14} aria-hidden />}
          opened={panel === 'group'}
          onToggle={toggle('group')}
          testId="toolbar-group"
        >
          <GroupPanel />
        </ToolbarPanel>
        <ToolbarPanel
          label={t('toolbar.properties')}
          icon={<IconEye size={14} aria-hidden />}
          count={view?.hiddenProperties.length}
          opened={panel === 'properties'}
          onToggle={toggle('properties')}
          testId="toolbar-properties"
        >
          <PropertiesPanel />
        </ToolbarPanel>
      </Group>
      <Group gap={6} wrap="wrap">
        <TextInput
          size="xs"
          type="search"
          w={200}
          leftSection={<IconSearch size={14} aria-hidden />}
          placeholder={t('toolbar.search')}
          aria-label={t('toolbar.search')}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            commitSearch(event.currentTarget.value);
          }}
        />
        <Tooltip label={t('toolbar.undo')} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('toolbar.undo')}
            disabled={!undo.canUndo}
            onClick={undo.undo}
          >
            <IconArrowBackUp size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('toolbar.redo')} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('toolbar.redo')}
            disabled={!undo.canRedo}
            onClick={undo.redo}
          >
            <IconArrowForwardUp size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('toolbar.exportHint')} withArrow>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconFileExport size={14} aria-hidden />}
            loading={exporter.isPending}
            onClick={() => void exportCsv()}
          >
            {t('toolbar.export')}
          </Button>
        </Tooltip>
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconHistory size={14} aria-hidden />}
          onClick={() => setActivityOpen(true)}
        >
          {t('history.activity')}
        </Button>
        <ActivityDrawer opened={activityOpen} onClose={() => setActivityOpen(false)} />
        {!isProjects && (
          <>
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconFileImport size={14} aria-hidden />}
              onClick={onOpenImport}
            >
              {t('toolbar.import')}
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconTemplate size={14} aria-hidden />}
              onClick={onOpenTemplates}
            >
              {t('toolbar.taskSets')}
            </Button>
            <Button
              size="compact-sm"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => setDrawer({ mode: 'create', values: {} })}
            >
              {t('toolbar.new')}
            </Button>
          </>
        )}
      </Group>
    </Group>
  );
});

import { ActionIcon, Group, Popover, ScrollArea, Tabs, Tooltip } from '@mantine/core';
import { IconLayoutGrid, IconLayoutKanban, IconPlus, IconTable } from '@tabler/icons-react';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../api/errors';
import { notifySuccess } from '../../../../lib/errors';
import { useCreateView } from '../../api/views-api';
import { useBoard } from '../../hooks/board-context';
import { notifyBoardError } from '../../lib/notify';
import { ViewMenu } from './view-menu';
import { ViewNameForm } from './view-name-form';

const LAYOUT_ICONS = { table: IconTable, kanban: IconLayoutKanban, gallery: IconLayoutGrid };

/** The saved views as tabs (default 'Project Management'), with create, rename and delete. */
export const ViewTabs = memo(function ViewTabs() {
  const { t } = useTranslation('board');
  const { t: tApp } = useTranslation();
  const { scope, views, view, selectView } = useBoard();
  const create = useCreateView(scope);
  const [adding, setAdding] = useState(false);
  const viewportRef = useRef<HTMLDivElement>(null);
  const selectedId = view?._id ?? null;

  // The selected tab is always in sight: on a phone the strip scrolls sideways, and a later view chosen
  // before a reload (or a new or duplicated one at the end) would otherwise sit off to the side. Only the
  // strip scrolls, never the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the views change
  useEffect(() => {
    const viewport = viewportRef.current;
    const tab = viewport?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (!viewport || !tab || !selectedId) return;
    const strip = viewport.getBoundingClientRect();
    const box = tab.getBoundingClientRect();
    if (box.left < strip.left) viewport.scrollLeft -= strip.left - box.left;
    else if (box.right > strip.right) viewport.scrollLeft += box.right - strip.right;
  }, [selectedId, views]);

  const onCreate = async (name: string, layout: 'table' | 'kanban' | 'gallery') => {
    try {
      const answer = await create.mutateAsync({ name, viewType: layout });
      notifySuccess(answer.message ?? t('views.created'));
      selectView(answer.data._id);
      setAdding(false);
      return null;
    } catch (error) {
      if (isApiError(error) && error.errors.name) return error.errors.name;
      notifyBoardError(error, tApp);
      return null;
    }
  };

  return (
    <Group gap={4} wrap="nowrap" align="center" data-testid="view-tabs">
      <ScrollArea type="auto" scrollbarSize={6} style={{ minWidth: 0 }} viewportRef={viewportRef}>
        <Tabs
          value={view?._id ?? null}
          onChange={(id) => id && selectView(id)}
          variant="pills"
          radius="md"
          activateTabWithKeyboard
        >
          <Tabs.List aria-label={t('views.label')} style={{ flexWrap: 'nowrap' }}>
            {views.map((v) => {
              const Icon = LAYOUT_ICONS[v.viewType];
              return (
                <Tabs.Tab key={v._id} value={v._id} leftSection={<Icon size={14} aria-hidden />}>
                  {v.name}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
        </Tabs>
      </ScrollArea>
      {view && <ViewMenu view={view} />}
      <Popover
        opened={adding}
        onChange={setAdding}
        position="bottom-start"
        width={300}
        shadow="md"
        trapFocus
        withinPortal
      >
        <Popover.Target>
          <Tooltip label={t('views.add')} withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('views.add')}
              onClick={() => setAdding((o) => !o)}
              data-testid="add-view"
            >
              <IconPlus size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Popover.Target>
        <Popover.Dropdown>
          <ViewNameForm withLayout submitLabel={t('views.create')} onSubmit={onCreate} />
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
});

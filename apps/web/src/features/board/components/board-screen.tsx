import { Stack } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import type { Task, UserProperties, View } from '@solar/shared';
import type { RowSelectionState } from '@tanstack/react-table';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../layout/full-page-state';
import { errorMessage } from '../../../lib/errors';
import { useAnnouncePresence } from '../api/presence-api';
import { useTaskById } from '../api/tasks-api';
import { BoardContext, type BoardContextValue } from '../hooks/board-context';
import { useFilteredTasks } from '../hooks/use-board-tasks';
import { useLinkedDrawer } from '../hooks/use-linked-drawer';
import { useUndoHistory } from '../hooks/use-undo-history';
import { type BoardScope, buildFilterBody, layoutOf } from '../lib/filter-body';
import { notifyBoardError } from '../lib/notify';
import { PAGE_SIZE } from '../lib/page-params';
import { BoardHeader } from './board-header';
import { BoardSkeleton } from './board-skeleton';
import { CsvImportModal } from './csv/csv-import-modal';
import { CustomerTargetHost } from './customer-target-host';
import { RecordDrawer } from './drawer/record-drawer';
import { GalleryView } from './gallery/gallery-view';
import { BoardGrid } from './grid/board-grid';
import { KanbanBoard } from './kanban/kanban-board';
import { TemplateModal } from './templates/template-modal';
import { BoardToolbar } from './toolbar/board-toolbar';
import { BulkBar } from './toolbar/bulk-bar';
import { ViewTabs } from './views/view-tabs';

/** The closed drawer's titles: it needs none, and the same object keeps it from rendering again. */
const NO_RELATED: Record<string, string> = {};

interface BoardScreenProps {
  scope: BoardScope;
  properties: UserProperties;
  views: View[];
}

/** The board once its columns and views are known: tabs, toolbar, the layout, the drawer and dialogs. */
export function BoardScreen({ scope, properties, views }: BoardScreenProps) {
  const { t } = useTranslation();
  const [storedView, setStoredView] = useLocalStorage<string | null>({
    key: `board-view:${scope.projectId ?? scope.board}`,
    defaultValue: null,
  });
  const view = views.find((v) => v._id === storedView) ?? views[0] ?? null;
  const [search, setSearch] = useState('');
  // A link to one record (`?record=`, a notification's) opens its drawer.
  const [drawer, setDrawer] = useLinkedDrawer();
  const [targetProject, setTargetProject] = useState<string | null>(null);
  const [filterRequest, setFilterRequest] = useState<{ column?: string; at: number } | null>(null);
  const [templatesOpen, setTemplatesOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const undo = useUndoHistory();
  const columns = properties.properties;
  const filterBody = useMemo(
    () => buildFilterBody(scope, view, columns, search),
    [scope, view, columns, search],
  );
  const openFilter = useCallback((column?: string) => setFilterRequest({ column, at: Date.now() }), []);

  const context = useMemo<BoardContextValue>(
    () => ({
      scope,
      isProjects: scope.board === 'projects',
      propertiesId: properties._id,
      columns,
      views,
      view,
      selectView: setStoredView,
      filterBody,
      search,
      setSearch,
      undo,
      drawer,
      setDrawer,
      openCustomerTarget: setTargetProject,
      openFilter,
    }),
    [
      scope,
      properties._id,
      columns,
      views,
      view,
      setStoredView,
      filterBody,
      search,
      undo,
      drawer,
      setDrawer,
      openFilter,
    ],
  );

  const data = useFilteredTasks(filterBody, filterBody.filters ?? []);
  const { query } = data;
  // The layout's first render (the grid with its column menus and first rows) was the page's longest
  // task: once the records are there it renders as a transition, which React splits into short tasks,
  // while the skeleton stays.
  const isLoading = useDeferredValue(query.isPending, true) || query.isPending;
  // The first call brings a hundred records for a quick first screen; the rest of the first thousand
  // follows at once, so a board of up to 1,000 records is whole as before (counts, select all).
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loaded = data.all.length;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && loaded < PAGE_SIZE) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage, loaded]);
  const selected = data.all.filter((task) => selection[task._id]);
  const listed =
    drawer?.mode === 'edit' ? (data.all.find((task) => task._id === drawer.taskId) ?? null) : null;
  // A record the view does not show (opened from the board's activity) is asked for on its own.
  const single = useTaskById(drawer?.mode === 'edit' && !listed && !isLoading ? drawer.taskId : null);
  const found =
    listed ?? (drawer?.mode === 'edit' && single.data?._id === drawer.taskId ? single.data : null);
  // A record that leaves the view while open (a colleague's change no longer matches its filters) is
  // read on its own; meanwhile the drawer keeps the record it had, so its form and edits stay.
  const [kept, setKept] = useState<Task | null>(null);
  useEffect(() => {
    if (found) setKept(found);
  }, [found]);
  const drawerTask = found ?? (drawer?.mode === 'edit' && kept?._id === drawer.taskId ? kept : null);
  // Colleagues see who is on the board, and which record is open here.
  useAnnouncePresence(scope.board, drawerTask?._id ?? null);
  // A record that cannot be opened (deleted since the link was made, or not found): the drawer's
  // request ends with the reason, and the link leaves the address.
  useEffect(() => {
    if (!single.isError) return;
    notifyBoardError(single.error, t);
    setDrawer(null);
  }, [single.isError, single.error, setDrawer, t]);
  const layout = layoutOf(view);
  // The parts that do not show records are memoised: a page of records arriving renders the layout.
  const openTemplates = useCallback(() => setTemplatesOpen(true), []);
  const closeTemplates = useCallback(() => setTemplatesOpen(false), []);
  const openImport = useCallback(() => setImportOpen(true), []);
  const closeImport = useCallback(() => setImportOpen(false), []);
  const closeTarget = useCallback(() => setTargetProject(null), []);
  const paging = {
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: () => void query.fetchNextPage(),
  };

  return (
    <BoardContext.Provider value={context}>
      <Stack gap="sm" data-testid={`board-${scope.board}`}>
        <BoardHeader />
        <ViewTabs />
        <BoardToolbar
          filterRequest={filterRequest}
          onOpenTemplates={openTemplates}
          onOpenImport={openImport}
        />
        {selected.length > 0 && <BulkBar selected={selected} onClear={() => setSelection({})} />}
        {isLoading ? (
          <BoardSkeleton />
        ) : query.isError ? (
          <ErrorState
            message={errorMessage(query.error, t) ?? t('errors.loadFailed')}
            onRetry={() => void query.refetch()}
          />
        ) : layout === 'kanban' ? (
          <KanbanBoard tasks={data.tasks} groups={data.groups} related={data.related} {...paging} />
        ) : layout === 'gallery' ? (
          <GalleryView tasks={data.tasks} related={data.related} {...paging} />
        ) : (
          <BoardGrid
            tasks={data.tasks}
            groups={data.groups}
            related={data.related}
            total={data.total}
            selection={selection}
            onSelectionChange={setSelection}
            {...paging}
          />
        )}
      </Stack>
      <RecordDrawer task={drawerTask} related={drawer ? data.related : NO_RELATED} />
      {!context.isProjects && (
        <>
          <TemplateModal
            opened={templatesOpen}
            onClose={closeTemplates}
            total={isLoading || query.isError ? null : data.total}
          />
          <CsvImportModal opened={importOpen} onClose={closeImport} />
        </>
      )}
      <CustomerTargetHost projectId={targetProject} onClose={closeTarget} />
    </BoardContext.Provider>
  );
}

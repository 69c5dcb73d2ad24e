import type { Column, Task, TaskGroup } from '@solar/shared';
import type { OnChangeFn, RowSelectionState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoard } from '../../hooks/board-context';
import { useCellWriter } from '../../hooks/use-cell-writer';
import { useColumnActions } from '../../hooks/use-column-actions';
import { useRecordActions } from '../../hooks/use-record-actions';
import { useStableCallback } from '../../hooks/use-stable-callback';
import { isEditable, visibleColumns } from '../../lib/columns';
import { gridEntries } from '../../lib/grid-entries';
import { assignSlots } from '../../lib/row-slots';
import { EmptyState } from '../empty-state';
import { AriaCell, AriaRow, AriaRowGroup } from './aria';
import { ColumnDialogs } from './column-dialogs';
import classes from './grid.module.css';
import { GridFooter } from './grid-footer';
import { GridHeader } from './grid-header';
import { cellId, GridRow, ROW_HEIGHT, rowLabels } from './grid-row';
import { GroupRow } from './group-row';
import { useGridCursor } from './use-grid-cursor';
import { useGridKeys } from './use-grid-keys';
import { useGridTable } from './use-grid-table';

const HEADER_HEIGHT = 37;
const GROUP_HEIGHT = 40;

export interface BoardGridProps {
  tasks: Task[];
  groups: TaskGroup[];
  related: Record<string, string>;
  total: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  selection: RowSelectionState;
  onSelectionChange: OnChangeFn<RowSelectionState>;
}

/** The table layout: a virtual grid (TanStack Table + Virtual) with keyboard navigation and editors. */
export function BoardGrid(props: BoardGridProps) {
  const { t } = useTranslation('board');
  const { view, columns: properties, filterBody, isProjects, setDrawer, openCustomerTarget } = useBoard();
  const { commit, press } = useCellWriter();
  const records = useRecordActions();
  const gridId = useId().replace(/:/g, '');
  const scrollRef = useRef<HTMLDivElement>(null);
  const shown = useMemo(() => visibleColumns(properties, view), [properties, view]);
  const groupColumn = filterBody.groupBy ? (properties[filterBody.groupBy] ?? null) : null;
  const sumColumn = filterBody.sumProperty ? (properties[filterBody.sumProperty] ?? null) : null;
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const { entries, rows } = useMemo(
    () => gridEntries(props.tasks, groupColumn, props.groups, collapsed),
    [props.tasks, groupColumn, props.groups, collapsed],
  );
  const entryOfRow = useMemo(() => entries.flatMap((e, i) => (e.kind === 'row' ? [i] : [])), [entries]);
  const colActions = useColumnActions(shown);
  const grid = useGridTable({
    columns: shown,
    rows,
    selection: props.selection,
    onSelectionChange: props.onSelectionChange,
    onResized: colActions.saveWidth,
  });
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (entries[i]?.kind === 'group' ? GROUP_HEIGHT : ROW_HEIGHT),
    getItemKey: (i) => {
      const e = entries[i];
      return e ? (e.kind === 'group' ? `g:${e.bucket.key}` : e.task._id) : i;
    },
    // Rows are drawn in the scroll event (flushSync), before the frame: a few spare rows cover the
    // compositor's scrolling ahead; more only cost style, layout and paint in every frame.
    overscan: 4,
    scrollMargin: HEADER_HEIGHT,
  });
  const cursor = useGridCursor({ gridId, rows, columns: shown, entryOfRow, virtualizer, gridRef: scrollRef });
  const openRecord = useCallback((task: Task) => setDrawer({ mode: 'edit', taskId: task._id }), [setDrawer]);
  const onCustomerTarget = useCallback(
    (task: Task) => task.projectId && openCustomerTarget(task.projectId),
    [openCustomerTarget],
  );
  const toggleGroup = useCallback(
    (key: string) =>
      setCollapsed((set) => {
        const next = new Set(set);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    [],
  );

  const onKeyDown = useGridKeys({
    rows,
    columns: shown,
    active: cursor.active,
    isEditing: cursor.editing !== null,
    setActive: cursor.setActive,
    startEdit: cursor.startEdit,
    clearCell: (pos) => {
      const task = rows[pos.row];
      const column = shown[pos.col];
      if (task && column && isEditable(column) && column.dataType !== 'checkbox')
        void commit(task, column.id, null);
    },
    toggleRow: (task) => grid.toggle(task._id),
    openRecord,
    clearSelection: () => {
      if (Object.keys(props.selection).length === 0) return false;
      props.onSelectionChange({});
      return true;
    },
  });

  // Loads the next page when the end of the loaded records comes near.
  const items = virtualizer.getVirtualItems();
  // Record rows are keyed by slot (lib/row-slots): rows scrolling in reuse the elements of rows
  // scrolling out. The slots of the last committed render are the ones React's elements have.
  const slotsRef = useRef<ReadonlyMap<string, number>>(new Map());
  const slots = assignSlots(
    slotsRef.current,
    items.flatMap((item) => {
      const entry = entries[item.index];
      return entry?.kind === 'row' ? [entry.task._id] : [];
    }),
  );
  useLayoutEffect(() => {
    slotsRef.current = slots;
  });
  const lastIndex = items[items.length - 1]?.index ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = props;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= entries.length - 40) fetchNextPage();
  }, [entries.length, fetchNextPage, hasNextPage, isFetchingNextPage, lastIndex]);

  // Stable props for the memoised header, footer and dialogs: scrolling renders the rows only.
  const onToggleAll = useStableCallback(() => grid.table.toggleAllRowsSelected());
  const onResizeStart = useStableCallback(grid.startResize);
  const onResizeKey = useStableCallback((column: Column, width: number) =>
    colActions.saveWidth(column.id, width),
  );
  const onMove = useStableCallback(colActions.move);
  const onAdd = useStableCallback(async () => {
    const task = await records.create({});
    if (task) cursor.setEditNew(task._id);
  });
  const labels = useMemo(() => rowLabels(t), [t]);
  const { active, editing } = cursor;
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a virtual data grid is the ARIA grid pattern */}
      <div
        ref={scrollRef}
        role="grid"
        aria-label={t('grid.label')}
        aria-rowcount={props.total + 1}
        aria-colcount={shown.length + 2}
        aria-multiselectable
        aria-activedescendant={active ? cellId(gridId, active.row, active.col) : undefined}
        aria-describedby={`${gridId}-help`}
        tabIndex={0}
        className={classes.scroller}
        onKeyDown={onKeyDown}
        data-testid="board-grid"
      >
        <span id={`${gridId}-help`} hidden>
          {t('grid.help')}
        </span>
        <div style={{ width: grid.totalWidth, minWidth: '100%' }}>
          <GridHeader
            columns={shown}
            widths={grid.widths}
            resizingId={grid.resizingId}
            allSelected={grid.allSelected}
            someSelected={grid.someSelected}
            onToggleAll={onToggleAll}
            onResizeStart={onResizeStart}
            onResizeKey={onResizeKey}
            actionsFor={colActions.actionsFor}
            onMove={onMove}
          />
          <AriaRowGroup className={classes.body} style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const entry = entries[item.index];
              const top = item.start - HEADER_HEIGHT;
              if (entry?.kind === 'group' && groupColumn) {
                return (
                  <GroupRow
                    key={item.key}
                    column={groupColumn}
                    bucket={entry.bucket}
                    collapsed={entry.collapsed}
                    top={top}
                    sumProperty={sumColumn}
                    onToggle={() => toggleGroup(entry.bucket.key)}
                  />
                );
              }
              if (entry?.kind !== 'row') return null;
              return (
                <GridRow
                  key={`s${slots.get(entry.task._id)}`}
                  labels={labels}
                  gridId={gridId}
                  task={entry.task}
                  row={entry.row}
                  columns={shown}
                  widths={grid.widths}
                  top={top}
                  selected={!!props.selection[entry.task._id]}
                  onToggleSelected={grid.toggle}
                  activeCol={active?.row === entry.row ? active.col : null}
                  editing={editing?.row === entry.row ? editing : null}
                  related={props.related}
                  isProjects={isProjects}
                  onCellClick={cursor.onCellClick}
                  onCellDoubleClick={cursor.onCellDoubleClick}
                  onEditDone={cursor.onEditDone}
                  onOpen={openRecord}
                  onCustomerTarget={onCustomerTarget}
                  onPress={press}
                />
              );
            })}
          </AriaRowGroup>
          {entries.length === 0 && !hasNextPage && (
            <AriaRow>
              <AriaCell style={{ width: '100%' }}>
                <EmptyState />
              </AriaCell>
            </AriaRow>
          )}
        </div>
      </div>
      <GridFooter
        shown={rows.length}
        total={props.total}
        loadingMore={isFetchingNextPage}
        onAdd={isProjects ? undefined : onAdd}
      />
      <ColumnDialogs
        insert={colActions.insert}
        onCloseInsert={colActions.closeInsert}
        deleting={colActions.deleting}
        onCloseDelete={colActions.closeDelete}
        formulaOf={colActions.formulaOf}
        onCloseFormula={colActions.closeFormula}
      />
    </>
  );
}

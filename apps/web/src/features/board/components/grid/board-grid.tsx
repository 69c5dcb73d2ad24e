import type { Column, Task, TaskGroup } from '@solar/shared';
import type { OnChangeFn, RowSelectionState } from '@tanstack/react-table';
import type { Virtualizer } from '@tanstack/react-virtual';
import { type MouseEvent, useCallback, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoardCalculations } from '../../api/calculate-api';
import { useBoard } from '../../hooks/board-context';
import { useCellWriter } from '../../hooks/use-cell-writer';
import { useColumnActions } from '../../hooks/use-column-actions';
import { useRecordActions } from '../../hooks/use-record-actions';
import { useRowMove } from '../../hooks/use-row-move';
import { useStableCallback } from '../../hooks/use-stable-callback';
import { calculateBody, groupCalcCells, shownCalculations } from '../../lib/calculations';
import { isWritable, sliceOf } from '../../lib/clipboard';
import { isEditable, visibleColumns } from '../../lib/columns';
import { gridEntries } from '../../lib/grid-entries';
import type { CellPos } from '../../lib/grid-nav';
import { rangeStats } from '../../lib/range-stats';
import { movingIds, stepTarget } from '../../lib/row-move';
import { cellRaw } from '../../lib/values';
import { CellMenu, type CellMenuActions } from './cell-menu';
import { ColumnDialogs } from './column-dialogs';
import { GridBody, type RowContext } from './grid-body';
import { GridFooter } from './grid-footer';
import { GridHeader } from './grid-header';
import { cellId, rowLabels } from './grid-row';
import { GridSummary } from './grid-summary';
import type { GroupCalcs } from './group-row';
import { useGridClipboard } from './use-grid-clipboard';
import { useGridCursor } from './use-grid-cursor';
import { useGridKeys } from './use-grid-keys';
import { useGridTable } from './use-grid-table';
import { useRowDrag } from './use-row-drag';

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
  const rowMove = useRowMove();
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
  // The summary row: the view's calculations of the shown columns, over all the view's records.
  const calculations = useMemo(() => shownCalculations(view?.calculations, shown), [view, shown]);
  const calculateRequest = useMemo(() => calculateBody(filterBody, calculations), [filterBody, calculations]);
  const calculated = useBoardCalculations(calculateRequest, Object.keys(calculations).length > 0);
  const grid = useGridTable({
    columns: shown,
    rows,
    selection: props.selection,
    onSelectionChange: props.onSelectionChange,
    onResized: colActions.saveWidth,
  });
  // Grouped: each group row shows its group's results under the calculated columns.
  const groupCellsOfCalcs = useMemo(
    () => groupCalcCells(shown, grid.widths, calculations),
    [shown, grid.widths, calculations],
  );
  const groupCalcs = useMemo(() => {
    const cells = groupCellsOfCalcs;
    if (!groupColumn || cells.length === 0) return null;
    const groups = calculated.data?.groups;
    // The same object for a group while the answer stands: the group rows are memoised.
    const byKey = new Map<string, GroupCalcs>(
      groups?.map((g) => [g.value ?? '', { cells, values: g.values }]),
    );
    const fallback: GroupCalcs = { cells, values: groups ? {} : undefined };
    return (key: string) => byKey.get(key) ?? fallback;
  }, [calculated.data, groupCellsOfCalcs, groupColumn]);
  const virtualizerRef = useRef<Virtualizer<HTMLDivElement, Element>>(null);
  const cursor = useGridCursor({
    gridId,
    rows,
    columns: shown,
    entryOfRow,
    virtualizerRef,
    gridRef: scrollRef,
  });
  // Rows ordered by hand: dragged by their handle, or Alt+↑ / Alt+↓ (lib/row-move).
  const onDrop = useStableCallback((ids: string[], afterId: string | null) => {
    const first = ids[0];
    if (first) cursor.followRecord(first, cursor.active?.col ?? 0);
    void rowMove.move(ids, afterId);
  });
  const drag = useRowDrag({
    scrollRef,
    entries,
    selection: props.selection,
    onDrop: (ids, target) => onDrop(ids, target.afterId),
    labelOf: (ids) => {
      const one = ids.length === 1 ? rows.find((task) => task._id === ids[0]) : undefined;
      return one ? one.taskName || t('grid.untitled') : t('grid.movingRows', { count: ids.length });
    },
  });
  const moveRows = (direction: -1 | 1) => {
    const task = cursor.active && rows[cursor.active.row];
    if (!task) return;
    if (rowMove.refusal) {
      rowMove.refuse();
      return;
    }
    const ids = movingIds(entries, task, props.selection);
    const target = stepTarget(entries, ids, direction);
    if (!target) return;
    cursor.followRecord(task._id, cursor.active?.col ?? 0);
    void rowMove.move(ids, target.afterId);
  };
  /** A new record just above or below the active one (in its group, with its group's value). */
  const insertNear = async (side: -1 | 1) => {
    const task = cursor.active && rows[cursor.active.row];
    if (!task || isProjects) return;
    if (rowMove.refusal) {
      rowMove.refuse();
      return;
    }
    const at = entries.findIndex((e) => e.kind === 'row' && e.task._id === task._id);
    const above = entries[at - 1];
    const afterId = side === 1 ? task._id : above?.kind === 'row' ? above.task._id : null;
    const value = groupColumn && isEditable(groupColumn) ? cellRaw(task, groupColumn.id) : undefined;
    cursor.expectNew();
    const created = await records.create({
      afterId,
      ...(groupColumn && value !== undefined && value !== null
        ? { properties: { [groupColumn.id]: value } }
        : {}),
    });
    cursor.setEditNew(created ? created._id : null);
  };
  /** Copies of the selected records (or the active one), each right below its original. */
  const duplicateRows = async () => {
    const task = cursor.active && rows[cursor.active.row];
    if (!task || isProjects) return;
    const selected = props.selection[task._id] ? rows.filter((r) => props.selection[r._id]) : [task];
    const copies = await records.duplicate(selected.map((r) => r._id));
    const first = copies[0];
    if (first) cursor.followRecord(first._id, cursor.active?.col ?? 0);
  };
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

  const clearCell = (pos: CellPos) => {
    const task = rows[pos.row];
    const column = shown[pos.col];
    if (task && column && isEditable(column) && column.dataType !== 'checkbox')
      void commit(task, column.id, null);
  };
  // What the keys and the clipboard act on: the loaded records, the shown columns, the active cell
  // and the range of cells.
  const gridState = {
    rows,
    columns: shown,
    active: cursor.active,
    range: cursor.range,
    isEditing: cursor.editing !== null,
    clearCell,
  };
  const clipboard = useGridClipboard({ ...gridState, selection: props.selection, related: props.related });
  const onKeyDown = useGridKeys({
    ...gridState,
    setActive: cursor.setActive,
    clearRange: cursor.clearRange,
    clearCells: clipboard.clearCells,
    fillDown: clipboard.fillDown,
    openMenu: () => {
      const pos = cursor.active;
      const rect = pos && document.getElementById(cellId(gridId, pos.row, pos.col))?.getBoundingClientRect();
      if (rect) setMenuAt({ x: rect.left + 8, y: rect.bottom });
    },
    startEdit: cursor.startEdit,
    toggleRow: (task) => grid.toggle(task._id),
    openRecord,
    clearSelection: () => {
      if (Object.keys(props.selection).length === 0) return false;
      props.onSelectionChange({});
      return true;
    },
    moveRows,
    typeAhead: cursor.typeAhead,
  });

  // The cell menu (right click, the context-menu key): a click outside the range moves the cursor there.
  const [menuAt, setMenuAt] = useState<{ x: number; y: number } | null>(null);
  const onCellContextMenu = useStableCallback((row: number, col: number, event: MouseEvent) => {
    if (cursor.editing) return;
    event.preventDefault();
    const range = cursor.range;
    const inRange =
      range && row >= range.top && row <= range.bottom && col >= range.left && col <= range.right;
    if (!inRange) cursor.setActive({ row, col });
    scrollRef.current?.focus({ preventScroll: true });
    setMenuAt({ x: event.clientX, y: event.clientY });
  });
  const menuColumns = cursor.range
    ? sliceOf(shown, cursor.range, 'columns')
    : cursor.active
      ? shown.slice(cursor.active.col, cursor.active.col + 1)
      : [];
  const menuActions: CellMenuActions = {
    copy: () => void clipboard.copyFromMenu(false),
    cut: () => void clipboard.copyFromMenu(true),
    paste: () => void clipboard.pasteFromMenu(),
    clear: () => {
      if (cursor.range) void clipboard.clearCells(cursor.range);
      else if (cursor.active) clearCell(cursor.active);
    },
    fillDown: () => void clipboard.fillDown(),
    open: () => {
      const task = cursor.active && rows[cursor.active.row];
      if (task) openRecord(task);
    },
    moveUp: () => moveRows(-1),
    moveDown: () => moveRows(1),
    insertAbove: () => void insertNear(-1),
    insertBelow: () => void insertNear(1),
    duplicate: () => void duplicateRows(),
  };

  // Stable props for the memoised header, footer and dialogs: scrolling renders the rows only.
  const onToggleAll = useStableCallback(() => grid.table.toggleAllRowsSelected());
  const onResizeStart = useStableCallback(grid.startResize);
  const onResizeKey = useStableCallback((column: Column, width: number) =>
    colActions.saveWidth(column.id, width),
  );
  const onMove = useStableCallback(colActions.move);
  const onCalculate = useStableCallback(colActions.calculate);
  const onAdd = useStableCallback(async () => {
    cursor.expectNew();
    const task = await records.create({});
    cursor.setEditNew(task ? task._id : null);
  });
  const labels = useMemo(() => rowLabels(t), [t]);
  const movable = rowMove.refusal === null;
  const onMoveHandle = movable ? drag.onHandlePointerDown : undefined;
  const { active, editing, range } = cursor;
  const stats = useMemo(() => (range ? rangeStats(rows, shown, range) : null), [rows, shown, range]);
  const rowContext = useMemo<RowContext>(
    () => ({
      labels,
      gridId,
      columns: shown,
      widths: grid.widths,
      related: props.related,
      isProjects,
      onToggleSelected: grid.toggle,
      onCellClick: cursor.onCellClick,
      onCellDoubleClick: cursor.onCellDoubleClick,
      onCellPointerDown: cursor.onCellPointerDown,
      onCellPointerEnter: cursor.onCellPointerEnter,
      onCellContextMenu,
      onEditDone: cursor.onEditDone,
      onOpen: openRecord,
      onCustomerTarget,
      onPress: press,
      onMoveHandle,
    }),
    [
      labels,
      gridId,
      shown,
      grid.widths,
      props.related,
      isProjects,
      grid.toggle,
      cursor.onCellClick,
      cursor.onCellDoubleClick,
      cursor.onCellPointerDown,
      cursor.onCellPointerEnter,
      onCellContextMenu,
      cursor.onEditDone,
      openRecord,
      onCustomerTarget,
      press,
      onMoveHandle,
    ],
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = props;
  return (
    <>
      <GridBody
        scrollRef={scrollRef}
        virtualizerRef={virtualizerRef}
        label={t('grid.label')}
        help={t('grid.help')}
        total={props.total}
        activeDescendant={active ? cellId(gridId, active.row, active.col) : undefined}
        onKeyDown={onKeyDown}
        onCopy={clipboard.onCopy}
        onCut={clipboard.onCut}
        onPaste={clipboard.onPaste}
        width={grid.totalWidth}
        header={
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
        }
        summary={
          <GridSummary
            columns={shown}
            widths={grid.widths}
            rowIndex={props.total + 2}
            calculations={calculations}
            values={calculated.data?.values}
            refreshing={calculated.isFetching}
            failed={calculated.isError && !calculated.isFetching}
            onChoose={onCalculate}
          />
        }
        entries={entries}
        groupColumn={groupColumn}
        sumColumn={sumColumn}
        groupCalcs={groupCalcs}
        onToggleGroup={toggleGroup}
        rowContext={rowContext}
        selection={props.selection}
        active={active}
        cellRange={range}
        editing={editing}
        dropLineTop={drag.lineTop}
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        fetchNextPage={fetchNextPage}
      />
      <GridFooter
        shown={rows.length}
        total={props.total}
        loadingMore={isFetchingNextPage}
        onAdd={isProjects ? undefined : onAdd}
        stats={stats}
      />
      {drag.ids && (
        // The records being dragged fade (the rows are memoised: a rule, not a prop of each).
        <style>{`${drag.ids.map((id) => `[data-task-id="${id}"]`).join(',')}{opacity:.45}`}</style>
      )}
      <CellMenu
        at={menuAt}
        movable={movable}
        creatable={!isProjects}
        writable={menuColumns.some(isWritable)}
        actions={menuActions}
        onClose={() => {
          setMenuAt(null);
          scrollRef.current?.focus({ preventScroll: true });
        }}
      />
      <ColumnDialogs
        insert={colActions.insert}
        onCloseInsert={colActions.closeInsert}
        deleting={colActions.deleting}
        onCloseDelete={colActions.closeDelete}
        formulaOf={colActions.formulaOf}
        onCloseFormula={colActions.closeFormula}
        retyping={colActions.retyping}
        onCloseRetype={colActions.closeRetype}
      />
    </>
  );
}

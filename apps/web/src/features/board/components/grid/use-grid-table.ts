import type { Column, Task } from '@solar/shared';
import {
  type ColumnDef,
  type ColumnSizingState,
  columnResizingFeature,
  columnSizingFeature,
  type OnChangeFn,
  type RowSelectionState,
  rowSelectionFeature,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { type MouseEvent, type TouchEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBoard } from '../../hooks/board-context';
import { columnWidth, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from '../../lib/columns';
import { cellRaw } from '../../lib/values';

const features = tableFeatures({ columnSizingFeature, columnResizingFeature, rowSelectionFeature });

interface GridTableOptions {
  columns: Column[];
  rows: Task[];
  selection: RowSelectionState;
  onSelectionChange: OnChangeFn<RowSelectionState>;
  /** Called once a drag resize ends, with the column's new width. */
  onResized: (key: string, width: number) => void;
}

/**
 * The TanStack table of the grid: column sizes (from the view, resized live by dragging) and row
 * selection with Shift ranges. Rendering and virtualization are the grid's.
 */
export function useGridTable({ columns, rows, selection, onSelectionChange, onResized }: GridTableOptions) {
  const { view } = useBoard();
  const defs = useMemo<ColumnDef<typeof features, Task>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        accessorFn: (task: Task) => cellRaw(task, c.id),
        size: columnWidth(c, view),
        minSize: MIN_COLUMN_WIDTH,
        maxSize: MAX_COLUMN_WIDTH,
      })),
    [columns, view],
  );
  const [sizing, setSizing] = useState<ColumnSizingState>({});
  const sizingRef = useRef(sizing);
  // A saved width (or another view) takes over from the live drag state.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the view's widths change
  useEffect(() => {
    sizingRef.current = {};
    setSizing({});
  }, [view?._id, view?.width]);

  const table = useTable({
    features,
    columns: defs,
    data: rows,
    getRowId: (task) => task._id,
    state: { columnSizing: sizing, rowSelection: selection },
    onColumnSizingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sizingRef.current) : updater;
      sizingRef.current = next;
      setSizing(next);
    },
    onRowSelectionChange: onSelectionChange,
    columnResizeMode: 'onChange',
    enableRowSelection: true,
  });

  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  // One array per set of sizes, so memoised rows see the same widths while only scrolling.
  const widthsKey = headers.map((h) => h.getSize()).join(',');
  const widths = useMemo(() => (widthsKey ? widthsKey.split(',').map(Number) : []), [widthsKey]);
  const resizingId: string | false = headers.find((h) => h.column.getIsResizing())?.column.id ?? false;

  const startResize = useCallback(
    (col: number, event: MouseEvent | TouchEvent) => {
      const header = table.getHeaderGroups()[0]?.headers[col];
      if (!header) return;
      header.getResizeHandler()(event);
      const end = event.type === 'touchstart' ? 'touchend' : 'mouseup';
      // The table's own end listener runs first (it was added first): the size is final here.
      document.addEventListener(
        end,
        () => {
          const width = sizingRef.current[header.column.id];
          if (width !== undefined) onResized(header.column.id, width);
        },
        { once: true },
      );
    },
    [table, onResized],
  );

  const tableRef = useRef(table);
  tableRef.current = table;
  /** Toggles a record's selection; with the click event, Shift selects the range (stable callback). */
  const toggle = useCallback((taskId: string, event?: MouseEvent) => {
    const row = tableRef.current.getRow(taskId, true);
    if (event) row.getToggleSelectedHandler()(event);
    else row.toggleSelected();
  }, []);
  const selectedCount = useMemo(
    () => rows.reduce((n, task) => (selection[task._id] ? n + 1 : n), 0),
    [rows, selection],
  );
  const totalWidth = 44 + widths.reduce((a, b) => a + b, 0) + 44;
  return {
    table,
    widths,
    resizingId,
    startResize,
    toggle,
    allSelected: rows.length > 0 && selectedCount === rows.length,
    someSelected: selectedCount > 0,
    totalWidth,
  };
}

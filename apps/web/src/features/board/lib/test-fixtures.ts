import type { Column, Task, View } from '@solar/shared';

/** Builders for the board's unit tests. */
export function makeColumn(id: string, dataType: Column['dataType'], extra: Partial<Column> = {}): Column {
  return { id, label: id, accessor: id, dataType, icon: '', position: 1, ...extra };
}

let counter = 0;
export function makeTask(values: Record<string, unknown> = {}, extra: Partial<Task> = {}): Task {
  counter += 1;
  const id = `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  return {
    _id: id,
    board: 'tasks',
    projectId: null,
    viewId: null,
    taskName: `Task ${counter}`,
    userId: null,
    companyName: 'Sonnenbau',
    isFrontendVisible: true,
    isBlank: false,
    isDeleted: false,
    fromRecord: null,
    position: counter,
    seq: counter,
    notes: '',
    properties: Object.fromEntries(
      Object.entries(values).map(([k, value]) => [k, { type: 'text' as const, icon: '', value }]),
    ),
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

export function makeView(extra: Partial<View> = {}): View {
  return {
    _id: '00000000-0000-4000-8000-00000000aaaa',
    board: 'tasks',
    projectId: null,
    userId: '00000000-0000-4000-8000-00000000bbbb',
    name: 'Project Management',
    viewType: 'table',
    filters: [],
    sort: [],
    hiddenProperties: [],
    groupBy: 'Status',
    sumProperty: null,
    order: [],
    width: {},
    calculations: {},
    position: 0,
    createdAt: '',
    updatedAt: '',
    ...extra,
  };
}

import { describe, expect, it } from 'vitest';
import { buildFilterBody, effectiveGroupBy, templateFilterData } from './filter-body';
import { makeColumn, makeView } from './test-fixtures';

const properties = {
  taskName: makeColumn('taskName', 'title'),
  Status: makeColumn('Status', 'status'),
  Priority: makeColumn('Priority', 'select'),
  Hours: makeColumn('Hours', 'number'),
  Notes: makeColumn('Notes', 'text'),
};
const scope = { board: 'tasks' as const, projectId: null };

describe('effectiveGroupBy', () => {
  it('groups a table only by a valid select or status property', () => {
    expect(effectiveGroupBy(makeView({ groupBy: 'Priority' }), properties)).toBe('Priority');
    expect(effectiveGroupBy(makeView({ groupBy: 'Notes' }), properties)).toBeNull();
    expect(effectiveGroupBy(makeView({ groupBy: null }), properties)).toBeNull();
  });
  it('lets the kanban fall back to Status, and never groups the gallery', () => {
    expect(effectiveGroupBy(makeView({ viewType: 'kanban', groupBy: null }), properties)).toBe('Status');
    const { Status: _s, ...withoutStatus } = properties;
    expect(effectiveGroupBy(makeView({ viewType: 'kanban', groupBy: 'Gone' }), withoutStatus)).toBe(
      'Priority',
    );
    expect(effectiveGroupBy(makeView({ viewType: 'gallery' }), properties)).toBeNull();
  });
  it("falls back to the status property whatever the board's language named it", () => {
    const spanish = {
      taskName: makeColumn('taskName', 'title', { position: 0 }),
      Prioridad: makeColumn('Prioridad', 'select', { position: 1 }),
      Estado: makeColumn('Estado', 'status', { position: 2 }),
    };
    expect(effectiveGroupBy(makeView({ viewType: 'kanban', groupBy: null }), spanish)).toBe('Estado');
  });
});

describe('buildFilterBody', () => {
  it('sends the view settings that still name existing properties', () => {
    const view = makeView({
      filters: [
        { column: 'Priority', value: ['High'] },
        { column: 'Deleted', value: 'x' },
      ],
      sort: [{ column: 'Hours', order: 'desc' }],
      hiddenProperties: ['Notes'],
      groupBy: 'Status',
      sumProperty: 'Hours',
    });
    expect(buildFilterBody(scope, view, properties, '  roof ')).toEqual({
      board: 'tasks',
      projectId: null,
      viewId: view._id,
      filters: [{ column: 'Priority', value: ['High'] }],
      sort: [{ column: 'Hours', order: 'desc' }],
      hiddenProperties: [],
      groupBy: 'Status',
      sumProperty: 'Hours',
      search: 'roof',
    });
  });
  it('works without a view', () => {
    const body = buildFilterBody({ board: 'projects', projectId: null }, null, properties, '');
    expect(body).toMatchObject({ board: 'projects', viewId: null, filters: [], groupBy: null });
    expect(body).not.toHaveProperty('search');
  });
  it('gives a task set the filter without the board', () => {
    const body = buildFilterBody(scope, makeView(), properties, '');
    expect(templateFilterData(body)).not.toHaveProperty('board');
  });
});

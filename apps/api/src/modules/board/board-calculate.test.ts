import { daysBetween, type View } from '@solar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { boardTestKit, type Company } from './board.test-kit';
import { defaultCalculations } from './board-views.service';

let t: TestApp;
const { call, ok, createProject, createTask, companyWithBoard } = boardTestKit(() => t);
let a: Company;
let b: Company;

type Answer = { data: { total: number; values: Record<string, number | string | null> } };

const calculate = async (token: string, body: object) =>
  (await ok<Answer>(token, 'POST', '/api/task/calculate', { board: 'tasks', ...body })).data;

beforeAll(async () => {
  t = await createTestApp();
  a = await companyWithBoard();
  b = await companyWithBoard();
  await ok(a.admin.token, 'POST', '/api/task/property/create', {
    board: 'tasks',
    key: 'Tags',
    type: 'multi-select',
  });
  await createTask(a.admin.token, {
    taskName: 'Order rails',
    properties: {
      'Estimate (h)': 2,
      Status: 'Done',
      Done: 'true',
      'Due date': '2026-01-10',
      Tags: ['roof', 'urgent'],
    },
  });
  await createTask(a.admin.token, {
    taskName: 'Mount rails',
    properties: {
      'Estimate (h)': 4,
      Status: 'Done',
      Done: 'false',
      'Due date': '2026-03-01',
      Tags: ['roof'],
    },
  });
  await createTask(a.admin.token, {
    taskName: 'Wire inverter',
    properties: {
      'Estimate (h)': 9,
      Status: 'In progress',
      Assignee: [{ value: a.installer.user.id, label: 'x' }],
    },
  });
  await createTask(a.admin.token, { taskName: 'Order rails' });
});
afterAll(() => t.close());

describe('POST /task/calculate', () => {
  it('works out numbers over every record the filter lets through', async () => {
    const all = await calculate(a.sales.token, {
      calculations: {
        'Estimate (h)': 'sum',
        Status: 'countValues',
        Priority: 'countEmpty',
        Tags: 'countUnique',
        Done: 'checked',
        'Due date': 'dateRange',
        taskName: 'countUnique',
        Assignee: 'percentFilled',
      },
    });
    expect(all.total).toBe(4);
    expect(all.values).toEqual({
      'Estimate (h)': 15,
      Status: 3,
      Priority: 4,
      Tags: 2,
      Done: 1,
      'Due date': 50,
      taskName: 3,
      Assignee: 25,
    });
    for (const [calc, value] of [
      ['average', 5],
      ['median', 4],
      ['min', 2],
      ['max', 9],
      ['range', 7],
      ['countAll', 4],
      ['percentEmpty', 25],
    ] as const) {
      const answer = await calculate(a.admin.token, { calculations: { 'Estimate (h)': calc } });
      expect(answer.values['Estimate (h)'], calc).toBe(value);
    }
    const dates = await calculate(a.admin.token, {
      calculations: { 'Due date': 'earliest', Done: 'percentUnchecked' },
    });
    expect(dates.values).toEqual({ 'Due date': '2026-01-10', Done: 75 });
    const latest = await calculate(a.admin.token, {
      calculations: { 'Due date': 'latest', Done: 'unchecked' },
    });
    expect(latest.values).toEqual({ 'Due date': '2026-03-01', Done: 3 });
  });

  it("follows the view's filters and search, like /task/filter", async () => {
    const done = await calculate(a.admin.token, {
      filters: [{ column: 'Status', value: ['Done'] }],
      calculations: { 'Estimate (h)': 'sum', Done: 'percentChecked' },
    });
    // SPEC §5: a record whose cell is empty passes a filter too ('Order rails' without a status).
    expect(done.total).toBe(3);
    expect(done.values['Estimate (h)']).toBe(6);
    expect(done.values.Done).toBeCloseTo(100 / 3, 10);
    const searched = await calculate(a.admin.token, {
      search: 'rails',
      calculations: { 'Estimate (h)': 'average' },
    });
    expect(searched).toEqual({ total: 3, values: { 'Estimate (h)': 3 } });
    const none = await calculate(a.admin.token, {
      search: 'nothing like this',
      calculations: { 'Estimate (h)': 'sum', Status: 'percentFilled', 'Due date': 'earliest' },
    });
    expect(none).toEqual({ total: 0, values: { 'Estimate (h)': 0, Status: null, 'Due date': null } });
  });

  it('works out each group of a grouped view beside the whole', async () => {
    const answer = await ok<{
      data: Answer['data'] & {
        groups?: { value: string | null; count: number; values: Record<string, unknown> }[];
      };
    }>(a.admin.token, 'POST', '/api/task/calculate', {
      board: 'tasks',
      groupBy: 'Status',
      calculations: { 'Estimate (h)': 'sum', Tags: 'countUnique', Done: 'checked' },
    });
    expect(answer.data.total).toBe(4);
    expect(answer.data.values).toEqual({ 'Estimate (h)': 15, Tags: 2, Done: 1 });
    const groups = [...(answer.data.groups ?? [])].sort((x, y) =>
      String(x.value).localeCompare(String(y.value)),
    );
    expect(groups).toEqual([
      { value: 'Done', count: 2, values: { 'Estimate (h)': 6, Tags: 2, Done: 1 } },
      { value: 'In progress', count: 1, values: { 'Estimate (h)': 9, Tags: 0, Done: 0 } },
      // Records without a status: the group /task/filter names null.
      { value: null, count: 1, values: { 'Estimate (h)': 0, Tags: 0, Done: 0 } },
    ]);
    // A group of a column the board does not have is no group.
    const unknown = await ok<{ data: { groups?: unknown } }>(a.admin.token, 'POST', '/api/task/calculate', {
      board: 'tasks',
      groupBy: 'Nothing',
      calculations: { 'Estimate (h)': 'sum' },
    });
    expect(unknown.data.groups).toBeUndefined();
  });

  it('answers a change at once, and the bin on its own', async () => {
    const task = await createTask(a.admin.token, {
      taskName: 'Temporary',
      properties: { 'Estimate (h)': 100 },
    });
    expect((await calculate(a.admin.token, { calculations: { 'Estimate (h)': 'max' } })).values).toEqual({
      'Estimate (h)': 100,
    });
    await ok(a.admin.token, 'POST', '/api/task/delete/multiple', { taskIds: [task._id] });
    const live = await calculate(a.admin.token, { calculations: { 'Estimate (h)': 'max' } });
    expect(live).toEqual({ total: 4, values: { 'Estimate (h)': 9 } });
    const bin = await calculate(a.admin.token, { deleted: true, calculations: { 'Estimate (h)': 'sum' } });
    expect(bin).toEqual({ total: 1, values: { 'Estimate (h)': 100 } });
  });

  it("leaves out what the board's columns cannot give", async () => {
    const answer = await calculate(a.admin.token, {
      calculations: { Status: 'sum', Missing: 'countAll', Done: 'countValues', 'Estimate (h)': 'earliest' },
    });
    expect(answer).toEqual({ total: 4, values: {} });
  });

  it("counts only the caller's company and refuses users without a board", async () => {
    await createTask(b.admin.token, { taskName: 'Theirs', properties: { 'Estimate (h)': 1000 } });
    const theirs = await calculate(b.installer.token, {
      calculations: { 'Estimate (h)': 'sum', taskName: 'countAll' },
    });
    expect(theirs).toEqual({ total: 1, values: { 'Estimate (h)': 1000, taskName: 1 } });
    const mine = await calculate(a.installer.token, { calculations: { 'Estimate (h)': 'sum' } });
    expect(mine.values['Estimate (h)']).toBe(15);
    // Another company's project: none of its tasks are counted.
    const project = await createProject(a.company.id);
    await createTask(a.admin.token, {
      taskName: 'Project task',
      projectId: project,
      properties: { 'Estimate (h)': 7 },
    });
    expect(
      (await calculate(a.admin.token, { projectId: project, calculations: { 'Estimate (h)': 'sum' } }))
        .values,
    ).toEqual({ 'Estimate (h)': 7 });
    expect(
      await calculate(b.admin.token, { projectId: project, calculations: { 'Estimate (h)': 'sum' } }),
    ).toEqual({
      total: 0,
      values: { 'Estimate (h)': 0 },
    });
    for (const role of ['ADMIN', 'CITY_ADMIN'] as const) {
      const user = await t.createPlatformUser(role);
      const res = await call(user.token, 'POST', '/api/task/calculate', { board: 'tasks', calculations: {} });
      expect(res.statusCode).toBe(403);
    }
  });

  it('validates the body with the shared schema', async () => {
    const bogus = await call(a.admin.token, 'POST', '/api/task/calculate', {
      board: 'tasks',
      calculations: { Status: 'everything' },
    });
    expect(bogus.statusCode).toBe(400);
    expect(Object.keys(bogus.json().errors ?? {}).join()).toContain('calculations');
    const many = Object.fromEntries(Array.from({ length: 61 }, (_, i) => [`c${i}`, 'countAll']));
    const tooMany = await call(a.admin.token, 'POST', '/api/task/calculate', {
      board: 'tasks',
      calculations: many,
    });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe("a view's calculations", () => {
  it('are saved with the view and follow a renamed or deleted property', async () => {
    const setup = await ok<{ data: { views: View[] } }>(a.admin.token, 'POST', '/api/task/setup', {
      board: 'tasks',
    });
    const view = setup.data.views[0] as View;
    // A user's first view sums the board's effort (the projects board: the total cost).
    expect(view.calculations).toEqual({ 'Estimate (h)': 'sum' });
    const projects = await ok<{ data: { views: View[] } }>(a.admin.token, 'POST', '/api/task/setup', {
      board: 'projects',
    });
    expect(projects.data.views[0]?.calculations).toEqual({ 'Total cost': 'sum' });
    const edited = await ok<{ data: View }>(a.admin.token, 'PUT', '/api/view/edit', {
      _id: view._id,
      calculations: { 'Estimate (h)': 'sum', Tags: 'countUnique' },
    });
    expect(edited.data.calculations).toEqual({ 'Estimate (h)': 'sum', Tags: 'countUnique' });
    await ok(a.admin.token, 'PATCH', '/api/task/property/update', {
      board: 'tasks',
      oldPropertyKey: 'Estimate (h)',
      newProperty: { key: 'Hours', type: 'number' },
    });
    await ok(a.admin.token, 'DELETE', '/api/task/property/delete', { board: 'tasks', key: 'Tags' });
    const views = await ok<{ data: View[] }>(a.admin.token, 'GET', '/api/view/user-views/tasks');
    expect(views.data.find((v) => v._id === view._id)?.calculations).toEqual({ Hours: 'sum' });
    // Another user's view is not theirs to change.
    const other = await call(b.admin.token, 'PUT', '/api/view/edit', { _id: view._id, calculations: {} });
    expect(other.statusCode).toBe(404);
  });
});

describe('daysBetween', () => {
  it('counts whole days between dates and refuses what is no date', () => {
    expect(daysBetween('2026-01-10', '2026-03-01')).toBe(50);
    expect(daysBetween('2026-03-01T10:00:00.000Z', '2026-03-01T23:00:00.000Z')).toBe(0);
    expect(daysBetween('2026-02-30', '2026-03-01')).toBeNull();
    expect(daysBetween(null, '2026-03-01')).toBeNull();
  });
});

describe('defaultCalculations', () => {
  const number = (id: string) => ({
    id,
    label: id,
    accessor: id,
    dataType: 'number' as const,
    icon: '',
    position: 1,
  });
  it("sums the board's estimate in any language, or the projects' total cost, when it is still a number", () => {
    expect(defaultCalculations('tasks', { 'Aufwand (h)': number('Aufwand (h)') })).toEqual({
      'Aufwand (h)': 'sum',
    });
    expect(defaultCalculations('tasks', { 'Estimación (h)': number('Estimación (h)') })).toEqual({
      'Estimación (h)': 'sum',
    });
    expect(defaultCalculations('projects', { 'Total cost': number('Total cost') })).toEqual({
      'Total cost': 'sum',
    });
    // Renamed or retyped: nothing to sum.
    expect(defaultCalculations('tasks', { Hours: number('Hours') })).toEqual({});
    expect(
      defaultCalculations('tasks', {
        'Aufwand (h)': { ...number('Aufwand (h)'), dataType: 'text' as const },
      }),
    ).toEqual({});
  });
});

import type { Task, View } from '@solar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { boardTestKit, type Company } from './board.test-kit';

let t: TestApp;
const { call, ok, createProject, createTask } = boardTestKit(() => t);
let a: Company;

beforeAll(async () => {
  t = await createTestApp();
  a = await t.createInstallerCompany();
  await ok(a.admin.token, 'POST', '/api/task/setup', { board: 'tasks' });
});
afterAll(() => t.close());

describe('views', () => {
  it('refuses an empty or blank view name in every language', async () => {
    for (const [lang, text] of [
      ['en', 'View name cannot be empty or just spaces.'],
      ['de', 'Der Name der Ansicht darf nicht leer sein oder nur aus Leerzeichen bestehen.'],
      ['es', 'El nombre de la vista no puede estar vacío ni contener solo espacios.'],
    ] as const) {
      const res = await call(
        a.admin.token,
        'POST',
        '/api/view/create',
        { board: 'tasks', name: '   ' },
        lang,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.name).toBe(text);
    }
  });

  it('creates, edits, hides, lists and deletes a view', async () => {
    const created = await ok<{ data: View; message: string }>(a.admin.token, 'POST', '/api/view/create', {
      board: 'tasks',
      name: '  Roof work  ',
      viewType: 'kanban',
    });
    expect(created.message).toBe('View created successfully');
    expect(created.data).toMatchObject({ name: 'Roof work', viewType: 'kanban', groupBy: 'Status' });
    const id = created.data._id;
    const edited = await ok<{ data: View }>(a.admin.token, 'PUT', '/api/view/edit', {
      _id: id,
      filters: [{ column: 'Priority', value: ['High'] }],
      sort: [{ column: 'Due date', order: 'desc' }],
      groupBy: 'Priority',
      sumProperty: 'Estimate (h)',
      order: ['Priority', 'Status'],
      width: { Status: 220 },
    });
    expect(edited.data).toMatchObject({
      filters: [{ column: 'Priority', value: ['High'] }],
      sort: [{ column: 'Due date', order: 'desc' }],
      groupBy: 'Priority',
      sumProperty: 'Estimate (h)',
      order: ['Priority', 'Status'],
      width: { Status: 220 },
    });
    const hidden = await ok<{ data: View }>(a.admin.token, 'PATCH', '/api/view/edit-hidden-properties', {
      _id: id,
      hiddenProperties: ['Done'],
    });
    expect(hidden.data.hiddenProperties).toEqual(['Done']);
    const blank = await call(a.admin.token, 'PUT', '/api/view/edit', { _id: id, name: ' ' });
    expect(blank.json().errors.name).toBe('View name cannot be empty or just spaces.');
    const list = await ok<{ data: View[] }>(a.admin.token, 'GET', '/api/view/user-views/tasks');
    expect(list.data.map((v) => v.name)).toContain('Roof work');
    await ok(a.admin.token, 'DELETE', `/api/view/delete/${id}`);
    const after = await ok<{ data: View[] }>(a.admin.token, 'GET', '/api/view/user-views/tasks');
    expect(after.data.map((v) => v._id)).not.toContain(id);
  });

  it('keeps views per project and lists the projects with their task counts', async () => {
    const project = await createProject(a.company.id);
    await ok(a.admin.token, 'POST', '/api/task/setup', { board: 'tasks', projectId: project });
    const views = await ok<{ data: View[] }>(a.admin.token, 'GET', `/api/view/user-views/${project}`);
    expect(views.data).toHaveLength(1);
    expect(views.data[0]?.projectId).toBe(project);
    await createTask(a.admin.token, { taskName: 'Counted', projectId: project });
    const projects = await ok<{ data: { _id: string; taskCount: number }[] }>(
      a.admin.token,
      'GET',
      '/api/view/user-projects',
    );
    expect(projects.data.find((p) => p._id === project)?.taskCount).toBe(1);
  });
});

describe('sorting, grouping, hidden properties and pages', () => {
  let c: Company;
  beforeAll(async () => {
    c = await t.createInstallerCompany();
    await ok(c.admin.token, 'POST', '/api/task/setup', { board: 'tasks' });
    const rows: [string, string | null, number | null, string | null][] = [
      ['A', 'Done', 5, '2026-01-03'],
      ['B', 'Not started', 1, '2026-01-01'],
      ['C', 'In progress', 3, null],
      ['D', 'Done', 2, '2026-01-02'],
      ['E', null, null, '2026-01-05'],
    ];
    for (const [name, status, hours, due] of rows) {
      await createTask(c.admin.token, {
        taskName: name,
        properties: { Status: status, 'Estimate (h)': hours, 'Due date': due },
      });
    }
  });

  const names = (tasks: Task[]) => tasks.map((x) => x.taskName);
  const filter = (body: object, query = 'page=1&limit=50') =>
    ok<{
      data: {
        tasks: Task[];
        pagination: { total: number; hasNextPage: boolean };
        groups: { value: string | null; count: number; sum: number | null }[];
      };
    }>(c.admin.token, 'POST', `/api/task/filter?${query}`, { board: 'tasks', ...body });

  it('sorts numbers numerically, dates, and options by their order; empty cells last', async () => {
    expect(names((await filter({ sort: [{ column: 'Estimate (h)', order: 'asc' }] })).data.tasks)).toEqual([
      'B',
      'D',
      'C',
      'A',
      'E',
    ]);
    expect(names((await filter({ sort: [{ column: 'Estimate (h)', order: 'desc' }] })).data.tasks)).toEqual([
      'A',
      'C',
      'D',
      'B',
      'E',
    ]);
    expect(names((await filter({ sort: [{ column: 'Due date', order: 'asc' }] })).data.tasks)).toEqual([
      'B',
      'D',
      'A',
      'E',
      'C',
    ]);
    // Status options: Not started, In progress, Done.
    expect(names((await filter({ sort: [{ column: 'Status', order: 'asc' }] })).data.tasks)).toEqual([
      'B',
      'C',
      'A',
      'D',
      'E',
    ]);
    expect(names((await filter({ sort: [{ column: 'taskName', order: 'desc' }] })).data.tasks)).toEqual([
      'E',
      'D',
      'C',
      'B',
      'A',
    ]);
  });

  it('groups by status with counts and sums over all matching records', async () => {
    const res = await filter({ groupBy: 'Status', sumProperty: 'Estimate (h)' }, 'page=1&limit=2');
    expect(res.data.groups).toEqual([
      { value: 'Not started', count: 1, sum: 1 },
      { value: 'In progress', count: 1, sum: 3 },
      { value: 'Done', count: 2, sum: 7 },
      { value: null, count: 1, sum: null },
    ]);
    expect(names(res.data.tasks)).toEqual(['B', 'C']);
    expect(res.data.pagination).toMatchObject({ total: 5, hasNextPage: true });
  });

  it('leaves hidden properties out and applies filters with the SPEC rule', async () => {
    const res = await filter({
      hiddenProperties: ['Due date'],
      filters: [{ column: 'Status', value: ['done'] }],
    });
    // 'E' has no status: an empty cell passes.
    expect(names(res.data.tasks)).toEqual(['A', 'D', 'E']);
    expect(res.data.tasks.every((x) => x.properties['Due date'] === undefined)).toBe(true);
  });

  it('validates the page and the body', async () => {
    expect(
      (await call(c.admin.token, 'POST', '/api/task/filter?limit=5000', { board: 'tasks' })).statusCode,
    ).toBe(400);
    const bad = await call(c.admin.token, 'POST', '/api/task/filter', {
      board: 'tasks',
      sort: [{ column: 'x', order: 'up' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['sort.0.order']);
  });
});

describe('task-set templates', () => {
  it("the saved message counts one task in the singular, in the request's language", async () => {
    const c = await t.createInstallerCompany();
    const token = c.admin.token;
    await ok(token, 'POST', '/api/task/setup', { board: 'tasks' });
    const project = await createProject(c.company.id);
    await createTask(token, { taskName: 'Única', projectId: project });
    const res = await call(
      token,
      'POST',
      '/api/task-templates/create',
      { name: 'Una $& {count}', filterData: { projectId: project } },
      'es',
    );
    expect(res.statusCode).toBe(200);
    // The name is taken as it is: no `$&` pattern or `{count}` in it is read.
    expect(res.json().message).toBe('Plantilla guardada como Una $& {count} con 1 tarea');
  });

  it('saves a project\'s tasks as "Aufgabenvorlage N" in German, imports them into another project, renames and deletes', async () => {
    const c = await t.createInstallerCompany();
    const token = c.admin.token;
    await ok(token, 'POST', '/api/task/setup', { board: 'tasks' });
    const from = await createProject(c.company.id);
    const to = await createProject(c.company.id);
    await createTask(token, { taskName: 'Measure roof', projectId: from, properties: { Priority: 'High' } });
    await createTask(token, { taskName: 'Order panels', projectId: from, properties: { 'Estimate (h)': 2 } });
    await createTask(token, { taskName: 'Elsewhere' });

    const res = await call(
      token,
      'POST',
      '/api/task-templates/create',
      { filterData: { projectId: from } },
      'de',
    );
    expect(res.statusCode).toBe(200);
    const template = res.json().data;
    expect(template.name).toBe('Aufgabenvorlage 1');
    // The message says how many tasks the set keeps, as the web's toast does.
    expect(res.json().message).toBe('Vorlage gespeichert als Aufgabenvorlage 1 mit 2 Aufgaben');
    expect(template.tasks.map((x: { taskName: string }) => x.taskName)).toEqual([
      'Measure roof',
      'Order panels',
    ]);
    expect(template.quoteID._id).toBe(from);
    const second = await ok<{ data: { name: string }; message: string }>(
      token,
      'POST',
      '/api/task-templates/create',
      { filterData: { projectId: from } },
    );
    expect(second.data.name).toBe('Task set 1');
    expect(second.message).toBe('Template saved as Task set 1 with 2 tasks');

    const imported = await ok<{ data: { tasks: Task[]; message: string } }>(
      token,
      'POST',
      '/api/task-templates/import-to-project',
      {
        projectId: to,
        templateId: template._id,
      },
    );
    expect(imported.data.tasks.map((x) => [x.taskName, x.projectId])).toEqual([
      ['Measure roof', to],
      ['Order panels', to],
    ]);
    expect(imported.data.tasks[0]?.properties.Priority?.value).toBe('High');
    expect(imported.data.message).toBe('2 tasks were added to the project');

    const empty = await call(token, 'PUT', `/api/task-templates/update/${template._id}`, { name: '  ' });
    expect(empty.json().errors.name).toBe('The template name cannot be empty');
    const renamed = await ok<{ data: { name: string }; message: string }>(
      token,
      'PUT',
      `/api/task-templates/update/${template._id}`,
      {
        name: 'Standard roof',
      },
    );
    expect(renamed).toMatchObject({
      data: { name: 'Standard roof' },
      message: 'Template updated successfully',
    });
    const list = await ok<{ data: { docs: { name: string }[] } }>(
      token,
      'POST',
      '/api/task-templates/list',
      {},
    );
    expect(list.data.docs.map((d) => d.name).sort()).toEqual(['Standard roof', 'Task set 1']);
    await ok(token, 'POST', '/api/task-templates/delete', { templateIds: [template._id] });
    const after = await ok<{ data: { docs: { name: string }[] } }>(
      token,
      'POST',
      '/api/task-templates/list',
      {},
    );
    expect(after.data.docs.map((d) => d.name)).toEqual(['Task set 1']);
    // Soft: the undo brings it back; again, or for another company, it is not found.
    const other = await t.createInstallerCompany();
    const foreign = await call(other.admin.token, 'POST', '/api/task-templates/restore', {
      templateIds: [template._id],
    });
    expect(foreign.statusCode).toBe(404);
    const back = await call(
      token,
      'POST',
      '/api/task-templates/restore',
      { templateIds: [template._id] },
      'en',
    );
    expect(back.statusCode).toBe(200);
    expect(back.json().data.message).toBe('The template is back');
    const restored = await ok<{ data: { docs: { name: string }[] } }>(
      token,
      'POST',
      '/api/task-templates/list',
      {},
    );
    expect(restored.data.docs.map((d) => d.name).sort()).toEqual(['Standard roof', 'Task set 1']);
    expect(
      (await call(token, 'POST', '/api/task-templates/restore', { templateIds: [template._id] })).statusCode,
    ).toBe(404);
  });

  it('names an unnamed template in the language it is saved in, with the first free number', async () => {
    const c = await t.createInstallerCompany();
    const token = c.admin.token;
    await ok(token, 'POST', '/api/task/setup', { board: 'tasks' });
    const project = await createProject(c.company.id);
    await createTask(token, { taskName: 'Measure roof', projectId: project });
    const save = async (lang: 'de' | 'en' | 'es', name?: string) =>
      (
        await call(
          token,
          'POST',
          '/api/task-templates/create',
          { name, filterData: { projectId: project } },
          lang,
        )
      ).json().data.name;
    expect(await save('es')).toBe('Conjunto de tareas 1');
    expect(await save('es', 'Conjunto de tareas 2')).toBe('Conjunto de tareas 2');
    expect(await save('es')).toBe('Conjunto de tareas 3');
    expect(await save('de')).toBe('Aufgabenvorlage 1');
    expect(await save('en')).toBe('Task set 1');
  });

  it('refuses a template of no tasks', async () => {
    const c = await t.createInstallerCompany();
    const project = await createProject(c.company.id);
    const res = await call(c.admin.token, 'POST', '/api/task-templates/create', {
      filterData: { projectId: project },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('There are no tasks to save with the current filters');
  });
});

import { type Column, FILTER_CASES, type FilterCase, type Task } from '@solar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { boardTestKit, type Company } from './board.test-kit';

let t: TestApp;
const { call, ok, createProject, createTask, companyWithBoard } = boardTestKit(() => t);
let a: Company;
let b: Company;

const filter = async (token: string, body: object, query = 'page=1&limit=200') =>
  (
    await ok<{
      data: {
        tasks: Task[];
        pagination: { total: number };
        groups: { value: string | null; count: number; sum: number | null }[];
        related: Record<string, string>;
      };
    }>(token, 'POST', `/api/task/filter?${query}`, { board: 'tasks', ...body })
  ).data;

beforeAll(async () => {
  t = await createTestApp();
  a = await t.createInstallerCompany();
  b = await t.createInstallerCompany();
});
afterAll(() => t.close());

describe('setup', () => {
  it('creates the default columns and the default view once', async () => {
    const first = await ok<{
      data: { properties: { properties: Record<string, { dataType: string }> }; views: { name: string }[] };
    }>(a.admin.token, 'POST', '/api/task/setup', { board: 'tasks' });
    expect(first.data.views.map((v) => v.name)).toEqual(['Project Management']);
    expect(first.data.properties.properties.taskName?.dataType).toBe('title');
    expect(first.data.properties.properties.Status?.dataType).toBe('status');
    const again = await ok<{ data: { views: unknown[] } }>(a.admin.token, 'POST', '/api/task/setup', {
      board: 'tasks',
    });
    expect(again.data.views).toHaveLength(1);
  });

  it('names the default view in the language the user opens the board in, and keeps it', async () => {
    const named = async (token: string, lang: string) => {
      const res = await call(token, 'POST', '/api/task/setup', { board: 'projects' }, lang);
      expect(res.statusCode).toBe(200);
      return (res.json().data.views as { name: string }[]).map((v) => v.name);
    };
    expect(await named(a.installer.token, 'de')).toEqual(['Projektmanagement']);
    expect(await named(a.sales.token, 'es')).toEqual(['Gestión de proyectos']);
    // Once made, it is the user's own view: another language does not add or rename one.
    expect(await named(a.installer.token, 'en')).toEqual(['Projektmanagement']);
  });

  it("creates the task board's columns and options in the language it is first opened in", async () => {
    const setup = async (token: string, lang: string) => {
      const res = await call(token, 'POST', '/api/task/setup', { board: 'tasks' }, lang);
      expect(res.statusCode).toBe(200);
      return res.json().data as {
        properties: { properties: Record<string, Column> };
        views: { groupBy: string | null }[];
      };
    };
    const german = await t.createInstallerCompany();
    const de = await setup(german.admin.token, 'de');
    const columns = de.properties.properties;
    expect(columns.taskName?.label).toBe('Aufgabe');
    expect(Object.keys(columns)).toEqual(
      expect.arrayContaining(['Status', 'Zuständig', 'Fällig am', 'Priorität', 'Aufwand (h)', 'Erledigt']),
    );
    expect(columns.Status?.options?.map((o) => o.value)).toEqual(['Nicht begonnen', 'In Arbeit', 'Erledigt']);
    expect(columns.Priorität?.options?.map((o) => o.label)).toEqual(['Niedrig', 'Mittel', 'Hoch']);
    expect(columns['Estimate (h)']).toBeUndefined();
    // Then they are the company's: a colleague opening it in English sees the same columns.
    const later = await setup(german.installer.token, 'en');
    expect(Object.keys(later.properties.properties).sort()).toEqual(Object.keys(columns).sort());

    // Spanish: the status column is 'Estado', and a new view groups by it (SPEC §3).
    const spanish = await t.createInstallerCompany();
    const es = await setup(spanish.admin.token, 'es');
    expect(es.properties.properties.Estado?.dataType).toBe('status');
    expect(es.properties.properties.Status).toBeUndefined();
    expect(es.views[0]?.groupBy).toBe('Estado');
    const view = await ok<{ data: { groupBy: string | null } }>(
      spanish.admin.token,
      'POST',
      '/api/view/create',
      {
        board: 'tasks',
        name: 'Tablero',
        viewType: 'kanban',
      },
    );
    expect(view.data.groupBy).toBe('Estado');
    // A record's status is set with the board's own names, a filter finds it.
    const task = await createTask(spanish.admin.token, { taskName: 'Montar módulos' });
    await ok(spanish.admin.token, 'PUT', `/api/task/update/${task._id}`, {
      properties: { Estado: 'En curso' },
    });
    const found = await ok<{ data: { tasks: Task[] } }>(spanish.admin.token, 'POST', '/api/task/filter', {
      board: 'tasks',
      filters: [{ column: 'Estado', value: ['En curso'] }],
    });
    expect(found.data.tasks.map((x) => x.taskName)).toEqual(['Montar módulos']);
  });

  it("creates the columns in the user's own language when a first call is not the board's setup", async () => {
    const company = await t.createInstallerCompany();
    await t.database.query(`UPDATE users SET preferred_language = 'es' WHERE id = $1`, [
      company.admin.user.id,
    ]);
    await createTask(company.admin.token, { taskName: 'Primera' });
    const columns = (
      await ok<{ data: { properties: Record<string, Column> } }>(
        company.admin.token,
        'GET',
        '/api/user-properties?board=tasks',
      )
    ).data.properties;
    expect(columns.taskName?.label).toBe('Tarea');
    expect(columns.Prioridad?.dataType).toBe('select');
  });

  it('refuses users without a company', async () => {
    const admin = await t.createPlatformUser('ADMIN');
    const city = await t.createPlatformUser('CITY_ADMIN');
    for (const u of [admin, city]) {
      expect((await call(u.token, 'POST', '/api/task/setup', { board: 'tasks' })).statusCode).toBe(403);
      expect((await call(u.token, 'POST', '/api/task/filter', { board: 'tasks' })).statusCode).toBe(403);
    }
  });
});

describe('records', () => {
  it('creates, updates and reads a task with typed values', async () => {
    const task = await createTask(a.admin.token, {
      taskName: 'Order inverter',
      properties: { Status: 'In progress', 'Due date': '2026-12-01', 'Estimate (h)': '3,5', Done: true },
    });
    expect(task.properties.Status?.value).toBe('In progress');
    expect(task.properties['Estimate (h)']?.value).toBe(3.5);
    expect(task.properties.Done?.value).toBe('true');
    expect(task.properties.Status?.type).toBe('status');
    expect(task.companyName).toBe(a.company.name);

    const updated = (
      await ok<{ data: Task }>(a.sales.token, 'PUT', `/api/task/update/${task._id}`, {
        taskName: 'Order inverter (SMA)',
        properties: { Done: 'false', Priority: 'High' },
      })
    ).data;
    expect(updated.taskName).toBe('Order inverter (SMA)');
    expect(updated.properties.Done?.value).toBe('false');
    expect(updated.properties.Priority?.value).toBe('High');
    expect(updated.properties.Status?.value).toBe('In progress');
  });

  it('keeps a name without the spaces around it: one of spaces only is no name ("Untitled")', async () => {
    const other = await t.createInstallerCompany();
    await ok(other.admin.token, 'POST', '/api/task/setup', { board: 'tasks' });
    const spaced = await createTask(other.admin.token, { taskName: '  Check roof  ' });
    expect(spaced.taskName).toBe('Check roof');
    const blank = (
      await ok<{ data: Task }>(other.admin.token, 'PUT', `/api/task/update/${spaced._id}`, {
        taskName: '   ',
      })
    ).data;
    expect(blank.taskName).toBe('');
  });

  it('answers every bad value with its field message', async () => {
    await ok(a.admin.token, 'POST', '/api/task/property/create', {
      board: 'tasks',
      key: 'Website',
      type: 'url',
    });
    await ok(a.admin.token, 'POST', '/api/task/property/create', {
      board: 'tasks',
      key: 'Mail',
      type: 'email',
    });
    const task = await createTask(a.admin.token, { taskName: 'Validation' });
    const res = await call(a.admin.token, 'PUT', `/api/task/update/${task._id}`, {
      properties: {
        'Due date': '2026-02-30',
        Done: 'yes',
        'Estimate (h)': 'many',
        Website: 'ftp://example.com',
        Mail: 'not-an-email',
        Assignee: [{ value: (b.admin.user as { id: string }).id, label: 'Other' }],
        Nope: 'x',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'properties.Due date': 'Please enter a date as YYYY-MM-DD',
      'properties.Done': 'Please enter yes or no',
      'properties.Estimate (h)': 'Please enter a number',
      'properties.Website': 'Please enter a valid http or https address',
      'properties.Mail': 'Please enter a valid e-mail address',
      'properties.Assignee': 'Only people of your company can be chosen',
      'properties.Nope': 'This property does not exist',
    });
    // Nothing was written.
    const after = (await filter(a.admin.token, { filters: [{ column: 'taskName', value: 'Validation' }] }))
      .tasks;
    expect(after[0]?.properties['Due date']?.value ?? null).toBeNull();
  });

  it("reads a number sent as text in the request's language, as the CSV import does, and refuses one it cannot read", async () => {
    const c = await companyWithBoard();
    const task = await createTask(c.admin.token, { taskName: 'Zahl als Text' });
    const estimate = async (text: string, lang: string) => {
      const res = await call(
        c.admin.token,
        'PUT',
        `/api/task/update/${task._id}`,
        { properties: { 'Estimate (h)': text } },
        lang,
      );
      return { status: res.statusCode, body: res.json() };
    };
    const read = async (text: string, lang: string) => {
      const res = await estimate(text, lang);
      expect(res.status, `${lang} ${text}: ${JSON.stringify(res.body)}`).toBe(200);
      return (res.body.data as Task).properties['Estimate (h)']?.value;
    };
    expect(await read('1.234,5', 'de')).toBe(1234.5);
    expect(await read('1,234.5', 'en')).toBe(1234.5);
    expect(await read('1,234.5', 'es')).toBe(1234.5);
    expect(await read('2,5', 'de')).toBe(2.5);
    // The language decides where a lone group could be either: 1.234 is 1234 in German, 1.234 in English.
    expect(await read('1.234', 'de')).toBe(1234);
    expect(await read('1.234', 'en')).toBe(1.234);
    for (const [lang, message] of [
      ['de', 'Bitte geben Sie eine Zahl ein'],
      ['en', 'Please enter a number'],
      ['es', 'Introduzca un número'],
    ] as const) {
      const refused = await estimate('1.2.3', lang);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({ 'properties.Estimate (h)': message });
    }
    // Nothing was written by the refused ones.
    expect(
      (await ok<{ data: Task }>(c.admin.token, 'GET', `/api/task/${task._id}`)).data.properties[
        'Estimate (h)'
      ]?.value,
    ).toBe(1.234);
  });

  it('updates many at once and deletes softly with undo', async () => {
    const x = await createTask(a.admin.token, { taskName: 'Bulk one' });
    const y = await createTask(a.admin.token, { taskName: 'Bulk two' });
    const bulk = await ok<{ data: { tasks: Task[] } }>(a.admin.token, 'PUT', '/api/task/update/multiple', {
      ids: [x._id, y._id],
      update: { properties: { Priority: 'Low' } },
    });
    expect(bulk.data.tasks.map((t) => t.properties.Priority?.value)).toEqual(['Low', 'Low']);

    const del = await call(
      a.admin.token,
      'POST',
      '/api/task/delete/multiple',
      { taskIds: [x._id, y._id] },
      'de',
    );
    expect(del.statusCode).toBe(200);
    expect(del.json().data).toEqual({ message: 'Aufgaben erfolgreich gelöscht', deleted: 2 });
    const live = await filter(a.admin.token, { filters: [{ column: 'taskName', value: 'Bulk' }] });
    expect(live.tasks).toHaveLength(0);
    const bin = await filter(a.admin.token, {
      deleted: true,
      filters: [{ column: 'taskName', value: 'Bulk' }],
    });
    expect(bin.tasks).toHaveLength(2);

    await ok(a.admin.token, 'PUT', '/api/task/update/multiple', {
      ids: [x._id, y._id],
      update: { isDeleted: false },
    });
    expect(
      (await filter(a.admin.token, { filters: [{ column: 'taskName', value: 'Bulk' }] })).tasks,
    ).toHaveLength(2);
  });

  it('keeps a bulk update all-or-nothing', async () => {
    const x = await createTask(a.admin.token, { taskName: 'Atomic' });
    const foreign = await createTask(b.admin.token, { taskName: 'Foreign' });
    const res = await call(a.admin.token, 'PUT', '/api/task/update/multiple', {
      ids: [x._id, foreign._id],
      update: { properties: { Priority: 'High' } },
    });
    expect(res.statusCode).toBe(404);
    const [again] = (await filter(a.admin.token, { filters: [{ column: 'taskName', value: 'Atomic' }] }))
      .tasks;
    expect(again?.properties.Priority?.value ?? null).toBeNull();
  });

  it('links tasks to a project of the company only', async () => {
    const project = await createProject(a.company.id);
    const other = await createProject(b.company.id);
    const task = await createTask(a.admin.token, { taskName: 'Site visit', projectId: project });
    expect(task.projectId).toBe(project);
    const refused = await call(a.admin.token, 'POST', '/api/task/create', {
      board: 'tasks',
      projectId: other,
    });
    expect(refused.statusCode).toBe(404);
    const only = await filter(a.admin.token, { projectId: project });
    expect(only.tasks.map((t) => t._id)).toEqual([task._id]);
  });
});

describe('tenancy', () => {
  it("never shows or changes another company's records, views, properties or templates", async () => {
    const mine = await createTask(b.admin.token, { taskName: `Secret ${Date.now()}` });
    const seen = await filter(a.admin.token, { filters: [{ column: 'taskName', value: 'Secret' }] });
    expect(seen.tasks).toHaveLength(0);
    expect(
      (await call(a.admin.token, 'PUT', `/api/task/update/${mine._id}`, { taskName: 'x' })).statusCode,
    ).toBe(404);
    expect((await call(a.admin.token, 'GET', `/api/task/${mine._id}`)).statusCode).toBe(404);
    const own = await ok<{ data: Task }>(b.sales.token, 'GET', `/api/task/${mine._id}`);
    expect(own.data.taskName).toBe(mine.taskName);
    expect(
      (await call(a.admin.token, 'POST', '/api/task/delete/multiple', { taskIds: [mine._id] })).statusCode,
    ).toBe(404);

    const view = await ok<{ data: { _id: string } }>(b.admin.token, 'POST', '/api/view/create', {
      board: 'tasks',
      name: 'B only',
    });
    expect(
      (await call(a.admin.token, 'PUT', '/api/view/edit', { _id: view.data._id, name: 'x' })).statusCode,
    ).toBe(404);
    expect((await call(a.admin.token, 'DELETE', `/api/view/delete/${view.data._id}`)).statusCode).toBe(404);
    const aViews = await ok<{ data: { _id: string }[] }>(a.admin.token, 'GET', '/api/view/user-views/tasks');
    expect(aViews.data.map((v) => v._id)).not.toContain(view.data._id);
    // Views are personal, even within the company.
    expect(
      (await call(b.sales.token, 'PUT', '/api/view/edit', { _id: view.data._id, name: 'x' })).statusCode,
    ).toBe(404);

    const bProps = await ok<{ data: { _id: string } }>(
      b.admin.token,
      'GET',
      '/api/user-properties?board=tasks',
    );
    const res = await call(a.admin.token, 'PUT', `/api/user-properties/update-property/${bProps.data._id}`, {
      key: 'Status',
      property: { width: 300 },
    });
    expect(res.statusCode).toBe(404);
    expect(
      (await call(a.admin.token, 'PUT', `/api/user-properties/${bProps.data._id}`, { order: ['Status'] }))
        .statusCode,
    ).toBe(404);

    const bProject = await createProject(b.company.id);
    await createTask(b.admin.token, { taskName: 'Template task', projectId: bProject });
    const template = await ok<{ data: { _id: string } }>(
      b.admin.token,
      'POST',
      '/api/task-templates/create',
      {
        filterData: { projectId: bProject },
      },
    );
    const list = await ok<{ data: { docs: { _id: string }[] } }>(
      a.admin.token,
      'POST',
      '/api/task-templates/list',
      {},
    );
    expect(list.data.docs.map((d) => d._id)).not.toContain(template.data._id);
    const aProject = await createProject(a.company.id);
    expect(
      (
        await call(a.admin.token, 'POST', '/api/task-templates/import-to-project', {
          projectId: aProject,
          templateId: template.data._id,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(a.admin.token, 'PUT', `/api/task-templates/update/${template.data._id}`, { name: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(a.admin.token, 'POST', '/api/task-templates/delete', { templateIds: [template.data._id] }))
        .statusCode,
    ).toBe(404);
    // Another company's project: no views, no setup, no tasks, not listed.
    expect((await call(a.admin.token, 'GET', `/api/view/user-views/${bProject}`)).statusCode).toBe(404);
    expect(
      (await call(a.admin.token, 'POST', '/api/task/setup', { board: 'tasks', projectId: bProject }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call(a.admin.token, 'POST', '/api/view/create', {
          board: 'tasks',
          projectId: bProject,
          name: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect((await filter(a.admin.token, { projectId: bProject })).tasks).toHaveLength(0);
    const projects = await ok<{ data: { _id: string }[] }>(a.admin.token, 'GET', '/api/view/user-projects');
    expect(projects.data.map((p) => p._id)).not.toContain(bProject);
    // Column changes of one company never reach another's columns.
    await ok(a.admin.token, 'POST', '/api/task/property/create', {
      board: 'tasks',
      key: 'Only A',
      type: 'text',
    });
    const bAfter = await ok<{ data: { properties: Record<string, unknown> } }>(
      b.admin.token,
      'GET',
      '/api/user-properties?board=tasks',
    );
    expect(bAfter.data.properties['Only A']).toBeUndefined();
    // And a relation may not point at another company's record.
    await ok(a.admin.token, 'POST', '/api/task/property/create', {
      board: 'tasks',
      key: 'Blocks',
      type: 'relation',
    });
    const link = await createTask(a.admin.token, { taskName: 'Linker' });
    const bad = await call(a.admin.token, 'PUT', `/api/task/update/${link._id}`, {
      properties: { Blocks: [mine._id] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['properties.Blocks']).toBe(
      'Links may only point to existing records of your company',
    );
  });
});

describe('filter rule in SQL: the shared table of cases', () => {
  let company: Company;
  const ids: string[] = [];
  const caseColumn = (c: FilterCase) =>
    c.type === 'formula' ? 'Formula case' : c.type === 'rollup' ? 'Rollup case' : 'Case';

  beforeAll(async () => {
    company = await t.createInstallerCompany();
    await ok(company.admin.token, 'POST', '/api/task/setup', { board: 'tasks' });
    // The cases of a computed column go into a formula and a rollup column of the board.
    const column = (body: object) =>
      ok(company.admin.token, 'POST', '/api/task/property/create', { board: 'tasks', ...body });
    await column({ key: 'Formula case', type: 'formula', formula: '1' });
    await column({ key: 'Case link', type: 'relation' });
    await column({
      key: 'Rollup case',
      type: 'rollup',
      rollup: { relationProperty: 'Case link', targetProperty: 'Estimate (h)', aggregate: 'sum' },
    });
    // Cases are stored raw (any value kind) straight in the table, one record each.
    for (const [i, c] of FILTER_CASES.entries()) {
      const properties =
        c.value === undefined
          ? {}
          : { [caseColumn(c)]: { type: c.type ?? 'text', icon: '', value: c.value } };
      const [row] = await t.database.query<{ id: string }>(
        `INSERT INTO board_records (company_id, board, task_name, seq, properties)
         VALUES ($1, 'tasks', $2, $3, $4::jsonb) RETURNING id`,
        [company.company.id, `case ${i}`, i + 1, JSON.stringify(properties)],
      );
      ids.push(row?.id as string);
    }
  });

  it.each(FILTER_CASES.map((c, i) => [c.name, c, i] as const))('%s', async (_name, c, i) => {
    const res = await filter(company.admin.token, {
      filters: [
        { column: 'taskName', value: `case ${i}` },
        { column: caseColumn(c), value: c.filter ?? null },
      ],
    });
    const found = res.tasks.some((task) => task._id === ids[i] && task.taskName === `case ${i}`);
    expect(found).toBe(c.passes);
  });

  it('filters a formula column by its stored result: numbers numerically, as the number filter stores them', async () => {
    await ok(company.admin.token, 'POST', '/api/task/property/create', {
      board: 'tasks',
      key: 'Price',
      type: 'formula',
      formula: 'prop("Estimate (h)") * 82.3',
    });
    await ok(company.admin.token, 'POST', '/api/task/property/create', {
      board: 'tasks',
      key: 'Label',
      type: 'formula',
      formula: 'prop("Estimate (h)") + " h"',
    });
    const create = async (taskName: string, hours: number) =>
      (
        await ok<{ data: Task }>(company.admin.token, 'POST', '/api/task/create', {
          board: 'tasks',
          taskName,
          properties: { 'Estimate (h)': hours },
        })
      ).data;
    const fifteen = await create('formula 15', 15);
    await create('formula 150', 150);
    expect(fifteen.properties.Price?.value).toBe(1234.5);
    expect(fifteen.properties.Label?.value).toBe('15 h');
    const names = async (column: string, value: string) =>
      (
        await filter(company.admin.token, {
          filters: [
            { column: 'taskName', value: 'formula ' },
            { column, value },
          ],
        })
      ).tasks
        .map((task) => task.taskName)
        .sort();
    expect(await names('Price', '1234.5')).toEqual(['formula 15']);
    expect(await names('Price', '12345')).toEqual(['formula 150']);
    // A number is no text: neither a part of it nor a German decimal comma matches.
    expect(await names('Price', '1234')).toEqual([]);
    expect(await names('Price', '1234,5')).toEqual([]);
    // A text result is filtered by containment.
    expect(await names('Label', '15')).toEqual(['formula 15', 'formula 150']);
  });

  it('filters a formula or rollup number rounded to 12 significant digits, a number column exactly', async () => {
    const column = (body: object) =>
      ok(company.admin.token, 'POST', '/api/task/property/create', { board: 'tasks', ...body });
    await column({ key: 'Noisy', type: 'formula', formula: 'prop("Estimate (h)") * 1.1' });
    await column({ key: 'Parts', type: 'relation' });
    await column({
      key: 'Parts hours',
      type: 'rollup',
      rollup: { relationProperty: 'Parts', targetProperty: 'Estimate (h)', aggregate: 'sum' },
    });
    const create = async (taskName: string, properties: object) =>
      (
        await ok<{ data: Task }>(company.admin.token, 'POST', '/api/task/create', {
          board: 'tasks',
          taskName,
          properties,
        })
      ).data;
    const three = await create('noise three', { 'Estimate (h)': 3 });
    expect(three.properties.Noisy?.value).toBe(3.3000000000000003);
    // A number column's cell with the same noise, typed as it is.
    await create('noise typed', { 'Estimate (h)': 3 * 1.1 });
    const parts = [
      await create('noise part', { 'Estimate (h)': 0.1 }),
      await create('noise part', { 'Estimate (h)': 0.2 }),
    ];
    const whole = await create('noise whole', { Parts: parts.map((p) => p._id) });
    expect(whole.properties['Parts hours']?.value).toBe(0.30000000000000004);
    const found = async (taskName: string, column: string, value: string) =>
      (
        await filter(company.admin.token, {
          filters: [
            { column: 'taskName', value: taskName },
            { column, value },
          ],
        })
      ).tasks.length === 1;
    const counted = async (taskName: string, column: string, value: string) =>
      (
        await ok<{ data: { total: number } }>(company.admin.token, 'POST', '/api/task/calculate', {
          board: 'tasks',
          filters: [
            { column: 'taskName', value: taskName },
            { column, value },
          ],
          calculations: {},
        })
      ).data.total;
    for (const [taskName, column, value, passes] of [
      ['noise three', 'Noisy', '3.3', true],
      ['noise three', 'Noisy', '3.30', true],
      ['noise three', 'Noisy', '3.30000000001', false],
      ['noise three', 'Noisy', '3.4', false],
      ['noise whole', 'Parts hours', '0.3', true],
      ['noise whole', 'Parts hours', '0.31', false],
      // A number column compares exactly, as it did.
      ['noise typed', 'Estimate (h)', '3.3', false],
      ['noise typed', 'Estimate (h)', '3.3000000000000003', true],
    ] as const) {
      expect(await found(taskName, column, value), `${column} ${value}`).toBe(passes);
      // The summary row counts what the page shows.
      expect(await counted(taskName, column, value), `${column} ${value}`).toBe(passes ? 1 : 0);
    }
  });
});

import { DATA_TYPES, type Task } from '@solar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { boardTestKit, type Company } from './board.test-kit';

let t: TestApp;
const { call, ok, createProject, createTask } = boardTestKit(() => t);
let a: Company;

type Columns = Record<
  string,
  { dataType: string; position: number; options?: { value: string }[]; label: string }
>;
const props = async (token: string, board = 'tasks') =>
  (
    await ok<{ data: { _id: string; properties: Columns } }>(
      token,
      'GET',
      `/api/user-properties?board=${board}`,
    )
  ).data;

const getTask = async (token: string, id: string) =>
  (await ok<{ data: Task }>(token, 'PUT', `/api/task/update/${id}`, {})).data;

beforeAll(async () => {
  t = await createTestApp();
  a = await t.createInstallerCompany();
  await ok(a.admin.token, 'POST', '/api/task/setup', { board: 'tasks' });
});
afterAll(() => t.close());

describe('properties', () => {
  it('refuses the name __proto__, which would break every answer of the board', async () => {
    const company = await t.createInstallerCompany();
    await ok(company.admin.token, 'POST', '/api/task/setup', { board: 'tasks' });
    const body = { board: 'tasks', key: '__proto__', type: 'text' };
    const de = await call(company.admin.token, 'POST', '/api/task/property/create', body, 'de');
    expect(de.statusCode, de.body).toBe(400);
    expect(de.json().errors.key).toBe('Dieser Name ist reserviert, bitte wählen Sie einen anderen');
    await ok(company.admin.token, 'POST', '/api/task/property/create', { ...body, key: 'Zwischen' });
    const rename = await call(company.admin.token, 'PATCH', '/api/task/property/update', {
      board: 'tasks',
      oldPropertyKey: 'Zwischen',
      newProperty: { key: ' __proto__ ', type: 'text' },
    });
    expect(rename.statusCode, rename.body).toBe(400);
    expect(rename.json().errors['newProperty.key']).toBe(
      'This property name is reserved, please choose another one',
    );
    // The board still answers.
    await ok(company.admin.token, 'POST', '/api/task/setup', { board: 'tasks' });
    const columns = (await props(company.admin.token)).properties;
    expect(Object.keys(columns)).toContain('Zwischen');
  });

  it("refuses a formula that cannot be read, with the parser's reason in the caller's language", async () => {
    const body = { board: 'tasks', key: 'Broken', type: 'formula', formula: '1 # 2' };
    const de = await call(a.admin.token, 'POST', '/api/task/property/create', body, 'de');
    expect(de.statusCode).toBe(400);
    expect(de.json().message).toBe("Die Formel ist ungültig: Unerwartetes Zeichen '#'");
    const es = await call(a.admin.token, 'POST', '/api/task/property/create', body, 'es');
    expect(es.json().message).toBe("La fórmula no es válida: Carácter inesperado '#'");
    const en = await call(a.admin.token, 'POST', '/api/task/property/create', body, 'en');
    expect(en.json().message).toBe("The formula cannot be read: Unexpected character '#'");
    expect((await props(a.admin.token)).properties.Broken).toBeUndefined();
  });

  it('creates a property of every data type, with the German message', async () => {
    const company = await t.createInstallerCompany();
    await ok(company.admin.token, 'POST', '/api/task/setup', { board: 'tasks' }); // English columns
    await ok(company.admin.token, 'POST', '/api/task/property/create', {
      board: 'tasks',
      key: 'Link',
      type: 'relation',
    });
    for (const type of DATA_TYPES) {
      if (type === 'title' || type === 'relation') continue;
      const extra =
        type === 'formula'
          ? { formula: '1 + 1' }
          : type === 'rollup'
            ? { rollup: { relationProperty: 'Link', targetProperty: 'Estimate (h)', aggregate: 'sum' } }
            : type === 'button'
              ? { button: { label: 'Finish', setProperty: 'Done', setValue: 'true' } }
              : {};
      const res = await call(
        company.admin.token,
        'POST',
        '/api/task/property/create',
        { board: 'tasks', key: `P ${type}`, type, ...extra },
        'de',
      );
      expect(res.statusCode, `${type}: ${res.body}`).toBe(200);
      expect(res.json().message).toBe('Eigenschaft erfolgreich erstellt');
    }
    const columns = (await props(company.admin.token)).properties;
    for (const type of DATA_TYPES) {
      if (type === 'title' || type === 'relation') continue;
      expect(columns[`P ${type}`]?.dataType).toBe(type);
    }
    // A record gets a cell for every property, computed ones filled in.
    const task = await createTask(company.admin.token, { taskName: 'Every type' });
    expect(task.properties['P formula']?.value).toBe(2);
    expect(task.properties['P id']?.value).toBe(task.seq);
    expect(task.properties['P createdTime']?.value).toBe(task.createdAt);
    expect(task.properties['P createdBy']?.value).toMatch(/\S/);
  });

  it('refuses a duplicate or empty name, a bad formula and a rollup without relation', async () => {
    const dup = await call(a.admin.token, 'POST', '/api/task/property/create', {
      board: 'tasks',
      key: 'Status',
      type: 'text',
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors.key).toBe('A property with this name already exists');
    const empty = await call(a.admin.token, 'POST', '/api/task/property/create', {
      board: 'tasks',
      key: '   ',
      type: 'text',
    });
    expect(empty.json().errors.key).toBe('The property name cannot be empty');
    const formula = await call(a.admin.token, 'POST', '/api/task/property/create', {
      board: 'tasks',
      key: 'Bad',
      type: 'formula',
      formula: '1 +',
    });
    expect(formula.statusCode).toBe(400);
    expect(formula.json().message).toMatch(/^The formula cannot be read: /);
    const rollup = await call(a.admin.token, 'POST', '/api/task/property/create', {
      board: 'tasks',
      key: 'Sum',
      type: 'rollup',
      rollup: { relationProperty: 'Status', targetProperty: 'Estimate (h)', aggregate: 'sum' },
    });
    expect(rollup.json().errors.rollup).toBe(
      'Choose a relation property and a property of the related records',
    );
  });

  it('renames a property: records are re-keyed and formulas follow', async () => {
    await ok(a.admin.token, 'POST', '/api/task/property/create', {
      board: 'tasks',
      key: 'Hours',
      type: 'number',
    });
    await ok(a.admin.token, 'POST', '/api/task/property/create', {
      board: 'tasks',
      key: 'Cost',
      type: 'formula',
      formula: 'prop("Hours") * 80',
    });
    const task = await createTask(a.admin.token, { taskName: 'Rename me', properties: { Hours: 2 } });
    expect(task.properties.Cost?.value).toBe(160);
    await ok(a.admin.token, 'PATCH', '/api/task/property/update', {
      board: 'tasks',
      oldPropertyKey: 'Hours',
      newProperty: { key: 'Work hours', type: 'number' },
    });
    const after = await getTask(a.admin.token, task._id);
    expect(after.properties.Hours).toBeUndefined();
    expect(after.properties['Work hours']?.value).toBe(2);
    expect(after.properties.Cost?.value).toBe(160);
    const columns = (await props(a.admin.token)).properties as Record<string, { formula?: string }>;
    expect(columns.Cost?.formula).toBe('prop("Work hours") * 80');
  });

  it('renames a property in every view of the board', async () => {
    await ok(a.admin.token, 'POST', '/api/task/property/create', {
      board: 'tasks',
      key: 'Size',
      type: 'number',
    });
    const created = await ok<{ data: { _id: string } }>(a.admin.token, 'POST', '/api/view/create', {
      board: 'tasks',
      name: 'Sized',
      filters: [
        { column: 'Size', value: '3' },
        { column: 'Status', value: 'Done' },
      ],
      sort: [{ column: 'Size', order: 'desc' }],
      hiddenProperties: ['Size', 'Done'],
      groupBy: 'Size',
      sumProperty: 'Size',
      order: ['Status', 'Size', 'Done'],
      width: { Size: 180 },
    });
    await ok(a.admin.token, 'PATCH', '/api/task/property/update', {
      board: 'tasks',
      oldPropertyKey: 'Size',
      newProperty: { key: 'Panels', type: 'number' },
    });
    const views = await ok<{ data: { _id: string }[] }>(a.admin.token, 'GET', '/api/view/user-views/tasks');
    expect(views.data.find((v) => v._id === created.data._id)).toMatchObject({
      filters: [
        { column: 'Panels', value: '3' },
        { column: 'Status', value: 'Done' },
      ],
      sort: [{ column: 'Panels', order: 'desc' }],
      hiddenProperties: ['Panels', 'Done'],
      groupBy: 'Panels',
      sumProperty: 'Panels',
      order: ['Status', 'Panels', 'Done'],
      width: { Panels: 180 },
    });
  });

  it('changes a type and converts the values', async () => {
    await ok(a.admin.token, 'POST', '/api/task/property/create', {
      board: 'tasks',
      key: 'Phase',
      type: 'text',
    });
    const task = await createTask(a.admin.token, { taskName: 'Convert', properties: { Phase: 'Planning' } });
    const res = await ok<{ data: { properties: Columns } }>(
      a.admin.token,
      'PATCH',
      '/api/task/property/update',
      {
        board: 'tasks',
        oldPropertyKey: 'Phase',
        newProperty: { key: 'Phase', type: 'select' },
      },
    );
    expect(res.data.properties.Phase?.options?.map((o) => o.value)).toContain('Planning');
    expect((await getTask(a.admin.token, task._id)).properties.Phase).toMatchObject({
      type: 'select',
      value: 'Planning',
    });
    await ok(a.admin.token, 'PATCH', '/api/task/property/update', {
      board: 'tasks',
      oldPropertyKey: 'Phase',
      newProperty: { key: 'Phase', type: 'number' },
    });
    expect((await getTask(a.admin.token, task._id)).properties.Phase?.value).toBeNull();
  });

  it('deletes a property from the columns, the records and the views', async () => {
    await ok(a.admin.token, 'POST', '/api/task/property/create', {
      board: 'tasks',
      key: 'Temp',
      type: 'text',
    });
    const task = await createTask(a.admin.token, { taskName: 'Temp holder', properties: { Temp: 'x' } });
    const view = await ok<{ data: { _id: string } }>(a.admin.token, 'POST', '/api/view/create', {
      board: 'tasks',
      name: 'Temp view',
      filters: [{ column: 'Temp', value: 'x' }],
      hiddenProperties: ['Temp'],
    });
    const res = await call(
      a.admin.token,
      'DELETE',
      '/api/task/property/delete',
      { board: 'tasks', key: 'Temp' },
      'de',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Eigenschaft erfolgreich gelöscht');
    expect((await props(a.admin.token)).properties.Temp).toBeUndefined();
    expect((await getTask(a.admin.token, task._id)).properties.Temp).toBeUndefined();
    const views = await ok<{ data: { _id: string; filters: unknown[]; hiddenProperties: string[] }[] }>(
      a.admin.token,
      'GET',
      '/api/view/user-views/tasks',
    );
    const kept = views.data.find((v) => v._id === view.data._id);
    expect(kept?.filters).toEqual([]);
    expect(kept?.hiddenProperties).toEqual([]);
    // The name column stays.
    const title = await call(a.admin.token, 'DELETE', '/api/task/property/delete?board=tasks&key=taskName');
    expect(title.statusCode).toBe(400);
  });

  it('lets sales fill in values but not change the columns', async () => {
    const res = await call(a.sales.token, 'POST', '/api/task/property/create', {
      board: 'tasks',
      key: 'Mine',
      type: 'text',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only company administrators and installers can change properties');
    const ok2 = await call(a.installer.token, 'POST', '/api/task/property/create', {
      board: 'tasks',
      key: 'Installer field',
      type: 'text',
    });
    expect(ok2.statusCode).toBe(200);
  });

  it('keeps every one of many column changes made at once (each reads the columns locked)', async () => {
    const company = await t.createInstallerCompany();
    await ok(company.admin.token, 'POST', '/api/task/setup', { board: 'tasks' });
    const { _id, properties } = await props(company.admin.token);
    const keys = Object.keys(properties).filter((k) => k !== 'taskName');
    expect(keys.length).toBeGreaterThanOrEqual(5);
    // Each sets its own column's width, side by side, plus a new column: none may put back the
    // definitions another one read before it wrote.
    const answers = await Promise.all([
      ...keys.map((key, i) =>
        call(company.admin.token, 'PUT', `/api/user-properties/update-property/${_id}`, {
          key,
          property: { width: 150 + i },
        }),
      ),
      call(company.admin.token, 'POST', '/api/task/property/create', {
        board: 'tasks',
        key: 'Added meanwhile',
        type: 'text',
      }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    const after = (await props(company.admin.token)).properties;
    expect(keys.map((key) => (after[key] as { width?: number } | undefined)?.width)).toEqual(
      keys.map((_, i) => 150 + i),
    );
    expect(after['Added meanwhile']).toBeDefined();
  });

  it('saves option changes, widths and the column order', async () => {
    const { _id, properties } = await props(a.admin.token);
    const updated = await ok<{
      data: { properties: Record<string, { options: { value: string; label: string }[]; width?: number }> };
    }>(a.sales.token, 'PUT', `/api/user-properties/update-property/${_id}`, {
      key: 'Priority',
      property: {
        width: 240,
        options: [
          { value: 'Low', label: 'Low', backgroundColor: '' },
          { value: '  Urgent ', label: ' Urgent ', backgroundColor: '' },
          { value: '   ', label: 'blank', backgroundColor: '' },
        ],
      },
    });
    const priority = updated.data.properties.Priority;
    expect(priority?.width).toBe(240);
    expect(priority?.options.map((o) => o.value)).toEqual(['Low', 'Urgent']);
    const order = Object.keys(properties)
      .filter((k) => k !== 'taskName')
      .reverse();
    const reordered = await ok<{ data: { properties: Columns } }>(
      a.admin.token,
      'PUT',
      `/api/user-properties/${_id}`,
      { order },
    );
    const sorted = Object.values(reordered.data.properties).sort((x, y) => x.position - y.position);
    expect(sorted[0]?.dataType).toBe('title');
    expect(sorted.slice(1).map((c) => c.label)).toEqual(order);
  });
});

describe('formulas, relations and rollups', () => {
  it('rolls up related records and recomputes when they change', async () => {
    const c = await t.createInstallerCompany();
    const token = c.admin.token;
    await ok(token, 'POST', '/api/task/setup', { board: 'tasks' });
    await ok(token, 'POST', '/api/task/property/create', {
      board: 'tasks',
      key: 'Subtasks',
      type: 'relation',
    });
    for (const aggregate of ['count', 'sum', 'average', 'min', 'max']) {
      await ok(token, 'POST', '/api/task/property/create', {
        board: 'tasks',
        key: `Hours ${aggregate}`,
        type: 'rollup',
        rollup: { relationProperty: 'Subtasks', targetProperty: 'Estimate (h)', aggregate },
      });
    }
    await ok(token, 'POST', '/api/task/property/create', {
      board: 'tasks',
      key: 'Label',
      type: 'formula',
      formula: 'if(prop("Hours sum") > 5, "big", "small")',
    });
    const s1 = await createTask(token, { taskName: 'Sub 1', properties: { 'Estimate (h)': 2 } });
    const s2 = await createTask(token, { taskName: 'Sub 2', properties: { 'Estimate (h)': 6 } });
    const parent = await createTask(token, {
      taskName: 'Parent',
      properties: { Subtasks: [s1._id, s2._id] },
    });
    expect(parent.properties['Hours count']?.value).toBe(2);
    expect(parent.properties['Hours sum']?.value).toBe(8);
    expect(parent.properties['Hours average']?.value).toBe(4);
    expect(parent.properties['Hours min']?.value).toBe(2);
    expect(parent.properties['Hours max']?.value).toBe(6);
    expect(parent.properties.Label?.value).toBe('big');

    // A related record changes: the parent's rollup follows.
    await ok(token, 'PUT', `/api/task/update/${s2._id}`, { properties: { 'Estimate (h)': 1 } });
    const after = await getTask(token, parent._id);
    expect(after.properties['Hours sum']?.value).toBe(3);
    expect(after.properties.Label?.value).toBe('small');
    // Deleting a related record takes it out of the rollup.
    await ok(token, 'POST', '/api/task/delete/multiple', { taskIds: [s1._id] });
    expect((await getTask(token, parent._id)).properties['Hours count']?.value).toBe(1);

    const listed = await ok<{ data: { related: Record<string, string> } }>(
      token,
      'POST',
      '/api/task/filter',
      {
        board: 'tasks',
        filters: [{ column: 'taskName', value: 'Parent' }],
      },
    );
    expect(listed.data.related[s2._id]).toBe('Sub 2');
  });

  it('stores an error value for a formula that fails, and a button sets its property', async () => {
    const c = await t.createInstallerCompany();
    const token = c.admin.token;
    await ok(token, 'POST', '/api/task/setup', { board: 'tasks' });
    await ok(token, 'POST', '/api/task/property/create', {
      board: 'tasks',
      key: 'Ratio',
      type: 'formula',
      formula: 'prop("Estimate (h)") / 0',
    });
    await ok(token, 'POST', '/api/task/property/create', {
      board: 'tasks',
      key: 'Finish',
      type: 'button',
      button: { label: 'Finish', setProperty: 'Status', setValue: 'Done' },
    });
    const task = await createTask(token, { taskName: 'Ratio', properties: { 'Estimate (h)': 3 } });
    expect(String(task.properties.Ratio?.value)).toMatch(/^#ERROR/);
    const pressed = await ok<{ data: Task }>(token, 'PUT', `/api/task/update/${task._id}`, {
      pressButton: 'Finish',
    });
    expect(pressed.data.properties.Status?.value).toBe('Done');
    const computed = await call(token, 'PUT', `/api/task/update/${task._id}`, { properties: { Ratio: 1 } });
    expect(computed.statusCode).toBe(400);
  });
});

describe('/projects board', () => {
  it('shows one record per saved project, synced and read-only', async () => {
    const c = await t.createInstallerCompany();
    const project = await createProject(c.company.id);
    const setup = await ok<{ data: { properties: { properties: Columns } } }>(
      c.admin.token,
      'POST',
      '/api/task/setup',
      {
        board: 'projects',
      },
    );
    expect(setup.data.properties.properties.Status?.dataType).toBe('status');
    const listed = await ok<{ data: { tasks: Task[] } }>(c.admin.token, 'POST', '/api/task/filter', {
      board: 'projects',
    });
    const row = listed.data.tasks.find((r) => r.projectId === project);
    expect(row?.properties.Status?.value).toBe('ACQUISITION');

    // The stage changes in the project: the board follows.
    await t.database.query(`UPDATE projects SET stage = 'OFFER_PROVIDED' WHERE id = $1`, [project]);
    const again = await ok<{ data: { tasks: Task[] } }>(c.admin.token, 'POST', '/api/task/filter', {
      board: 'projects',
    });
    expect(again.data.tasks.find((r) => r.projectId === project)?.properties.Status?.value).toBe(
      'OFFER_PROVIDED',
    );

    const ro = await call(c.admin.token, 'PUT', `/api/task/update/${row?._id}`, {
      properties: { Status: 'PROJECT_REALIZED' },
    });
    expect(ro.statusCode).toBe(400);
    const own = await ok<{ data: Task }>(c.admin.token, 'PUT', `/api/task/update/${row?._id}`, {
      properties: { Priority: 'High', 'Next step': 'Call customer' },
    });
    expect(own.data.properties['Next step']?.value).toBe('Call customer');
  });

  it('refuses property changes with the messages of SPEC §6', async () => {
    const c = await t.createInstallerCompany();
    await ok(c.admin.token, 'POST', '/api/task/setup', { board: 'projects' });
    const add = await call(c.admin.token, 'POST', '/api/task/property/create', {
      board: 'projects',
      key: 'X',
      type: 'text',
    });
    expect(add.statusCode).toBe(403);
    expect(add.json().message).toBe('User can not add new properties in project section');
    const del = await call(c.admin.token, 'DELETE', '/api/task/property/delete', {
      board: 'projects',
      key: 'City',
    });
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe('User can not delete properties');
    const rename = await call(c.admin.token, 'PATCH', '/api/task/property/update', {
      board: 'projects',
      oldPropertyKey: 'City',
      newProperty: { key: 'Town', type: 'text' },
    });
    expect(rename.statusCode).toBe(403);
    const create = await call(c.admin.token, 'POST', '/api/task/create', {
      board: 'projects',
      taskName: 'x',
    });
    expect(create.statusCode).toBe(403);
  });
});

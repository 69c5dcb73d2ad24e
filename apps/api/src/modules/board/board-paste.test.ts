import { randomUUID } from 'node:crypto';
import type { Task } from '@solar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { boardTestKit, type Company } from './board.test-kit';

let t: TestApp;
const { call, ok, createTask, companyWithBoard } = boardTestKit(() => t);
let a: Company;
let b: Company;

type PasteAnswer = {
  data: {
    tasks: Task[];
    previous: { id: string; key: string; value: unknown }[];
    newOptions: Record<string, string[]>;
    message: string;
  };
};

const getTask = async (token: string, id: string) =>
  (await ok<{ data: Task }>(token, 'GET', `/api/task/${id}`)).data;

const columnOptions = async (token: string, key: string) => {
  const answer = await ok<{ data: { properties: Record<string, { options?: { value: string }[] }> } }>(
    token,
    'GET',
    '/api/user-properties?board=tasks',
  );
  return (answer.data.properties[key]?.options ?? []).map((o) => o.value);
};

beforeAll(async () => {
  t = await createTestApp();
  a = await companyWithBoard();
  b = await companyWithBoard();
  await ok(a.admin.token, 'POST', '/api/task/property/create', {
    board: 'tasks',
    key: 'Cost',
    type: 'formula',
    formula: 'prop("Estimate (h)") * 80',
  });
});
afterAll(() => t.close());

describe('POST /task/paste', () => {
  it('reads each cell like a spreadsheet cell and writes a block of cells at once', async () => {
    const one = await createTask(a.admin.token, { taskName: 'Order rails' });
    const two = await createTask(a.admin.token, {
      taskName: 'Mount rails',
      properties: { 'Estimate (h)': 1, Status: 'Done' },
    });
    const res = await call(
      a.sales.token,
      'POST',
      '/api/task/paste',
      {
        board: 'tasks',
        cells: [
          { id: one._id, key: 'Estimate (h)', text: '2,5' },
          { id: one._id, key: 'Status', text: 'in progress' },
          { id: one._id, key: 'Done', text: 'ja' },
          { id: one._id, key: 'Due date', text: '24.12.2026' },
          { id: two._id, key: 'Estimate (h)', text: '1.234,5' },
          { id: two._id, key: 'Status', text: 'Waiting for parts' },
          { id: two._id, key: 'Assignee', text: a.installer.user.email.toUpperCase() },
          { id: two._id, key: 'taskName', text: '  Mount the rails  ' },
        ],
      },
      'de',
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as PasteAnswer;
    expect(answer.data.message).toBe('8 Zellen wurden eingefügt');
    expect(answer.data.newOptions).toEqual({ Status: ['Waiting for parts'] });
    const byId = new Map(answer.data.tasks.map((x) => [x._id, x]));
    const first = byId.get(one._id) as Task;
    const second = byId.get(two._id) as Task;
    expect(first.properties['Estimate (h)']?.value).toBe(2.5);
    // An existing option matched ignoring case keeps its own value.
    expect(first.properties.Status?.value).toBe('In progress');
    expect(first.properties.Done?.value).toBe('true');
    expect(first.properties['Due date']?.value).toBe('2026-12-24');
    // Derived cells follow in the same answer.
    expect(first.properties.Cost?.value).toBe(200);
    expect(second.taskName).toBe('Mount the rails');
    expect(second.properties['Estimate (h)']?.value).toBe(1234.5);
    expect(second.properties.Status?.value).toBe('Waiting for parts');
    expect(second.properties.Assignee?.value).toEqual([
      expect.objectContaining({ value: a.installer.user.id }),
    ]);
    expect(await columnOptions(a.admin.token, 'Status')).toContain('Waiting for parts');
    // Each cell's value before the paste, in the request's order, for the web's undo.
    expect(answer.data.previous.map((p) => p.value)).toEqual([
      null,
      null,
      null,
      null,
      1,
      'Done',
      [],
      'Mount rails',
    ]);
    expect((await getTask(a.admin.token, two._id)).properties.Status?.value).toBe('Waiting for parts');
  });

  it("reads a pasted number in the request's language, an unambiguous one in either", async () => {
    const pasted = async (text: string, lang: string) => {
      const task = await createTask(a.admin.token, { taskName: `Paste ${lang} ${text}` });
      const res = await call(
        a.admin.token,
        'POST',
        '/api/task/paste',
        { board: 'tasks', cells: [{ id: task._id, key: 'Estimate (h)', text }] },
        lang,
      );
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as PasteAnswer).data.tasks[0]?.properties['Estimate (h)']?.value;
    };
    expect(await pasted('1.234', 'de')).toBe(1234);
    expect(await pasted('1,234', 'de')).toBe(1.234);
    expect(await pasted('1.234', 'en')).toBe(1.234);
    expect(await pasted('1,234', 'en')).toBe(1234);
    expect(await pasted('1,234', 'es')).toBe(1234);
    // What the web sends as text: the other language's unambiguous form, a unit.
    expect(await pasted('1,234.5', 'de')).toBe(1234.5);
    expect(await pasted('1.234,5', 'en')).toBe(1234.5);
    expect(await pasted('12 %', 'de')).toBe(12);
  });

  it('puts cells back from stored values: the undo of a paste', async () => {
    const task = await createTask(a.admin.token, {
      taskName: 'Undo me',
      properties: { 'Estimate (h)': 4, Status: 'Done', Assignee: [{ value: a.sales.user.id, label: 'x' }] },
    });
    const pasted = await ok<PasteAnswer>(a.admin.token, 'POST', '/api/task/paste', {
      board: 'tasks',
      cells: [
        { id: task._id, key: 'Estimate (h)', text: '' },
        { id: task._id, key: 'Status', text: 'In progress' },
        { id: task._id, key: 'Assignee', text: '' },
        { id: task._id, key: 'taskName', text: 'Renamed' },
      ],
    });
    const changed = pasted.data.tasks[0] as Task;
    expect(changed.properties['Estimate (h)']?.value ?? null).toBeNull();
    expect(changed.properties.Assignee?.value).toEqual([]);
    const undone = await ok<PasteAnswer>(a.admin.token, 'POST', '/api/task/paste', {
      board: 'tasks',
      cells: pasted.data.previous,
    });
    const back = undone.data.tasks[0] as Task;
    expect(back.taskName).toBe('Undo me');
    expect(back.properties['Estimate (h)']?.value).toBe(4);
    expect(back.properties.Status?.value).toBe('Done');
    expect(back.properties.Assignee?.value).toEqual([expect.objectContaining({ value: a.sales.user.id })]);
    expect(back.properties.Cost?.value).toBe(320);
  });

  it('writes nothing when one cell does not fit, and names every cell that does not', async () => {
    const task = await createTask(a.admin.token, {
      taskName: 'Keep me',
      properties: { 'Estimate (h)': 3, Status: 'Done' },
    });
    const before = await columnOptions(a.admin.token, 'Status');
    const res = await call(
      a.admin.token,
      'POST',
      '/api/task/paste',
      {
        board: 'tasks',
        cells: [
          { id: task._id, key: 'Status', text: 'Brand new option' },
          { id: task._id, key: 'Estimate (h)', text: 'drei' },
          { id: task._id, key: 'Due date', text: '31.02.2026' },
          { id: task._id, key: 'Cost', text: '5' },
          { id: task._id, key: 'Nope', text: 'x' },
          { id: task._id, key: 'taskName', text: '   ' },
          { id: task._id, key: 'Assignee', text: 'Nobody Known' },
        ],
      },
      'de',
    );
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('Nichts wurde eingefügt: Einige Zellen passen nicht zu ihrer Eigenschaft');
    expect(Object.keys(body.errors).sort()).toEqual(
      ['cells.1', 'cells.2', 'cells.3', 'cells.4', 'cells.5', 'cells.6'].sort(),
    );
    expect(body.errors['cells.3']).toBe(
      'Dieser Wert wird berechnet oder kommt aus dem Projekt und kann hier nicht geändert werden',
    );
    expect(body.errors['cells.6']).toBe('Kein Benutzer Ihrer Firma hat diesen Namen oder diese E-Mail');
    const after = await getTask(a.admin.token, task._id);
    expect(after.taskName).toBe('Keep me');
    expect(after.properties.Status?.value).toBe('Done');
    expect(after.properties['Estimate (h)']?.value).toBe(3);
    // The new option of the refused paste was not kept either.
    expect(await columnOptions(a.admin.token, 'Status')).toEqual(before);
  });

  it("refuses another company's records and changes nothing of theirs", async () => {
    const theirs = await createTask(b.admin.token, { taskName: 'Theirs', properties: { Status: 'Done' } });
    const mine = await createTask(a.admin.token, { taskName: 'Mine' });
    const res = await call(a.admin.token, 'POST', '/api/task/paste', {
      board: 'tasks',
      cells: [
        { id: mine._id, key: 'Status', text: 'In progress' },
        { id: theirs._id, key: 'Status', text: 'In progress' },
      ],
    });
    expect(res.statusCode).toBe(404);
    expect((await getTask(b.admin.token, theirs._id)).properties.Status?.value).toBe('Done');
    expect((await getTask(a.admin.token, mine._id)).properties.Status?.value ?? null).toBeNull();
  });

  it('refuses users without a board, records of the other board and deleted records', async () => {
    const task = await createTask(a.admin.token, { taskName: 'Board check' });
    const body = { board: 'tasks', cells: [{ id: task._id, key: 'Status', text: 'Done' }] };
    for (const role of ['ADMIN', 'CITY_ADMIN'] as const) {
      const user = await t.createPlatformUser(role);
      expect((await call(user.token, 'POST', '/api/task/paste', body)).statusCode).toBe(403);
    }
    expect(
      (await call(a.admin.token, 'POST', '/api/task/paste', { ...body, board: 'projects' })).statusCode,
    ).toBe(404);
    await ok(a.admin.token, 'POST', '/api/task/delete/multiple', { taskIds: [task._id] });
    expect((await call(a.admin.token, 'POST', '/api/task/paste', body)).statusCode).toBe(404);
  });

  it('validates the body with the shared schema', async () => {
    const empty = await call(a.admin.token, 'POST', '/api/task/paste', { board: 'tasks', cells: [] });
    expect(empty.statusCode).toBe(400);
    const badId = await call(a.admin.token, 'POST', '/api/task/paste', {
      board: 'tasks',
      cells: [{ id: 'nope', key: 'Status', text: 'x' }],
    });
    expect(badId.statusCode).toBe(400);
    const task = await createTask(a.admin.token, { taskName: 'Big' });
    const many = Array.from({ length: 5001 }, () => ({ id: task._id, key: 'Status', text: 'x' }));
    const tooMany = await call(a.admin.token, 'POST', '/api/task/paste', { board: 'tasks', cells: many });
    expect(tooMany.statusCode).toBe(400);
    // More records than a paste changes: refused before any is read.
    const records = Array.from({ length: 1001 }, () => ({ id: randomUUID(), key: 'Status', text: 'x' }));
    const tooWide = await call(a.admin.token, 'POST', '/api/task/paste', { board: 'tasks', cells: records });
    expect(tooWide.statusCode).toBe(400);
    expect(tooWide.json().message).toBe('One paste changes at most 1,000 records');
  });
});

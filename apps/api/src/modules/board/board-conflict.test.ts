import type { Task } from '@solar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { boardTestKit, type Company } from './board.test-kit';

/**
 * Two people on one record (docs/board.md, "Two people on one record"): an update that says which
 * values it was made on (`expected`) is refused whole when someone else changed one of them meanwhile,
 * naming each such field; two updates of different fields at once both hold.
 */
let t: TestApp;
const { call, ok, createTask } = boardTestKit(() => t);
let a: Company;
let b: Company;

beforeAll(async () => {
  t = await createTestApp();
  a = await t.createInstallerCompany();
  b = await t.createInstallerCompany();
  await ok(a.admin.token, 'POST', '/api/task/setup', { board: 'tasks' });
});
afterAll(() => t.close());

const read = async (token: string, id: string) =>
  (await ok<{ data: Task }>(token, 'GET', `/api/task/${id}`)).data;

describe('edits made on values someone else changed meanwhile', () => {
  it('saves when the expected values are still stored, an empty value matching any empty one', async () => {
    const task = await createTask(a.admin.token, {
      taskName: 'Wechselrichter bestellen',
      properties: { Status: 'In progress' },
    });
    const res = await call(a.sales.token, 'PUT', `/api/task/update/${task._id}`, {
      notes: 'Liefertermin erfragen',
      properties: { Status: 'Done', Priority: 'High' },
      expected: {
        taskName: 'Wechselrichter bestellen',
        notes: '',
        properties: { Status: 'In progress', Priority: null },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data as Task;
    expect(saved.notes).toBe('Liefertermin erfragen');
    expect(saved.properties.Status?.value).toBe('Done');
    expect(saved.properties.Priority?.value).toBe('High');
  });

  it('refuses the whole edit, naming every field changed meanwhile in the user language, and writes nothing', async () => {
    const task = await createTask(a.admin.token, {
      taskName: 'Abnahmeprotokoll',
      properties: { Status: 'In progress', Priority: 'Low' },
    });
    // A colleague renames the record and sets its priority.
    await ok(a.admin.token, 'PUT', `/api/task/update/${task._id}`, {
      taskName: 'Abnahmeprotokoll (unterschrieben)',
      properties: { Priority: 'High' },
    });
    const before = await read(a.sales.token, task._id);

    const res = await call(
      a.sales.token,
      'PUT',
      `/api/task/update/${task._id}`,
      {
        taskName: 'Abnahmeprotokoll Müller',
        notes: 'Kunde informiert',
        properties: { Status: 'Done', Priority: 'Medium' },
        expected: {
          taskName: 'Abnahmeprotokoll',
          notes: '',
          properties: { Status: 'In progress', Priority: 'Low' },
        },
      },
      'de',
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Jemand anderes hat diesen Datensatz inzwischen geändert: Prüfen Sie die markierten Felder und speichern Sie erneut',
    );
    expect(res.json().errors).toEqual({
      taskName: 'Inzwischen von jemand anderem geändert',
      'properties.Priority': 'Inzwischen von jemand anderem geändert',
    });
    // Not even the fields nobody else touched were written.
    const after = await read(a.sales.token, task._id);
    expect(after).toEqual(before);
    const history = await ok<{ data: { events: unknown[] } }>(
      a.sales.token,
      'GET',
      `/api/task/${task._id}/history`,
    );
    const entries = history.data.events.length;

    // Seen the colleague's values, the user keeps theirs: the edit made on the stored values saves.
    const again = await call(a.sales.token, 'PUT', `/api/task/update/${task._id}`, {
      taskName: 'Abnahmeprotokoll Müller',
      properties: { Priority: 'Medium' },
      expected: { taskName: 'Abnahmeprotokoll (unterschrieben)', properties: { Priority: 'High' } },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json().data as Task).taskName).toBe('Abnahmeprotokoll Müller');
    const later = await ok<{ data: { events: unknown[] } }>(
      a.sales.token,
      'GET',
      `/api/task/${task._id}/history`,
    );
    expect(later.data.events.length).toBe(entries + 1);
  });

  it('merges notes both changed on different lines, and refuses notes both changed on the same line', async () => {
    const base = 'Dach: Süd, 35°\nKunde: Montag zurückrufen\nGerüst: nicht bestellt';
    const task = await createTask(a.admin.token, { taskName: 'Notizen zu zweit', notes: base });
    // A colleague changes the first line; the sales user, from the same notes, the last one.
    await ok(a.admin.token, 'PUT', `/api/task/update/${task._id}`, {
      notes: 'Dach: Süd-West, 35°\nKunde: Montag zurückrufen\nGerüst: nicht bestellt',
    });
    const merged = await call(a.sales.token, 'PUT', `/api/task/update/${task._id}`, {
      notes: 'Dach: Süd, 35°\nKunde: Montag zurückrufen\nGerüst: bestellt für den 14.01.',
      expected: { notes: base },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const both = 'Dach: Süd-West, 35°\nKunde: Montag zurückrufen\nGerüst: bestellt für den 14.01.';
    expect((merged.json().data as Task).notes).toBe(both);
    expect((await read(a.admin.token, task._id)).notes).toBe(both);
    // The history names the merged notes as the sales user's change.
    const history = await ok<{
      data: { events: Array<{ user?: { id: string }; changes: Array<{ key: string; to: unknown }> }> };
    }>(a.sales.token, 'GET', `/api/task/${task._id}/history`);
    expect(history.data.events[0]?.user?.id).toBe(a.sales.user.id);
    expect(history.data.events[0]?.changes).toEqual([expect.objectContaining({ key: 'notes', to: both })]);

    // Both change the middle line: nothing is written, and the notes are named.
    await ok(a.admin.token, 'PUT', `/api/task/update/${task._id}`, {
      notes: both.replace('Montag zurückrufen', 'hat zugesagt'),
    });
    const refused = await call(a.sales.token, 'PUT', `/api/task/update/${task._id}`, {
      notes: both.replace('Montag zurückrufen', 'Dienstag zurückrufen'),
      expected: { notes: both },
    });
    expect(refused.statusCode).toBe(409);
    expect(Object.keys(refused.json().errors)).toEqual(['notes']);
    expect((await read(a.admin.token, task._id)).notes).toBe(
      both.replace('Montag zurückrufen', 'hat zugesagt'),
    );
  });

  it('refuses a merge of notes that would be longer than notes may be', async () => {
    const task = await createTask(a.admin.token, { taskName: 'Lange Notizen' });
    await ok(a.admin.token, 'PUT', `/api/task/update/${task._id}`, { notes: 'a'.repeat(12_000) });
    const res = await call(a.sales.token, 'PUT', `/api/task/update/${task._id}`, {
      notes: 'b'.repeat(12_000),
      expected: { notes: '' },
    });
    expect(res.statusCode).toBe(409);
    expect((await read(a.admin.token, task._id)).notes).toBe('a'.repeat(12_000));
  });

  it('an update without expected values writes as before', async () => {
    const task = await createTask(a.admin.token, { taskName: 'Ohne Erwartung' });
    await ok(a.admin.token, 'PUT', `/api/task/update/${task._id}`, { notes: 'erst' });
    const res = await call(a.sales.token, 'PUT', `/api/task/update/${task._id}`, { notes: 'dann' });
    expect(res.statusCode).toBe(200);
    expect((res.json().data as Task).notes).toBe('dann');
  });

  it('validates the expected values field by field', async () => {
    const task = await createTask(a.admin.token, { taskName: 'Prüfung' });
    const res = await call(a.admin.token, 'PUT', `/api/task/update/${task._id}`, {
      notes: 'x',
      expected: { taskName: 42, notes: 'y'.repeat(20_001) },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['expected.notes', 'expected.taskName']);
  });

  it('takes no expected values in a bulk update (one field for many records has no one value to expect)', async () => {
    const task = await createTask(a.admin.token, { taskName: 'Sammel' });
    const res = await call(a.admin.token, 'PUT', '/api/task/update/multiple', {
      ids: [task._id],
      update: { notes: 'x', expected: { notes: 'nicht gespeichert' } },
    });
    // The bulk schema has no such field: it is dropped, and the update writes as any bulk update does.
    expect(res.statusCode).toBe(200);
    expect((await read(a.admin.token, task._id)).notes).toBe('x');
  });

  it("tells another company's user nothing about the record, expected values or not", async () => {
    const task = await createTask(a.admin.token, { taskName: 'Fremd' });
    for (const body of [
      { notes: 'x', expected: { notes: '' } },
      { notes: 'x', expected: { notes: 'falsch' } },
    ]) {
      const res = await call(b.admin.token, 'PUT', `/api/task/update/${task._id}`, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().errors).toBeUndefined();
    }
    expect((await read(a.admin.token, task._id)).notes).toBe('');
  });

  it('keeps every one of several updates of different fields sent at the same time', async () => {
    const task = await createTask(a.admin.token, { taskName: 'Gleichzeitig' });
    for (const round of [1, 2, 3]) {
      const values: Record<string, unknown> = {
        Status: round % 2 ? 'Done' : 'In progress',
        Priority: round % 2 ? 'High' : 'Low',
        'Due date': `2026-12-2${round}`,
        'Estimate (h)': round,
      };
      const answers = await Promise.all(
        Object.entries(values).map(([key, value], i) =>
          call(i % 2 ? a.admin.token : a.sales.token, 'PUT', `/api/task/update/${task._id}`, {
            properties: { [key]: value },
          }),
        ),
      );
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      const after = await read(a.admin.token, task._id);
      for (const [key, value] of Object.entries(values)) expect(after.properties[key]?.value).toBe(value);
    }
  });
});

import type { Task } from '@solar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { boardTestKit, type Company } from './board.test-kit';

let t: TestApp;
const { call, ok, createTask, companyWithBoard } = boardTestKit(() => t);
let a: Company;
let b: Company;

interface RetypeAnswer {
  data: { properties: Record<string, { dataType: string }> };
  retype?: { id: string; kept: number };
}

const cellValue = async (token: string, id: string, key: string) =>
  (await ok<{ data: Task }>(token, 'GET', `/api/task/${id}`)).data.properties[key]?.value;

const preview = (token: string, key: string, type: string) =>
  ok<{ data: { values: number; emptied: number; altered: number } }>(
    token,
    'POST',
    '/api/task/property/retype-preview',
    { board: 'tasks', key, type },
  ).then((r) => r.data);

const retype = (token: string, key: string, type: string, restoreRetype?: string) =>
  ok<RetypeAnswer>(token, 'PATCH', '/api/task/property/update', {
    board: 'tasks',
    oldPropertyKey: key,
    newProperty: { key, type },
    ...(restoreRetype ? { restoreRetype } : {}),
  });

/** A text property with the given values, one record each; answers the records' ids. */
async function textColumn(key: string, values: unknown[]): Promise<string[]> {
  await ok(a.admin.token, 'POST', '/api/task/property/create', { board: 'tasks', key, type: 'text' });
  const ids: string[] = [];
  for (const [i, value] of values.entries()) {
    const task = await createTask(a.admin.token, { taskName: `${key} ${i}`, properties: { [key]: value } });
    ids.push(task._id);
  }
  return ids;
}

beforeAll(async () => {
  t = await createTestApp();
  a = await companyWithBoard();
  b = await companyWithBoard();
});
afterAll(() => t.close());

describe('changing a property type', () => {
  it('counts the values a change would empty or alter, over every record of the board', async () => {
    await textColumn('Preview', ['wichtiger Text', '12', '3,5', '', null, 'noch was']);
    expect(await preview(a.admin.token, 'Preview', 'number')).toEqual({ values: 4, emptied: 2, altered: 1 });
    expect(await preview(a.admin.token, 'Preview', 'multi-select')).toEqual({
      values: 4,
      emptied: 0,
      altered: 1,
    });
    expect(await preview(a.admin.token, 'Preview', 'phone')).toEqual({ values: 4, emptied: 0, altered: 0 });
    expect(await preview(a.admin.token, 'Preview', 'text')).toEqual({ values: 4, emptied: 0, altered: 0 });
  });

  it('keeps what a change loses and its undo puts every value back exactly', async () => {
    const values = ['wichtiger Text', '12', '3,5', ' 7 ', 'x'];
    const ids = await textColumn('QA Feld', values);
    const changed = await retype(a.admin.token, 'QA Feld', 'number');
    expect(changed.data.properties['QA Feld']?.dataType).toBe('number');
    expect(changed.retype).toMatchObject({ kept: 4 });
    const after = await Promise.all(ids.map((id) => cellValue(a.admin.token, id, 'QA Feld')));
    expect(after).toEqual([null, 12, 3.5, 7, null]);

    const undone = await retype(a.admin.token, 'QA Feld', 'text', changed.retype?.id);
    expect(undone.data.properties['QA Feld']?.dataType).toBe('text');
    const back = await Promise.all(ids.map((id) => cellValue(a.admin.token, id, 'QA Feld')));
    expect(back).toEqual(values);

    // Used once: the same undo again is not found, and nothing changes.
    const again = await call(a.admin.token, 'PATCH', '/api/task/property/update', {
      board: 'tasks',
      oldPropertyKey: 'QA Feld',
      newProperty: { key: 'QA Feld', type: 'number' },
      restoreRetype: changed.retype?.id,
    });
    expect(again.statusCode).toBe(404);
    expect(await cellValue(a.admin.token, ids[0] as string, 'QA Feld')).toBe('wichtiger Text');
  });

  it("reads text as numbers, and writes numbers as text, in the caller's language", async () => {
    const inLang = async (lang: string, method: 'POST' | 'PATCH', url: string, body: object) => {
      const res = await call(a.admin.token, method, url, body, lang);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const values = ['1.234,5 €', '1,234', '12,5', '1,234.5', 'viel'];
    const ids = await textColumn('Betrag', values);
    const body = { board: 'tasks', oldPropertyKey: 'Betrag', newProperty: { key: 'Betrag', type: 'number' } };
    // German: '1,234' is 1.234; the English '1,234.5' says what it means; 'viel' is no number.
    const previewDe = await inLang('de', 'POST', '/api/task/property/retype-preview', {
      board: 'tasks',
      key: 'Betrag',
      type: 'number',
    });
    expect(previewDe.data).toEqual({ values: 5, emptied: 1, altered: 2 });
    const de = await inLang('de', 'PATCH', '/api/task/property/update', body);
    const read = () => Promise.all(ids.map((id) => cellValue(a.admin.token, id, 'Betrag')));
    expect(await read()).toEqual([1234.5, 1.234, 12.5, 1234.5, null]);
    await inLang('de', 'PATCH', '/api/task/property/update', {
      ...body,
      restoreRetype: de.retype.id,
      newProperty: { key: 'Betrag', type: 'text' },
    });
    expect(await read()).toEqual(values);
    // English: '1,234' is one thousand two hundred thirty-four.
    await inLang('en', 'PATCH', '/api/task/property/update', body);
    expect(await read()).toEqual([1234.5, 1234, 12.5, 1234.5, null]);

    // A number column changed to text and back keeps every value, in the language of the change.
    const toText = { ...body, newProperty: { key: 'Betrag', type: 'text' } };
    await ok(a.admin.token, 'PUT', `/api/task/update/${ids[4]}`, { properties: { Betrag: 1234.567 } });
    const lossless = await inLang('de', 'PATCH', '/api/task/property/update', toText);
    expect(lossless.retype).toBeUndefined();
    expect(await cellValue(a.admin.token, ids[4] as string, 'Betrag')).toBe('1234,567');
    await inLang('de', 'PATCH', '/api/task/property/update', body);
    expect(await cellValue(a.admin.token, ids[4] as string, 'Betrag')).toBe(1234.567);
    await inLang('en', 'PATCH', '/api/task/property/update', toText);
    expect(await cellValue(a.admin.token, ids[4] as string, 'Betrag')).toBe('1234.567');
    // Numbers JavaScript writes with an exponent (1e-7, 1e+21) become plain digits, which read back.
    await inLang('en', 'PATCH', '/api/task/property/update', body);
    await ok(a.admin.token, 'PUT', `/api/task/update/${ids[3]}`, { properties: { Betrag: 1e-7 } });
    await ok(a.admin.token, 'PUT', `/api/task/update/${ids[4]}`, { properties: { Betrag: 1e21 } });
    await inLang('de', 'PATCH', '/api/task/property/update', toText);
    expect(await cellValue(a.admin.token, ids[3] as string, 'Betrag')).toBe('0,0000001');
    expect(await cellValue(a.admin.token, ids[4] as string, 'Betrag')).toBe('1000000000000000000000');
    await inLang('de', 'PATCH', '/api/task/property/update', body);
    expect(await cellValue(a.admin.token, ids[3] as string, 'Betrag')).toBe(1e-7);
    expect(await cellValue(a.admin.token, ids[4] as string, 'Betrag')).toBe(1e21);
    await ok(a.admin.token, 'PUT', `/api/task/update/${ids[4]}`, { properties: { Betrag: 1234.567 } });
    await inLang('en', 'PATCH', '/api/task/property/update', toText);
    await inLang('en', 'PATCH', '/api/task/property/update', body);
    expect(await cellValue(a.admin.token, ids[4] as string, 'Betrag')).toBe(1234.567);
  });

  it('a change that loses nothing keeps nothing; a value written since the change stays', async () => {
    const ids = await textColumn('Menge', ['4', 'viel']);
    const lossless = await retype(a.admin.token, 'Menge', 'phone');
    expect(lossless.retype).toBeUndefined();
    await retype(a.admin.token, 'Menge', 'text');
    const changed = await retype(a.admin.token, 'Menge', 'number');
    await ok(a.admin.token, 'PUT', `/api/task/update/${ids[1]}`, { properties: { Menge: 9 } });
    await retype(a.admin.token, 'Menge', 'text', changed.retype?.id);
    expect(await cellValue(a.admin.token, ids[0] as string, 'Menge')).toBe('4');
    expect(await cellValue(a.admin.token, ids[1] as string, 'Menge')).toBe('9');
  });

  it("refuses another company's user, another column and a wrong type back, and changes nothing", async () => {
    const ids = await textColumn('Geheim', ['nur für A']);
    await textColumn('Andere', ['y']);
    const changed = await retype(a.admin.token, 'Geheim', 'date');
    const id = changed.retype?.id as string;

    const body = (key: string, type: string, restoreRetype = id) => ({
      board: 'tasks',
      oldPropertyKey: key,
      newProperty: { key, type },
      restoreRetype,
    });
    await ok(b.admin.token, 'POST', '/api/task/property/create', {
      board: 'tasks',
      key: 'Geheim',
      type: 'date',
    });
    const foreign = await call(b.admin.token, 'PATCH', '/api/task/property/update', body('Geheim', 'text'));
    expect(foreign.statusCode).toBe(404);
    const foreignPreview = await call(b.admin.token, 'POST', '/api/task/property/retype-preview', {
      board: 'tasks',
      key: 'Andere',
      type: 'number',
    });
    expect(foreignPreview.statusCode).toBe(404);

    const otherColumn = await call(
      a.admin.token,
      'PATCH',
      '/api/task/property/update',
      body('Andere', 'date'),
    );
    expect(otherColumn.statusCode).toBe(400);
    expect(otherColumn.json().errors).toHaveProperty('restoreRetype');
    const wrongType = await call(
      a.admin.token,
      'PATCH',
      '/api/task/property/update',
      body('Geheim', 'number'),
    );
    expect(wrongType.statusCode).toBe(400);
    expect(await cellValue(a.admin.token, ids[0] as string, 'Geheim')).toBeNull();

    // A refused undo used nothing up (its transaction rolled back): the right one still works.
    await retype(a.admin.token, 'Geheim', 'text', id);
    expect(await cellValue(a.admin.token, ids[0] as string, 'Geheim')).toBe('nur für A');
  });

  it('validates the preview and the undo id, and keeps the roles of a type change', async () => {
    const bad = [
      { board: 'tasks', key: 'QA Feld', type: 'nope' },
      { board: 'nope', key: 'QA Feld', type: 'number' },
      { board: 'tasks', key: '', type: 'number' },
      { board: 'tasks', type: 'number' },
    ];
    for (const payload of bad) {
      const res = await call(a.admin.token, 'POST', '/api/task/property/retype-preview', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const title = await call(a.admin.token, 'POST', '/api/task/property/retype-preview', {
      board: 'tasks',
      key: 'taskName',
      type: 'number',
    });
    expect(title.statusCode).toBe(400);
    const missing = await call(a.admin.token, 'POST', '/api/task/property/retype-preview', {
      board: 'tasks',
      key: 'Gibt es nicht',
      type: 'number',
    });
    expect(missing.statusCode).toBe(404);
    const notUuid = await call(a.admin.token, 'PATCH', '/api/task/property/update', {
      board: 'tasks',
      oldPropertyKey: 'QA Feld',
      newProperty: { key: 'QA Feld', type: 'number' },
      restoreRetype: 'abc',
    });
    expect(notUuid.statusCode).toBe(400);
    const sales = await call(a.sales.token, 'POST', '/api/task/property/retype-preview', {
      board: 'tasks',
      key: 'QA Feld',
      type: 'number',
    });
    expect(sales.statusCode).toBe(403);
    const projects = await call(a.admin.token, 'POST', '/api/task/property/retype-preview', {
      board: 'projects',
      key: 'City',
      type: 'number',
    });
    expect(projects.statusCode).toBe(403);
  });
});

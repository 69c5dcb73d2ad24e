import { parseCsv, type Task } from '@solar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { CellError, parseDateText, readNumberCell } from './board.csv';
import { boardTestKit, type Company } from './board.test-kit';

let t: TestApp;
const { call, ok, createTask, companyWithBoard } = boardTestKit(() => t);
let a: Company;
let b: Company;

type ImportAnswer = {
  data: {
    created: number;
    rejected: { row: number; errors: { property: string; message: string }[] }[];
    newOptions: Record<string, string[]>;
    dryRun: boolean;
    message: string;
  };
};

const exportCsv = async (token: string, body: object, lang = 'en') => {
  const res = await call(token, 'POST', '/api/task/export', { board: 'tasks', ...body }, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

const names = async (token: string) =>
  (
    await ok<{ data: { tasks: Task[] } }>(token, 'POST', '/api/task/filter?page=1&limit=1000', {
      board: 'tasks',
      sort: [{ column: 'taskName', order: 'asc' }],
    })
  ).data.tasks;

beforeAll(async () => {
  t = await createTestApp();
  a = await companyWithBoard();
  b = await companyWithBoard();
});
afterAll(() => t.close());

describe('export', () => {
  it("writes the view's records, columns in its order, hidden ones left out, values as people read them", async () => {
    await createTask(a.admin.token, {
      taskName: 'Mount rails',
      properties: {
        Status: 'In progress',
        'Due date': '2026-12-01',
        'Estimate (h)': 3.5,
        Done: true,
        Assignee: [{ value: a.installer.user.id, label: 'x' }],
      },
    });
    await createTask(a.admin.token, { taskName: '=cmd|calc', properties: { Status: 'Done' } });
    await createTask(b.admin.token, { taskName: 'Other company task' });

    const res = await exportCsv(
      a.admin.token,
      {
        filters: [{ column: 'Status', value: ['In progress'] }],
        order: ['Status', 'taskName'],
        hiddenProperties: ['Priority'],
      },
      'de',
    );
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="tasks-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.body);
    // German: semicolons, decimal comma, ja/nein.
    expect(res.body).toContain(';');
    expect(rows[0]).toEqual(['Status', 'Task', 'Assignee', 'Due date', 'Estimate (h)', 'Done']);
    expect(rows).toHaveLength(2);
    const row = rows[1] as string[];
    expect(row.slice(0, 2)).toEqual(['In progress', 'Mount rails']);
    expect(row[2]).toMatch(/\S/);
    expect(row.slice(3)).toEqual(['2026-12-01', '3,5', 'ja']);
  });

  it('makes formula-like names inert in the file and never includes another company', async () => {
    const res = await exportCsv(a.admin.token, {}, 'en');
    expect(res.body).toContain(`'=cmd|calc`);
    expect(res.body).not.toContain('Other company task');
    expect(res.headers['x-record-count']).toBe('2');
    expect(parseCsv(res.body)[0]).toContain('Priority');
  });

  it('refuses users without a company and bad bodies', async () => {
    const admin = await t.createPlatformUser('ADMIN');
    expect((await call(admin.token, 'POST', '/api/task/export', { board: 'tasks' })).statusCode).toBe(403);
    const bad = await call(a.admin.token, 'POST', '/api/task/export', { board: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
  });
});

describe('import', () => {
  it('checks every row in a dry run, writes nothing, and reports each rejected field', async () => {
    const before = (await names(b.admin.token)).length;
    const answer = await ok<ImportAnswer>(b.admin.token, 'POST', '/api/task/import', {
      board: 'tasks',
      mapping: ['taskName', 'Status', 'Estimate (h)', 'Due date', null],
      rows: [
        ['Good one', 'Done', '1.234,5', '24.12.2026', 'ignored'],
        ['Bad number', 'Waiting', 'lots', '2026-01-01', ''],
        ['Bad date', 'Blocked', '2', '31.02.2026', ''],
        ['', 'Done', '', '', ''],
        ['Two bad cells', 'Done', 'many', 'soon', ''],
        ['Blocked one', 'blocked', '', '', ''],
        ['Blocked two', 'Blocked', '', '', ''],
      ],
      dryRun: true,
    });
    expect(answer.data).toMatchObject({ created: 3, dryRun: true });
    const dateMessage = 'Please enter a date as YYYY-MM-DD or DD.MM.YYYY';
    expect(answer.data.rejected).toEqual([
      { row: 3, errors: [{ property: 'Estimate (h)', message: 'Please enter a number' }] },
      {
        row: 4,
        errors: [
          { property: 'Due date', message: 'This day is not in the calendar (check the day and the month)' },
        ],
      },
      { row: 5, errors: [{ property: 'Task', message: 'This field is required' }] },
      {
        row: 6,
        errors: [
          { property: 'Estimate (h)', message: 'Please enter a number' },
          { property: 'Due date', message: dateMessage },
        ],
      },
    ]);
    // Only accepted rows add options ('Waiting' came with a rejected row), each once.
    expect(answer.data.newOptions).toEqual({ Status: ['blocked'] });
    expect((await names(b.admin.token)).length).toBe(before);
    const props = await ok<{ data: { properties: Record<string, { options?: { value: string }[] }> } }>(
      b.admin.token,
      'GET',
      '/api/user-properties?board=tasks',
    );
    expect(props.data.properties.Status?.options?.map((o) => o.value)).not.toContain('Blocked');
  });

  it('counts the rows in the message in the language’s number format', async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => [`Row ${i}`]);
    const res = await call(
      b.admin.token,
      'POST',
      '/api/task/import',
      {
        board: 'tasks',
        mapping: ['taskName'],
        rows,
        dryRun: true,
      },
      'de',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe('1.200 Einträge wurden importiert');
  });

  it('writes the rows that pass, adds new options, matches people by name or e-mail', async () => {
    const answer = await ok<ImportAnswer>(b.admin.token, 'POST', '/api/task/import', {
      board: 'tasks',
      mapping: ['taskName', 'Status', 'Estimate (h)', 'Done', 'Assignee', 'Priority'],
      rows: [
        ['Imported A', 'Blocked', '2,5', 'ja', b.sales.user.email.toUpperCase(), 'high'],
        ['Imported B', 'done', '', 'no', '', ''],
        ['Imported C', '', '', 'maybe', '', ''],
        ['Imported E', '', '', '', '', ''],
        ['Imported D', '', '', '', 'nobody@nowhere.test', ''],
      ],
    });
    expect(answer.data.created).toBe(3);
    expect(answer.data.message).toBe('3 records were imported');
    expect(answer.data.rejected.map((r) => r.row)).toEqual([4, 6]);
    expect(answer.data.rejected[1]?.errors[0]?.message).toBe(
      'No user of your company has this name or e-mail',
    );
    const tasks = await names(b.admin.token);
    const imported = tasks.filter((x) => x.taskName.startsWith('Imported'));
    expect(imported.map((x) => x.taskName)).toEqual(['Imported A', 'Imported B', 'Imported E']);
    const [first, second, empty] = imported as [Task, Task, Task];
    expect(empty.properties.Done?.value ?? null).toBeNull();
    expect(first.properties.Status?.value).toBe('Blocked');
    expect(first.properties['Estimate (h)']?.value).toBe(2.5);
    expect(first.properties.Done?.value).toBe('true');
    expect(first.properties.Priority?.value).toBe('High');
    expect(first.properties.Assignee?.value).toEqual([expect.objectContaining({ value: b.sales.user.id })]);
    // An existing option matched ignoring case keeps its own value; an empty checkbox stays empty.
    expect(second.properties.Status?.value).toBe('Done');
    expect(second.properties.Done?.value).toBe('false');
    expect(first.seq).toBeLessThan(second.seq);
  });

  it("reads an ambiguous number in the request's language, an unambiguous one in either", async () => {
    const c = await companyWithBoard();
    const rows = [
      ['Grouped dot', '1.234'],
      ['Grouped comma', '1,234'],
      ['German decimal', '1.234,5'],
      ['English decimal', '1,234.5'],
      ['Lone dot', '9.6'],
      ['Lone comma', '3,5'],
      ['Euro', '12 €'],
    ];
    const hours = async (lang: string) => {
      const res = await call(
        c.admin.token,
        'POST',
        '/api/task/import',
        {
          board: 'tasks',
          mapping: ['taskName', 'Estimate (h)'],
          rows: rows.map(([n, v]) => [`${lang} ${n}`, v]),
        },
        lang,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as ImportAnswer).data).toMatchObject({ created: rows.length, rejected: [] });
      const tasks = await names(c.admin.token);
      return Object.fromEntries(
        rows.map(([n]) => [
          n,
          tasks.find((x) => x.taskName === `${lang} ${n}`)?.properties['Estimate (h)']?.value,
        ]),
      );
    };
    const unambiguous = {
      'German decimal': 1234.5,
      'English decimal': 1234.5,
      'Lone dot': 9.6,
      'Lone comma': 3.5,
      Euro: 12,
    };
    expect(await hours('de')).toEqual({ 'Grouped dot': 1234, 'Grouped comma': 1.234, ...unambiguous });
    expect(await hours('en')).toEqual({ 'Grouped dot': 1.234, 'Grouped comma': 1234, ...unambiguous });
    expect(await hours('es')).toEqual({ 'Grouped dot': 1.234, 'Grouped comma': 1234, ...unambiguous });
  });

  it('reads back the German export of numbers of every size when imported in German', async () => {
    const c = await companyWithBoard();
    const values = [1234, 1.234, 1234.5, 0.000015, 1.5e-7, 1e21, -3.5];
    for (const [i, v] of values.entries()) {
      await createTask(c.admin.token, { taskName: `N${i}`, properties: { 'Estimate (h)': v } });
    }
    const csv = (await exportCsv(c.admin.token, {}, 'de')).body;
    const [header, ...rows] = parseCsv(csv) as [string[], ...string[][]];
    const mapping = header.map((h) => (h === 'Task' ? 'taskName' : h === 'Estimate (h)' ? h : null));
    const res = await call(
      c.admin.token,
      'POST',
      '/api/task/import',
      {
        board: 'tasks',
        mapping,
        rows: rows.map((r) => r.map((cell, j) => (j === header.indexOf('Task') ? `${cell} again` : cell))),
      },
      'de',
    );
    expect(res.statusCode, res.body).toBe(200);
    const tasks = await names(c.admin.token);
    for (const [i, v] of values.entries()) {
      expect(
        tasks.find((x) => x.taskName === `N${i} again`)?.properties['Estimate (h)']?.value,
        String(v),
      ).toBe(v);
    }
  });

  it('round-trips an export into another company', async () => {
    const csv = (await exportCsv(a.admin.token, {}, 'de')).body;
    const [header, ...rows] = parseCsv(csv) as [string[], ...string[][]];
    const mapping = header.map((h) => (h === 'Task' ? 'taskName' : h === 'Assignee' ? null : h));
    const answer = await ok<ImportAnswer>(b.installer.token, 'POST', '/api/task/import', {
      board: 'tasks',
      mapping,
      rows,
    });
    expect(answer.data).toMatchObject({ created: 2, rejected: [] });
    const again = parseCsv((await exportCsv(b.admin.token, {}, 'de')).body);
    const col = (name: string) => (again[0] as string[]).indexOf(name);
    const mounted = again.find((r) => r[col('Task')] === 'Mount rails') as string[];
    expect(mounted[col('Estimate (h)')]).toBe('3,5');
    expect(mounted[col('Due date')]).toBe('2026-12-01');
    expect(mounted[col('Done')]).toBe('ja');
    expect(again.some((r) => r[col('Task')] === '=cmd|calc')).toBe(true);
  });

  it('refuses a bad mapping field by field and writes nothing', async () => {
    const before = (await names(b.admin.token)).length;
    const res = await call(b.admin.token, 'POST', '/api/task/import', {
      board: 'tasks',
      mapping: ['Status', 'Status', 'Nope'],
      rows: [['a', 'b', 'c']],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors).toMatchObject({
      'mapping.1': 'This property is chosen for more than one column',
      'mapping.2': expect.any(String),
      mapping: 'Choose the column that holds the name',
    });
    expect((await names(b.admin.token)).length).toBe(before);
  });

  it('refuses the /projects board, users without a company and over-long files', async () => {
    const body = { board: 'projects', mapping: ['taskName'], rows: [['x']] };
    expect((await call(a.admin.token, 'POST', '/api/task/import', body)).statusCode).toBe(403);
    const city = await t.createPlatformUser('CITY_ADMIN');
    expect((await call(city.token, 'POST', '/api/task/import', { ...body, board: 'tasks' })).statusCode).toBe(
      403,
    );
    const many = Array.from({ length: 5001 }, (_, i) => [`row ${i}`]);
    const res = await call(a.admin.token, 'POST', '/api/task/import', {
      board: 'tasks',
      mapping: ['taskName'],
      rows: many,
    });
    expect(res.statusCode).toBe(400);
  });

  it('imports into a project of the company only', async () => {
    const res = await call(a.admin.token, 'POST', '/api/task/import', {
      board: 'tasks',
      projectId: '00000000-0000-4000-8000-000000000000',
      mapping: ['taskName'],
      rows: [['x']],
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('cell text', () => {
  it("reads numbers in the caller's pattern, and in the other one where it is unambiguous", () => {
    for (const lang of ['de', 'en', 'es'] as const) {
      expect(readNumberCell('1.234,5', lang)).toBe(1234.5);
      expect(readNumberCell('1,234.5', lang)).toBe(1234.5);
      expect(readNumberCell('3,5', lang)).toBe(3.5);
      expect(readNumberCell('1.000.000', lang)).toBe(1000000);
      expect(readNumberCell('12 €', lang)).toBe(12);
      expect(readNumberCell('-2', lang)).toBe(-2);
      expect(readNumberCell('', lang)).toBeNull();
      expect(() => readNumberCell('abc', lang)).toThrow(CellError);
      expect(() => readNumberCell('1.2.3', lang)).toThrow(CellError);
    }
    expect(readNumberCell('1.234', 'de')).toBe(1234);
    expect(readNumberCell('1,234', 'de')).toBe(1.234);
    expect(readNumberCell('1.234', 'en')).toBe(1.234);
    expect(readNumberCell('1,234', 'en')).toBe(1234);
    expect(readNumberCell('1,234', 'es')).toBe(1234);
  });

  it('reads ISO, German and Spanish dates and refuses impossible ones', () => {
    expect(parseDateText('2026-03-01')).toBe('2026-03-01');
    expect(parseDateText('1.3.2026')).toBe('2026-03-01');
    expect(parseDateText('01/03/2026')).toBe('2026-03-01');
    expect(parseDateText('')).toBeNull();
    // Written as a date but no calendar day says so; another text names the patterns.
    const keyOf = (text: string) => {
      try {
        parseDateText(text);
      } catch (error) {
        return (error as { key?: string }).key;
      }
      return 'read';
    };
    expect(keyOf('29.02.2026')).toBe('import_date_no_day');
    expect(keyOf('2027-13-01')).toBe('import_date_no_day');
    expect(keyOf('March 1')).toBe('import_date_format');
    expect(keyOf('29.02.2028')).toBe('read');
  });
});

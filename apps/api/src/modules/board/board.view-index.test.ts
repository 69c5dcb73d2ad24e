import {
  type Column,
  rowPasses,
  type Task,
  TaskFilterRequest,
  type TaskFilterValuesResponse,
  taskOfValues,
  type View,
} from '@solar/shared';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { statementsOf } from '../../../test/statements';
import { wantsGenericPlan } from '../../db/plan';
import { demoTaskColumns, seedBoardTasks } from '../../db/seed/board';
import { PLATFORM } from '../../db/tenant';
import { loadColumns, saveColumns } from './board.repository';
import { clearBoardSummaries, indexedPageSql } from './board.service';
import { boardTestKit, type Company } from './board.test-kit';
import { syncViewIndexes, viewIndexFor } from './board.view-index';

let t: TestApp;
const { call, ok } = boardTestKit(() => t);
let a: Company;
let b: Company;

interface FilterData {
  tasks: Task[];
  pagination: { total: number; totalPages: number };
  groups: { value: string | null; count: number; sum: number | null }[];
}

const view = {
  board: 'tasks' as const,
  filters: [
    { column: 'Status', value: ['Done', 'In progress'] },
    { column: 'Tags', value: ['Dach', 'Speicher'] },
  ],
  sort: [{ column: 'Due date', order: 'asc' as const }],
  groupBy: 'Status',
  sumProperty: 'Estimate (h)',
};

const filter = async (token: string, body: object, page: number, limit: number) =>
  (await ok<{ data: FilterData }>(token, 'POST', `/api/task/filter?page=${page}&limit=${limit}`, body)).data;

/** Every page of a filter, in order. */
async function allPages(token: string, body: object, limit: number): Promise<string[]> {
  const first = await filter(token, body, 1, limit);
  const ids = first.tasks.map((task) => task._id);
  for (let page = 2; page <= first.pagination.totalPages; page += 1) {
    ids.push(...(await filter(token, body, page, limit)).tasks.map((task) => task._id));
  }
  return ids;
}

const indexNames = async (companyId: string) =>
  (
    await t.database.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c WHERE c.relkind = 'i' AND c.relname LIKE 'board\\_view\\_%'
         AND obj_description(c.oid, 'pg_class') LIKE $1 ORDER BY 1`,
      [`%${companyId}%`],
    )
  ).map((r) => r.name);

async function columnsOf(companyId: string): Promise<Record<string, Column>> {
  return (await loadColumns(t.database.as(PLATFORM).db, companyId, 'tasks', null)).properties;
}

beforeAll(async () => {
  // Every sync of this app indexes even small boards (the views' jobs as the calls below).
  t = await createTestApp({ BOARD_INDEX_MIN_RECORDS: '0' });
  a = await t.createInstallerCompany();
  b = await t.createInstallerCompany();
  for (const [company, seed] of [
    [a, 3],
    [b, 4],
  ] as const) {
    await t.database.as(PLATFORM).db.transaction(async (tx) => {
      await loadColumns(tx, company.company.id, 'tasks', null);
      await saveColumns(tx, company.company.id, 'tasks', demoTaskColumns('en'));
      await seedBoardTasks(tx, { companyId: company.company.id, count: 400, seed, lang: 'en' });
    });
  }
});
afterAll(() => t.close());

describe('indexes of saved views', () => {
  it('pages along the index exactly as by sorting every record, group by group', async () => {
    const byScan = await allPages(a.admin.token, view, 23);
    const summary = await filter(a.admin.token, view, 1, 23);
    expect(summary.groups.map((g) => g.value)).toEqual(['In progress', 'Done']);
    expect(byScan).toHaveLength(summary.pagination.total);

    await ok(a.admin.token, 'POST', '/api/view/create', { name: 'Roof and storage', ...view });
    await syncViewIndexes(t.database, a.company.id, 'tasks', { minRecords: 0 });
    const index = viewIndexFor(a.company.id, { ...view, projectId: null }, await columnsOf(a.company.id));
    expect(await indexNames(a.company.id)).toEqual([index?.name]);

    const alongIndex = await allPages(a.admin.token, view, 23);
    expect(alongIndex).toEqual(byScan);
    expect(await indexNames(a.company.id)).toEqual([index?.name]);
    // A page that spans both groups, and one past the end.
    const spanning = await filter(a.admin.token, view, 1, summary.groups[0]?.count ?? 0 + 5);
    expect(spanning.tasks.map((task) => task._id)).toEqual(byScan.slice(0, spanning.tasks.length));
    expect((await filter(a.admin.token, view, 99, 23)).tasks).toEqual([]);
  });

  it('reads a page along the index with a generic plan, unless a name search is in it', async () => {
    // The index of the first test's saved view; each group's part of the page is one statement.
    const along = (body: object) =>
      statementsOf(t.database, () => filter(a.admin.token, body, 1, 23)).then((texts) =>
        texts.filter((text) => text.includes('ORDER BY') && text.includes('LIMIT')),
      );
    const plain = await along(view);
    expect(plain.length).toBeGreaterThan(0);
    expect(plain.every((text) => wantsGenericPlan(text))).toBe(true);
    const named = await along({ ...view, search: 'Dach' });
    expect(named.length).toBeGreaterThan(0);
    expect(named.some((text) => text.includes('ILIKE') && !wantsGenericPlan(text))).toBe(true);
    expect(named.some((text) => wantsGenericPlan(text))).toBe(false);
  });

  it('answers `cells=values` with the records, cells and related titles of the objects form', async () => {
    /** Every page in both forms: the records as Tasks, their related titles, and the values' cells. */
    async function bothForms(body: object, limit: number) {
      const objects: Task[] = [];
      const values: Task[] = [];
      const related = { objects: {}, values: {} };
      let keys: string[] = [];
      for (let page = 1; ; page += 1) {
        const o = await filter(a.admin.token, body, page, limit);
        const v = (
          await ok<TaskFilterValuesResponse>(
            a.admin.token,
            'POST',
            `/api/task/filter?page=${page}&limit=${limit}&cells=values`,
            body,
          )
        ).data;
        expect(v.pagination).toEqual(o.pagination);
        expect(v.groups).toEqual(o.groups);
        objects.push(...o.tasks);
        values.push(...v.tasks.map((task) => taskOfValues(task, v.cells)));
        Object.assign(related.objects, (o as FilterData & { related: object }).related);
        Object.assign(related.values, v.related);
        keys = v.cells.map((c) => c.key);
        if (page >= o.pagination.totalPages) break;
      }
      return { objects, values, related, keys };
    }
    // The stored cells, without the empty ones (the values form has a cell for every column).
    const filled = (task: Task) => ({
      ...task,
      properties: Object.fromEntries(Object.entries(task.properties).filter(([, c]) => c.value != null)),
    });
    const columns = await columnsOf(a.company.id);
    const scan = { board: 'tasks', filters: [], sort: [{ column: 'Priority', order: 'desc' }] };
    const hiding = { ...view, hiddenProperties: ['Tags', 'Phone'] };
    for (const body of [view, scan, hiding]) {
      const { objects, values, related, keys } = await bothForms(body, 37);
      expect(objects.length).toBeGreaterThan(37);
      expect(values.map(filled)).toEqual(objects.map(filled));
      expect(related.values).toEqual(related.objects);
      const hidden = ('hiddenProperties' in body ? body.hiddenProperties : []) as string[];
      expect(keys.sort()).toEqual(
        Object.keys(columns)
          .filter((k) => k !== 'taskName' && !hidden.includes(k))
          .sort(),
      );
    }
    // The seeded parents link subtasks: their titles come with the page in both forms.
    const all = await bothForms(scan, 200);
    expect(Object.keys(all.related.values).length).toBeGreaterThan(0);
    // A third of the bytes or less: each cell's type and icon are said once for the page.
    const size = async (query: string) =>
      (await call(a.admin.token, 'POST', `/api/task/filter?page=1&limit=100${query}`, view)).body.length;
    expect(await size('&cells=values')).toBeLessThan((await size('')) / 2);
  });

  it('answers `cells=values` with a record as last written, by the API or straight on the database', async () => {
    // A record's own fields come from `head`, kept by the trigger of migration 0017 (decision 0026).
    const scan = { board: 'tasks', filters: [], sort: [{ column: 'Priority', order: 'desc' }] };
    const pageOf = async (cells: string) =>
      (
        await ok<{ data: { tasks: (Task & { values?: unknown[] })[] } }>(
          a.admin.token,
          'POST',
          `/api/task/filter?page=1&limit=500${cells}`,
          scan,
        )
      ).data.tasks;
    const [first] = await pageOf('&cells=values');
    expect(first).toBeDefined();
    const id = first?._id as string;
    const text = 'Dach "Süd" \\ neu 🌞 \u2028';
    const notes = 'Zeile 1\nZeile 2\t"x"';
    const [before] = await t.database.query<Record<string, unknown>>(
      'SELECT task_name, notes, position, project_id, updated_at FROM board_records WHERE id = $1',
      [id],
    );
    await t.database.query(
      `UPDATE board_records SET task_name = $2, notes = $3, position = position + 0.5, project_id = NULL,
         updated_at = '2026-01-02T03:04:05.678123Z' WHERE id = $1`,
      [id, text, notes],
    );
    try {
      const byId = async (cells: string) => (await pageOf(cells)).find((task) => task._id === id);
      const after = await byId('&cells=values');
      expect(after).toMatchObject({
        taskName: text,
        notes,
        position: (first?.position ?? 0) + 0.5,
        projectId: null,
        updatedAt: '2026-01-02T03:04:05.678Z',
      });
      // The same record in the objects form, but for its cells.
      const { properties: _cells, ...objectsForm } = (await byId('')) as Task;
      const { values: _values, ...valuesForm } = after as Task & { values: unknown[] };
      expect(valuesForm).toEqual(objectsForm);
    } finally {
      await t.database.query(
        `UPDATE board_records SET task_name = $2, notes = $3, position = $4, project_id = $5, updated_at = $6
           WHERE id = $1`,
        [id, before?.task_name, before?.notes, before?.position, before?.project_id, before?.updated_at],
      );
    }
  });

  it('serves the page from the index: its expressions match the query', async () => {
    const columns = await columnsOf(a.company.id);
    const index = viewIndexFor(a.company.id, { ...view, projectId: null }, columns);
    if (!index) throw new Error('the view has an order, so it has an index');
    const body = TaskFilterRequest.parse(view);
    const group = { value: 'Done', count: 100, sum: null };
    const query = new PgDialect().sqlToQuery(
      indexedPageSql(index, body, columns, columns.Status, [], group, 0, 20),
    );
    // With sorting and whole-table reads priced out, a plan exists only if the index serves the order.
    const plan = await t.database.rawTransaction(async (q) => {
      await q('SET LOCAL enable_seqscan = off');
      await q('SET LOCAL enable_sort = off');
      await q('SET LOCAL enable_bitmapscan = off');
      return (await q<{ 'QUERY PLAN': string }>(`EXPLAIN ${query.sql}`, query.params)).map(
        (r) => r['QUERY PLAN'],
      );
    });
    const text = plan.join('\n');
    expect(text).toContain(`Index Scan using ${index.name}`);
    expect(text).not.toMatch(/\bSort\b/);
    // Under row-level security the group's keys are still index conditions (LEAKPROOF functions):
    // the read starts at the group instead of walking to it.
    expect(text).toMatch(/Index Cond: .*board_group_rank\(.*= 3\).*board_group_prefix/s);
    // The group's keys are fixed by the conditions, so the order leaves them out (not computed per row).
    expect(query.sql.slice(query.sql.indexOf('ORDER BY'))).not.toMatch(/board_group_(rank|prefix)/);
    // The view's filters are the index's predicate: proven from it, not checked row by row.
    expect(index.filters).toHaveLength(2);
    expect(text).not.toMatch(/Tags|%dach%/);
    const [definition] = await t.database.query<{ def: string }>(
      'SELECT pg_get_indexdef(c.oid) AS def FROM pg_class c WHERE c.relname = $1',
      [index.name],
    );
    expect(definition?.def).toMatch(/WHERE .*company_id = .*'Tags'.*%Speicher%/s);
  });

  it('serves changed filters from the index of the order alone, checking them per row', async () => {
    const changed = { ...view, filters: [{ column: 'Priority', value: ['High'] }] };
    const byScan = await allPages(a.admin.token, changed, 17);
    expect(byScan.length).toBeGreaterThan(0);
    const columns = await columnsOf(a.company.id);
    const plain = viewIndexFor(a.company.id, { ...view, filters: [], projectId: null }, columns);
    const filtered = viewIndexFor(a.company.id, { ...changed, projectId: null }, columns);
    if (!plain || !filtered) throw new Error('the views have an order, so they have indexes');
    expect(plain.filters).toEqual([]);
    // No saved view has these filters; one without filters has the same order.
    await ok(a.admin.token, 'POST', '/api/view/create', { name: 'Everything', ...view, filters: [] });
    await syncViewIndexes(t.database, a.company.id, 'tasks', { minRecords: 0 });
    const names = await indexNames(a.company.id);
    expect(names).toContain(plain.name);
    expect(names).not.toContain(filtered.name);
    clearBoardSummaries();
    expect(await allPages(a.admin.token, changed, 17)).toEqual(byScan);
    const body = TaskFilterRequest.parse(changed);
    const query = new PgDialect().sqlToQuery(
      indexedPageSql(
        plain,
        body,
        columns,
        columns.Status,
        [],
        { value: 'Done', count: 100, sum: null },
        0,
        20,
      ),
    );
    const plan = await t.database.rawTransaction(async (q) => {
      await q('SET LOCAL enable_seqscan = off');
      await q('SET LOCAL enable_sort = off');
      return (await q<{ 'QUERY PLAN': string }>(`EXPLAIN ${query.sql}`, query.params)).map(
        (r) => r['QUERY PLAN'],
      );
    });
    expect(plan.join('\n')).toContain(`Index Scan using ${plain.name}`);
    expect(plan.join('\n')).toMatch(/Filter: .*Priority/s);
  });

  it('keeps totals and groups until the board changes, then counts again', async () => {
    const before = await filter(a.admin.token, view, 1, 10);
    const task = before.tasks[0] as Task;
    await ok(a.admin.token, 'PUT', `/api/task/update/${task._id}`, { properties: { Status: 'Not started' } });
    const after = await filter(a.admin.token, view, 1, 10);
    expect(after.pagination.total).toBe(before.pagination.total - 1);
    expect(after.tasks.map((x) => x._id)).not.toContain(task._id);
    const group = (d: FilterData, v: string) => d.groups.find((g) => g.value === v)?.count ?? 0;
    expect(group(after, task.properties.Status?.value as string)).toBe(
      group(before, task.properties.Status?.value as string) - 1,
    );
  });

  it('drops an index no saved view needs, and makes none for a small board', async () => {
    const views = (await ok<{ data: View[] }>(a.admin.token, 'GET', '/api/view/user-views/tasks')).data;
    const saved = views.find((v) => v.name === 'Roof and storage') as View;
    await ok(a.admin.token, 'PUT', '/api/view/edit', {
      _id: saved._id,
      sort: [{ column: 'Priority', order: 'desc' }],
    });
    await syncViewIndexes(t.database, a.company.id, 'tasks', { minRecords: 0 });
    const columns = await columnsOf(a.company.id);
    const next = viewIndexFor(
      a.company.id,
      { ...view, sort: [{ column: 'Priority', order: 'desc' }], projectId: null },
      columns,
    );
    expect(await indexNames(a.company.id)).toContain(next?.name);
    const old = viewIndexFor(a.company.id, { ...view, projectId: null }, columns);
    expect(await indexNames(a.company.id)).not.toContain(old?.name);

    // 400 records are below the default size worth an index: that threshold drops them all.
    await syncViewIndexes(t.database, a.company.id, 'tasks', { minRecords: 2000 });
    expect(await indexNames(a.company.id)).toEqual([]);
  });

  it("never shows another company's records along its own index, nor touches its indexes", async () => {
    await ok(a.admin.token, 'POST', '/api/view/create', { name: 'Same shape', ...view });
    await ok(b.admin.token, 'POST', '/api/view/create', { name: 'Same shape', ...view });
    await syncViewIndexes(t.database, a.company.id, 'tasks', { minRecords: 0 });
    await syncViewIndexes(t.database, b.company.id, 'tasks', { minRecords: 0 });
    const ia = await indexNames(a.company.id);
    const ib = await indexNames(b.company.id);
    expect(ia.length).toBeGreaterThan(0);
    expect(ib).toHaveLength(1);
    expect(ia).not.toContain(ib[0]);
    clearBoardSummaries();
    const ownIds = new Set(
      (
        await t.database.query<{ id: string }>('SELECT id FROM board_records WHERE company_id = $1', [
          b.company.id,
        ])
      ).map((r) => r.id),
    );
    const seen = await allPages(b.admin.token, view, 50);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((id) => ownIds.has(id))).toBe(true);
    // B's change of its own views leaves A's index alone.
    await syncViewIndexes(t.database, b.company.id, 'tasks', { minRecords: 2000 });
    expect(await indexNames(b.company.id)).toEqual([]);
    expect(await indexNames(a.company.id)).toEqual(ia);
  });

  it('keeps cells uncompressed in the row, so reading one does not decompress the record', async () => {
    const task = (await filter(a.admin.token, view, 1, 1)).tasks[0] as Task;
    // Very compressible and past the size (about 2 KB) at which PostgreSQL compresses by default.
    await ok(a.admin.token, 'POST', '/api/task/property/create', {
      board: 'tasks',
      key: 'Long note',
      type: 'text',
    });
    await ok(a.admin.token, 'PUT', `/api/task/update/${task._id}`, {
      properties: { 'Long note': 'x'.repeat(5000) },
    });
    const [row] = await t.database.query<{ method: string | null; size: number }>(
      'SELECT pg_column_compression(properties) AS method, pg_column_size(properties) AS size FROM board_records WHERE id = $1',
      [task._id],
    );
    expect(row?.method).toBeNull();
    expect(Number(row?.size)).toBeGreaterThan(5000);
  });

  it('indexes a saved view filtering a computed number by the rounded rule, which the client applies too', async () => {
    const c = await t.createInstallerCompany();
    await t.database.as(PLATFORM).db.transaction(async (tx) => {
      await loadColumns(tx, c.company.id, 'tasks', null);
      await saveColumns(tx, c.company.id, 'tasks', demoTaskColumns('en'));
      await seedBoardTasks(tx, { companyId: c.company.id, count: 120, seed: 5, lang: 'en' });
    });
    await ok(c.admin.token, 'POST', '/api/task/property/create', {
      board: 'tasks',
      key: 'Noisy',
      type: 'formula',
      formula: 'prop("Estimate (h)") * 1.1',
    });
    // Every record as the web holds them, and a result of the formula that carries binary noise.
    const all = (await filter(c.admin.token, { board: 'tasks' }, 1, 1000)).tasks;
    const noisy = all
      .map((task) => task.properties.Noisy?.value)
      .find((v): v is number => typeof v === 'number' && v !== Number(v.toPrecision(12)));
    if (noisy === undefined) throw new Error('some estimate × 1.1 carries binary noise');
    const noisyView = {
      board: 'tasks' as const,
      filters: [{ column: 'Noisy', value: [String(Number(noisy.toPrecision(12)))] }],
      sort: [{ column: 'Due date', order: 'asc' as const }],
      groupBy: null,
    };
    const byScan = await allPages(c.admin.token, noisyView, 7);
    expect(byScan).toContain(all.find((task) => task.properties.Noisy?.value === noisy)?._id);
    // The server's filter lets through exactly what the client's rule does.
    const kept = all.filter((task) => rowPasses(task, noisyView.filters)).map((task) => task._id);
    expect([...byScan].sort()).toEqual(kept.sort());

    await ok(c.admin.token, 'POST', '/api/view/create', { name: 'Noisy', ...noisyView });
    await syncViewIndexes(t.database, c.company.id, 'tasks', { minRecords: 0 });
    const columns = await columnsOf(c.company.id);
    const index = viewIndexFor(c.company.id, { ...noisyView, projectId: null }, columns);
    if (!index) throw new Error('the view has an order, so it has an index');
    expect(index.filters.join()).toContain('numrange');
    expect(await indexNames(c.company.id)).toEqual([index.name]);
    clearBoardSummaries();
    expect(await allPages(c.admin.token, noisyView, 7)).toEqual(byScan);
    // The rounded filter is the index's predicate: proven from it, not checked row by row.
    const query = new PgDialect().sqlToQuery(
      indexedPageSql(index, TaskFilterRequest.parse(noisyView), columns, undefined, [], undefined, 0, 20),
    );
    const plan = await t.database.rawTransaction(async (q) => {
      await q('SET LOCAL enable_seqscan = off');
      await q('SET LOCAL enable_sort = off');
      await q('SET LOCAL enable_bitmapscan = off');
      return (await q<{ 'QUERY PLAN': string }>(`EXPLAIN ${query.sql}`, query.params)).map(
        (r) => r['QUERY PLAN'],
      );
    });
    expect(plan.join('\n')).toContain(`Index Scan using ${index.name}`);
    expect(plan.join('\n')).not.toMatch(/Noisy/);
  });

  it('indexes properties and options with quotes, and long texts, without failing a write', async () => {
    const key = `Kunde's "Notiz"`;
    await ok(a.admin.token, 'POST', '/api/task/property/create', { board: 'tasks', key, type: 'text' });
    const columns = await columnsOf(a.company.id);
    const property = columns[key] as Column;
    expect(property.dataType).toBe('text');
    const sorted = {
      board: 'tasks' as const,
      groupBy: 'Status',
      sort: [{ column: property.id, order: 'asc' as const }],
    };
    await ok(a.admin.token, 'POST', '/api/view/create', { name: 'By note', ...sorted });
    await syncViewIndexes(t.database, a.company.id, 'tasks', { minRecords: 0 });
    const index = viewIndexFor(a.company.id, { ...sorted, board: 'tasks', projectId: null }, columns);
    expect(await indexNames(a.company.id)).toContain(index?.name);
    const task = (await filter(a.admin.token, sorted, 1, 1)).tasks[0] as Task;
    await ok(a.admin.token, 'PUT', `/api/task/update/${task._id}`, {
      properties: { [property.id]: `${'Ä'.repeat(3000)} '"\\` },
    });
    const first = (await filter(a.admin.token, sorted, 1, 400)).tasks.map((x) => x._id);
    expect(first).toContain(task._id);
  });
});

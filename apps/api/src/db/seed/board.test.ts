import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { loadColumns, saveColumns } from '../../modules/board/board.repository';
import { companyTenant } from '../tenant';
import { demoTaskColumns, seedBoardTasks } from './board';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo board seeding', () => {
  it('gives a company a board of a few hundred records over many property types', async () => {
    const c = await t.createInstallerCompany();
    const [quoteId] = await t.createQuotes(1);
    await t.database.query('INSERT INTO projects (company_id, quote_id) VALUES ($1, $2)', [
      c.company.id,
      quoteId,
    ]);
    // The app's database works only within a tenant (row-level security): here, the company's.
    await t.database.as(companyTenant(c.company.id)).db.transaction(async (tx) => {
      await loadColumns(tx, c.company.id, 'tasks', null);
      await saveColumns(tx, c.company.id, 'tasks', demoTaskColumns('en'));
      await seedBoardTasks(tx, { companyId: c.company.id, count: 300, lang: 'en' });
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/task/filter?limit=1000',
      headers: t.auth(c.admin.token),
      payload: { board: 'tasks', groupBy: 'Status', sumProperty: 'Estimate (h)' },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.pagination.total).toBe(300);
    const types = new Set<string>();
    for (const task of data.tasks)
      for (const cell of Object.values(task.properties)) types.add((cell as { type: string }).type);
    expect(types.size).toBeGreaterThanOrEqual(18);
    expect(data.groups.map((g: { value: string }) => g.value)).toEqual([
      'Not started',
      'In progress',
      'Done',
    ]);
    // Derived cells are filled in: a parent's rollup sums its subtasks.
    const parent = data.tasks.find(
      (x: { properties: Record<string, { value: unknown }> }) =>
        Array.isArray(x.properties.Subtasks?.value) &&
        (x.properties.Subtasks?.value as unknown[] | undefined)?.length === 3,
    );
    const children = data.tasks.filter((x: { _id: string }) =>
      (parent.properties.Subtasks.value as string[]).includes(x._id),
    );
    const sum = children.reduce(
      (s: number, x: { properties: Record<string, { value: number }> }) =>
        s + (x.properties['Estimate (h)']?.value ?? 0),
      0,
    );
    expect(parent.properties['Subtask hours'].value).toBe(sum);
  });
});

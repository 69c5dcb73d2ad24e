import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { boardTestKit } from './board.test-kit';

let t: TestApp;
const { ok, createTask, companyWithBoard } = boardTestKit(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MIGRATION = readFileSync(
  join(import.meta.dirname, '../../../drizzle/0034_recompute_formula_comparisons.sql'),
  'utf8',
);

/** A record's stored cells, read straight from the table (an update through the API would work them out again). */
async function stored(recordId: string): Promise<Record<string, { value?: unknown }>> {
  const [row] = await t.database.query<{ properties: Record<string, { value?: unknown }> }>(
    'SELECT properties FROM board_records WHERE id = $1',
    [recordId],
  );
  return row?.properties ?? {};
}

/** Overwrites a stored cell's value as a result worked out under an older rule would have left it. */
async function storeStale(recordId: string, key: string, value: unknown) {
  await t.database.query(
    `UPDATE board_records SET properties = jsonb_set(properties, $2::text[], $3::jsonb) WHERE id = $1`,
    [recordId, `{${key},value}`, JSON.stringify(value)],
  );
}

async function waitForJobs(companyIds: string[]) {
  for (let i = 0; i < 200; i++) {
    const rows = await t.database.query<{ status: string }>(
      `SELECT status FROM jobs WHERE kind = 'board-recompute' AND payload->>'companyId' = ANY($1::text[])`,
      [companyIds],
    );
    if (rows.every((r) => r.status !== 'pending' && r.status !== 'running')) return rows;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the recompute jobs did not finish');
}

describe('migration 0034: formula results stored before comparisons rounded', () => {
  it("queues a recompute for companies whose formulas compare, which corrects their stored results and the rollups that read them, and no other company's", async () => {
    const a = await companyWithBoard();
    const token = a.admin.token;
    await ok(token, 'POST', '/api/task/property/create', { board: 'tasks', key: 'Sub', type: 'relation' });
    await ok(token, 'POST', '/api/task/property/create', {
      board: 'tasks',
      key: 'Exact',
      type: 'formula',
      formula: 'prop("Estimate (h)") * 1.1 == 3.3',
    });
    await ok(token, 'POST', '/api/task/property/create', {
      board: 'tasks',
      key: 'Points',
      type: 'formula',
      formula: 'if(prop("Estimate (h)") * 1.1 == 3.3, 1, 0)',
    });
    await ok(token, 'POST', '/api/task/property/create', {
      board: 'tasks',
      key: 'Points sum',
      type: 'rollup',
      rollup: { relationProperty: 'Sub', targetProperty: 'Points', aggregate: 'sum' },
    });
    const child = await createTask(token, { taskName: 'Child', properties: { 'Estimate (h)': 3 } });
    expect(child.properties.Exact?.value).toBe(true);
    expect(child.properties.Points?.value).toBe(1);
    const parent = await createTask(token, { taskName: 'Parent', properties: { Sub: [child._id] } });
    expect(parent.properties['Points sum']?.value).toBe(1);
    // A company whose formulas do not compare: nothing queued, its cells untouched.
    const b = await companyWithBoard();
    await ok(b.admin.token, 'POST', '/api/task/property/create', {
      board: 'tasks',
      key: 'Cost',
      type: 'formula',
      formula: 'prop("Estimate (h)") * 80',
    });
    const other = await createTask(b.admin.token, { taskName: 'Other', properties: { 'Estimate (h)': 2 } });
    expect(other.properties.Cost?.value).toBe(160);

    // The results as the old rule stored them (and a stale value the recompute must not reach in B).
    await storeStale(child._id, 'Exact', false);
    await storeStale(child._id, 'Points', 0);
    await storeStale(parent._id, 'Points sum', 0);
    await storeStale(other._id, 'Cost', 1);
    expect((await stored(child._id)).Exact?.value).toBe(false);

    await t.database.query(MIGRATION.replaceAll("'default'", `'${t.app.ctx.config.JOB_QUEUE}'`));
    const jobs = await waitForJobs([a.company.id, b.company.id]);
    expect(jobs).toEqual([{ status: 'done' }]);

    const fixed = await stored(child._id);
    expect([fixed.Exact?.value, fixed.Points?.value]).toEqual([true, 1]);
    // The rollup reads the corrected result (the job's second pass), not the stale one.
    expect((await stored(parent._id))['Points sum']?.value).toBe(1);
    expect((await stored(other._id)).Cost?.value).toBe(1);
  });
});

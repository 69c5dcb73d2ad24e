import { randomUUID } from 'node:crypto';
import type { PresenceEntry } from '@solar/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { PLATFORM } from '../../db/tenant';
import { rowsOf } from '../board/board.sql';
import { boardTestKit, type Company } from '../board/board.test-kit';

/**
 * Presence (docs/decisions/0034-presence.md): who of the company has a board open, and which record.
 * Only colleagues see it, never another company; a tab not heard of for a minute no longer counts.
 */
let t: TestApp;
const { call, ok, createTask, companyWithBoard } = boardTestKit(() => t);
let a: Company;
let b: Company;

beforeAll(async () => {
  t = await createTestApp();
  a = await companyWithBoard();
  b = await companyWithBoard();
});
afterAll(() => t.close());

type Present = { data: { present: PresenceEntry[] } };
const put = (token: string, body: object) => ok<Present>(token, 'PUT', '/api/presence', body);
const list = async (token: string, board = 'tasks') =>
  (await ok<Present>(token, 'GET', `/api/presence?board=${board}`)).data.present;
const userId = (c: Company, who: 'admin' | 'installer' | 'sales') => (c[who].user as { id: string }).id;
const platform = () => t.database.as(PLATFORM).db;

describe('who is on the board', () => {
  it('shows colleagues with the records they have open, never oneself, and one entry per person', async () => {
    const record = await createTask(a.admin.token, { taskName: 'Dach prüfen' });
    const other = await createTask(a.admin.token, { taskName: 'Gerüst stellen' });
    const adminTab = randomUUID();
    const first = await put(a.admin.token, { tabId: adminTab, board: 'tasks', recordId: record._id });
    expect(first.data.present).toEqual([]);
    // The installer in two tabs: the board alone, and another record.
    await put(a.installer.token, { tabId: randomUUID(), board: 'tasks', recordId: null });
    const answer = await put(a.installer.token, { tabId: randomUUID(), board: 'tasks', recordId: other._id });
    expect(answer.data.present).toEqual([
      expect.objectContaining({ userId: userId(a, 'admin'), recordIds: [record._id] }),
    ]);

    const seenBySales = await list(a.sales.token);
    expect(seenBySales.map((p) => p.userId).sort()).toEqual(
      [userId(a, 'admin'), userId(a, 'installer')].sort(),
    );
    expect(seenBySales.find((p) => p.userId === userId(a, 'installer'))?.recordIds).toEqual([other._id]);
    expect(seenBySales.find((p) => p.userId === userId(a, 'admin'))).toMatchObject({
      firstName: expect.any(String),
      lastName: expect.any(String),
    });
    // Another board of the company: nobody there.
    expect(await list(a.sales.token, 'projects')).toEqual([]);
  });

  it('moves with the tab: another record, the drawer closed, the tab gone', async () => {
    const record = await createTask(a.admin.token, { taskName: 'Zähler setzen' });
    const tab = randomUUID();
    await put(a.sales.token, { tabId: tab, board: 'tasks', recordId: record._id });
    const salesSeen = async () => (await list(a.admin.token)).find((p) => p.userId === userId(a, 'sales'));
    expect((await salesSeen())?.recordIds).toEqual([record._id]);
    await put(a.sales.token, { tabId: tab, board: 'tasks', recordId: null });
    expect((await salesSeen())?.recordIds).toEqual([]);
    const left = await call(a.sales.token, 'DELETE', `/api/presence/${tab}`);
    expect(left.statusCode).toBe(200);
    expect(await salesSeen()).toBeUndefined();
  });

  it('forgets a tab not heard of for a minute, and deletes it after ten', async () => {
    const tab = randomUUID();
    await put(b.sales.token, { tabId: tab, board: 'tasks', recordId: null });
    expect((await list(b.admin.token)).map((p) => p.userId)).toEqual([userId(b, 'sales')]);
    await platform().execute(
      sql`UPDATE board_presence SET seen_at = now() - interval '61 seconds' WHERE tab_id = ${tab}`,
    );
    expect(await list(b.admin.token)).toEqual([]);
    // Heard of again, it counts again.
    await put(b.sales.token, { tabId: tab, board: 'tasks', recordId: null });
    expect((await list(b.admin.token)).map((p) => p.userId)).toEqual([userId(b, 'sales')]);
    await platform().execute(
      sql`UPDATE board_presence SET seen_at = now() - interval '11 minutes' WHERE tab_id = ${tab}`,
    );
    await put(b.admin.token, { tabId: randomUUID(), board: 'tasks', recordId: null });
    const rows = rowsOf(await platform().execute(sql`SELECT 1 FROM board_presence WHERE tab_id = ${tab}`));
    expect(rows).toHaveLength(0);
  });
});

describe('tenancy and validation', () => {
  it("never shows another company's people, nor takes another company's record", async () => {
    const recordOfA = await createTask(a.admin.token, { taskName: 'Nur A' });
    await put(a.installer.token, { tabId: randomUUID(), board: 'tasks', recordId: recordOfA._id });
    const seenByB = await list(b.installer.token);
    for (const who of ['admin', 'installer', 'sales'] as const) {
      expect(seenByB.map((p) => p.userId)).not.toContain(userId(a, who));
    }
    const res = await call(b.installer.token, 'PUT', '/api/presence', {
      tabId: randomUUID(),
      board: 'tasks',
      recordId: recordOfA._id,
    });
    expect(res.statusCode).toBe(404);
    // A record of the company on the other board is not found either.
    const wrongBoard = await call(a.installer.token, 'PUT', '/api/presence', {
      tabId: randomUUID(),
      board: 'projects',
      recordId: recordOfA._id,
    });
    expect(wrongBoard.statusCode).toBe(404);
  });

  it("cannot end another person's tab", async () => {
    const tab = randomUUID();
    await put(a.admin.token, { tabId: tab, board: 'tasks', recordId: null });
    for (const token of [a.sales.token, b.admin.token]) {
      expect((await call(token, 'DELETE', `/api/presence/${tab}`)).statusCode).toBe(200);
    }
    expect((await list(a.sales.token)).map((p) => p.userId)).toContain(userId(a, 'admin'));
  });

  it('refuses the platform roles and a bad body field by field', async () => {
    const admin = await t.createPlatformUser('ADMIN');
    expect((await call(admin.token, 'GET', '/api/presence?board=tasks')).statusCode).toBe(403);
    const res = await call(a.admin.token, 'PUT', '/api/presence', { tabId: 'x', board: 'other' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['board', 'recordId', 'tabId']);
    expect((await call(a.admin.token, 'GET', '/api/presence?board=nope')).statusCode).toBe(400);
    expect((await call(a.admin.token, 'DELETE', '/api/presence/not-a-uuid')).statusCode).toBe(400);
  });
});

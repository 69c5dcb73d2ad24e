import type { RecordHistoryEvent, Task } from '@solar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { valueChanges } from './board.history';
import { boardTestKit, type Company } from './board.test-kit';

let t: TestApp;
const { call, ok, createTask, companyWithBoard } = boardTestKit(() => t);
let a: Company;
let b: Company;

type History = { data: { events: RecordHistoryEvent[]; nextCursor: number | null } };
const history = async (token: string, id: string, query = '') =>
  (await ok<History>(token, 'GET', `/api/task/${id}/history${query}`)).data;
/** The events, oldest first, as `kind key:from>to …` lines (compact to compare). */
const lines = (events: RecordHistoryEvent[]) =>
  [...events]
    .reverse()
    .map((e) =>
      [e.kind, ...e.changes.map((c) => `${c.key}:${JSON.stringify(c.from)}>${JSON.stringify(c.to)}`)].join(
        ' ',
      ),
    );

beforeAll(async () => {
  t = await createTestApp();
  a = await companyWithBoard();
  b = await companyWithBoard();
});
afterAll(() => t.close());

describe('GET /task/{id}/history', () => {
  it('tells who made the record and changed which values from what to what, newest first', async () => {
    const task = await createTask(a.admin.token, { taskName: 'Order rails', properties: { Status: 'Open' } });
    await ok(a.sales.token, 'PUT', `/api/task/update/${task._id}`, {
      taskName: 'Order rails (SMA)',
      properties: { Status: 'Done', 'Estimate (h)': 3 },
    });
    // A write that changes nothing leaves no entry.
    await ok(a.sales.token, 'PUT', `/api/task/update/${task._id}`, { properties: { Status: 'Done' } });
    await ok(a.installer.token, 'PUT', '/api/task/update/multiple', {
      ids: [task._id],
      update: { notes: 'Call first' },
    });
    const { events } = await history(a.admin.token, task._id);
    expect(lines(events)).toEqual([
      'created',
      'changed taskName:"Order rails">"Order rails (SMA)" Status:"Open">"Done" Estimate (h):null>3',
      'changed notes:"">"Call first"',
    ]);
    expect(events[0]?.user).toEqual({
      id: a.installer.user.id,
      firstName: a.installer.user.firstName,
      lastName: a.installer.user.lastName,
    });
    expect(events[1]?.user?.id).toBe(a.sales.user.id);
    expect(Date.parse(events[0]?.at as string)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('keeps the bin, the undo of a delete, a paste and a copy', async () => {
    const task = await createTask(a.admin.token, { taskName: 'Mount rails' });
    await ok(a.admin.token, 'POST', '/api/task/paste', {
      board: 'tasks',
      cells: [{ id: task._id, key: 'Status', text: 'Done' }],
    });
    await ok(a.admin.token, 'POST', '/api/task/delete/multiple', { taskIds: [task._id] });
    await ok(a.admin.token, 'PUT', '/api/task/update/multiple', {
      ids: [task._id],
      update: { isDeleted: false },
    });
    expect(lines((await history(a.admin.token, task._id)).events)).toEqual([
      'created',
      'changed Status:null>"Done"',
      'deleted',
      'restored',
    ]);
    const [copy] = (
      await ok<{ data: { tasks: Task[] } }>(a.admin.token, 'POST', '/api/task/duplicate', {
        board: 'tasks',
        ids: [task._id],
      })
    ).data.tasks;
    expect(lines((await history(a.admin.token, copy?._id as string)).events)).toEqual(['created']);
  });

  it('pages newest first', async () => {
    const task = await createTask(a.admin.token, { taskName: 'Paged' });
    for (let i = 1; i <= 4; i++) {
      await ok(a.admin.token, 'PUT', `/api/task/update/${task._id}`, { properties: { 'Estimate (h)': i } });
    }
    const first = await history(a.admin.token, task._id, '?limit=2');
    expect(first.events.map((e) => e.changes[0]?.to)).toEqual([4, 3]);
    expect(first.nextCursor).not.toBeNull();
    const second = await history(a.admin.token, task._id, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.events.map((e) => e.changes[0]?.to)).toEqual([2, 1]);
    const last = await history(a.admin.token, task._id, `?limit=2&cursor=${second.nextCursor}`);
    expect(lines(last.events)).toEqual(['created']);
    expect(last.nextCursor).toBeNull();
    const bad = await call(a.admin.token, 'GET', `/api/task/${task._id}/history?limit=500`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toContain('limit');
  });

  it("another company's record is not found; platform roles are refused", async () => {
    const task = await createTask(a.admin.token, { taskName: 'Private' });
    expect((await call(b.admin.token, 'GET', `/api/task/${task._id}/history`)).statusCode).toBe(404);
    for (const role of ['ADMIN', 'CITY_ADMIN'] as const) {
      const user = await t.createPlatformUser(role);
      expect((await call(user.token, 'GET', `/api/task/${task._id}/history`)).statusCode).toBe(403);
    }
    // Nor does another company's write reach this record's history (it is refused first).
    await call(b.admin.token, 'PUT', `/api/task/update/${task._id}`, { taskName: 'Taken' });
    expect(lines((await history(a.admin.token, task._id)).events)).toEqual(['created']);
  });
});

describe('GET /task/activity', () => {
  it("answers the latest entries of the company's board, with each record's name, a page at a time", async () => {
    const c = await companyWithBoard();
    const one = await createTask(c.admin.token, { taskName: 'One' });
    const two = await createTask(c.sales.token, { taskName: 'Two' });
    await ok(c.admin.token, 'PUT', `/api/task/update/${one._id}`, { properties: { Status: 'Done' } });
    await ok(c.admin.token, 'POST', '/api/task/delete/multiple', { taskIds: [two._id] });
    type Activity = {
      data: {
        events: (RecordHistoryEvent & { record: { name: string; isDeleted: boolean } })[];
        nextCursor: number | null;
      };
    };
    const feed = (query: string) => ok<Activity>(c.installer.token, 'GET', `/api/task/activity${query}`);
    const first = (await feed('?board=tasks&limit=3')).data;
    expect(
      first.events.map((e) => `${e.kind} ${e.record.name}${e.record.isDeleted ? ' (bin)' : ''}`),
    ).toEqual(['deleted Two (bin)', 'changed One', 'created Two (bin)']);
    expect(first.events[2]?.user?.id).toBe(c.sales.user.id);
    const rest = (await feed(`?board=tasks&limit=3&cursor=${first.nextCursor}`)).data;
    expect(rest.events.map((e) => `${e.kind} ${e.record.name}`)).toEqual(['created One']);
    expect(rest.nextCursor).toBeNull();
    // Another board, another company: none of these.
    expect((await feed('?board=projects')).data.events).toEqual([]);
    const other = await ok<Activity>(b.admin.token, 'GET', '/api/task/activity?board=tasks');
    expect(other.data.events.some((e) => e.record.name === 'One' || e.record.name === 'Two')).toBe(false);
    const admin = await t.createPlatformUser('ADMIN');
    expect((await call(admin.token, 'GET', '/api/task/activity?board=tasks')).statusCode).toBe(403);
    const bad = await call(c.admin.token, 'GET', '/api/task/activity?board=nope');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toContain('board');
  });

  it("narrows to one person's entries and to a period, and refuses a bad filter field by field", async () => {
    const c = await companyWithBoard();
    type Activity = {
      data: { events: (RecordHistoryEvent & { record: { name: string } })[]; nextCursor: number | null };
    };
    const feed = async (query: string) =>
      (
        await ok<Activity>(c.installer.token, 'GET', `/api/task/activity?board=tasks${query}`)
      ).data.events.map((e) => `${e.kind} ${e.record.name}`);
    await createTask(c.admin.token, { taskName: 'Old' });
    // The period starts between the two records' entries.
    await new Promise((r) => setTimeout(r, 20));
    const between = encodeURIComponent(new Date().toISOString());
    await new Promise((r) => setTimeout(r, 20));
    const mine = await createTask(c.sales.token, { taskName: 'Mine' });
    await ok(c.admin.token, 'PUT', `/api/task/update/${mine._id}`, { properties: { Status: 'Done' } });

    expect(await feed(`&userId=${c.sales.user.id}`)).toEqual(['created Mine']);
    expect(await feed(`&userId=${c.admin.user.id}`)).toEqual(['changed Mine', 'created Old']);
    expect(await feed(`&since=${between}`)).toEqual(['changed Mine', 'created Mine']);
    expect(await feed(`&since=${between}&userId=${c.admin.user.id}`)).toEqual(['changed Mine']);
    // A period before every entry is all of them; one after them all, none.
    expect(await feed(`&since=${encodeURIComponent('2020-01-01T00:00:00Z')}`)).toHaveLength(3);
    expect(await feed(`&since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual(
      [],
    );
    // Another company's person has no entries here.
    expect(await feed(`&userId=${b.admin.user.id}`)).toEqual([]);

    const bad = await call(
      c.admin.token,
      'GET',
      '/api/task/activity?board=tasks&userId=x&since=yesterday',
      undefined,
      'de',
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['since', 'userId']);
  });
});

describe('valueChanges', () => {
  it('names the values that changed, and keeps the first 500 characters of notes', () => {
    const before = { taskName: 'A', notes: 'x'.repeat(600), properties: { Tags: { value: ['a'] } } };
    const changes = valueChanges(
      before,
      { notes: 'y', properties: { Tags: { value: ['a'] }, Done: { value: 'true' } } },
      ['Tags', 'Done'],
    );
    expect(changes).toEqual([
      { key: 'notes', from: 'x'.repeat(500), to: 'y' },
      { key: 'Done', from: null, to: 'true' },
    ]);
  });
});

import type { Task } from '@solar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { positionsBetween } from './board.records';
import { boardTestKit, type Company } from './board.test-kit';

let t: TestApp;
const { call, ok, createTask, createProject, companyWithBoard } = boardTestKit(() => t);
let a: Company;
let b: Company;
const ids: Record<string, string> = {};

type Moved = { data: { moved: { id: string; position: number; previous: number }[] } };

/** The board's records in the order the table shows them without a sort. */
async function order(token: string, body: object = {}): Promise<string[]> {
  const res = await ok<{ data: { tasks: Task[] } }>(token, 'POST', '/api/task/filter?limit=100', {
    board: 'tasks',
    ...body,
  });
  return res.data.tasks.map((x) => x.taskName);
}

const move = (token: string, body: object) =>
  ok<Moved>(token, 'PUT', '/api/task/move', { board: 'tasks', ...body });

beforeAll(async () => {
  t = await createTestApp();
  a = await companyWithBoard();
  b = await companyWithBoard();
  for (const name of ['A', 'B', 'C', 'D', 'E']) {
    ids[name] = (await createTask(a.admin.token, { taskName: name, properties: { Status: 'Open' } }))._id;
  }
  ids.other = (await createTask(b.admin.token, { taskName: 'Other' }))._id;
});
afterAll(() => t.close());

describe('PUT /task/move', () => {
  it('puts records after another, in the order given, and first with afterId null', async () => {
    expect(await order(a.sales.token)).toEqual(['A', 'B', 'C', 'D', 'E']);
    const res = await move(a.sales.token, { ids: [ids.E, ids.D], afterId: ids.A });
    expect(await order(a.sales.token)).toEqual(['A', 'E', 'D', 'B', 'C']);
    expect(res.data.moved.map((m) => m.id)).toEqual([ids.E, ids.D]);
    expect(res.data.moved.every((m) => m.position !== m.previous)).toBe(true);

    await move(a.installer.token, { ids: [ids.C], afterId: null });
    expect(await order(a.sales.token)).toEqual(['C', 'A', 'E', 'D', 'B']);
    // To the end: after the last record.
    await move(a.admin.token, { ids: [ids.A], afterId: ids.B });
    expect(await order(a.sales.token)).toEqual(['C', 'E', 'D', 'B', 'A']);
  });

  it('puts records back at exact positions (undo), keeps their values and last edit', async () => {
    const before = await order(a.admin.token);
    const [task] = (
      await ok<{ data: { tasks: Task[] } }>(a.admin.token, 'POST', '/api/task/filter', {
        board: 'tasks',
        search: 'B',
      })
    ).data.tasks;
    const res = await move(a.admin.token, { ids: [ids.B, ids.C], afterId: ids.A });
    expect(await order(a.admin.token)).not.toEqual(before);
    const undo = res.data.moved;
    await move(a.admin.token, { ids: undo.map((m) => m.id), positions: undo.map((m) => m.previous) });
    expect(await order(a.admin.token)).toEqual(before);
    const [after] = (
      await ok<{ data: { tasks: Task[] } }>(a.admin.token, 'POST', '/api/task/filter', {
        board: 'tasks',
        search: 'B',
      })
    ).data.tasks;
    expect(after?.updatedAt).toBe(task?.updatedAt);
    expect(after?.properties).toEqual(task?.properties);
  });

  it('places a record into a filtered view right after the record it was dropped below', async () => {
    await ok(a.admin.token, 'PUT', `/api/task/update/${ids.D}`, { properties: { Status: 'Done' } });
    // The view shows the open records only; D (done) sits between two of them on the board.
    const open = { filters: [{ column: 'Status', value: ['Open'] }] };
    const shown = await order(a.admin.token, open);
    expect(shown).not.toContain('D');
    const [first, second] = shown;
    await move(a.admin.token, { ids: [ids[second as string]], afterId: null });
    expect((await order(a.admin.token, open)).slice(0, 2)).toEqual([second, first]);
  });

  it('renumbers the board when halving leaves no room, and the order holds', async () => {
    // Fifty-five moves into the same gap: doubles run out of room after about fifty halvings.
    const names = ['A', 'B', 'C'];
    await move(a.admin.token, { ids: [ids.A, ids.B, ids.C, ids.D, ids.E], afterId: null });
    for (let i = 0; i < 55; i++) {
      const mover = names[i % 2 === 0 ? 1 : 2] as string;
      await move(a.admin.token, { ids: [ids[mover] as string], afterId: ids.A });
    }
    const final = await order(a.admin.token);
    // The last move (i = 54) put B right after A.
    expect(final.slice(0, 3)).toEqual(['A', 'B', 'C']);
    expect(final).toHaveLength(5);
    const positions = await t.database.query<{ position: number }>(
      'SELECT position FROM board_records WHERE company_id = $1 ORDER BY position, seq',
      [a.company.id],
    );
    const list = positions.map((p) => Number(p.position));
    expect(new Set(list).size).toBe(list.length);
  });

  it("refuses another company's records, records in the bin and platform roles", async () => {
    const foreign = await call(b.admin.token, 'PUT', '/api/task/move', {
      board: 'tasks',
      ids: [ids.A],
      afterId: null,
    });
    expect(foreign.statusCode).toBe(404);
    const mixed = await call(a.admin.token, 'PUT', '/api/task/move', {
      board: 'tasks',
      ids: [ids.A, ids.other],
      afterId: null,
    });
    expect(mixed.statusCode).toBe(404);
    const foreignAnchor = await call(a.admin.token, 'PUT', '/api/task/move', {
      board: 'tasks',
      ids: [ids.A],
      afterId: ids.other,
    });
    expect(foreignAnchor.statusCode).toBe(404);
    const wrongBoard = await call(a.admin.token, 'PUT', '/api/task/move', {
      board: 'projects',
      ids: [ids.A],
      afterId: null,
    });
    expect(wrongBoard.statusCode).toBe(404);
    const [other] = await order(b.admin.token);
    expect(other).toBe('Other');

    const binned = await createTask(a.admin.token, { taskName: 'Binned' });
    await ok(a.admin.token, 'POST', '/api/task/delete/multiple', { taskIds: [binned._id] });
    const bin = await call(a.admin.token, 'PUT', '/api/task/move', {
      board: 'tasks',
      ids: [binned._id],
      afterId: null,
    });
    expect(bin.statusCode).toBe(404);

    for (const role of ['ADMIN', 'CITY_ADMIN'] as const) {
      const user = await t.createPlatformUser(role);
      const res = await call(user.token, 'PUT', '/api/task/move', {
        board: 'tasks',
        ids: [ids.A],
        afterId: null,
      });
      expect(res.statusCode).toBe(403);
    }
  });

  it('a refused move changes nothing', async () => {
    const before = await order(a.admin.token);
    const res = await call(a.admin.token, 'PUT', '/api/task/move', {
      board: 'tasks',
      ids: [ids.E, ids.other],
      afterId: ids.A,
    });
    expect(res.statusCode).toBe(404);
    expect(await order(a.admin.token)).toEqual(before);
  });

  it('validates the body field by field, in the reader language', async () => {
    const cases: [object, string][] = [
      [{ ids: [] }, 'ids'],
      [{ ids: [ids.A] }, 'afterId'],
      [{ ids: [ids.A], afterId: ids.A }, 'afterId'],
      [{ ids: [ids.A], afterId: null, positions: [1] }, 'positions'],
      [{ ids: [ids.A, ids.B], positions: [1] }, 'positions'],
      [{ ids: [ids.A, ids.A], afterId: null }, 'ids'],
      [{ ids: ['nope'], afterId: null }, 'ids.0'],
    ];
    for (const [body, field] of cases) {
      const res = await call(a.admin.token, 'PUT', '/api/task/move', { board: 'tasks', ...body }, 'de');
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    const german = await call(
      a.admin.token,
      'PUT',
      '/api/task/move',
      { board: 'tasks', ids: [ids.A], afterId: ids.A },
      'de',
    );
    expect(german.json().errors.afterId).toBe(
      'Ein Datensatz kann nicht hinter sich selbst verschoben werden',
    );
  });
});

describe('records inserted and duplicated in place', () => {
  it('inserts a new record right after another, or first with afterId null', async () => {
    const c = await companyWithBoard();
    const x = await createTask(c.admin.token, { taskName: 'X' });
    const y = await createTask(c.admin.token, { taskName: 'Y' });
    await createTask(c.sales.token, { taskName: 'After X', afterId: x._id });
    await createTask(c.sales.token, { taskName: 'First', afterId: null });
    await createTask(c.sales.token, { taskName: 'Last' });
    expect(await order(c.admin.token)).toEqual(['First', 'X', 'After X', 'Y', 'Last']);
    // Another company's record, or one in the bin, is not a place to insert at.
    const foreign = await call(c.admin.token, 'POST', '/api/task/create', { board: 'tasks', afterId: ids.A });
    expect(foreign.statusCode).toBe(404);
    await ok(c.admin.token, 'POST', '/api/task/delete/multiple', { taskIds: [y._id] });
    const binned = await call(c.admin.token, 'POST', '/api/task/create', { board: 'tasks', afterId: y._id });
    expect(binned.statusCode).toBe(404);
    expect(await order(c.admin.token)).toEqual(['First', 'X', 'After X', 'Last']);
  });

  it('copies records right after their originals, with their cells and notes, as new records', async () => {
    const c = await companyWithBoard();
    const p = await createTask(c.admin.token, {
      taskName: 'P',
      notes: 'Ask for the roof plan',
      properties: { Status: 'Done', 'Estimate (h)': 3 },
    });
    const q = await createTask(c.admin.token, { taskName: 'Q' });
    await createTask(c.admin.token, { taskName: 'R' });
    const res = await ok<{ data: { tasks: Task[] } }>(c.sales.token, 'POST', '/api/task/duplicate', {
      board: 'tasks',
      ids: [q._id, p._id],
    });
    const [qCopy, pCopy] = res.data.tasks;
    expect(await order(c.admin.token)).toEqual(['P', 'P', 'Q', 'Q', 'R']);
    expect(qCopy?.taskName).toBe('Q');
    expect(pCopy?._id).not.toBe(p._id);
    expect(pCopy?.notes).toBe('Ask for the roof plan');
    expect(pCopy?.properties.Status?.value).toBe('Done');
    expect(pCopy?.properties['Estimate (h)']?.value).toBe(3);
    expect(pCopy?.userId).toBe(c.sales.user.id);

    // Tenancy, the projects board and platform roles.
    const foreign = await call(b.admin.token, 'POST', '/api/task/duplicate', {
      board: 'tasks',
      ids: [p._id],
    });
    expect(foreign.statusCode).toBe(404);
    const mixed = await call(c.admin.token, 'POST', '/api/task/duplicate', {
      board: 'tasks',
      ids: [p._id, ids.A],
    });
    expect(mixed.statusCode).toBe(404);
    expect(await order(c.admin.token)).toHaveLength(5);
    const projects = await call(c.admin.token, 'POST', '/api/task/duplicate', {
      board: 'projects',
      ids: [p._id],
    });
    expect(projects.statusCode).toBe(403);
    const admin = await t.createPlatformUser('ADMIN');
    expect(
      (await call(admin.token, 'POST', '/api/task/duplicate', { board: 'tasks', ids: [p._id] })).statusCode,
    ).toBe(403);
    const empty = await call(c.admin.token, 'POST', '/api/task/duplicate', { board: 'tasks', ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors)).toContain('ids');
  });
});

describe('the projects board', () => {
  it('orders project records by hand, and a new project comes after the last record', async () => {
    const c = await t.createInstallerCompany();
    await createProject(c.company.id);
    await createProject(c.company.id);
    const records = async () =>
      (
        await ok<{ data: { tasks: Task[] } }>(c.admin.token, 'POST', '/api/task/filter', {
          board: 'projects',
          groupBy: null,
        })
      ).data.tasks.map((x) => x._id);
    const [first, second] = await records();
    const moveProjects = (ids: string[], afterId: string) =>
      ok(c.sales.token, 'PUT', '/api/task/move', { board: 'projects', ids, afterId });
    await moveProjects([first as string], second as string);
    await moveProjects([second as string], first as string);
    expect(await records()).toEqual([first, second]);
    await createProject(c.company.id);
    const after = await records();
    expect(after.slice(0, 2)).toEqual([first, second]);
    expect(after).toHaveLength(3);
  });
});

describe('positionsBetween', () => {
  it('spreads records evenly between neighbours, before the first and after the last', () => {
    expect(positionsBetween(1, 2, 3)).toEqual([1.25, 1.5, 1.75]);
    expect(positionsBetween(null, 5, 2)).toEqual([3, 4]);
    expect(positionsBetween(5, null, 2)).toEqual([6, 7]);
    expect(positionsBetween(null, null, 3)).toEqual([0, 1, 2]);
  });

  it('answers null when the neighbours leave no room', () => {
    expect(positionsBetween(1, 1, 1)).toBeNull();
    expect(positionsBetween(1, 1 + Number.EPSILON, 2)).toBeNull();
  });
});

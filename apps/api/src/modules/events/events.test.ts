import { randomUUID } from 'node:crypto';
import { type ClientRequest, type IncomingMessage, request, type ServerResponse } from 'node:http';
import { LiveEvent } from '@solar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { ChangeFeed } from '../../lib/change-feed';
import { boardTestKit, type Company } from '../board/board.test-kit';
import { LiveStreams, MAX_STREAMS_PER_USER } from './events.routes';

let t: TestApp;
let base: string;
const { call, ok, createTask, companyWithBoard } = boardTestKit(() => t);
let a: Company;
let b: Company;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });

  a = await companyWithBoard();
  b = await companyWithBoard();
});
afterAll(() => t.close());

/**
 * A browser's stream over real HTTP (node:http, so that closing it closes its connection at once):
 * the events it has read, and a wait for the next matching one.
 */
async function openStream(token: string) {
  const { res, req } = await new Promise<{ res: IncomingMessage; req: ClientRequest }>((resolve, reject) => {
    const req = request(`${base}/api/events`, { headers: { ...t.auth(token), accept: 'text/event-stream' } });
    req.on('response', (res) => resolve({ res, req }));
    req.on('error', reject);
    req.end();
  });
  const events: LiveEvent[] = [];
  const waiter: { wake?: () => void } = {};
  let ended = false;
  const reading = new Promise<void>((resolve) => {
    let buffer = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      let at = buffer.indexOf('\n\n');
      while (at >= 0) {
        const block = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (data) events.push(LiveEvent.parse(JSON.parse(data.slice(6))));
        at = buffer.indexOf('\n\n');
      }
      waiter.wake?.();
    });
    res.on('close', () => {
      ended = true;
      waiter.wake?.();
      resolve();
    });
  });
  /** Waits until an event after the first `from` ones matches, or fails after `ms`. */
  async function next(match: (e: LiveEvent) => boolean, from = 0, ms = 3_000): Promise<LiveEvent> {
    const until = Date.now() + ms;
    for (;;) {
      const found = events.slice(from).find(match);
      if (found) return found;
      if (ended) throw new Error(`stream ended; events: ${JSON.stringify(events)}`);
      const left = until - Date.now();
      if (left <= 0) throw new Error(`no matching event in ${ms} ms; events: ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        waiter.wake = resolve;
        setTimeout(resolve, left);
      });
    }
  }
  await next((e) => e.type === 'ready');
  return {
    res,
    events,
    next,
    isEnded: () => ended,
    ended: reading,
    close: () => req.destroy(),
  };
}

const settle = () => new Promise((r) => setTimeout(r, 300));

describe('GET /events', () => {
  it('is an uncompressed event stream with the API security headers, refused without a session or a company', async () => {
    const stream = await openStream(a.installer.token);
    expect(stream.res.statusCode).toBe(200);
    expect(stream.res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.res.headers['content-encoding']).toBeUndefined();
    expect(stream.res.headers['x-content-type-options']).toBe('nosniff');
    expect(stream.res.headers['cache-control']).toBe('no-store, no-transform');
    stream.close();

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/events' });
    expect(anonymous.statusCode).toBe(401);
    for (const role of ['ADMIN', 'CITY_ADMIN'] as const) {
      const platform = await t.createPlatformUser(role);
      const res = await call(platform.token, 'GET', '/api/events');
      expect(res.statusCode, role).toBe(403);
    }
  });

  it("tells a reader of their own notifications and the company's people of a board change, nobody else", async () => {
    const installer = await openStream(a.installer.token);
    const sales = await openStream(a.sales.token);
    const other = await openStream(b.installer.token);

    const task = await createTask(a.admin.token, { taskName: 'Live one' });
    await ok(a.admin.token, 'PUT', `/api/task/update/${task._id}`, {
      properties: { Assignee: [{ value: a.installer.user.id }] },
    });
    await installer.next((e) => e.type === 'notifications');
    expect(await installer.next((e) => e.type === 'board')).toEqual({ type: 'board', by: a.admin.user.id });
    await sales.next((e) => e.type === 'board' && e.by === a.admin.user.id);
    await settle();
    // The sales user was not assigned: no notifications event. Company B heard nothing at all.
    expect(sales.events.some((e) => e.type === 'notifications')).toBe(false);
    expect(other.events).toEqual([{ type: 'ready' }]);

    // Reading them (another tab, another device) is a change of the reader's notifications too.
    const seen = installer.events.length;
    await ok(a.installer.token, 'PUT', '/api/notification/read', { all: true });
    await installer.next((e) => e.type === 'notifications', seen);
    // A refused write (a person of another company) changes nothing and announces nothing.
    const refused = await call(a.admin.token, 'PUT', `/api/task/update/${task._id}`, {
      properties: { Assignee: [{ value: b.installer.user.id }] },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const after = sales.events.length;
    await settle();
    expect(sales.events.slice(after)).toEqual([]);

    // Company B's own change reaches B's people only.
    const before = installer.events.length;
    await createTask(b.admin.token, { taskName: 'Elsewhere' });
    await other.next((e) => e.type === 'board' && e.by === b.admin.user.id);
    await settle();
    expect(installer.events.slice(before)).toEqual([]);
    for (const s of [installer, sales, other]) s.close();
  });

  it('tells of moves by the mover, and of column changes without a name, to the company alone', async () => {
    const tasks = await Promise.all(['M1', 'M2'].map((n) => createTask(a.admin.token, { taskName: n })));
    const sales = await openStream(a.sales.token);
    const other = await openStream(b.sales.token);
    await ok(a.installer.token, 'PUT', '/api/task/move', {
      board: 'tasks',
      ids: [tasks[1]?._id],
      afterId: null,
    });
    await sales.next((e) => e.type === 'board' && e.by === a.installer.user.id);
    const from = sales.events.length;
    await ok(a.admin.token, 'POST', '/api/task/property/create', {
      board: 'tasks',
      key: 'Live column',
      type: 'text',
    });
    expect(await sales.next((e) => e.type === 'board', from)).toEqual({ type: 'board', by: null });
    await settle();
    expect(other.events).toEqual([{ type: 'ready' }]);
    sales.close();
    other.close();
  });

  it('sends one event for the announcements of one operation', async () => {
    const sales = await openStream(a.sales.token);
    const tasks = await Promise.all(
      ['1', '2', '3'].map((n) => createTask(a.admin.token, { taskName: `Bulk ${n}` })),
    );
    await settle();
    const from = sales.events.length;
    await ok(a.admin.token, 'PUT', '/api/task/update/multiple', {
      ids: tasks.map((x) => x._id),
      update: { properties: { Assignee: [{ value: a.sales.user.id }] } },
    });
    await sales.next((e) => e.type === 'notifications', from);
    await settle();
    const got = sales.events.slice(from);
    expect(got.filter((e) => e.type === 'board')).toEqual([{ type: 'board', by: a.admin.user.id }]);
    expect(got.filter((e) => e.type === 'notifications')).toHaveLength(1);
    sales.close();
  });

  it("tells the company's other people when someone comes, opens a record or leaves, not on a heartbeat", async () => {
    const admin = await openStream(a.admin.token);
    const own = await openStream(a.installer.token);
    const other = await openStream(b.admin.token);
    const task = await createTask(a.admin.token, { taskName: 'Presence' });
    await settle();
    const tab = randomUUID();
    const present = (recordId: string | null) =>
      ok(a.installer.token, 'PUT', '/api/presence', { tabId: tab, board: 'tasks', recordId });

    let seen = admin.events.length;
    await present(null);
    await admin.next((e) => e.type === 'presence', seen);
    seen = admin.events.length;
    await present(task._id);
    await admin.next((e) => e.type === 'presence', seen);
    // The same again (the heartbeat every 25 s) is no news.
    seen = admin.events.length;
    await present(task._id);
    await settle();
    expect(admin.events.slice(seen)).toEqual([]);
    await ok(a.installer.token, 'DELETE', `/api/presence/${tab}`);
    await admin.next((e) => e.type === 'presence', seen);
    // The installer's own stream and another company's hear none of it.
    await settle();
    expect(own.events.some((e) => e.type === 'presence')).toBe(false);
    expect(other.events.some((e) => e.type === 'presence')).toBe(false);
    for (const s of [admin, own, other]) s.close();
  });

  it('ends the stream when the session ends, and when the server drains', async () => {
    const created = await t.createUser('INSTALLER', a.company.id);
    const user = { id: created.id, ...(await t.login(created.email)) };
    const stream = await openStream(user.token);
    await t.database.query('UPDATE users SET session_version = session_version + 1 WHERE id = $1', [user.id]);
    await stream.ended;
    expect(stream.isEnded()).toBe(true);
    // Its next stream is refused like any request of an ended session.
    expect((await call(user.token, 'GET', '/api/events')).statusCode).toBe(403);

    // A logout ends the streams of that login only, not the user's other logins.
    const again = await t.login(created.email);
    const phone = await t.login(created.email);
    const [outStream, phoneStream] = [await openStream(again.token), await openStream(phone.token)];
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      payload: { refresh_token: again.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    await outStream.ended;
    await settle();
    expect(phoneStream.isEnded()).toBe(false);
    phoneStream.close();

    const open = await openStream(a.installer.token);
    expect(t.app.liveStreams.size).toBeGreaterThan(0);
    const started = Date.now();
    // Nothing else in flight: the drain does not wait out its ten seconds for the stream.
    await t.app.drain({ quietMs: 100 });
    expect(Date.now() - started).toBeLessThan(2_000);
    await open.ended;
    expect(t.app.liveStreams.size).toBe(0);
  });
});

/** A response that records what is written to it (the streams' unit tests, without HTTP). */
function fakeResponse() {
  const written: string[] = [];
  const listeners: (() => void)[] = [];
  const res = {
    writableEnded: false,
    write(chunk: string) {
      written.push(chunk);
      return true;
    },
    end() {
      res.writableEnded = true;
      for (const fn of listeners) fn();
    },
    on(_event: 'close', fn: () => void) {
      listeners.push(fn);
    },
  };
  const events = () =>
    written.filter((w) => w.startsWith('event: ')).map((w) => JSON.parse(w.split('\ndata: ')[1] ?? ''));
  return { res: res as unknown as ServerResponse, events, ended: () => res.writableEnded };
}

describe('LiveStreams', () => {
  const wait = () => new Promise((r) => setTimeout(r, 80));
  const user = '00000000-0000-4000-8000-000000000001';
  const colleague = '00000000-0000-4000-8000-000000000002';
  const company = '00000000-0000-4000-8000-0000000000c1';

  it('merges repeated announcements (every pooled connection hears each) and keeps writers apart', async () => {
    const feed = new ChangeFeed();
    const streams = new LiveStreams(feed);
    const one = fakeResponse();
    streams.open(user, company, one.res);
    for (let i = 0; i < 5; i++) {
      feed.deliver(`notification:${user}`);
      feed.deliver(`board:${company}:${colleague}`);
    }
    feed.deliver(`board:${company}:${user}`);
    feed.deliver(`notification:${colleague}`);
    feed.deliver('board:other-company:someone');
    await wait();
    expect(one.events()).toEqual([
      { type: 'ready' },
      { type: 'notifications' },
      { type: 'board', by: colleague },
      { type: 'board', by: user },
    ]);
    streams.close();
  });

  it('asks everyone to look again when the feed was interrupted, and ends streams on a session change', async () => {
    const feed = new ChangeFeed();
    const streams = new LiveStreams(feed);
    const one = fakeResponse();
    const two = fakeResponse();
    streams.open(user, company, one.res);
    streams.open(colleague, company, two.res);
    feed.deliver(`board:${company}:${colleague}`);
    feed.deliver('board:*');
    feed.deliver('notification:*');
    await wait();
    expect(one.events().slice(1)).toEqual([{ type: 'notifications' }, { type: 'board', by: null }]);
    feed.deliver(`session:${colleague}`);
    expect(two.ended()).toBe(true);
    expect(one.ended()).toBe(false);
    expect(streams.size).toBe(1);
    // A lost and regained feed ends every stream: their browsers open new ones and ask again.
    feed.setLive(false);
    expect(one.ended()).toBe(true);
    expect(streams.size).toBe(0);
    streams.close();
  });

  it('ends the streams of a login that ended, and only those', () => {
    const feed = new ChangeFeed();
    const streams = new LiveStreams(feed);
    const [laptop, phone, unknown] = [fakeResponse(), fakeResponse(), fakeResponse()];
    streams.open(user, company, laptop.res, null, 'family-laptop');
    streams.open(user, company, phone.res, null, 'family-phone');
    streams.open(colleague, company, unknown.res, null, null);
    feed.deliver('family:family-laptop');
    expect([laptop.ended(), phone.ended(), unknown.ended()]).toEqual([true, false, false]);
    feed.deliver('family:*');
    expect([phone.ended(), unknown.ended()]).toEqual([true, true]);
    streams.close();
  });

  it('ends a stream when the token it was opened with expires', async () => {
    const streams = new LiveStreams(new ChangeFeed());
    const one = fakeResponse();
    const two = fakeResponse();
    streams.open(user, company, one.res, Date.now() + 30);
    streams.open(colleague, company, two.res, null);
    await wait();
    expect(one.ended()).toBe(true);
    expect(two.ended()).toBe(false);
    streams.close();
  });

  it(`keeps at most ${MAX_STREAMS_PER_USER} streams of one user, ending the oldest`, () => {
    const streams = new LiveStreams(new ChangeFeed());
    const opened = Array.from({ length: MAX_STREAMS_PER_USER + 1 }, () => fakeResponse());
    for (const r of opened) streams.open(user, company, r.res);
    expect(opened[0]?.ended()).toBe(true);
    expect(opened.slice(1).every((r) => !r.ended())).toBe(true);
    expect(streams.size).toBe(MAX_STREAMS_PER_USER);
    streams.close();
    expect(opened.every((r) => r.ended())).toBe(true);
  });
});

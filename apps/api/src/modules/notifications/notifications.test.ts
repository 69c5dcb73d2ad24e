import type { Notification } from '@solar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { jobHandlers } from '../../server';
import { mentionIn } from '../board/board.history';
import { boardTestKit, type Company } from '../board/board.test-kit';
import { buildNotificationMail, notificationPath, notificationText } from './notifications.mail';
import { assignmentNotifications, NOTIFICATION_MAIL_JOB } from './notifications.service';

let t: TestApp;
const { call, ok, createTask, createProject, companyWithBoard } = boardTestKit(() => t);
let a: Company;
let b: Company;

type List = { data: { docs: Notification[]; nextCursor: number | null; unread: number } };
const list = async (token: string, query = '') =>
  (await ok<List>(token, 'GET', `/api/notification${query}`)).data;
const unread = async (token: string) =>
  (await ok<{ data: { unread: number } }>(token, 'GET', '/api/notification/unread')).data.unread;
const person = (...users: { id: string }[]) => users.map((u) => ({ value: u.id }));

beforeAll(async () => {
  // The e-mail waits its default two minutes: the tests below read the queued job and run it by hand.
  t = await createTestApp();
  a = await companyWithBoard();
  b = await companyWithBoard();
});
afterAll(() => t.close());

describe('notifications of the board', () => {
  it('tells a person put into a person property, not the writer, and not twice', async () => {
    const before = await unread(a.installer.token);
    const task = await createTask(a.admin.token, { taskName: 'Mount rails' });
    await ok(a.admin.token, 'PUT', `/api/task/update/${task._id}`, {
      properties: { Assignee: person(a.installer.user, a.admin.user) },
    });
    // Writing the same people again, or adding another, says nothing new to the installer.
    await ok(a.sales.token, 'PUT', `/api/task/update/${task._id}`, {
      properties: { Assignee: person(a.installer.user, a.admin.user, a.sales.user) },
    });
    expect(await unread(a.installer.token)).toBe(before + 1);
    const [first] = (await list(a.installer.token)).docs;
    expect(first).toMatchObject({
      kind: 'task_assigned',
      board: 'tasks',
      recordId: task._id,
      title: 'Mount rails',
      property: 'Assignee',
      readAt: null,
      actor: { id: a.admin.user.id, firstName: a.admin.user.firstName, lastName: a.admin.user.lastName },
    });
    // The admin wrote themself in: nothing for them; the sales user likewise.
    expect((await list(a.admin.token)).docs.some((n) => n.recordId === task._id)).toBe(false);
    expect((await list(a.sales.token)).docs.some((n) => n.recordId === task._id)).toBe(false);
  });

  it('tells of a new record made with a person, and one note with the count for a bulk edit', async () => {
    const made = await createTask(a.installer.token, {
      taskName: 'Order inverter',
      properties: { Assignee: person(a.sales.user) },
    });
    const [one] = (await list(a.sales.token)).docs;
    expect(one).toMatchObject({ kind: 'task_assigned', recordId: made._id, title: 'Order inverter' });

    const tasks = await Promise.all(
      ['A', 'B', 'C', 'D'].map((n) => createTask(a.admin.token, { taskName: `Bulk ${n}` })),
    );
    await ok(a.admin.token, 'PUT', '/api/task/update/multiple', {
      ids: tasks.map((x) => x._id),
      update: { properties: { Assignee: person(a.sales.user) } },
    });
    const [bulk] = (await list(a.sales.token)).docs;
    expect(bulk).toMatchObject({ kind: 'tasks_assigned', count: 4, recordId: null, property: 'Assignee' });
    expect(bulk?.actor?.id).toBe(a.admin.user.id);
  });

  it('takes back an unread assignment when the person is taken out again, and sends no e-mail for it', async () => {
    const task = await createTask(a.admin.token, { taskName: 'Second thoughts' });
    const before = await unread(a.installer.token);
    await ok(a.admin.token, 'PUT', `/api/task/update/${task._id}`, {
      properties: { Assignee: person(a.installer.user, a.sales.user) },
    });
    expect(await unread(a.installer.token)).toBe(before + 1);
    // The sales user reads theirs; then both are taken out (Ctrl+Z): the installer's unread one goes,
    // the sales user's read one stays.
    const [salesNote] = (await list(a.sales.token)).docs;
    await ok(a.sales.token, 'PUT', '/api/notification/read', { ids: [salesNote?.id] });
    await ok(a.admin.token, 'PUT', `/api/task/update/${task._id}`, { properties: { Assignee: [] } });
    expect(await unread(a.installer.token)).toBe(before);
    expect((await list(a.installer.token)).docs.some((n) => n.recordId === task._id)).toBe(false);
    expect((await list(a.sales.token)).docs.filter((n) => n.recordId === task._id)).toHaveLength(1);
    const [job] = await t.database.query<{ payload: { ids: number[] } }>(
      `SELECT payload FROM jobs WHERE queue = $1 AND kind = $2 ORDER BY id DESC LIMIT 1`,
      [t.config.JOB_QUEUE, NOTIFICATION_MAIL_JOB],
    );
    const sent = t.smtp.inbox.length;
    await jobHandlers(t.app.ctx)[NOTIFICATION_MAIL_JOB]?.(job?.payload, {
      jobId: 0,
      attempt: 1,
      maxAttempts: 5,
    });
    expect(t.smtp.inbox.length).toBe(sent);
  });

  it('says nothing of a write that is refused', async () => {
    const before = await unread(a.sales.token);
    const task = await createTask(a.admin.token, { taskName: 'Refused' });
    const res = await call(a.admin.token, 'PUT', `/api/task/update/${task._id}`, {
      properties: { Assignee: person(a.sales.user), 'Due date': 'not a date' },
    });
    expect(res.statusCode).toBe(400);
    // Another company's user cannot be assigned either: the whole write is refused.
    const foreign = await call(a.admin.token, 'PUT', `/api/task/update/${task._id}`, {
      properties: { Assignee: person(a.sales.user, b.sales.user) },
    });
    expect(foreign.statusCode).toBe(400);
    expect(await unread(a.sales.token)).toBe(before);
    expect(await unread(b.sales.token)).toBe(0);
  });
});

describe('status changes', () => {
  const statusOf = async (token: string, recordId: string) =>
    (await list(token)).docs.filter((n) => n.kind === 'status_changed' && n.recordId === recordId);

  it("tells a record's people of a new status by someone else, named as its option is called", async () => {
    const task = await createTask(a.admin.token, {
      taskName: 'Inverter check',
      properties: { Assignee: person(a.installer.user, a.sales.user) },
    });
    await ok(a.sales.token, 'PUT', `/api/task/update/${task._id}`, { properties: { Status: 'In progress' } });
    expect(await statusOf(a.installer.token, task._id)).toEqual([
      expect.objectContaining({
        kind: 'status_changed',
        title: 'Inverter check',
        property: 'Status',
        value: 'In progress',
        board: 'tasks',
        actor: expect.objectContaining({ id: a.sales.user.id }),
      }),
    ]);
    // The writer is not told of their own doing; the admin is in no person property of it.
    expect(await statusOf(a.sales.token, task._id)).toEqual([]);
    expect(await statusOf(a.admin.token, task._id)).toEqual([]);
    // An emptied status tells nobody; nor does another company's reader hear anything.
    await ok(a.admin.token, 'PUT', `/api/task/update/${task._id}`, { properties: { Status: '' } });
    expect(await statusOf(a.installer.token, task._id)).toHaveLength(1);
    expect((await list(b.installer.token)).docs.filter((n) => n.kind === 'status_changed')).toEqual([]);
  });

  it('says nothing of a status set with the assignment itself, nor of a bulk change of many records', async () => {
    const task = await createTask(a.admin.token, { taskName: 'Assigned and started' });
    await ok(a.admin.token, 'PUT', `/api/task/update/${task._id}`, {
      properties: { Assignee: person(a.sales.user), Status: 'In progress' },
    });
    const told = (await list(a.sales.token)).docs.filter((n) => n.recordId === task._id);
    expect(told.map((n) => n.kind)).toEqual(['task_assigned']);

    const many = await Promise.all(
      ['1', '2', '3', '4'].map((n) =>
        createTask(a.admin.token, {
          taskName: `Bulk status ${n}`,
          properties: { Assignee: person(a.installer.user) },
        }),
      ),
    );
    await ok(a.admin.token, 'PUT', '/api/task/update/multiple', {
      ids: many.map((x) => x._id),
      update: { properties: { Status: 'Done' } },
    });
    for (const x of many) expect(await statusOf(a.installer.token, x._id)).toEqual([]);
  });
});

describe('mentions in notes', () => {
  it('tells the people an edit of notes names with @ anew, with the line that names them', async () => {
    const task = await createTask(a.admin.token, { taskName: 'Scaffold' });
    const installer = `${a.installer.user.firstName} ${a.installer.user.lastName}`;
    const sales = `${a.sales.user.firstName} ${a.sales.user.lastName}`;
    await ok(a.admin.token, 'PUT', `/api/task/update/${task._id}`, {
      notes: `Delivery on Monday.\nPlease check the anchors, @${installer.toUpperCase()} and @${a.admin.user.firstName} ${a.admin.user.lastName}.`,
    });
    const [n] = (await list(a.installer.token)).docs;
    expect(n).toMatchObject({
      kind: 'mentioned',
      recordId: task._id,
      title: 'Scaffold',
      excerpt: `Please check the anchors, @${installer.toUpperCase()} and @${a.admin.user.firstName} ${a.admin.user.lastName}.`,
      actor: { id: a.admin.user.id },
    });
    // The writer named themself: nothing. Editing the notes again keeps the installer's mention:
    // nothing new for them, but the sales user named now hears of it.
    expect((await list(a.admin.token)).docs.some((x) => x.recordId === task._id)).toBe(false);
    const before = await unread(a.installer.token);
    await ok(a.installer.token, 'PUT', '/api/task/update/multiple', {
      ids: [task._id],
      update: { notes: `@${installer}: done. @${sales} can invoice.` },
    });
    expect(await unread(a.installer.token)).toBe(before);
    const [s] = (await list(a.sales.token)).docs;
    expect(s).toMatchObject({
      kind: 'mentioned',
      recordId: task._id,
      excerpt: `@${installer}: done. @${sales} can invoice.`,
    });
    // Another company's people are nobody here, whatever their name.
    await ok(a.admin.token, 'PUT', `/api/task/update/${task._id}`, {
      notes: `@${b.installer.user.firstName} ${b.installer.user.lastName}`,
    });
    expect((await list(b.installer.token)).docs).toEqual([]);
  });

  it('finds a name after @ in any case, not inside a longer word, and cuts a long line around it', () => {
    expect(mentionIn('Hi @ingo installateur!', 'Ingo Installateur')).toBe('Hi @ingo installateur!');
    expect(mentionIn('Hi @Ingo Installateurin', 'Ingo Installateur')).toBeNull();
    expect(mentionIn('Ingo Installateur without the sign', 'Ingo Installateur')).toBeNull();
    expect(mentionIn('@Ingo Installateurin and @Ingo Installateur', 'Ingo Installateur')).toBe(
      '@Ingo Installateurin and @Ingo Installateur',
    );
    const long = `${'a'.repeat(300)} @Ingo Installateur ${'b'.repeat(300)}`;
    const cut = mentionIn(long, 'Ingo Installateur') as string;
    expect(cut).toContain('@Ingo Installateur');
    expect(cut.startsWith('…') && cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(162);
    expect(mentionIn('@ ', ' ')).toBeNull();
  });
});

describe('notifications of saved projects', () => {
  it('tells the new responsible person, not the one who chose themself', async () => {
    const projectId = await createProject(a.company.id);
    await ok(a.admin.token, 'PUT', `/api/saved-project/update/${projectId}`, {
      responsibleUserId: a.installer.user.id,
    });
    const [n] = (await list(a.installer.token)).docs;
    expect(n).toMatchObject({ kind: 'project_assigned', projectId, actor: { id: a.admin.user.id } });
    expect(n?.title.length).toBeGreaterThan(0);
    const before = await unread(a.sales.token);
    await ok(a.sales.token, 'PUT', `/api/saved-project/update/${projectId}`, {
      responsibleUserId: a.sales.user.id,
    });
    expect(await unread(a.sales.token)).toBe(before);
  });
});

describe('GET /notification, PUT /notification/read', () => {
  it('pages newest first, filters the unread, and marks some or all read', async () => {
    const c = await companyWithBoard();
    const tasks = [];
    for (const name of ['One', 'Two', 'Three']) {
      const task = await createTask(c.admin.token, { taskName: name });
      await ok(c.admin.token, 'PUT', `/api/task/update/${task._id}`, {
        properties: { Assignee: person(c.installer.user) },
      });
      tasks.push(task);
    }
    const page1 = await list(c.installer.token, '?limit=2');
    expect(page1.docs.map((n) => n.title)).toEqual(['Three', 'Two']);
    expect(page1.unread).toBe(3);
    const page2 = await list(c.installer.token, `?limit=2&cursor=${page1.nextCursor}`);
    expect(page2.docs.map((n) => n.title)).toEqual(['One']);
    expect(page2.nextCursor).toBeNull();

    const two = page1.docs[1] as Notification;
    const read = await ok<{ data: { unread: number } }>(c.installer.token, 'PUT', '/api/notification/read', {
      ids: [two.id],
    });
    expect(read.data.unread).toBe(2);
    expect((await list(c.installer.token, '?unread=true')).docs.map((n) => n.title)).toEqual([
      'Three',
      'One',
    ]);
    const [, readOne] = (await list(c.installer.token)).docs;
    expect(readOne?.readAt).not.toBeNull();

    await ok(c.installer.token, 'PUT', '/api/notification/read', { all: true });
    expect(await unread(c.installer.token)).toBe(0);
    expect((await list(c.installer.token, '?unread=true')).docs).toEqual([]);
  });

  it('marks read what concerns a record or a project the reader opened', async () => {
    const c = await companyWithBoard();
    const one = await createTask(c.admin.token, {
      taskName: 'One',
      properties: { Assignee: person(c.sales.user) },
    });
    await createTask(c.admin.token, { taskName: 'Two', properties: { Assignee: person(c.sales.user) } });
    const projectId = await createProject(c.company.id);
    await ok(c.admin.token, 'PUT', `/api/saved-project/update/${projectId}`, {
      responsibleUserId: c.sales.user.id,
    });
    expect(await unread(c.sales.token)).toBe(3);
    const afterRecord = await ok<{ data: { unread: number } }>(
      c.sales.token,
      'PUT',
      '/api/notification/read',
      {
        recordId: one._id,
      },
    );
    expect(afterRecord.data.unread).toBe(2);
    expect((await list(c.sales.token, '?unread=true')).docs.map((n) => n.kind)).toEqual([
      'project_assigned',
      'task_assigned',
    ]);
    await ok(c.sales.token, 'PUT', '/api/notification/read', { projectId });
    expect((await list(c.sales.token, '?unread=true')).docs.map((n) => n.title)).toEqual(['Two']);
    // Another reader's opening changes nothing of theirs.
    await ok(c.admin.token, 'PUT', '/api/notification/read', { recordId: one._id });
    expect(await unread(c.sales.token)).toBe(1);
  });

  it('refuses bad input field by field, in the user’s language', async () => {
    const empty = await call(a.installer.token, 'PUT', '/api/notification/read', {}, 'de');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.ids).toBe('Dieses Feld ist erforderlich');
    const limit = await call(a.installer.token, 'GET', '/api/notification?limit=500');
    expect(limit.statusCode).toBe(400);
    expect(Object.keys(limit.json().errors)).toEqual(['limit']);
    const record = await call(a.installer.token, 'PUT', '/api/notification/read', { recordId: 'nope' });
    expect(Object.keys(record.json().errors)).toEqual(['recordId']);
    const flag = await call(a.installer.token, 'GET', '/api/notification?unread=maybe');
    expect(flag.statusCode).toBe(400);
    expect(Object.keys(flag.json().errors)).toEqual(['unread']);
  });

  it('shows each reader their own only: another company’s and a colleague’s are out of reach', async () => {
    const [mine] = (await list(a.installer.token)).docs;
    expect(mine).toBeDefined();
    const id = (mine as Notification).id;
    // Another company's user and a colleague see none of them and cannot mark them read.
    expect((await list(b.admin.token)).docs.some((n) => n.id === id)).toBe(false);
    expect((await list(a.admin.token)).docs.some((n) => n.id === id)).toBe(false);
    await ok(b.installer.token, 'PUT', '/api/notification/read', { ids: [id] });
    await ok(a.admin.token, 'PUT', '/api/notification/read', { ids: [id] });
    await ok(b.installer.token, 'PUT', '/api/notification/read', { all: true });
    const [still] = (await list(a.installer.token)).docs;
    expect(still?.id).toBe(id);
    expect(still?.readAt).toBeNull();
  });

  it('is refused to the platform roles, which have no company', async () => {
    for (const role of ['ADMIN', 'CITY_ADMIN'] as const) {
      const p = await t.createPlatformUser(role);
      expect((await call(p.token, 'GET', '/api/notification')).statusCode).toBe(403);
      expect((await call(p.token, 'GET', '/api/notification/unread')).statusCode).toBe(403);
      expect((await call(p.token, 'PUT', '/api/notification/read', { all: true })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/notification' })).statusCode).toBe(401);
  });
});

describe('notification e-mails', () => {
  const queued = async (userId: string) =>
    t.database.query<{ payload: { ids: number[] }; delay: number }>(
      `SELECT payload, extract(epoch FROM run_at - created_at)::int AS delay FROM jobs
       WHERE kind = $1 AND queue = $2 AND payload->'ids' @> (
         SELECT to_jsonb(array_agg(id)) FROM notifications WHERE user_id = $3) ORDER BY id`,
      [NOTIFICATION_MAIL_JOB, t.config.JOB_QUEUE, userId],
    );
  const runMailJob = (payload: unknown) =>
    jobHandlers(t.app.ctx)[NOTIFICATION_MAIL_JOB]?.(payload, {
      jobId: 0,
      attempt: 1,
      maxAttempts: 5,
    });

  it('waits two minutes, then mails what is still unread in the reader’s language, with the link', async () => {
    const c = await companyWithBoard();
    await t.database.query(`UPDATE users SET preferred_language = 'en' WHERE id = $1`, [c.sales.user.id]);
    const task = await createTask(c.admin.token, {
      taskName: 'Check roof',
      properties: { Assignee: person(c.sales.user) },
    });
    const [job] = await queued(c.sales.user.id);
    expect(job?.delay).toBeGreaterThanOrEqual(119);
    await runMailJob(job?.payload);
    const mail = await t.smtp.waitForMail(c.sales.user.email);
    expect(mail.subject).toBe(
      `Solar Partner Portal: ${c.admin.user.firstName} ${c.admin.user.lastName} assigned you “Check roof” (Assignee).`,
    );
    expect(mail.text).toContain(`http://portal.test/tasks?record=${task._id}`);
  });

  it('mails nothing read in the portal meanwhile, nor to a reader who turned e-mail off', async () => {
    const c = await companyWithBoard();
    await createTask(c.admin.token, {
      taskName: 'Read first',
      properties: { Assignee: person(c.sales.user) },
    });
    await ok(c.sales.token, 'PUT', '/api/notification/read', { all: true });
    // The setting is the reader's own, on the profile.
    const off = await ok<{ data: { user: { notifyByEmail: boolean } } }>(
      c.installer.token,
      'PUT',
      '/api/user/update/personal-details',
      { firstName: 'Ina', lastName: 'Stall', notifyByEmail: false },
    );
    expect(off.data.user.notifyByEmail).toBe(false);
    await createTask(c.admin.token, {
      taskName: 'No mail',
      properties: { Assignee: person(c.installer.user) },
    });
    for (const userId of [c.sales.user.id, c.installer.user.id]) {
      const [job] = await queued(userId);
      expect(job).toBeDefined();
      await runMailJob(job?.payload);
    }
    // The admin's own mail, sent after both jobs, arrives; none for the other two did before it.
    await createTask(c.sales.token, { taskName: 'Marker', properties: { Assignee: person(c.admin.user) } });
    const [marker] = await queued(c.admin.user.id);
    await runMailJob(marker?.payload);
    await t.smtp.waitForMail(c.admin.user.email);
    const to = (email: string) =>
      t.smtp.inbox.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((x) => x?.text.includes(email)));
    expect(to(c.sales.user.email)).toEqual([]);
    expect(to(c.installer.user.email)).toEqual([]);
  });
});

describe('texts and links', () => {
  const base = {
    actor: { id: 'u', firstName: 'Stefan', lastName: 'Sonnenbau' },
    board: 'tasks' as const,
    recordId: 'r1',
    projectId: null,
    title: 'DC-Verkabelung',
    property: 'Zuständig',
    count: null,
    customerName: null,
    excerpt: null,
    value: null,
  };

  it('writes every kind in three languages', () => {
    expect(notificationText({ ...base, kind: 'task_assigned' }, 'de')).toBe(
      'Stefan Sonnenbau hat Ihnen „DC-Verkabelung“ zugewiesen (Zuständig).',
    );
    expect(notificationText({ ...base, kind: 'tasks_assigned', count: 1200 }, 'de')).toBe(
      'Stefan Sonnenbau hat Ihnen 1.200 Datensätze zugewiesen (Zuständig).',
    );
    expect(notificationText({ ...base, kind: 'tasks_assigned', count: 1200 }, 'en')).toContain(
      '1,200 records',
    );
    expect(
      notificationText(
        { ...base, kind: 'offer_accepted', actor: null, customerName: 'Eva Kunde', title: 'Hauptstr. 1' },
        'es',
      ),
    ).toBe('Eva Kunde ha aceptado en línea su oferta para Hauptstr. 1.');
    const declined = { ...base, kind: 'offer_declined' as const, actor: null, customerName: 'Eva Kunde' };
    expect(notificationText({ ...declined, title: 'Hauptstr. 1', excerpt: 'Zu teuer' }, 'de')).toBe(
      'Eva Kunde hat Ihr Angebot für Hauptstr. 1 online abgelehnt. Grund: Zu teuer',
    );
    expect(notificationText({ ...declined, title: 'Hauptstr. 1' }, 'en')).toBe(
      'Eva Kunde declined your offer for Hauptstr. 1 online.',
    );
    expect(notificationText({ ...base, kind: 'project_assigned', actor: null }, 'en')).toMatch(
      /^Someone made you/,
    );
    expect(
      notificationText({ ...base, kind: 'status_changed', property: 'Status', value: 'In Arbeit' }, 'de'),
    ).toBe('Stefan Sonnenbau hat „DC-Verkabelung“ auf In Arbeit gesetzt (Status).');
    expect(
      notificationText({ ...base, kind: 'task_overdue', actor: null, property: 'Fällig am' }, 'de'),
    ).toBe('„DC-Verkabelung“ war gestern fällig und ist noch nicht erledigt (Fällig am).');
    expect(notificationText({ ...base, kind: 'status_changed', value: 'Terminada' }, 'es')).toMatch(
      /^Stefan Sonnenbau ha cambiado «DC-Verkabelung» a Terminada/,
    );
  });

  it('links each kind to its screen', () => {
    expect(notificationPath({ ...base, kind: 'task_assigned' })).toBe('/tasks?record=r1');
    expect(notificationPath({ ...base, kind: 'task_due' })).toBe('/tasks?record=r1');
    expect(notificationPath({ ...base, kind: 'mentioned' })).toBe('/tasks?record=r1');
    expect(notificationPath({ ...base, kind: 'status_changed' })).toBe('/tasks?record=r1');
    expect(notificationPath({ ...base, kind: 'task_assigned', board: 'projects' })).toBe(
      '/projects?record=r1',
    );
    expect(notificationPath({ ...base, kind: 'tasks_assigned', recordId: null })).toBe('/tasks');
    expect(notificationPath({ ...base, kind: 'offer_lost', recordId: null, projectId: 'p1' })).toBe(
      '/projectview?projectId=p1',
    );
  });

  it('escapes what users wrote in the HTML of the e-mail', () => {
    const mail = buildNotificationMail({
      lang: 'en',
      firstName: 'Ina',
      publicUrl: 'http://portal.test',
      notifications: [
        { ...base, kind: 'task_assigned', title: '<b>x</b>' },
        { ...base, kind: 'task_assigned', title: 'y' },
      ],
    });
    expect(mail.subject).toBe('Solar Partner Portal: 2 new notifications');
    expect(mail.html).toContain('&#60;b&#62;x&#60;/b&#62;');
    expect(mail.html).not.toContain('<b>x</b>');
  });

  it('groups a person’s many records of one operation into one notification with the count', () => {
    const rec = (i: number, userId = 'u1') => ({
      userId,
      recordId: `r${i}`,
      board: 'tasks' as const,
      projectId: null,
      name: `T${i}`,
      property: 'Assignee',
    });
    const three = assignmentNotifications('c', 'me', [rec(1), rec(2), rec(3), rec(3), rec(9, 'u2')]);
    expect(three.map((n) => `${n.userId}:${n.kind}:${n.recordId}`)).toEqual([
      'u1:task_assigned:r1',
      'u1:task_assigned:r2',
      'u1:task_assigned:r3',
      'u2:task_assigned:r9',
    ]);
    const four = assignmentNotifications('c', 'me', [rec(1), rec(2), rec(3), rec(4)]);
    expect(four).toEqual([
      expect.objectContaining({ kind: 'tasks_assigned', data: { property: 'Assignee', count: 4 } }),
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';

let t: TestApp;
let a: Awaited<ReturnType<TestApp['createInstallerCompany']>>;
let b: Awaited<ReturnType<TestApp['createInstallerCompany']>>;
let quotes: string[];

beforeAll(async () => {
  t = await createTestApp();
  a = await t.createInstallerCompany();
  b = await t.createInstallerCompany();
  await t.database.query(
    'UPDATE companies SET latitude = 20, longitude = 20, service_radius_km = 30 WHERE id = ANY($1::uuid[])',
    [`{${a.company.id},${b.company.id}}`],
  );
  quotes = await t.createQuotes(12, {
    latitude: 20.01,
    longitude: 20.01,
    address: 'Sonnenweg 7, 12345 Teststadt',
  });
});
afterAll(() => t.close());

async function save(token: string, quoteId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/saved-project/create',
    headers: t.auth(token),
    payload: { quoteId },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { _id: string; projectStatus: string };
}
const move = (token: string, id: string, projectStatus: string, lang = 'en') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/matched/${id}`,
    headers: { ...t.auth(token), 'accept-language': lang },
    payload: { projectStatus },
  });

describe('saved projects', () => {
  it('saves a quote once, lists it with customer data, and searches the address', async () => {
    const first = await save(a.sales.token, quotes[0] as string);
    const again = await save(a.sales.token, quotes[0] as string);
    expect(again._id).toBe(first._id);
    expect(first.projectStatus).toBe('ACQUISITION');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/saved-project/installer/search?page=1&limit=10',
      headers: t.auth(a.installer.token),
      payload: { search: 'sonnenweg' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.docs).toHaveLength(1);
    expect(res.json().data.docs[0].customer.email).toContain('@');
    expect(res.json().data.maxMin[0].count).toBe(1);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/saved-project/installer/search',
      headers: t.auth(b.installer.token),
      payload: {},
    });
    expect(other.json().data.docs).toEqual([]);
  });

  it('answers 404 for another company’s project on every call', async () => {
    const p = await save(a.sales.token, quotes[1] as string);
    const h = t.auth(b.admin.token);
    expect((await t.app.inject({ url: `/api/saved-project/project/${p._id}`, headers: h })).statusCode).toBe(
      404,
    );
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/saved-project/update/${p._id}`,
          headers: h,
          payload: { notes: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await move(b.admin.token, p._id, 'OFFER_PROVIDED')).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/saved-project/update-components/${p._id}`,
          headers: h,
          payload: { components: [] },
        })
      ).statusCode,
    ).toBe(404);
    // Deleting another company's id is refused, alone or beside one of the caller's own, and changes
    // nothing: no "deleted" for what was left alone.
    const own = await save(b.sales.token, quotes[11] as string);
    for (const deletedProjects of [[p._id], [own._id, p._id]]) {
      const refused = await t.app.inject({
        method: 'PUT',
        url: '/api/saved-project/delete',
        headers: { ...h, 'accept-language': 'en' },
        payload: { deletedProjects },
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe('Project not found');
    }
    expect(
      (await t.app.inject({ url: `/api/saved-project/project/${own._id}`, headers: t.auth(b.sales.token) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/saved-project/project/${p._id}`, headers: t.auth(a.sales.token) }))
        .statusCode,
    ).toBe(200);
  });

  it('updates notes, customer target and the responsible person of the same company only', async () => {
    const p = await save(a.sales.token, quotes[2] as string);
    const ok = await t.app.inject({
      method: 'PUT',
      url: `/api/saved-project/update/${p._id}`,
      headers: t.auth(a.installer.token),
      payload: {
        notes: 'Call after 5',
        customerTarget: ['Speicher'],
        responsibleUserId: a.installer.user.id,
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      notes: 'Call after 5',
      customerTarget: ['Speicher'],
      responsibleUserId: a.installer.user.id,
      responsiblePerson: 'Installer',
    });
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/saved-project/update/${p._id}`,
      headers: { ...t.auth(a.installer.token), 'accept-language': 'en' },
      payload: { responsibleUserId: b.installer.user.id, notes: 'should not stick' },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.responsibleUserId).toBe(
      'The responsible person must belong to your company',
    );
    const after = await t.app.inject({
      url: `/api/saved-project/project/${p._id}`,
      headers: t.auth(a.sales.token),
    });
    expect(after.json().data.notes).toBe('Call after 5');
  });

  it('deletes many for sales and admins, not for installers', async () => {
    const p = await save(a.sales.token, quotes[3] as string);
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/saved-project/delete',
      headers: t.auth(a.installer.token),
      payload: { deletedProjects: [p._id] },
    });
    expect(refused.statusCode).toBe(403);
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/saved-project/delete',
      headers: { ...t.auth(a.sales.token), 'accept-language': 'en' },
      payload: { deletedProjects: [p._id] },
    });
    expect(ok.json().data.message).toBe('Projects are deleted successfully');
    expect(
      (await t.app.inject({ url: `/api/saved-project/project/${p._id}`, headers: t.auth(a.sales.token) }))
        .statusCode,
    ).toBe(404);
  });
});

describe('stage transitions', () => {
  it('moves along the allowed path and records the history', async () => {
    const p = await save(a.sales.token, quotes[4] as string);
    expect((await move(a.sales.token, p._id, 'OFFER_PROVIDED')).statusCode).toBe(200);
    expect((await move(a.sales.token, p._id, 'INSTALLER_SIGNED')).statusCode).toBe(200);
    const done = await move(a.installer.token, p._id, 'PROJECT_REALIZED');
    expect(done.statusCode).toBe(200);
    expect(done.json().data.history.map((h: { to: string }) => h.to)).toEqual([
      'ACQUISITION',
      'OFFER_PROVIDED',
      'INSTALLER_SIGNED',
      'PROJECT_REALIZED',
    ]);
  });

  it('counts a search anew after a project moves stage, changes hands or is saved', async () => {
    const totals = async (payload: object) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/saved-project/installer/search?page=1&limit=1',
        headers: t.auth(a.installer.token),
        payload,
      });
      expect(res.statusCode).toBe(200);
      return res.json().data.maxMin[0].count as number;
    };
    const p = await save(a.sales.token, quotes[9] as string);
    const acquisition = await totals({ stage: ['ACQUISITION'] });
    const offered = await totals({ stage: ['OFFER_PROVIDED'] });
    expect(acquisition).toBeGreaterThan(0);
    expect((await move(a.sales.token, p._id, 'OFFER_PROVIDED')).statusCode).toBe(200);
    expect(await totals({ stage: ['ACQUISITION'] })).toBe(acquisition - 1);
    expect(await totals({ stage: ['OFFER_PROVIDED'] })).toBe(offered + 1);

    const mine = await totals({ responsibleUserId: a.admin.user.id });
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/saved-project/update/${p._id}`,
      headers: t.auth(a.sales.token),
      payload: { responsibleUserId: a.admin.user.id },
    });
    expect(updated.statusCode).toBe(200);
    expect(await totals({ responsibleUserId: a.admin.user.id })).toBe(mine + 1);

    const all = await totals({});
    await save(a.sales.token, quotes[10] as string);
    expect(await totals({})).toBe(all + 1);
  });

  it('refuses a move the rule does not allow with 400 and a message, and changes nothing', async () => {
    const p = await save(a.sales.token, quotes[5] as string);
    const res = await move(a.admin.token, p._id, 'PROJECT_REALIZED');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This project cannot move from Acquisition to Project realized');
    const de = await move(a.admin.token, p._id, 'PROJECT_REALIZED', 'de');
    expect(de.json().message).toBe(
      'Dieses Projekt kann nicht von Akquise nach Projekt realisiert verschoben werden',
    );
    expect(res.json().code).toBe('stage_move_refused');
    const after = await t.app.inject({
      url: `/api/saved-project/project/${p._id}`,
      headers: t.auth(a.sales.token),
    });
    expect(after.json().data.projectStatus).toBe('ACQUISITION');
    expect(after.json().data.history).toHaveLength(1);
  });

  it('refuses a move the role may not make with 403 and a message naming both stages, and changes nothing', async () => {
    const [quoteId] = await t.createQuotes(1, { latitude: 20.01, longitude: 20.01 });
    const p = await save(a.sales.token, quoteId as string);
    // 403, a refusal for the role (the web reads the user again, whose role may have changed), with
    // both stages named in the caller's language (docs/pipeline.md), on both routes that move a stage.
    const role = await move(a.installer.token, p._id, 'OFFER_PROVIDED');
    expect(role.statusCode).toBe(403);
    expect(role.json()).toMatchObject({
      status: 403,
      code: 'stage_move_role',
      message: 'Your role may not move a project from Acquisition to Offer provided',
    });
    const roleEs = await move(a.installer.token, p._id, 'OFFER_PROVIDED', 'es');
    expect(roleEs.statusCode).toBe(403);
    expect(roleEs.json().message).toBe('Su rol no puede pasar un proyecto de Captación a Oferta enviada');
    const roleDe = await t.app.inject({
      method: 'PUT',
      url: `/api/saved-project/update/${p._id}`,
      headers: { ...t.auth(a.installer.token), 'accept-language': 'de' },
      payload: { projectStatus: 'OFFER_PROVIDED', notes: 'nicht speichern' },
    });
    expect(roleDe.statusCode).toBe(403);
    expect(roleDe.json()).toMatchObject({
      code: 'stage_move_role',
      message: 'Ihre Rolle darf ein Projekt nicht von Akquise nach Angebot abgegeben verschieben',
    });
    // Another company's user is still told the project is not there (404), not what their role may do.
    expect((await move(b.sales.token, p._id, 'OFFER_PROVIDED')).statusCode).toBe(404);

    const after = await t.app.inject({
      url: `/api/saved-project/project/${p._id}`,
      headers: t.auth(a.sales.token),
    });
    expect(after.json().data).toMatchObject({ projectStatus: 'ACQUISITION', notes: '' });
    expect(after.json().data.history).toHaveLength(1);
    // The same move by a role that may make it goes through.
    expect((await move(a.sales.token, p._id, 'OFFER_PROVIDED')).statusCode).toBe(200);
  });

  it('groups the company’s projects in buckets by stage', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/matched/installer/search?limit=50',
      headers: t.auth(a.admin.token),
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    const { buckets, counts } = res.json().data;
    expect(Object.keys(buckets).sort()).toEqual(
      ['ACQUISITION', 'INSTALLER_SIGNED', 'OFFER_NOT_ACCEPTED', 'OFFER_PROVIDED', 'PROJECT_REALIZED'].sort(),
    );
    expect(counts.PROJECT_REALIZED).toBe(buckets.PROJECT_REALIZED.length);
    for (const [stage, rows] of Object.entries(buckets) as [string, { projectStatus: string }[]][]) {
      for (const r of rows) expect(r.projectStatus).toBe(stage);
    }
    const dash = await t.app.inject({ url: '/api/dashboard/stats', headers: t.auth(a.admin.token) });
    expect(dash.json().data.counts).toEqual(counts);
    expect(dash.json().data.monthly).toHaveLength(12);
  });

  it('counts a month’s signed projects once each, and none deleted since', async () => {
    const c = await t.createInstallerCompany();
    await t.database.query(
      'UPDATE companies SET latitude = 20, longitude = 20, service_radius_km = 30 WHERE id = $1',
      [c.company.id],
    );
    const [q1, q2] = await t.createQuotes(2, { latitude: 20.01, longitude: 20.01 });
    const twice = await save(c.admin.token, q1 as string);
    for (const stage of [
      'OFFER_PROVIDED',
      'INSTALLER_SIGNED',
      'OFFER_NOT_ACCEPTED',
      'OFFER_PROVIDED',
      'INSTALLER_SIGNED',
    ])
      expect((await move(c.admin.token, twice._id, stage)).statusCode).toBe(200);
    const gone = await save(c.admin.token, q2 as string);
    for (const stage of ['OFFER_PROVIDED', 'INSTALLER_SIGNED'])
      expect((await move(c.admin.token, gone._id, stage)).statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'PUT',
      url: '/api/saved-project/delete',
      headers: t.auth(c.admin.token),
      payload: { deletedProjects: [gone._id] },
    });
    expect(deleted.statusCode).toBe(200);
    const dash = await t.app.inject({ url: '/api/dashboard/stats', headers: t.auth(c.admin.token) });
    const { counts, monthly } = dash.json().data;
    expect(counts.INSTALLER_SIGNED).toBe(1);
    const thisMonth = monthly.at(-1);
    expect(thisMonth).toMatchObject({ created: 1, signed: 1 });
  });

  it('refuses platform roles on company projects', async () => {
    const city = await t.createPlatformUser('CITY_ADMIN');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/matched/installer/search',
      headers: t.auth(city.token),
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('media', () => {
  const upload = (token: string, name: string, content: Buffer, projectId?: string) => {
    const boundary = '----solar';
    const parts: Buffer[] = [];
    if (projectId) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="projectId"\r\n\r\n${projectId}\r\n`,
        ),
      );
    }
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/media',
      headers: {
        ...t.auth(token),
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'accept-language': 'en',
      },
      payload: Buffer.concat(parts),
    });
  };

  it('uploads a project file, answers data[0].url, downloads it and deletes it', async () => {
    const p = await save(a.sales.token, quotes[6] as string);
    const pdf = Buffer.from('%PDF-1.4\n% test\n');
    const res = await upload(a.sales.token, '../../etc/Angebot.pdf', pdf, p._id);
    expect(res.statusCode).toBe(200);
    const file = res.json().data[0];
    expect(file.name).toBe('Angebot.pdf');
    expect(file.url).toBe(`/api/media/${file._id}`);
    const got = await t.app.inject({ url: file.url, headers: t.auth(a.installer.token) });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(pdf)).toBe(true);
    const detail = await t.app.inject({
      url: `/api/saved-project/project/${p._id}`,
      headers: t.auth(a.sales.token),
    });
    expect(detail.json().data.uploadedInstallerImages.map((f: { _id: string }) => f._id)).toEqual([file._id]);
    // The uploader goes with the file, so the File Manager offers 'delete' only where the role may.
    expect(file.createdBy).toBe(a.sales.user.id);
    expect(detail.json().data.uploadedInstallerImages[0].createdBy).toBe(a.sales.user.id);
    const search = await t.app.inject({
      method: 'POST',
      url: '/api/saved-project/installer/search?page=1&limit=50',
      headers: t.auth(a.sales.token),
      payload: {},
    });
    const row = search.json().data.docs.find((d: { _id: string }) => d._id === p._id);
    expect(row.uploadedInstallerImages[0].createdBy).toBe(a.sales.user.id);
    expect((await t.app.inject({ url: file.url, headers: t.auth(b.admin.token) })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: file.url, headers: t.auth(b.admin.token) })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: file.url, headers: t.auth(a.sales.token) })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: file.url, headers: t.auth(a.sales.token) })).statusCode).toBe(404);
  });

  it('refuses a wrong type, a renamed file, an empty upload and another company’s project', async () => {
    const exe = await upload(a.sales.token, 'tool.exe', Buffer.from('MZ'));
    expect(exe.statusCode).toBe(400);
    expect(exe.json().errors.file).toBe('This file type is not allowed');
    expect((await upload(a.sales.token, 'fake.pdf', Buffer.from('not a pdf'))).statusCode).toBe(400);
    expect((await upload(a.sales.token, 'empty.txt', Buffer.alloc(0))).statusCode).toBe(400);
    const p = await save(a.sales.token, quotes[7] as string);
    expect((await upload(b.admin.token, 'a.txt', Buffer.from('hi'), p._id)).statusCode).toBe(404);
  });

  it('answers 413 for a file over 20 MB', async () => {
    const res = await upload(a.sales.token, 'big.txt', Buffer.alloc(20 * 1024 * 1024 + 10, 97));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file is too large (at most 20 MB)');
  });
});

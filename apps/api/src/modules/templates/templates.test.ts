import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { multipart } from '../../../test/multipart';
import { makeZip } from '../../../test/zip';
import { buildDefaultWordTemplate } from '../../lib/pdf';

let t: TestApp;
let a: Awaited<ReturnType<TestApp['createInstallerCompany']>>;
let b: Awaited<ReturnType<TestApp['createInstallerCompany']>>;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await t.createInstallerCompany();
  b = await t.createInstallerCompany();
  await t.database.query(
    `UPDATE companies SET latitude = 30, longitude = 30, service_radius_km = 30, phone = '+49 89 123',
       email = 'info@sonne.test' WHERE id = ANY($1::uuid[])`,
    [`{${a.company.id},${b.company.id}}`],
  );
  const [quoteId] = await t.createQuotes(1, {
    latitude: 30.01,
    longitude: 30.01,
    address: 'Lindenweg 3',
    city: 'Teststadt',
    customer_first_name: 'Eva <b>&',
    customer_last_name: 'Muster',
  });
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/saved-project/create',
    headers: t.auth(a.sales.token),
    payload: { quoteId },
  });
  expect(saved.statusCode).toBe(200);
  projectId = saved.json().data._id;
}, 180_000);
afterAll(() => t.close());

const req = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  lang = 'en',
) =>
  t.app.inject({
    method,
    url,
    headers: { ...t.auth(token), 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });

const template = {
  name: 'Mein Angebot',
  language: 'de',
  subject: 'Angebot {{shortId}}',
  body: 'Hallo {{customerName}}',
};

describe('e-mail templates', () => {
  it('lists the built-in templates while the company has none, then only its own', async () => {
    const first = await req(a.admin.token, 'GET', '/api/email-template');
    expect(first.statusCode).toBe(200);
    const defaults = first.json().data;
    expect(defaults.map((d: { language: string }) => d.language).sort()).toEqual(['de', 'en', 'es']);
    expect(defaults.every((d: { isDefault: boolean }) => d.isDefault)).toBe(true);
    expect(defaults[0].body).toContain('{{customerName}}');

    const created = await req(a.sales.token, 'POST', '/api/email-template', template);
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({ name: 'Mein Angebot', isDefault: false, language: 'de' });
    const list = (await req(a.installer.token, 'GET', '/api/email-template')).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]._id).toBe(created.json().data._id);
    // Another company still sees the defaults only.
    const other = (await req(b.admin.token, 'GET', '/api/email-template')).json().data;
    expect(other.every((d: { isDefault: boolean }) => d.isDefault)).toBe(true);
  });

  it('updates and deletes its own templates; another company’s answer 404, built-in ones 403', async () => {
    const id = (await req(a.admin.token, 'POST', '/api/email-template', template)).json().data._id;
    const upd = await req(a.admin.token, 'PUT', `/api/email-template/${id}`, { subject: 'Neu {{city}}' });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data.subject).toBe('Neu {{city}}');
    expect(upd.json().data.body).toBe('Hallo {{customerName}}');
    expect((await req(b.admin.token, 'PUT', `/api/email-template/${id}`, { name: 'x' })).statusCode).toBe(
      404,
    );
    expect((await req(b.admin.token, 'DELETE', `/api/email-template/${id}`)).statusCode).toBe(404);
    const builtin = (await req(b.admin.token, 'GET', '/api/email-template')).json().data[0]._id;
    const ro = await req(b.admin.token, 'PUT', `/api/email-template/${builtin}`, { name: 'x' });
    expect(ro.statusCode).toBe(403);
    expect(ro.json().message).toBe('Built-in templates cannot be changed');
    expect((await req(b.admin.token, 'DELETE', `/api/email-template/${builtin}`)).statusCode).toBe(403);
    const del = await req(a.admin.token, 'DELETE', `/api/email-template/${id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().data.message).toBe('Template deleted successfully');
    expect((await req(a.admin.token, 'DELETE', `/api/email-template/${id}`)).statusCode).toBe(404);
    const listed = async () =>
      (await req(a.admin.token, 'GET', '/api/email-template')).json().data.map((x: { _id: string }) => x._id);
    expect(await listed()).not.toContain(id);
    // Soft: the undo brings it back whole; another company cannot, and only a deleted one comes back.
    expect((await req(b.admin.token, 'POST', `/api/email-template/${id}/restore`)).statusCode).toBe(404);
    const back = await req(a.sales.token, 'POST', `/api/email-template/${id}/restore`);
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toMatchObject({ _id: id, subject: 'Neu {{city}}' });
    expect(await listed()).toContain(id);
    expect((await req(a.admin.token, 'POST', `/api/email-template/${id}/restore`)).statusCode).toBe(404);
  });

  it('validates the input', async () => {
    const res = await req(a.admin.token, 'POST', '/api/email-template', {
      name: ' ',
      language: 'fr',
      body: '',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['body', 'language', 'name', 'subject']);
    expect(res.json().errors.subject).toBe('This field is required');
    expect(
      (await req(a.admin.token, 'PUT', '/api/email-template/not-a-uuid', { name: 'x' })).statusCode,
    ).toBe(400);
  });

  it('refuses platform roles', async () => {
    for (const role of ['ADMIN', 'CITY_ADMIN'] as const) {
      const p = await t.createPlatformUser(role);
      expect((await req(p.token, 'GET', '/api/email-template')).statusCode).toBe(403);
      expect((await req(p.token, 'POST', '/api/email-template', template)).statusCode).toBe(403);
      expect((await req(p.token, 'GET', '/api/word-template')).statusCode).toBe(403);
      expect(
        (await req(p.token, 'POST', '/api/email-template/preview', { projectId, subject: 'a', body: 'b' }))
          .statusCode,
      ).toBe(403);
    }
  });

  it('previews with the project’s data, escaping values in HTML', async () => {
    const id = (
      await req(a.admin.token, 'POST', '/api/email-template', {
        name: 'Preview',
        language: 'en',
        subject: 'Offer {{shortId}} for {{customerName}}',
        body: 'Hello {{customerFirstName}} {{customerLastName}},\n\n{{address}}, {{city}} – {{installerName}} ({{installerPhone}}, {{installerEmail}}) {{senderName}} {{unknownThing}} | {{fullAddress}} |',
      })
    ).json().data._id;
    const res = await req(a.admin.token, 'POST', '/api/email-template/preview', {
      templateId: id,
      projectId,
    });
    expect(res.statusCode).toBe(200);
    const p = res.json().data;
    expect(p.subject).toMatch(/^Offer T\S+ for Eva <b>& Muster$/);
    expect(p.text).toContain('Hello Eva <b>& Muster,');
    expect(p.text).toContain('Lindenweg 3, Teststadt');
    expect(p.text).toContain('| Lindenweg 3, Teststadt |');
    expect(p.text).toContain(`${a.company.name} (+49 89 123, info@sonne.test) Installer_admin Tester`);
    expect(p.text).toContain('{{unknownThing}}');
    expect(p.html).toContain('Hello Eva &#60;b&#62;&#38; Muster,');
    expect(p.html).not.toContain('<b>');

    const inline = await req(a.admin.token, 'POST', '/api/email-template/preview', {
      subject: '<i>{{city}}</i>',
      body: '{{offerPrice}}|{{yearlyProduction}}',
      projectId,
    });
    expect(inline.json().data).toMatchObject({ subject: '<i>Teststadt</i>', text: '|' });
    expect(
      (await req(b.admin.token, 'POST', '/api/email-template/preview', { templateId: id, projectId }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await req(b.admin.token, 'POST', '/api/email-template/preview', {
          subject: 's',
          body: 'b',
          projectId,
        })
      ).statusCode,
    ).toBe(404);
    const missing = await req(a.admin.token, 'POST', '/api/email-template/preview', { projectId });
    expect(missing.statusCode).toBe(400);
  });
});

// ---------------------------------------------------------------------------------------------

const upload = (
  token: string,
  fields: Record<string, string>,
  file?: { name: string; data: Buffer },
  method: 'POST' | 'PUT' = 'POST',
  url = '/api/word-template',
) => {
  const body = multipart(fields, file ? [{ field: 'file', ...file }] : []);
  return t.app.inject({
    method,
    url,
    headers: { ...t.auth(token), ...body.headers, 'accept-language': 'en' },
    payload: body.payload,
  });
};

function docx(extra: Record<string, Buffer | string> = {}, withDocument = true): Buffer {
  const zip = new PizZip(buildDefaultWordTemplate('en'));
  if (!withDocument) zip.remove('word/document.xml');
  for (const [name, data] of Object.entries(extra)) zip.file(name, data);
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' }) as Buffer;
}

async function templateCount(companyId: string) {
  const [row] = await t.database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM word_templates WHERE company_id = $1 AND deleted_at IS NULL',
    [companyId],
  );
  return row?.n ?? 0;
}

describe('word templates', () => {
  it('uploads, lists (with the built-in ones), downloads, renames, replaces and deletes', async () => {
    const data = docx();
    const res = await upload(
      a.sales.token,
      { name: 'Angebot 2026', language: 'de' },
      { name: 'angebot.docx', data },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Template saved as Angebot 2026');
    const tpl = res.json().data;
    expect(tpl).toMatchObject({ name: 'Angebot 2026', language: 'de', isDefault: false, size: data.length });

    const list = (await req(a.installer.token, 'GET', '/api/word-template')).json().data;
    expect(list[0]._id).toBe(tpl._id);
    expect(list.filter((x: { isDefault: boolean }) => x.isDefault)).toHaveLength(3);
    const otherList = (await req(b.admin.token, 'GET', '/api/word-template')).json().data;
    expect(otherList.map((x: { _id: string }) => x._id)).not.toContain(tpl._id);

    const got = await req(a.installer.token, 'GET', tpl.downloadUrl);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toContain('wordprocessingml');
    expect(got.rawPayload.equals(data)).toBe(true);
    expect((await req(b.admin.token, 'GET', tpl.downloadUrl)).statusCode).toBe(404);

    const renamed = await req(a.sales.token, 'PUT', `/api/word-template/${tpl._id}`, { name: 'Neu' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ message: 'Template updated successfully', data: { name: 'Neu' } });
    const replacement = docx({ 'word/extra.xml': '<x/>' });
    const replaced = await upload(
      a.sales.token,
      {},
      { name: 'v2.docx', data: replacement },
      'PUT',
      `/api/word-template/${tpl._id}`,
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data.size).toBe(replacement.length);
    expect((await req(a.sales.token, 'GET', tpl.downloadUrl)).rawPayload.equals(replacement)).toBe(true);
    expect((await req(b.admin.token, 'PUT', `/api/word-template/${tpl._id}`, { name: 'x' })).statusCode).toBe(
      404,
    );
    expect((await req(b.admin.token, 'DELETE', `/api/word-template/${tpl._id}`)).statusCode).toBe(404);

    const del = await req(a.sales.token, 'DELETE', `/api/word-template/${tpl._id}`);
    expect(del.json().data.message).toBe('Template deleted successfully');
    expect((await req(a.sales.token, 'GET', tpl.downloadUrl)).statusCode).toBe(404);
    // The undo: the same template with the same file; another company's undo is not found.
    expect((await req(b.admin.token, 'POST', `/api/word-template/${tpl._id}/restore`)).statusCode).toBe(404);
    const back = await req(a.sales.token, 'POST', `/api/word-template/${tpl._id}/restore`);
    expect(back.statusCode).toBe(200);
    expect(back.json().message).toBe('The template is back');
    expect((await req(a.sales.token, 'GET', tpl.downloadUrl)).rawPayload.equals(replacement)).toBe(true);
  });

  it('serves the built-in templates (generated) read-only', async () => {
    const list = (await req(b.sales.token, 'GET', '/api/word-template')).json().data;
    const de = list.find((x: { isDefault: boolean; language: string }) => x.isDefault && x.language === 'de');
    const got = await req(b.sales.token, 'GET', de.downloadUrl);
    expect(got.statusCode).toBe(200);
    const xml = new PizZip(got.rawPayload).file('word/document.xml')?.asText() ?? '';
    expect(xml).toContain('{#months}');
    expect(xml).toContain('{customerName}');
    expect((await req(b.admin.token, 'PUT', `/api/word-template/${de._id}`, { name: 'x' })).statusCode).toBe(
      403,
    );
    expect((await req(b.admin.token, 'DELETE', `/api/word-template/${de._id}`)).statusCode).toBe(403);
  });

  it('refuses a wrong extension, renamed files, a zip without a document and missing fields; stores nothing', async () => {
    const before = await templateCount(a.company.id);
    const pdf = await upload(
      a.admin.token,
      { name: 'x' },
      { name: 'offer.pdf', data: Buffer.from('%PDF-1.4') },
    );
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().errors.file).toBe('Only Word files (.docx) under 20 MB can be used as templates');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
    const renamedPng = await upload(a.admin.token, { name: 'x' }, { name: 'image.docx', data: png });
    expect(renamedPng.statusCode).toBe(400);
    expect(renamedPng.json().errors.file).toBe('This file is not a valid Word document');
    const text = await upload(
      a.admin.token,
      { name: 'x' },
      { name: 'notes.docx', data: Buffer.from('hello') },
    );
    expect(text.json().errors.file).toBe('This file is not a valid Word document');
    // A zip that is not a Word document (no word/document.xml).
    const zip = await upload(a.admin.token, { name: 'x' }, { name: 'a.docx', data: docx({}, false) });
    expect(zip.statusCode).toBe(400);
    expect(zip.json().errors.file).toBe('This file is not a valid Word document');
    const noName = await upload(a.admin.token, {}, { name: 'a.docx', data: docx() });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors.name).toBe('This field is required');
    const noFile = await upload(a.admin.token, { name: 'x' });
    expect(noFile.statusCode).toBe(400);
    expect(await templateCount(a.company.id)).toBe(before);
  });

  it('answers 413 over 20 MB', async () => {
    const big = Buffer.concat([docx(), Buffer.alloc(20 * 1024 * 1024, 1)]);
    const res = await upload(a.admin.token, { name: 'big' }, { name: 'big.docx', data: big });
    expect(res.statusCode).toBe(413);
    // The message says what is wrong (the size), as the field does, not "only .docx files".
    expect(res.json()).toMatchObject({
      code: 'file_too_large',
      errors: { file: expect.stringMatching(/20 MB/) },
    });
  });

  it('refuses zip bombs: large expansion, many entries, and an entry lying about its size', async () => {
    const before = await templateCount(a.company.id);
    const documentXml = new PizZip(buildDefaultWordTemplate('en')).file('word/document.xml')?.asText() ?? '';
    const zeros = Buffer.alloc(30 * 1024 * 1024);
    const bomb = makeZip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'word/document.xml', data: documentXml },
      ...['a', 'b', 'c', 'd'].map((n) => ({ name: `word/media/${n}.bin`, data: zeros })),
    ]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await upload(a.admin.token, { name: 'bomb' }, { name: 'bomb.docx', data: bomb });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.file).toBe('This file is not a valid Word document');

    const many = makeZip([
      { name: 'word/document.xml', data: documentXml },
      ...Array.from({ length: 2001 }, (_, i) => ({ name: `word/e${i}.xml`, data: '<x/>' })),
    ]);
    expect(
      (await upload(a.admin.token, { name: 'many' }, { name: 'many.docx', data: many })).statusCode,
    ).toBe(400);
    // An XML external entity (or any DTD) in a part is refused before anything reads it.
    const xxe = documentXml.replace(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><!DOCTYPE w [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
    );
    expect(xxe).toContain('<!ENTITY');
    for (const [name, data] of [
      ['xxe-document', xxe],
      ['xxe-rels', documentXml],
    ] as const) {
      const parts = [
        { name: 'word/document.xml', data },
        ...(name === 'xxe-rels'
          ? [
              {
                name: 'word/_rels/document.xml.rels',
                data: '<!DOCTYPE r [<!ENTITY a "aaaa">]><Relationships/>',
              },
            ]
          : []),
      ];
      const refused = await upload(a.admin.token, { name }, { name: `${name}.docx`, data: makeZip(parts) });
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json().errors.file).toBe('This file is not a valid Word document');
    }
    // A small zip of the same shape passes (the checks are the limits, not the writer).
    const fine = makeZip([{ name: 'word/document.xml', data: documentXml }]);
    const ok = await upload(a.admin.token, { name: 'fine' }, { name: 'fine.docx', data: fine });
    expect(ok.statusCode).toBe(200);
    await req(a.admin.token, 'DELETE', `/api/word-template/${ok.json().data._id}`);

    // An entry whose headers claim 1 KB but that inflates to 5 MB.
    const liar = makeZip([
      { name: 'word/document.xml', data: documentXml },
      { name: 'word/liar.xml', data: Buffer.alloc(5 * 1024 * 1024, 32) },
    ]);
    patchDeclaredSize(liar, 'word/liar.xml', 1024);
    expect(
      (await upload(a.admin.token, { name: 'liar' }, { name: 'liar.docx', data: liar })).statusCode,
    ).toBe(400);
    expect(await templateCount(a.company.id)).toBe(before);
  });
});

/** Rewrites an entry's uncompressed size in its local header and the central directory. */
function patchDeclaredSize(zip: Buffer, name: string, size: number) {
  for (let i = 0; i < zip.length - 4; i++) {
    const sig = zip.readUInt32LE(i);
    if (sig === 0x04034b50) {
      const len = zip.readUInt16LE(i + 26);
      if (zip.subarray(i + 30, i + 30 + len).toString() === name) zip.writeUInt32LE(size, i + 22);
    } else if (sig === 0x02014b50) {
      const len = zip.readUInt16LE(i + 28);
      if (zip.subarray(i + 46, i + 46 + len).toString() === name) zip.writeUInt32LE(size, i + 24);
    }
  }
}

import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDefaultWordTemplate } from '../src/lib/pdf';
import { boardTestKit } from '../src/modules/board/board.test-kit';
import { createTestApp, type TestApp } from './app';
import { multipart } from './multipart';
import { makeZip } from './zip';

/**
 * Exploit attempts of the security review (docs/security.md, "Findings of the security review"):
 * each of these succeeded before its fix.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('client address', () => {
  it('a client that connects directly cannot pick its address with X-Forwarded-For', async () => {
    const strict = await createTestApp({ LOGIN_MAX_FAILURES_ADDRESS: '3' });
    try {
      const attempt = (i: number) =>
        strict.app.inject({
          method: 'POST',
          url: '/api/user/installer/login',
          payload: { email: `sprayed${i}@example.test`, password: 'wrong-password' },
          remoteAddress: '203.0.113.7',
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
        });
      for (let i = 0; i < 3; i++) expect((await attempt(i)).statusCode).toBe(401);
      // A new forged address each time no longer makes a new client: the fourth attempt is refused.
      expect((await attempt(3)).statusCode).toBe(429);
      // A proxy on a private network still names the client it forwards.
      const forwarded = await strict.app.inject({
        method: 'POST',
        url: '/api/user/installer/login',
        payload: { email: 'sprayed9@example.test', password: 'wrong-password' },
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': '198.51.100.99' },
      });
      expect(forwarded.statusCode).toBe(401);
    } finally {
      await strict.close();
    }
  });
});

describe('Word templates', () => {
  const upload = (token: string, name: string, data: Buffer) => {
    const body = multipart({ name }, [{ field: 'file', name: `${name}.docx`, data }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/word-template',
      headers: { ...t.auth(token), ...body.headers, 'accept-language': 'en' },
      payload: body.payload,
    });
  };

  it('refuses a DTD hidden in another encoding or in a part not named .xml', async () => {
    const a = await t.createInstallerCompany();
    const documentXml = new PizZip(buildDefaultWordTemplate('en')).file('word/document.xml')?.asText() ?? '';
    const dtd = '<!DOCTYPE w [<!ENTITY x SYSTEM "file:///etc/passwd">]>';
    const withDtd = (encoding: string) =>
      documentXml.replace(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
        `<?xml version="1.0" encoding="${encoding}" standalone="yes"?>${dtd}`,
      );
    const utf16le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(withDtd('UTF-16'), 'utf16le')]);
    const utf16NoBom = Buffer.from(withDtd('UTF-16'), 'utf16le');
    // UTF-7 writes `<` as `+ADw-`, so the DTD's text is not there to be found.
    const utf7 = `<?xml version="1.0" encoding="UTF-7"?>+ADw-!DOCTYPE w +AFs-+ADw-!ENTITY x SYSTEM +ACI-file:///etc/passwd+ACI-+AD4-+AF0-+AD4-<w:document/>`;
    const cases: [string, { name: string; data: Buffer | string }[]][] = [
      ['utf16-bom', [{ name: 'word/document.xml', data: utf16le }]],
      ['utf16', [{ name: 'word/document.xml', data: utf16NoBom }]],
      [
        'utf7',
        [
          { name: 'word/document.xml', data: documentXml },
          { name: 'word/header9.xml', data: utf7 },
        ],
      ],
      [
        'renamed-part',
        [
          { name: 'word/document.xml', data: documentXml },
          { name: 'word/custom.dat', data: `<?xml version="1.0"?>${dtd}<x/>` },
        ],
      ],
    ];
    for (const [name, parts] of cases) {
      const res = await upload(a.admin.token, name, makeZip(parts));
      expect(res.statusCode, name).toBe(400);
      expect(res.json().errors.file, name).toBe('This file is not a valid Word document');
    }
    // A template as Word writes it still passes, images and fonts included.
    const fine = await upload(
      a.admin.token,
      'fine',
      makeZip([
        { name: 'word/document.xml', data: documentXml },
        { name: 'word/media/image1.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0x3c, 0, 0]) },
        { name: 'word/fonts/font1.odttf', data: Buffer.from([0xff, 0xfe, 0, 0x3c, 1, 2]) },
      ]),
    );
    expect(fine.statusCode).toBe(200);
  });
});

describe('nested ids of another company', () => {
  const kit = boardTestKit(() => t);

  it("a record cannot be made in another company's view", async () => {
    const a = await kit.companyWithBoard();
    const b = await kit.companyWithBoard();
    const views = await kit.ok<{ data: { _id: string }[] }>(
      b.admin.token,
      'GET',
      '/api/view/user-views/tasks',
    );
    const theirs = views.data[0]?._id as string;
    const res = await kit.call(a.admin.token, 'POST', '/api/task/create', {
      board: 'tasks',
      taskName: 'planted',
      viewId: theirs,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('view_not_found');
    const own = await kit.ok<{ data: { _id: string }[] }>(a.admin.token, 'GET', '/api/view/user-views/tasks');
    const made = await kit.createTask(a.admin.token, { taskName: 'fine', viewId: own.data[0]?._id });
    expect(made.viewId).toBe(own.data[0]?._id);
  });

  it("a product's datasheet cannot be another company's file", async () => {
    const a = await t.createInstallerCompany();
    const b = await t.createInstallerCompany();
    const uploadPdf = async (token: string) => {
      const body = multipart({}, [{ field: 'file', name: 'sheet.pdf', data: Buffer.from('%PDF-1.4 x') }]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/media',
        headers: { ...t.auth(token), ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(200);
      return res.json().data[0]._id as string;
    };
    const theirs = await uploadPdf(b.admin.token);
    const mine = await uploadPdf(a.admin.token);
    const send = (method: 'POST' | 'PUT', url: string, datasheetFileId: string) =>
      t.app.inject({
        method,
        url,
        headers: t.auth(a.sales.token),
        payload: { type: 'battery', name: 'Eigener Speicher', datasheetFileId },
      });
    const stolen = await send('POST', '/api/product/?isDuplicate=true', theirs);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().errors).toHaveProperty('datasheetFileId');
    const own = await send('POST', '/api/product/?isDuplicate=true', mine);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.datasheetUrl).toBe(`/api/media/${mine}`);
    const productId = own.json().data._id as string;
    const moved = await send('PUT', `/api/product/update/${productId}?isDuplicate=true`, theirs);
    expect(moved.statusCode).toBe(400);
    // The platform's products take platform files only.
    const admin = await t.createPlatformUser('ADMIN');
    const platform = await t.app.inject({
      method: 'POST',
      url: '/api/product/',
      headers: t.auth(admin.token),
      payload: { type: 'battery', name: 'Plattform-Speicher', datasheetFileId: theirs },
    });
    expect(platform.statusCode).toBe(400);
  });
});

describe('password links', () => {
  it('the public forgot-password form cannot flood an inbox with reset e-mails', async () => {
    const user = await t.createUser('INSTALLER', (await t.createCompany()).id);
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push(
        await t.app.inject({
          method: 'POST',
          url: '/api/user/forgot-password',
          payload: { email: user.email },
        }),
      );
    }
    // Every request is answered alike, but only three links (three e-mails) are made within the hour.
    for (const a of answers) expect(a.json()).toEqual(answers[0]?.json());
    const [row] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM password_tokens WHERE user_id = $1`,
      [user.id],
    );
    expect(Number(row?.n)).toBe(3);
  });
});

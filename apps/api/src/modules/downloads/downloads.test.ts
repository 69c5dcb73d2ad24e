import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A company at (50, 50) with `n` quotes nearby, each with an OBJ and a PVSol file. */
async function setup(n: number) {
  const a = await t.createInstallerCompany();
  await t.database.query(
    'UPDATE companies SET latitude = 50, longitude = 50, service_radius_km = 20 WHERE id = $1',
    [a.company.id],
  );
  const quotes = await t.createQuotes(n, { latitude: 50.01, longitude: 50.01 });
  for (const quoteId of quotes) {
    for (const kind of ['obj', 'pvsol']) {
      await t.database.query(
        `INSERT INTO files (quote_id, kind, name, mime_type, size, storage_key) VALUES ($1, $2, $3, 'model/obj', 10, $4)`,
        [quoteId, kind, `plan.${kind}`, `planning/${quoteId}/${kind}`],
      );
    }
  }
  return { a, quotes };
}
const download = (token: string, quoteId: string, kind: 'obj' | 'pvsol') =>
  t.app.inject({
    method: 'PUT',
    url: '/api/user/downloadupdate',
    headers: { ...t.auth(token), 'accept-language': 'en' },
    payload: { quoteId, kind },
  });
async function makePremium(companyId: string, obj = 0, pvsol = 0) {
  await t.database.query(
    `INSERT INTO subscriptions (company_id, plan, obj_extra, pvsol_extra, status, provider, current_period_end)
     VALUES ($1, 'premium', $2, $3, 'active', 'local', now() + interval '30 days')
     ON CONFLICT (company_id) DO UPDATE SET plan = 'premium', obj_extra = $2, pvsol_extra = $3`,
    [companyId, obj, pvsol],
  );
}

describe('download quota', () => {
  it('Free: three OBJ files, the 4th refused with the SPEC message, no PVSol, re-downloads free', async () => {
    const { a, quotes } = await setup(5);
    for (const q of quotes.slice(0, 3))
      expect((await download(a.sales.token, q as string, 'obj')).statusCode).toBe(200);
    const again = await download(a.sales.token, quotes[0] as string, 'obj');
    expect(again.json().data.counted).toBe(false);
    const fourth = await download(a.sales.token, quotes[3] as string, 'obj');
    expect(fourth.statusCode).toBe(402);
    expect(fourth.json().message).toBe('You reached maximum limit of downloads');
    // The reason as a stable code, so the paywall titles the dialog by it, not by the file kind.
    expect(fourth.json().code).toBe('download_limit');
    const pvsol = await download(a.sales.token, quotes[0] as string, 'pvsol');
    expect(pvsol.statusCode).toBe(402);
    expect(pvsol.json().message).toBe('Please select premuim plan');
    expect(pvsol.json().code).toBe('premium_required');
  });

  it('answers Download not available when the file does not exist yet', async () => {
    const { a } = await setup(0);
    const [bare] = await t.createQuotes(1, { latitude: 50.01, longitude: 50.01 });
    const res = await download(a.sales.token, bare as string, 'obj');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Download not available');
  });

  it('Premium: 20 concurrent downloads against a budget of 4 grant exactly 4', async () => {
    const { a, quotes } = await setup(20);
    await makePremium(a.company.id);
    const results = await Promise.all(quotes.map((q) => download(a.installer.token, q, 'obj')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(4);
    expect(results.filter((r) => r.statusCode === 402)).toHaveLength(16);
    const [count] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM downloads WHERE company_id = $1',
      [a.company.id],
    );
    expect(count?.n).toBe(4);
  });

  it('Premium counts PVSol as two units, adds the extras, and resets with the month', async () => {
    const { a, quotes } = await setup(8);
    await makePremium(a.company.id, 1, 0); // budget 5
    expect((await download(a.sales.token, quotes[0] as string, 'pvsol')).statusCode).toBe(200);
    expect((await download(a.sales.token, quotes[1] as string, 'pvsol')).statusCode).toBe(200);
    expect((await download(a.sales.token, quotes[2] as string, 'obj')).statusCode).toBe(200);
    const over = await download(a.sales.token, quotes[3] as string, 'obj');
    expect(over.statusCode).toBe(402);
    expect(over.json().code).toBe('download_limit');
    // Last month's downloads no longer count.
    await t.database.query(`UPDATE downloads SET month = '2000-01' WHERE company_id = $1`, [a.company.id]);
    const next = await download(a.sales.token, quotes[3] as string, 'obj');
    expect(next.statusCode).toBe(200);
    expect(next.json().data.subscription.usage).toMatchObject({ unitsUsed: 1, unitsBudget: 5 });
  });

  it('keeps files and quotes of other areas and companies away', async () => {
    const { a, quotes } = await setup(1);
    const b = await t.createInstallerCompany();
    await t.database.query('UPDATE companies SET latitude = 10, longitude = 10 WHERE id = $1', [
      b.company.id,
    ]);
    expect((await download(b.sales.token, quotes[0] as string, 'obj')).statusCode).toBe(404);
    const got = await download(a.sales.token, quotes[0] as string, 'obj');
    const fileId = got.json().data.url.split('/').pop();
    expect(
      (await t.app.inject({ url: `/api/planning-files/${fileId}`, headers: t.auth(b.admin.token) }))
        .statusCode,
    ).toBe(404);
    const list = await t.app.inject({
      url: `/api/product/product-obj-files?quoteId=${quotes[0]}`,
      headers: t.auth(a.installer.token),
    });
    expect(
      list.json().data.map((f: { kind: string; downloaded: boolean }) => [f.kind, f.downloaded]),
    ).toEqual([
      ['obj', true],
      ['pvsol', false],
    ]);
    const city = await t.createPlatformUser('CITY_ADMIN');
    expect((await download(city.token, quotes[0] as string, 'obj')).statusCode).toBe(403);
  });
});

describe('planning-file upload (ADMIN)', () => {
  const upload = (token: string, fields: Record<string, string>, name: string, content: string) => {
    const boundary = '----plan';
    const parts = Object.entries(fields).map(
      ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
    );
    const body = `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n${content}\r\n--${boundary}--\r\n`;
    return t.app.inject({
      method: 'POST',
      url: '/api/planning-files',
      headers: { ...t.auth(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
  };

  it('uploads an OBJ that a company then downloads and reads', async () => {
    const { a } = await setup(0);
    const [quoteId] = await t.createQuotes(1, { latitude: 50.02, longitude: 50.02 });
    const admin = await t.createPlatformUser('ADMIN');
    const obj = 'v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n';
    expect(
      (await upload(a.admin.token, { quoteId: quoteId as string, kind: 'obj' }, 'roof.obj', obj)).statusCode,
    ).toBe(403);
    expect(
      (await upload(admin.token, { quoteId: quoteId as string, kind: 'obj' }, 'roof.exe', obj)).statusCode,
    ).toBe(400);
    expect(
      (await upload(admin.token, { quoteId: quoteId as string, kind: 'stl' }, 'roof.obj', obj)).statusCode,
    ).toBe(400);
    const ok = await upload(admin.token, { quoteId: quoteId as string, kind: 'obj' }, 'roof.obj', obj);
    expect(ok.statusCode).toBe(200);
    const got = await download(a.sales.token, quoteId as string, 'obj');
    const file = await t.app.inject({ url: got.json().data.url, headers: t.auth(a.sales.token) });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe(obj);
  });
});

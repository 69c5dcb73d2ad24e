import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { MapViewResponse, mapPointsOf } from '@solar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';

let t: TestApp;
let a: Awaited<ReturnType<TestApp['createInstallerCompany']>>;
let b: Awaited<ReturnType<TestApp['createInstallerCompany']>>;
// Each test app gets its own city so counts are exact even on a shared server database.
const CITY = `Teststadt-${Math.random().toString(36).slice(2, 8)}`;
const FAR_CITY = `Fernstadt-${Math.random().toString(36).slice(2, 8)}`;
let near: string[];
let far: string[];

beforeAll(async () => {
  t = await createTestApp();
  // Company A sits at (10, 10) with a 20 km radius; company B far away at (30, 30).
  a = await t.createInstallerCompany();
  b = await t.createInstallerCompany();
  await t.database.query(
    'UPDATE companies SET latitude = 10, longitude = 10, service_radius_km = 20 WHERE id = $1',
    [a.company.id],
  );
  await t.database.query(
    'UPDATE companies SET latitude = 30, longitude = 30, service_radius_km = 20 WHERE id = $1',
    [b.company.id],
  );
  near = await t.createQuotes(45, { city: CITY, latitude: 10.05, longitude: 10.05 });
  far = await t.createQuotes(5, { city: FAR_CITY, latitude: 11, longitude: 11 });
});
afterAll(() => t.close());

const search = (token: string, body: object = {}, query = '') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/quote/installer/search${query}`,
    headers: t.auth(token),
    payload: body,
  });

describe('quote list', () => {
  it('shows an installer the quotes in its service area, best rated first', async () => {
    const res = await search(a.sales.token, {}, '?limit=100');
    expect(res.statusCode).toBe(200);
    const { docs, pagination, maxMin } = res.json().data;
    const ids = docs.map((d: { _id: string }) => d._id);
    expect(ids.sort()).toEqual([...near].sort());
    expect(pagination.total).toBe(45);
    const ratings = docs.map((d: { rating: number }) => d.rating);
    // default sort: rating, descending (re-read in order)
    const ordered = (await search(a.sales.token, {}, '?limit=100'))
      .json()
      .data.docs.map((d: { rating: number }) => d.rating);
    expect(ordered).toEqual([...ratings].sort((x, y) => y - x));
    expect(maxMin[0].count).toBe(45);
  });

  it('compresses a page as a browser asks, in one call with its length known (decision 0016)', async () => {
    const plain = await search(a.sales.token, {}, '?limit=100');
    const packed = await t.app.inject({
      method: 'PUT',
      url: '/api/quote/installer/search?limit=100',
      headers: { ...t.auth(a.sales.token), 'accept-encoding': 'gzip, deflate, br, zstd' },
      payload: {},
    });
    expect(plain.body.length).toBeGreaterThan(16 * 1024);
    expect(packed.headers['content-encoding']).toBe('br');
    // Compressed in one call (syncThreshold), not through a stream: the length is sent.
    expect(packed.headers['content-length']).toBe(String(packed.rawPayload.length));
    expect(JSON.parse(brotliDecompressSync(packed.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('pages through every row exactly once', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const res = await search(
        a.sales.token,
        {},
        `?page=${page}&limit=10&sortColumn=totalCost&sortOrder=asc`,
      );
      const data = res.json().data;
      seen.push(...data.docs.map((d: { _id: string }) => d._id));
      expect(data.pagination.hasNextPage).toBe(page < 5);
    }
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
  });

  it('answers maxMin totals equal to a SQL sum over the same filter', async () => {
    const res = await search(a.sales.token, {
      costMin: 10000,
      buildingType: ['Single-Family', 'Multi-Family'],
    });
    const [sum] = await t.database.query<{ n: number; total: number }>(
      `SELECT count(*)::int AS n, coalesce(sum(total_cost), 0) AS total FROM quotes
       WHERE id = ANY($1::uuid[]) AND total_cost >= 10000 AND building_type IN ('Single-Family', 'Multi-Family')`,
      [`{${near.join(',')}}`],
    );
    expect(res.json().data.maxMin[0].count).toBe(sum?.n);
    expect(res.json().data.maxMin[0].totalCost).toBeCloseTo(Number(sum?.total), 2);
  });

  it('narrows by each filter', async () => {
    await t.database.query(
      `UPDATE quotes SET flags = '{Eco}', roof_type = 'Flat', task_status = 'VERIFIED' WHERE id = $1`,
      [near[0]],
    );
    for (const body of [
      { flags: ['Eco'] },
      { roofType: ['Flat'] },
      { taskStatus: ['VERIFIED'] },
      { ratingMin: 4.5 },
    ]) {
      const docs = (await search(a.sales.token, body, '?limit=100')).json().data.docs;
      expect(docs.length).toBeGreaterThan(0);
      expect(docs.length).toBeLessThan(45);
    }
    const bySearch = (await search(a.sales.token, { search: 'zzz-no-such-street' })).json().data;
    expect(bySearch.docs).toEqual([]);
  });

  it('accepts the GET reading with filters in the query', async () => {
    const res = await t.app.inject({
      url: `/api/quote/installer/search?limit=100&city=${encodeURIComponent(CITY)}&costMin=0`,
      headers: t.auth(a.sales.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.pagination.total).toBe(45);
  });

  it('refuses an unknown sort column and a bad filter', async () => {
    const bad = await search(a.sales.token, {}, '?sortColumn=password_hash');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.sortColumn).toBeTruthy();
    expect((await search(a.sales.token, { buildingType: ['Castle'] })).statusCode).toBe(400);
  });

  it('hides customer contact data until the company saves the quote', async () => {
    const quoteId = near[1] as string;
    const before = await t.app.inject({ url: `/api/quote/${quoteId}`, headers: t.auth(a.sales.token) });
    expect(before.json().data.customer).toBeNull();
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/saved-project/create',
      headers: t.auth(a.sales.token),
      payload: { quoteId },
    });
    expect(saved.statusCode).toBe(200);
    const after = await t.app.inject({ url: `/api/quote/${quoteId}`, headers: t.auth(a.sales.token) });
    expect(after.json().data.customer.email).toContain('@');
    expect(after.json().data.projectStatus).toBe('ACQUISITION');
  });

  it('answers 404 for a quote outside the service area and to another company', async () => {
    expect(
      (await t.app.inject({ url: `/api/quote/${far[0]}`, headers: t.auth(a.sales.token) })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/quote/${near[0]}`, headers: t.auth(b.sales.token) })).statusCode,
    ).toBe(404);
  });

  it('shows CITY_ADMIN its city only and ADMIN everything with contact data', async () => {
    const city = await t.createPlatformUser('CITY_ADMIN', FAR_CITY);
    const res = await search(city.token, {}, '?limit=100');
    expect(
      res
        .json()
        .data.docs.map((d: { _id: string }) => d._id)
        .sort(),
    ).toEqual([...far].sort());
    expect(res.json().data.docs[0].customer).toBeNull();
    const admin = await t.createPlatformUser('ADMIN');
    const one = await t.app.inject({ url: `/api/quote/${far[0]}`, headers: t.auth(admin.token) });
    expect(one.json().data.customer).not.toBeNull();
  });
});

describe('map view, filter data, total', () => {
  it('answers the points inside a bounding box', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/quote/installer/map-view',
      headers: t.auth(a.sales.token),
      payload: { bbox: { minLat: 9.9, maxLat: 10.1, minLng: 9.9, maxLng: 10.1 } },
    });
    expect(res.statusCode).toBe(200);
    const points = res.json().data;
    // Parallel arrays with compact ids (22 characters), best rated first, coordinates to five decimals.
    expect(points.ids.every((id: string) => id.length === 22)).toBe(true);
    // Sent as kept text, not through the serializer: the text still matches the documented schema.
    expect(MapViewResponse.safeParse(res.json()).success).toBe(true);
    expect(
      mapPointsOf(points)
        .map((p) => p._id)
        .sort(),
    ).toEqual([...near].sort());
    expect(points.lat).toHaveLength(45);
    expect(points.long).toHaveLength(45);
    expect(new Set(points.lat)).toEqual(new Set([10.05]));
    // A stage where the company has a project of the quote, else null.
    const [row] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM projects WHERE company_id = $1 AND quote_id = ANY($2::uuid[]) AND NOT is_deleted',
      [a.company.id, `{${near.join(',')}}`],
    );
    expect(points.stage.filter((s: string | null) => s !== null)).toHaveLength(row?.n ?? -1);
    expect(points.truncated).toBe(false);
    // As a browser asks for it: the same answer, compressed once and kept (decision 0016).
    for (const [asked, sent, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const packed = await t.app.inject({
        method: 'POST',
        url: '/api/quote/installer/map-view',
        headers: { ...t.auth(a.sales.token), 'accept-encoding': asked },
        payload: { bbox: { minLat: 9.9, maxLat: 10.1, minLng: 9.9, maxLng: 10.1 } },
      });
      expect(packed.headers['content-encoding']).toBe(sent);
      expect(packed.headers.vary).toBe('accept-encoding');
      expect(JSON.parse(decode(packed.rawPayload).toString('utf8'))).toEqual(res.json());
    }
    const empty = await t.app.inject({
      url: '/api/quote/installer/map-view?minLat=0&maxLat=1&minLng=0&maxLng=1',
      headers: t.auth(a.sales.token),
    });
    expect(empty.json().data).toEqual({
      ids: [],
      lat: [],
      long: [],
      stage: [],
      truncated: false,
      clusters: null,
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/quote/installer/map-view',
      headers: t.auth(a.sales.token),
      payload: { bbox: { minLat: 10, maxLat: 9, minLng: 0, maxLng: 1 } },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('answers filter data and the total, both readings', async () => {
    const fd = await t.app.inject({
      url: '/api/quote/installer/filter-data',
      headers: t.auth(a.sales.token),
    });
    expect(fd.json().data.cities).toEqual([expect.objectContaining({ city: CITY, count: 45 })]);
    const total = await t.app.inject({
      method: 'POST',
      url: '/api/quote/installer/total',
      headers: t.auth(a.sales.token),
      payload: {},
    });
    expect(total.json().data.total).toBe(45);
  });
});

describe('the total, kept', () => {
  const total = (token: string, query = '') =>
    t.app.inject({ url: `/api/quote/installer/total${query}`, headers: t.auth(token) });

  it('answers each company its own count, again from memory, and follows a change at once', async () => {
    // A company of its own where no test puts quotes (the server database is shared by test files).
    const other = await t.createInstallerCompany();
    await t.database.query(
      'UPDATE companies SET latitude = $2, longitude = $3, service_radius_km = 5 WHERE id = $1',
      [other.company.id, -58 - Math.random() * 4, -140 + Math.random() * 20],
    );
    // The second reading of a company comes from kept totals; another company's key is its own.
    for (let round = 0; round < 2; round++) {
      expect((await total(a.sales.token)).json().data).toEqual({ total: 45, isCapped: false });
      expect((await total(other.sales.token)).json().data).toEqual({ total: 0, isCapped: false });
    }
    const before = (await total(a.sales.token, '?costMin=0')).json().data.total;
    const [added] = await t.createQuotes(1, { city: CITY, latitude: 10.06, longitude: 10.06 });
    expect((await total(a.sales.token)).json().data.total).toBe(46);
    expect((await total(a.sales.token, '?costMin=0')).json().data.total).toBe(before + 1);
    expect((await total(other.sales.token)).json().data.total).toBe(0);
    await t.database.query('DELETE FROM quotes WHERE id = $1', [added]);
    expect((await total(a.sales.token)).json().data.total).toBe(45);
  });

  it('refuses a bad filter before anything kept is looked at', async () => {
    await total(a.sales.token);
    const bad = await total(a.sales.token, '?costMin=-5');
    expect(bad.statusCode).toBe(400);
    expect((await total(a.sales.token, '?status=nonsense')).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/quote/installer/total' })).statusCode).toBe(401);
  });
});

describe('quote update and change requests', () => {
  it('lets ADMIN change the planning status and refuses installers', async () => {
    const admin = await t.createPlatformUser('ADMIN');
    const payload = { id: near[2], taskStatus: 'URGENT_PLANNING', verification: 'verified' };
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/quote/update',
      headers: t.auth(admin.token),
      payload,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ taskStatus: 'URGENT_PLANNING', isVerified: true });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/quote/update',
      headers: t.auth(a.admin.token),
      payload,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('takes a change request from an installer, which ADMIN sees and resolves', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/quote/${near[3]}/change-request`,
      headers: t.auth(a.installer.token),
      payload: { reason: 'wrong_address', comment: 'No. 12' },
    });
    expect(res.statusCode).toBe(200);
    const badReason = await t.app.inject({
      method: 'POST',
      url: `/api/quote/${near[3]}/change-request`,
      headers: t.auth(a.installer.token),
      payload: { reason: 'bored' },
    });
    expect(badReason.statusCode).toBe(400);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/quote/${near[3]}/change-request`,
      headers: t.auth(b.installer.token),
      payload: { reason: 'wrong_address' },
    });
    expect(foreign.statusCode).toBe(404);
    const admin = await t.createPlatformUser('ADMIN');
    const list = await t.app.inject({ url: '/api/change-requests', headers: t.auth(admin.token) });
    const mine = list.json().data.docs.find((d: { _id: string }) => d._id === res.json().data._id);
    expect(mine).toMatchObject({ reason: 'wrong_address', comment: 'No. 12', status: 'open' });
    const resolved = await t.app.inject({
      method: 'PUT',
      url: `/api/change-requests/${mine._id}/resolve`,
      headers: t.auth(admin.token),
    });
    expect(resolved.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/change-requests', headers: t.auth(a.admin.token) })).statusCode,
    ).toBe(403);
  });

  it('lists resolved requests with who resolved them and when, and ADMIN alone reopens one', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/quote/${near[4]}/change-request`,
      headers: t.auth(a.sales.token),
      payload: { reason: 'wrong_roof', comment: 'Flat, not pitched' },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data._id as string;
    expect(created.json().data).toMatchObject({ status: 'open', resolvedAt: null, resolvedByName: null });
    const admin = await t.createPlatformUser('ADMIN');
    await t.database.query(`UPDATE users SET first_name = 'Ada', last_name = 'Admin' WHERE id = $1`, [
      admin.user.id,
    ]);
    const list = async (status: string, token = admin.token) =>
      t.app.inject({ url: `/api/change-requests?status=${status}`, headers: t.auth(token) });
    const find = async (status: string) =>
      (await list(status)).json().data.docs.find((d: { _id: string }) => d._id === id);
    const put = (action: string, token: string, lang = 'en') =>
      t.app.inject({
        method: 'PUT',
        url: `/api/change-requests/${id}/${action}`,
        headers: { ...t.auth(token), 'accept-language': lang },
      });

    // Reopening an open request, or resolving twice, is refused with a message that says why.
    const notResolved = await put('reopen', admin.token);
    expect(notResolved.statusCode).toBe(404);
    expect(notResolved.json().message).toMatch(/not found or has been handled/);

    const before = Date.now();
    expect((await put('resolve', admin.token)).statusCode).toBe(200);
    expect(await find('open')).toBeUndefined();
    const resolved = await find('resolved');
    expect(resolved).toMatchObject({
      status: 'resolved',
      resolvedByName: 'Ada Admin',
      comment: 'Flat, not pitched',
    });
    expect(Date.parse(resolved.resolvedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await put('resolve', admin.token)).statusCode).toBe(404);

    // Nobody but ADMIN lists resolved requests or reopens them: not the reporting company, its
    // admin, another company, nor a city administrator. The request stays resolved.
    const city = await t.createPlatformUser('CITY_ADMIN');
    for (const token of [a.sales.token, a.admin.token, a.installer.token, b.admin.token, city.token]) {
      expect((await list('resolved', token)).statusCode).toBe(403);
      expect((await put('reopen', token)).statusCode).toBe(403);
    }
    expect(await find('resolved')).toMatchObject({ status: 'resolved' });
    expect((await list('bogus')).statusCode).toBe(400);

    const reopened = await put('reopen', admin.token, 'de');
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().data.message).toBe('Änderungswunsch wieder geöffnet');
    expect(await find('open')).toMatchObject({ status: 'open', resolvedAt: null, resolvedByName: null });
    expect(await find('resolved')).toBeUndefined();
    const [row] = await t.database.query<{ status: string; resolved_by: string | null }>(
      'SELECT status, resolved_by FROM change_requests WHERE id = $1',
      [id],
    );
    expect(row).toEqual({ status: 'open', resolved_by: null });

    // Who resolved it and who opened it again stay in the requesting company's audit log, which
    // its admin reads and another company's does not; refused calls left no entry.
    const audit = async (token: string) =>
      (await t.app.inject({ url: '/api/audit?limit=50', headers: t.auth(token) }))
        .json()
        .data.docs.filter((d: { entityId: string }) => d.entityId === id);
    const entries = await audit(a.admin.token);
    expect(entries.map((e: { action: string }) => e.action)).toEqual([
      'change_request.reopened',
      'change_request.resolved',
    ]);
    expect(entries[1]).toMatchObject({ userId: admin.user.id, before: { status: 'open' } });
    expect(entries[0]).toMatchObject({
      userId: admin.user.id,
      before: { status: 'resolved', resolvedBy: admin.user.id },
      after: { status: 'open' },
    });
    expect(await audit(b.admin.token)).toEqual([]);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/change-requests/${crypto.randomUUID()}/reopen`,
          headers: t.auth(admin.token),
        })
      ).statusCode,
    ).toBe(404);
  });
});

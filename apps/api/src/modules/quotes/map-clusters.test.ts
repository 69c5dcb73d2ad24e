import { MapViewResponse, mapPointsOf, snapToTiles } from '@solar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { mergeCloseCells } from './quotes.repository';

/**
 * The map's server-side clusters (issue 7): an area holding more points than MAP_POINT_LIMIT (20
 * here) is answered as cells of 64 screen pixels at the asked zoom, a cell of one quote as a point.
 */
let t: TestApp;
let a: Awaited<ReturnType<TestApp['createInstallerCompany']>>;
let b: Awaited<ReturnType<TestApp['createInstallerCompany']>>;
let crowd: string[];
let lone: string[];
// Far from every other test's and the demo's quotes: the ADMIN's box holds these only.
const AREA = { minLat: -40.5, maxLat: -39.5, minLng: -60.5, maxLng: -59.5 };

beforeAll(async () => {
  t = await createTestApp({ MAP_POINT_LIMIT: '20' });
  a = await t.createInstallerCompany();
  b = await t.createInstallerCompany();
  await t.database.query(
    'UPDATE companies SET latitude = -40, longitude = -60, service_radius_km = 30 WHERE id = $1',
    [a.company.id],
  );
  // 30 quotes on one spot, two alone about 10 km away from it and from each other.
  crowd = await t.createQuotes(30, { latitude: -40, longitude: -60 });
  lone = [
    ...(await t.createQuotes(1, { latitude: -40.09, longitude: -60 })),
    ...(await t.createQuotes(1, { latitude: -40, longitude: -59.88 })),
  ];
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/saved-project/create',
    headers: t.auth(a.sales.token),
    payload: { quoteId: crowd[0] },
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(() => t.close());

const mapView = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/quote/installer/map-view', headers: t.auth(token), payload });

describe('map clusters', () => {
  it('clusters an area of more points than the limit on the server, at the asked zoom', async () => {
    const res = await mapView(a.sales.token, { bbox: AREA, zoom: 10 });
    expect(res.statusCode).toBe(200);
    expect(MapViewResponse.safeParse(res.json()).success).toBe(true);
    const data = res.json().data;
    expect(data.clusters).toEqual({
      zoom: 10,
      lat: [-40],
      long: [-60],
      count: [30],
      // The company's project among them.
      projects: [1],
    });
    // The two lone quotes come as points, with their ids.
    expect(
      mapPointsOf(data)
        .map((p) => p._id)
        .sort(),
    ).toEqual([...lone].sort());
    expect(data.truncated).toBe(false);
  });

  it('merges the cells of a lower zoom, and answers without a box or a zoom', async () => {
    const far = await mapView(a.sales.token, { bbox: AREA, zoom: 4 });
    expect(far.json().data.clusters).toMatchObject({ zoom: 4, count: [32], projects: [1] });
    expect(far.json().data.ids).toEqual([]);
    // No box: the whole visible set (the company's area), at the default zoom.
    const all = await mapView(a.sales.token, {});
    expect(all.json().data.clusters).toMatchObject({ zoom: 6, count: [32] });
    const get = await t.app.inject({
      url: '/api/quote/installer/map-view?minLat=-40.5&maxLat=-39.5&minLng=-60.5&maxLng=-59.5&zoom=10',
      headers: t.auth(a.sales.token),
    });
    expect(get.json().data).toEqual((await mapView(a.sales.token, { bbox: AREA, zoom: 10 })).json().data);
  });

  it('sends every point when an area holds no more than the limit', async () => {
    // A box around the lone quotes only.
    const res = await mapView(a.sales.token, {
      bbox: { minLat: -40.2, maxLat: -40.05, minLng: -60.05, maxLng: -59.95 },
    });
    const data = res.json().data;
    expect(data.clusters).toBeNull();
    expect(mapPointsOf(data).map((p) => p._id)).toEqual([lone[0]]);
  });

  it("counts only another company's projects for that company, and shows nothing outside its area", async () => {
    const admin = await t.createPlatformUser('ADMIN');
    const asAdmin = (await mapView(admin.token, { bbox: AREA, zoom: 10 })).json().data;
    // The platform sees the quotes; projects are a company's, so none are counted for it.
    expect(asAdmin.clusters).toMatchObject({ count: [30], projects: [0] });
    // Company B's area is elsewhere: not one of these quotes, as points or in clusters.
    const other = (await mapView(b.sales.token, { bbox: AREA, zoom: 10 })).json().data;
    expect(other).toEqual({ ids: [], lat: [], long: [], stage: [], truncated: false, clusters: null });
  });

  it('refuses a zoom out of range', async () => {
    const res = await mapView(a.sales.token, { bbox: AREA, zoom: 30 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.zoom).toBeTruthy();
  });

  it('widens a box to whole tiles of the zoom, within the world', () => {
    expect(snapToTiles({ minLat: -40.2, maxLat: -39.9, minLng: -60.1, maxLng: -59.7 }, 8)).toEqual({
      minLat: -40.78125,
      maxLat: -39.375,
      minLng: -60.46875,
      maxLng: -59.0625,
    });
    expect(snapToTiles({ minLat: -89, maxLat: 89, minLng: -179, maxLng: 179 }, 0)).toEqual({
      minLat: -90,
      maxLat: 90,
      minLng: -180,
      maxLng: 180,
    });
  });

  it('merges cells whose centres are closer than a cell at the zoom, the fullest first', () => {
    // At zoom 10 one degree of longitude is about 728 px: 0.0275° is 20 px, 0.275° 200 px.
    const cell = (n: number, lng: number, projects = 0) => ({
      n,
      lat: 0,
      lng,
      projects,
      id: null,
      stage: null,
    });
    const single = { n: 1, lat: 0, lng: 0.5, projects: 0, id: 'single', stage: null };
    const merged = mergeCloseCells([cell(10, 0, 1), cell(30, 0.0275, 2), cell(5, 0.275), single], 10);
    expect(merged.map((c) => c.n)).toEqual([40, 5, 1]);
    expect(merged[0]?.projects).toBe(3);
    // The weighted centre: (10 × 0 + 30 × 0.0275) / 40.
    expect(merged[0]?.lng).toBeCloseTo(0.020625, 6);
    expect(merged[2]).toBe(single);
  });
});

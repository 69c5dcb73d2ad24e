import { mapPointsOf } from '@solar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const request = {
  firstName: 'Eva',
  lastName: 'Kunde',
  email: 'eva@kunde.example',
  address: 'Sonnenallee 1, 12345 Neustadt',
  postalCode: '12345',
  city: 'Neustadt',
  lat: 40.001,
  long: 40.001,
  people: 3,
  consumption: 4200,
  roofType: 'Gable',
  buildingType: 'Single-Family',
};

describe('POST /public/quote-request', () => {
  it('turns a household request into a quote the nearby company sees, and a partner project', async () => {
    const a = await t.createInstallerCompany();
    await t.database.query(
      'UPDATE companies SET latitude = 40, longitude = 40, service_radius_km = 10 WHERE id = $1',
      [a.company.id],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/quote-request',
      headers: { 'accept-language': 'en' },
      payload: { ...request, partner: a.company.slug },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe('Thank you! Installers near you will get in touch.');
    const map = await t.app.inject({
      method: 'POST',
      url: '/api/quote/installer/map-view',
      headers: t.auth(a.sales.token),
      payload: { bbox: { minLat: 39.9, maxLat: 40.1, minLng: 39.9, maxLng: 40.1 } },
    });
    const [created] = await t.database.query<{ id: string }>('SELECT id FROM quotes WHERE short_id = $1', [
      res.json().data.shortId,
    ]);
    expect(mapPointsOf(map.json().data).map((p) => p._id)).toContain(created?.id);
    const projects = await t.app.inject({
      method: 'POST',
      url: '/api/saved-project/installer/search',
      headers: t.auth(a.sales.token),
      payload: {},
    });
    expect(projects.json().data.docs[0]).toMatchObject({
      isMatched: true,
      customer: { email: 'eva@kunde.example' },
    });
  });

  it('validates field by field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/quote-request',
      headers: { 'accept-language': 'de' },
      payload: { ...request, email: 'nope', people: 0, lat: 200, firstName: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'firstName', 'lat', 'people']);
    expect(res.json().errors.firstName).toBe('Dieses Feld ist erforderlich');
    // The roof is one of the shapes the page offers.
    for (const [roofType, message] of [
      ['Pagoda', 'Bitte wählen Sie einen erlaubten Wert'],
      ['', 'Dieses Feld ist erforderlich'],
    ]) {
      const roof = await t.app.inject({
        method: 'POST',
        url: '/api/public/quote-request',
        headers: { 'accept-language': 'de' },
        payload: { ...request, roofType },
      });
      expect(roof.statusCode).toBe(400);
      expect(roof.json().errors).toEqual({ roofType: message });
    }
  });
});

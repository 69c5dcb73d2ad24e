import { randomUUID } from 'node:crypto';
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
    // The thanks names the partner, who gets the request, not "installers near you".
    expect(res.json().data.message).toBe(`Thank you! ${a.company.name} will get in touch.`);
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

  it('ignores a partner slug no company has: an ordinary request for the installers nearby, no project', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/quote-request',
      headers: { 'accept-language': 'en' },
      payload: { ...request, partner: `nobody-${randomUUID().slice(0, 8)}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe('Thank you! Installers near you will get in touch.');
    const [quote] = await t.database.query<{ id: string; status: string; requested: string | null }>(
      'SELECT id, status, requested_company_id AS requested FROM quotes WHERE short_id = $1',
      [res.json().data.shortId],
    );
    expect(quote).toMatchObject({ status: 'USER_HAS_ACCESSED', requested: null });
    const [linked] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM projects WHERE quote_id = $1',
      [quote?.id],
    );
    expect(linked?.n).toBe(0);
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

  it('refuses a phone, postal code or street that is no such thing, each under its field in the request language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/quote-request',
      headers: { 'accept-language': 'es' },
      payload: { ...request, phone: 'call me maybe', postalCode: '!!!!!', address: 'ab' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      phone: 'Introduzca un número de teléfono válido',
      postalCode: 'Introduzca un código postal (p. ej., 80802)',
      address: 'Introduzca al menos 3 caracteres',
    });
  });
});

describe('POST /public/quote-request: the limit per client address', () => {
  const LIMIT = 3;
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ QUOTE_REQUESTS_PER_HOUR: String(LIMIT) });
  }, 180_000);
  afterAll(() => limited.close());

  /** An address no other test or earlier run has used (the server's test database is shared). */
  const newAddress = () => `2001:db8::${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`;
  // The injected requests come from 127.0.0.1, a proxy TRUST_PROXY trusts by default.
  const send = (address: string, payload: Record<string, unknown>, lang = 'en') =>
    limited.app.inject({
      method: 'POST',
      url: '/api/public/quote-request',
      headers: { 'accept-language': lang, 'x-forwarded-for': address },
      payload,
    });
  const written = async (email: string, companyId: string, address: string) =>
    (
      await limited.database.query<{ quotes: number; projects: number; counted: number }>(
        `SELECT (SELECT count(*)::int FROM quotes WHERE customer_email = $1) AS quotes,
                (SELECT count(*)::int FROM projects WHERE company_id = $2) AS projects,
                (SELECT count(*)::int FROM login_failures WHERE key = $3) AS counted`,
        [email, companyId, `quote-request:${address}`],
      )
    )[0];

  it('refuses the request after the limit with 429, Retry-After and the message in the request language, writing nothing', async () => {
    const a = await limited.createInstallerCompany();
    const address = newAddress();
    const email = `flood-${randomUUID().slice(0, 8)}@kunde.example`;
    const payload = { ...request, email, partner: a.company.slug };
    for (let i = 0; i < LIMIT; i++) expect((await send(address, payload)).statusCode).toBe(200);
    const before = await written(email, a.company.id, address);
    expect(before).toEqual({ quotes: LIMIT, projects: LIMIT, counted: LIMIT });

    const refused = await send(address, payload);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      status: 429,
      code: 'too_many_quote_requests',
      message: 'Too many quote requests from your connection. Please try again later.',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await send(address, payload, 'de')).json().message).toBe(
      'Zu viele Angebotsanfragen von Ihrem Anschluss. Bitte versuchen Sie es später erneut.',
    );
    expect((await send(address, payload, 'es')).json().message).toBe(
      'Demasiadas solicitudes de presupuesto desde su conexión. Vuelva a intentarlo más tarde.',
    );
    // No quote, no partner project, and no count of its own.
    expect(await written(email, a.company.id, address)).toEqual(before);

    // Another address is not affected.
    const other = await send(newAddress(), {
      ...request,
      email: `other-${randomUUID().slice(0, 8)}@kunde.example`,
    });
    expect(other.statusCode).toBe(200);
  });

  it('counts within a sliding hour: once the oldest request is an hour old, the address may send again', async () => {
    const address = newAddress();
    for (let i = 0; i < LIMIT; i++) expect((await send(address, request)).statusCode).toBe(200);
    expect((await send(address, request)).statusCode).toBe(429);
    await limited.database.query(
      `UPDATE login_failures SET created_at = now() - interval '61 minutes'
        WHERE id = (SELECT id FROM login_failures WHERE key = $1 ORDER BY created_at LIMIT 1)`,
      [`quote-request:${address}`],
    );
    expect((await send(address, request)).statusCode).toBe(200);
    const refused = await send(address, request);
    expect(refused.statusCode).toBe(429);
    // The next place frees up when the oldest of the requests still counted is an hour old.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
  });

  it('lets exactly the limit through when one address sends a burst at once', async () => {
    const address = newAddress();
    const email = `burst-${randomUUID().slice(0, 8)}@kunde.example`;
    const answers = await Promise.all(
      Array.from({ length: LIMIT + 3 }, () => send(address, { ...request, email })),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(LIMIT).fill(200), ...Array(3).fill(429)]);
    const [row] = await limited.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM quotes WHERE customer_email = $1',
      [email],
    );
    expect(row?.n).toBe(LIMIT);
  });
});

import { randomUUID } from 'node:crypto';
import { mapPointsOf } from '@solar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { notificationText } from '../notifications/notifications.mail';

// A household's request through a company's partner link (/request?partner=): the company's admins
// and sales people are told, and no other company sees the request (docs/notifications.md,
// docs/pipeline.md "Who sees what").

let t: TestApp;
beforeAll(async () => {
  // The notification e-mails go at once, so the test waits for the mail itself.
  t = await createTestApp({ NOTIFICATION_MAIL_DELAY_SECONDS: '0' });
});
afterAll(() => t.close());

/** A spot of its own for each test, so quotes of other tests (or runs, on a server) stay away. */
function spot() {
  return { lat: 30 + Math.random() * 20, long: -60 + Math.random() * 20 };
}

async function companyAt(place: { lat: number; long: number }, radiusKm = 20) {
  const c = await t.createInstallerCompany();
  await t.database.query(
    'UPDATE companies SET latitude = $2, longitude = $3, service_radius_km = $4 WHERE id = $1',
    [c.company.id, place.lat, place.long, radiusKm],
  );
  return c;
}

function sendRequest(place: { lat: number; long: number }, extra: Record<string, unknown> = {}, lang = 'de') {
  return t.app.inject({
    method: 'POST',
    url: '/api/public/quote-request',
    headers: { 'accept-language': lang },
    payload: {
      firstName: 'Greta',
      lastName: 'Haushalt',
      email: `greta-${randomUUID().slice(0, 8)}@kunde.example`,
      address: 'Sonnenstraße 12',
      postalCode: '80331',
      city: 'München',
      people: 4,
      consumption: 4500,
      roofType: 'Gable',
      buildingType: 'Single-Family',
      ...place,
      ...extra,
    },
  });
}

async function quoteOf(shortId: string) {
  const [row] = await t.database.query<{ id: string }>('SELECT id FROM quotes WHERE short_id = $1', [
    shortId,
  ]);
  if (!row) throw new Error(`no quote ${shortId}`);
  return row.id;
}

/** The reader's notifications of partner requests (on a shared server, other tests' daily runs tell of leads). */
async function notificationsOf(token: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/notification', headers: t.auth(token) });
  expect(res.statusCode).toBe(200);
  return (res.json().data.docs as Record<string, unknown>[]).filter((n) => n.kind === 'partner_request');
}

/** Everything a company's user can reach of one quote: the nearby list, the map, the quote, a save. */
async function reachOf(token: string, place: { lat: number; long: number }, quoteId: string) {
  const search = await t.app.inject({
    method: 'PUT',
    url: '/api/quote/installer/search?page=1&limit=500',
    headers: t.auth(token),
    payload: {},
  });
  const map = await t.app.inject({
    method: 'POST',
    url: '/api/quote/installer/map-view',
    headers: t.auth(token),
    payload: {
      bbox: { minLat: place.lat - 1, maxLat: place.lat + 1, minLng: place.long - 1, maxLng: place.long + 1 },
    },
  });
  const one = await t.app.inject({ method: 'GET', url: `/api/quote/${quoteId}`, headers: t.auth(token) });
  return {
    listed: (search.json().data.docs as { _id: string }[]).some((d) => d._id === quoteId),
    mapped: mapPointsOf(map.json().data).some((p) => p._id === quoteId),
    opened: one.statusCode,
  };
}

describe('a request through a partner link', () => {
  it("tells the company's admins and sales people, by e-mail too, and nobody else", async () => {
    const place = spot();
    const partner = await companyAt(place);
    const other = await companyAt(place);
    const away = await t.createUser('INSTALLER_SALES', partner.company.id);
    await t.database.query('UPDATE users SET is_disabled = true WHERE id = $1', [away.id]);

    const res = await sendRequest(place, { partner: partner.company.slug, lastName: 'Kundin' });
    expect(res.statusCode).toBe(200);
    const [project] = await t.database.query<{ id: string }>(
      'SELECT id FROM projects WHERE quote_id = $1 AND company_id = $2',
      [await quoteOf(res.json().data.shortId), partner.company.id],
    );
    const told = {
      kind: 'partner_request',
      projectId: project?.id,
      actor: null,
      title: 'Sonnenstraße 12, München',
      customerName: 'Greta Kundin',
      readAt: null,
    };
    for (const who of [partner.admin, partner.sales]) {
      expect(await notificationsOf(who.token)).toEqual([expect.objectContaining(told)]);
    }
    // The crew begins once a contract is signed; a disabled account and another company hear nothing.
    expect(await notificationsOf(partner.installer.token)).toEqual([]);
    expect(await t.database.query('SELECT id FROM notifications WHERE user_id = $1', [away.id])).toEqual([]);
    for (const who of [other.admin, other.sales]) expect(await notificationsOf(who.token)).toEqual([]);

    // The e-mail, in the reader's language (German by default), leads to the project.
    const mail = await t.smtp.waitForMail(partner.sales.user.email, 30_000);
    expect(mail.subject).toBe(
      'Solar Partnerportal: Neue Anfrage von Greta Kundin über Ihren Partnerlink: Sonnenstraße 12, München.',
    );
    expect(mail.text).toContain(`http://portal.test/projectview?projectId=${project?.id}`);
    await t.smtp.waitForMail(partner.admin.user.email, 30_000);
  });

  it('tells nobody of a request without a partner, nor of one whose slug no company has', async () => {
    const place = spot();
    const nearby = await companyAt(place);
    for (const extra of [{}, { partner: `nobody-${randomUUID().slice(0, 8)}` }]) {
      expect((await sendRequest(place, extra)).statusCode).toBe(200);
    }
    for (const who of [nearby.admin, nearby.sales]) expect(await notificationsOf(who.token)).toEqual([]);
  });

  it('starts the stage history as made by the customer, not by an unknown user', async () => {
    const place = spot();
    const partner = await companyAt(place);
    const res = await sendRequest(place, { partner: partner.company.slug });
    const [project] = await t.database.query<{ id: string }>('SELECT id FROM projects WHERE quote_id = $1', [
      await quoteOf(res.json().data.shortId),
    ]);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/saved-project/project/${project?.id}`,
      headers: t.auth(partner.sales.token),
    });
    expect(detail.json().data.history).toEqual([
      expect.objectContaining({ from: null, to: 'ACQUISITION', by: '', byCustomer: true }),
    ]);
  });

  it("is the partner's alone: another company whose area holds it neither lists, maps, opens nor saves it", async () => {
    const place = spot();
    const partner = await companyAt(place);
    const other = await companyAt(place);
    const quoteId = await quoteOf(
      (await sendRequest(place, { partner: partner.company.slug })).json().data.shortId,
    );
    // The same household without a partner link goes to every installer nearby.
    const open = await quoteOf((await sendRequest(place)).json().data.shortId);

    expect(await reachOf(partner.sales.token, place, quoteId)).toEqual({
      listed: true,
      mapped: true,
      opened: 200,
    });
    expect(await reachOf(other.sales.token, place, quoteId)).toEqual({
      listed: false,
      mapped: false,
      opened: 404,
    });
    expect(await reachOf(other.sales.token, place, open)).toEqual({
      listed: true,
      mapped: true,
      opened: 200,
    });
    const save = await t.app.inject({
      method: 'POST',
      url: '/api/saved-project/create',
      headers: t.auth(other.admin.token),
      payload: { quoteId },
    });
    expect(save.statusCode).toBe(404);
    const [projects] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM projects WHERE quote_id = $1',
      [quoteId],
    );
    expect(projects?.n).toBe(1);
  });

  it('stays so when a company moves its area over it or the quote moves, and is open once its partner is gone', async () => {
    const place = spot();
    const partner = await companyAt(place);
    const later = await companyAt({ lat: place.lat + 5, long: place.long }, 5);
    const quoteId = await quoteOf(
      (await sendRequest(place, { partner: partner.company.slug })).json().data.shortId,
    );

    // A company that moves here gets its area anew, without the partner's request.
    await t.database.query('UPDATE companies SET latitude = $2, longitude = $3 WHERE id = $1', [
      later.company.id,
      place.lat,
      place.long,
    ]);
    expect((await reachOf(later.sales.token, place, quoteId)).opened).toBe(404);
    // The quote moved a little (its pin corrected) stays the partner's.
    await t.database.query('UPDATE quotes SET latitude = latitude + 0.01 WHERE id = $1', [quoteId]);
    expect((await reachOf(later.sales.token, place, quoteId)).opened).toBe(404);
    expect((await reachOf(partner.sales.token, place, quoteId)).opened).toBe(200);

    // The partner gone (a deleted company's requests lose it, ON DELETE SET NULL): an ordinary request.
    await t.database.query('UPDATE quotes SET requested_company_id = NULL WHERE id = $1', [quoteId]);
    expect(await reachOf(later.sales.token, place, quoteId)).toEqual({
      listed: true,
      mapped: true,
      opened: 200,
    });
  });

  it.each([
    ['en', 'New request from Greta Kundin through your partner link: Sonnenstraße 12, München.'],
    ['es', 'Nueva solicitud de Greta Kundin a través de su enlace de socio: Sonnenstraße 12, München.'],
  ] as const)('says so in the e-mail in %s', (lang, text) => {
    const n = {
      kind: 'partner_request' as const,
      actor: null,
      board: null,
      recordId: null,
      projectId: randomUUID(),
      title: 'Sonnenstraße 12, München',
      property: null,
      count: null,
      customerName: 'Greta Kundin',
      excerpt: null,
      value: null,
    };
    expect(notificationText(n, lang)).toBe(text);
  });
});

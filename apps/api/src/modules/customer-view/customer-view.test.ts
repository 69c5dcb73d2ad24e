import { MONTHS } from '@solar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { multipart } from '../../../test/multipart';
import { signCustomerToken } from './customer-link';
import { acceptanceConfirmation } from './customer-view.service';

let t: TestApp;
let a: Awaited<ReturnType<TestApp['createInstallerCompany']>>;
let b: Awaited<ReturnType<TestApp['createInstallerCompany']>>;

beforeAll(async () => {
  t = await createTestApp();
  a = await t.createInstallerCompany();
  b = await t.createInstallerCompany();
  await t.database.query(
    `UPDATE companies SET latitude = 60, longitude = 60, service_radius_km = 30, email = 'firma@example.test' WHERE id = ANY($1::uuid[])`,
    [`{${a.company.id},${b.company.id}}`],
  );
}, 180_000);
afterAll(() => t.close());

async function projectsOnOneQuote() {
  const [quoteId] = await t.createQuotes(1, { latitude: 60.01, longitude: 60.01 });
  const email = `kunde-${Math.random().toString(36).slice(2, 8)}@example.test`;
  await t.database.query('UPDATE quotes SET customer_email = $2 WHERE id = $1', [quoteId, email]);
  const save = async (token: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/saved-project/create',
        headers: t.auth(token),
        payload: { quoteId },
      })
    ).json().data._id as string;
  return { quoteId: quoteId as string, email, pa: await save(a.sales.token), pb: await save(b.sales.token) };
}

async function uploadOffer(projectId: string, finalPrice = '23456') {
  const body = multipart(
    {
      projectId,
      moduleQuantity: '24',
      productionCapacity: '9,600',
      finalPrice,
      yearlyProduction: '9,500',
      monthlySolarData: JSON.stringify(Object.fromEntries(MONTHS.map((m, i) => [m, 400 + i * 50]))),
    },
    [{ field: 'pdf', name: 'Angebot.pdf', data: Buffer.from('%PDF-1.4\n% offer\n') }],
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/installer/storePDFdata',
    headers: { ...t.auth(a.sales.token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data._id as string;
}

const link = async (projectId: string, token = a.sales.token) =>
  t.app.inject({
    method: 'POST',
    url: '/api/offers/customer-link',
    headers: t.auth(token),
    payload: { projectId },
  });

describe('customer view', () => {
  it('shows the newest offer by a signed link, refuses forged, expired and foreign links', async () => {
    const { pa } = await projectsOnOneQuote();
    expect((await link(pa, b.sales.token)).statusCode).toBe(404);
    const offerId = await uploadOffer(pa);
    const res = await link(pa);
    expect(res.statusCode).toBe(200);
    const { token, url } = res.json().data;
    expect(url).toContain('/customer-view?token=');
    const view = await t.app.inject({ url: `/api/customer-view?token=${encodeURIComponent(token)}` });
    expect(view.statusCode).toBe(200);
    expect(view.json().data).toMatchObject({ offer: { _id: offerId, finalPrice: 23456 }, acceptance: null });
    const pdf = await t.app.inject({ url: view.json().data.offer.pdfUrl });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.body).toContain('%PDF-1.4');

    const forged = `${token.split('.')[0]}.AAAA${token.split('.')[1].slice(4)}`;
    expect(
      (await t.app.inject({ url: `/api/customer-view?token=${encodeURIComponent(forged)}` })).statusCode,
    ).toBe(403);
    const expired = signCustomerToken(t.config.JWT_SECRET, pa, Date.now() - 40 * 86_400_000).token;
    const old = await t.app.inject({
      url: `/api/customer-view?token=${encodeURIComponent(expired)}`,
      headers: { 'accept-language': 'en' },
    });
    expect(old.statusCode).toBe(403);
    expect(old.json().message).toMatch(/invalid or has expired/);
  });

  it("does not show the customer the installer's send record (recipient, time, the mail server's error)", async () => {
    const { pa } = await projectsOnOneQuote();
    const offerId = await uploadOffer(pa);
    await t.database.query(
      `UPDATE offers SET send_state = 'failed', send_error = 'connect ECONNREFUSED 10.1.2.3:587',
         sent_to = 'intern@firma.test', sent_at = now() WHERE id = $1`,
      [offerId],
    );
    const { token } = (await link(pa)).json().data;
    const view = await t.app.inject({ url: `/api/customer-view?token=${encodeURIComponent(token)}` });
    expect(view.statusCode).toBe(200);
    expect(view.json().data.offer).toMatchObject({ _id: offerId, finalPrice: 23456 });
    expect(view.body).not.toContain('ECONNREFUSED');
    expect(view.body).not.toContain('intern@firma.test');
    expect(view.json().data.offer).not.toHaveProperty('sendState');
  });

  it('twenty concurrent acceptances of one offer record exactly one', async () => {
    const { pa } = await projectsOnOneQuote();
    const offerId = await uploadOffer(pa);
    const { token } = (await link(pa)).json().data;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/customer-view/accept',
          payload: { token, offerId, fullName: `Kunde ${i}`, consent: true },
        }),
      ),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const names = new Set(answers.map((r) => r.json().data.acceptance.fullName));
    expect(names.size).toBe(1);
    const [rows] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM offer_acceptances WHERE offer_id = $1',
      [offerId],
    );
    expect(rows?.n).toBe(1);
    const [history] = await t.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM stage_history WHERE project_id = $1 AND to_stage = 'INSTALLER_SIGNED'",
      [pa],
    );
    expect(history?.n).toBe(1);
  });

  it('accepting signs the project, closes the competitor’s entry in one step, and mails a confirmation PDF', async () => {
    const { pa, pb, email } = await projectsOnOneQuote();
    const offerId = await uploadOffer(pa);
    const { token } = (await link(pa)).json().data;
    const noConsent = await t.app.inject({
      method: 'POST',
      url: '/api/customer-view/accept',
      headers: { 'accept-language': 'en' },
      payload: { token, offerId, fullName: 'Eva Kunde', consent: false },
    });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().errors.consent).toBe('Please confirm that you accept the offer');

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/customer-view/accept',
      payload: { token, offerId, fullName: 'Eva Kunde', consent: true },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.acceptance).toMatchObject({ fullName: 'Eva Kunde', offerVersion: 1 });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/customer-view/accept',
      payload: { token, offerId, fullName: 'Someone Else', consent: true },
    });
    expect(again.json().data.acceptance.fullName).toBe('Eva Kunde');

    const mine = await t.app.inject({
      url: `/api/saved-project/project/${pa}`,
      headers: t.auth(a.admin.token),
    });
    expect(mine.json().data.projectStatus).toBe('INSTALLER_SIGNED');
    const theirs = await t.app.inject({
      url: `/api/saved-project/project/${pb}`,
      headers: t.auth(b.admin.token),
    });
    expect(theirs.json().data.projectStatus).toBe('OFFER_NOT_ACCEPTED');
    // The other company's history says from which stage its project closed.
    const closed = await t.database.query<{ from_stage: string | null; to_stage: string }>(
      `SELECT from_stage, to_stage FROM stage_history WHERE project_id = $1 AND to_stage = 'OFFER_NOT_ACCEPTED'`,
      [pb],
    );
    expect(closed).toEqual([{ from_stage: 'ACQUISITION', to_stage: 'OFFER_NOT_ACCEPTED' }]);
    // The responsible person (sales saved it) and the admins hear of it; the other company's
    // responsible person hears that the customer chose another offer. Once: the second acceptance
    // changed nothing.
    const notes = async (token: string) =>
      (await t.app.inject({ url: '/api/notification', headers: t.auth(token) }))
        .json()
        .data.docs.filter((n: { projectId: string }) => n.projectId === pa || n.projectId === pb);
    for (const token of [a.sales.token, a.admin.token]) {
      expect(await notes(token)).toEqual([
        expect.objectContaining({
          kind: 'offer_accepted',
          projectId: pa,
          customerName: 'Eva Kunde',
          actor: null,
        }),
      ]);
    }
    expect(await notes(a.installer.token)).toEqual([]);
    expect(await notes(b.sales.token)).toEqual([
      expect.objectContaining({ kind: 'offer_lost', projectId: pb, customerName: null }),
    ]);

    const mail = await t.smtp.waitForMail(email, 90_000);
    expect(mail.attachments.map((x) => x.contentType)).toContain('application/pdf');
    // The price in the German pattern of the portal (SPEC §9), as in the offer e-mail.
    expect(mail.text).toContain('(23.456 €)');
    await t.smtp.waitForMail('firma@example.test', 90_000);
  }, 180_000);

  it('writes the confirmation in the customer’s language with its number and date formats', () => {
    const data = {
      fullName: 'Eva Kunde',
      companyName: 'Sonne & Co',
      address: 'Hauptstr. 1',
      offerVersion: 2,
      finalPrice: 23456,
      yearlyProduction: 9500,
      acceptedAt: new Date('2026-03-01T10:22:33.123Z'),
      ip: '127.0.0.1',
      acceptanceId: 'a1',
    };
    const es = acceptanceConfirmation('es', data);
    expect(es.html).toContain('Versión 2 · 23,456 € · 9,500 kWh');
    expect(es.html).toContain('Aceptada el 01/03/2026, 10:22 UTC');
    expect(es.html).not.toContain('2026-03-01T');
    expect(es.text).toBe(
      'Confirmación del pedido: Eva Kunde aceptó la siguiente oferta en línea (23,456 €).',
    );
    expect(es.filename).toBe('Confirmación del pedido.pdf');
    const de = acceptanceConfirmation('de', data);
    expect(de.html).toContain('Version 2 · 23.456 € · 9.500 kWh');
    expect(de.html).toContain('Angenommen am 01.03.2026, 10:22 UTC');
    expect(de.html).toContain('Sonne &#38; Co');
    const en = acceptanceConfirmation('en', { ...data, finalPrice: 23456.5 });
    expect(en.html).toContain('Version 2 · €23,456.50 · 9,500 kWh');
    expect(en.html).toContain('Accepted on 01/03/2026, 10:22 UTC');
  });

  it('a changed offer needs a new acceptance', async () => {
    const { pa } = await projectsOnOneQuote();
    const first = await uploadOffer(pa);
    const { token } = (await link(pa)).json().data;
    await uploadOffer(pa, '25000');
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/customer-view/accept',
      payload: { token, offerId: first, fullName: 'Eva Kunde', consent: true },
    });
    expect(stale.statusCode).toBe(409);
    const view = await t.app.inject({ url: `/api/customer-view?token=${encodeURIComponent(token)}` });
    expect(view.json().data).toMatchObject({ offer: { version: 2, finalPrice: 25000 }, acceptance: null });
  });
});

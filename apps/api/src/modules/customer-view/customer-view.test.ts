import { MONTHS } from '@solar/shared';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { multipart } from '../../../test/multipart';
import { jobHandlers } from '../../server';
import { NOTIFICATION_MAIL_JOB } from '../notifications/notifications.service';
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

async function uploadOffer(projectId: string, finalPrice = '23456', token = a.sales.token) {
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
    headers: { ...t.auth(token), ...body.headers },
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
      `SELECT from_stage, to_stage, by_customer FROM stage_history WHERE project_id = $1 AND to_stage = 'OFFER_NOT_ACCEPTED'`,
      [pb],
    );
    expect(closed).toEqual([
      { from_stage: 'ACQUISITION', to_stage: 'OFFER_NOT_ACCEPTED', by_customer: true },
    ]);
    // Both histories say the customer made these moves, and the installer's own move was not theirs.
    const signed = await t.app.inject({
      url: `/api/saved-project/project/${pa}`,
      headers: t.auth(a.admin.token),
    });
    const history = signed.json().data.history as { to: string; byCustomer: boolean }[];
    expect(history.find((h) => h.to === 'INSTALLER_SIGNED')).toMatchObject({ byCustomer: true, by: '' });
    expect(history.find((h) => h.to === 'OFFER_PROVIDED')).toMatchObject({ byCustomer: false });
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
    expect(mail.text).toContain('(23.456\u00a0€)');
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
    expect(es.html).toContain('Versión 2 · 23,456\u00a0€ · 9,500\u00a0kWh');
    expect(es.html).toContain('Aceptada el 01/03/2026, 10:22 UTC');
    expect(es.html).not.toContain('2026-03-01T');
    expect(es.text).toBe(
      'Confirmación del pedido: Eva Kunde aceptó la siguiente oferta en línea (23,456\u00a0€).',
    );
    expect(es.filename).toBe('Confirmación del pedido.pdf');
    const de = acceptanceConfirmation('de', data);
    expect(de.html).toContain('Version 2 · 23.456\u00a0€ · 9.500\u00a0kWh');
    expect(de.html).toContain('Angenommen am 01.03.2026, 10:22 UTC');
    expect(de.html).toContain('Sonne &#38; Co');
    const en = acceptanceConfirmation('en', { ...data, finalPrice: 23456.5 });
    expect(en.html).toContain('Version 2 · €23,456.50 · 9,500\u00a0kWh');
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

describe('the customer declines an offer', () => {
  const decline = (payload: Record<string, unknown>, lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/api/customer-view/decline',
      headers: { 'accept-language': lang },
      payload,
    });
  const accept = (payload: Record<string, unknown>, lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/api/customer-view/accept',
      headers: { 'accept-language': lang },
      payload: { fullName: 'Eva Kunde', consent: true, ...payload },
    });
  const stageOf = async (projectId: string) =>
    (await t.database.query<{ stage: string }>('SELECT stage FROM projects WHERE id = $1', [projectId]))[0]
      ?.stage;
  /** Everything a decline writes, to show that a refusal or a failure left it all as it was. */
  const footprint = async (projectId: string) => ({
    stage: await stageOf(projectId),
    declines: (
      await t.database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM offer_declines WHERE project_id = $1',
        [projectId],
      )
    )[0]?.n,
    history: (
      await t.database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM stage_history WHERE project_id = $1',
        [projectId],
      )
    )[0]?.n,
    audit: (
      await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE entity_id = $1', [
        projectId,
      ])
    )[0]?.n,
    notifications: (
      await t.database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM notifications WHERE project_id = $1',
        [projectId],
      )
    )[0]?.n,
  });
  /** A's project with an offer provided (the upload moves it to OFFER_PROVIDED), and its link. */
  async function providedOffer() {
    const quote = await projectsOnOneQuote();
    const offerId = await uploadOffer(quote.pa);
    const { token } = (await link(quote.pa)).json().data;
    expect(await stageOf(quote.pa)).toBe('OFFER_PROVIDED');
    return { ...quote, offerId, token: token as string };
  }

  it('moves the project to OFFER_NOT_ACCEPTED with the reason, in the history, the audit log and the notifications', async () => {
    const { pa, pb, offerId, token } = await providedOffer();
    const res = await decline({ token, offerId, reason: '  Zu teuer für uns.  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      stage: 'OFFER_NOT_ACCEPTED',
      acceptance: null,
      decline: { reason: 'Zu teuer für uns.', offerVersion: 1 },
    });
    // The customer's link shows the declined state from now on.
    const view = await t.app.inject({ url: `/api/customer-view?token=${encodeURIComponent(token)}` });
    expect(view.json().data.decline).toMatchObject({ reason: 'Zu teuer für uns.', offerVersion: 1 });

    // The installer sees the stage and the reason on the project.
    const mine = await t.app.inject({
      url: `/api/saved-project/project/${pa}`,
      headers: t.auth(a.sales.token),
    });
    expect(mine.json().data).toMatchObject({
      projectStatus: 'OFFER_NOT_ACCEPTED',
      customerDecline: { offerVersion: 1, reason: 'Zu teuer für uns.' },
    });
    expect(mine.json().data.history.at(-1)).toMatchObject({
      from: 'OFFER_PROVIDED',
      to: 'OFFER_NOT_ACCEPTED',
      by: '',
      byCustomer: true,
    });
    // The same move as the installer's, by nobody: the audit log says it was the customer and why.
    const audit = await t.database.query<{ user_id: string | null; before: unknown; after: unknown }>(
      `SELECT user_id, before, after FROM audit_log WHERE entity_id = $1 AND action = 'project.stage'`,
      [pa],
    );
    expect(audit).toEqual([
      {
        user_id: null,
        before: { stage: 'OFFER_PROVIDED' },
        after: { stage: 'OFFER_NOT_ACCEPTED', by: 'customer', offerVersion: 1, reason: 'Zu teuer für uns.' },
      },
    ]);
    // The other company's entry on the same quote is not touched (only an acceptance closes it).
    expect(await stageOf(pb)).toBe('ACQUISITION');

    // The responsible person (sales saved it) and the admins are told, with the reason; nobody else.
    const notes = async (who: string) =>
      (await t.app.inject({ url: '/api/notification', headers: t.auth(who) }))
        .json()
        .data.docs.filter((n: { projectId: string }) => n.projectId === pa || n.projectId === pb);
    for (const who of [a.sales.token, a.admin.token]) {
      expect(await notes(who)).toEqual([
        expect.objectContaining({
          kind: 'offer_declined',
          projectId: pa,
          actor: null,
          customerName: expect.any(String),
          excerpt: 'Zu teuer für uns.',
        }),
      ]);
    }
    expect(await notes(a.installer.token)).toEqual([]);
    expect(await notes(b.sales.token)).toEqual([]);

    // And by e-mail, as every notification (the reader's setting decides), with the reason.
    const [job] = await t.database.query<{ payload: unknown }>(
      `SELECT payload FROM jobs WHERE kind = $1 AND queue = $2 AND payload->'ids' @> (
         SELECT to_jsonb(array_agg(id)) FROM notifications WHERE user_id = $3 AND project_id = $4)`,
      [NOTIFICATION_MAIL_JOB, t.config.JOB_QUEUE, a.sales.user.id, pa],
    );
    expect(job).toBeDefined();
    await jobHandlers(t.app.ctx)[NOTIFICATION_MAIL_JOB]?.(job?.payload, {
      jobId: 0,
      attempt: 1,
      maxAttempts: 5,
    });
    const mail = await t.smtp.waitForMail(a.sales.user.email);
    expect(mail.text).toContain('Zu teuer für uns.');
  });

  it('takes no reason too, and refuses a reason over 500 characters', async () => {
    const { pa, offerId, token } = await providedOffer();
    const long = await decline({ token, offerId, reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.reason).toBe('Please enter at most 500 characters');
    expect(await stageOf(pa)).toBe('OFFER_PROVIDED');
    const res = await decline({ token, offerId, reason: '   ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.decline).toMatchObject({ reason: null, offerVersion: 1 });
    // A NUL (which PostgreSQL cannot store in text) is removed rather than failing the decline.
    const other = await providedOffer();
    const nul = await decline({ token: other.token, offerId: other.offerId, reason: 'Zu\u0000 teuer' });
    expect(nul.statusCode).toBe(200);
    expect(nul.json().data.decline.reason).toBe('Zu teuer');
  });

  it('refuses a second decline and an acceptance afterwards, in the customer’s language, changing nothing', async () => {
    const { pa, offerId, token } = await providedOffer();
    expect((await decline({ token, offerId, reason: 'Nein' })).statusCode).toBe(200);
    const before = await footprint(pa);

    const twice = await decline({ token, offerId, reason: 'Noch einmal' }, 'en');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'offer_already_declined',
      message: 'You have already declined this offer.',
    });

    const acceptLater = await accept({ token, offerId }, 'es');
    expect(acceptLater.statusCode).toBe(409);
    expect(acceptLater.json().code).toBe('offer_declined');
    expect(acceptLater.json().message).toMatch(/^Ha rechazado esta oferta/);
    expect(await footprint(pa)).toEqual(before);
    const [acceptances] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM offer_acceptances WHERE offer_id = $1',
      [offerId],
    );
    expect(acceptances?.n).toBe(0);

    // A new offer version reopens the project; that one can be accepted.
    const second = await uploadOffer(pa, '21000');
    expect(await stageOf(pa)).toBe('OFFER_PROVIDED');
    expect((await accept({ token, offerId: second })).statusCode).toBe(200);
    expect(await stageOf(pa)).toBe('INSTALLER_SIGNED');
  });

  it('refuses to decline an accepted offer', async () => {
    const { pa, offerId, token } = await providedOffer();
    expect((await accept({ token, offerId })).statusCode).toBe(200);
    const before = await footprint(pa);
    const res = await decline({ token, offerId }, 'de');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'offer_already_accepted',
      message: expect.stringMatching(/^Dieses Angebot wurde bereits angenommen/),
    });
    expect(await footprint(pa)).toEqual(before);
  });

  it('refuses a replaced, a withdrawn and a closed offer', async () => {
    // Replaced by a new version: the old one cannot be declined.
    const replaced = await providedOffer();
    await uploadOffer(replaced.pa, '25000');
    const before = await footprint(replaced.pa);
    const stale = await decline({ token: replaced.token, offerId: replaced.offerId });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('offer_outdated');
    expect(await footprint(replaced.pa)).toEqual(before);

    // Withdrawn: the installer moved the project back to ACQUISITION.
    const withdrawn = await providedOffer();
    const back = await t.app.inject({
      method: 'PUT',
      url: `/api/matched/${withdrawn.pa}`,
      headers: t.auth(a.admin.token),
      payload: { projectStatus: 'ACQUISITION' },
    });
    expect(back.statusCode).toBe(200);
    const gone = await decline({ token: withdrawn.token, offerId: withdrawn.offerId });
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toMatchObject({
      code: 'offer_withdrawn',
      message: 'The installer has withdrawn this offer. Please contact your installer.',
    });
    expect(await stageOf(withdrawn.pa)).toBe('ACQUISITION');

    // Closed: the installer marked it not accepted already.
    const closed = await providedOffer();
    await t.app.inject({
      method: 'PUT',
      url: `/api/matched/${closed.pa}`,
      headers: t.auth(a.admin.token),
      payload: { projectStatus: 'OFFER_NOT_ACCEPTED' },
    });
    const shut = await decline({ token: closed.token, offerId: closed.offerId });
    expect(shut.statusCode).toBe(409);
    expect(shut.json().code).toBe('offer_closed');
  });

  it("refuses another company's offer through a link, and a forged link", async () => {
    const { pa, pb, offerId } = await providedOffer();
    const theirs = (await link(pb, b.sales.token)).json().data.token as string;
    const before = { a: await footprint(pa), b: await footprint(pb) };
    const foreign = await decline({ token: theirs, offerId });
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json().code).toBe('offer_outdated');
    const forged = await decline({ token: `${theirs.slice(0, -4)}AAAA`, offerId });
    expect(forged.statusCode).toBe(403);
    expect({ a: await footprint(pa), b: await footprint(pb) }).toEqual(before);
  });

  it('leaves everything as it was when a step of the transaction fails', async () => {
    const { pa, offerId, token } = await providedOffer();
    const before = await footprint(pa);
    // The notification is the last write of the decline; make it fail for this project only.
    // (DDL is the tables' owner's, not the API role's.)
    await t.database.ownerStatement(`CREATE OR REPLACE FUNCTION fail_decline_note() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.project_id = '${pa}'::uuid THEN RAISE EXCEPTION 'notification refused'; END IF;
        RETURN NEW;
      END $$`);
    await t.database.ownerStatement(
      'CREATE TRIGGER fail_decline_note BEFORE INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION fail_decline_note()',
    );
    try {
      const res = await decline({ token, offerId, reason: 'Zu teuer' });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(await footprint(pa)).toEqual(before);
    } finally {
      await t.database.ownerStatement('DROP TRIGGER fail_decline_note ON notifications');
      await t.database.ownerStatement('DROP FUNCTION fail_decline_note()');
    }
    // Once the failure is gone the same decline goes through.
    expect((await decline({ token, offerId, reason: 'Zu teuer' })).statusCode).toBe(200);
    expect(await stageOf(pa)).toBe('OFFER_NOT_ACCEPTED');
  });
});

describe("who hears of the customer's decision", () => {
  const decide = (kind: 'accept' | 'decline', token: string, offerId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/customer-view/${kind}`,
      payload:
        kind === 'accept' ? { token, offerId, fullName: 'Eva Kunde', consent: true } : { token, offerId },
    });
  /** Every notification of the project, as `kind reader`, sorted: duplicates would show twice. */
  const toldOf = async (projectId: string) =>
    (
      await t.database.query<{ kind: string; user_id: string }>(
        'SELECT kind, user_id FROM notifications WHERE project_id = $1',
        [projectId],
      )
    )
      .map((n) => `${n.kind} ${n.user_id}`)
      .sort();
  const told = (kind: string, ...ids: string[]) => ids.map((id) => `${kind} ${id}`).sort();
  /**
   * A's project on a fresh quote with its offer made by `maker` (a new INSTALLER of A unless given),
   * without a responsible person, as a household's request through the partner link makes it.
   */
  async function partnerProject(maker?: { user: { id: string }; token: string }) {
    const quote = await projectsOnOneQuote();
    const by =
      maker ??
      (await (async () => {
        const user = await t.createUser('INSTALLER', a.company.id);
        return { user, token: (await t.login(user.email)).token };
      })());
    const offerId = await uploadOffer(quote.pa, '23456', by.token);
    await t.database.query('UPDATE projects SET responsible_user_id = NULL WHERE id = $1', [quote.pa]);
    const { token } = (await link(quote.pa)).json().data;
    return { ...quote, offerId, token: token as string, maker: by.user.id };
  }

  for (const kind of ['accept', 'decline'] as const) {
    const note = kind === 'accept' ? 'offer_accepted' : 'offer_declined';

    it(`${kind}: tells the offer's maker of a project without a responsible person, and the admins, once each`, async () => {
      const { pa, pb, offerId, token, maker } = await partnerProject();
      expect((await decide(kind, token, offerId)).statusCode).toBe(200);
      expect(await toldOf(pa)).toEqual(told(note, maker, a.admin.user.id));
      // The other company hears nothing of A's offer (an acceptance closes B's own entry, which its
      // responsible person hears of as 'offer_lost').
      expect(await toldOf(pb)).toEqual(kind === 'accept' ? told('offer_lost', b.sales.user.id) : []);
    });

    it(`${kind}: tells the user who sent the offer when another made it`, async () => {
      const { pa, offerId, token, maker } = await partnerProject();
      // As POST /api/installer/sendOfferToCustomer records it (offers.test.ts).
      await t.database.query('UPDATE offers SET sent_by = $2 WHERE id = $1', [offerId, a.sales.user.id]);
      expect((await decide(kind, token, offerId)).statusCode).toBe(200);
      expect(await toldOf(pa)).toEqual(told(note, maker, a.sales.user.id, a.admin.user.id));
    });

    it(`${kind}: the maker who is the responsible person or an admin is told once`, async () => {
      const asAdmin = await partnerProject(a.admin);
      await t.database.query('UPDATE projects SET responsible_user_id = $2 WHERE id = $1', [
        asAdmin.pa,
        a.admin.user.id,
      ]);
      expect((await decide(kind, asAdmin.token, asAdmin.offerId)).statusCode).toBe(200);
      expect(await toldOf(asAdmin.pa)).toEqual(told(note, a.admin.user.id));

      const asResponsible = await partnerProject(a.sales);
      await t.database.query('UPDATE projects SET responsible_user_id = $2 WHERE id = $1', [
        asResponsible.pa,
        a.sales.user.id,
      ]);
      expect((await decide(kind, asResponsible.token, asResponsible.offerId)).statusCode).toBe(200);
      expect(await toldOf(asResponsible.pa)).toEqual(told(note, a.sales.user.id, a.admin.user.id));
    });

    it(`${kind}: a maker who was disabled or went to another company is not told; nor is that company`, async () => {
      const disabled = await partnerProject();
      await t.database.query('UPDATE users SET is_disabled = true WHERE id = $1', [disabled.maker]);
      expect((await decide(kind, disabled.token, disabled.offerId)).statusCode).toBe(200);
      expect(await toldOf(disabled.pa)).toEqual(told(note, a.admin.user.id));

      const moved = await partnerProject();
      await t.database.query('UPDATE users SET company_id = $2 WHERE id = $1', [moved.maker, b.company.id]);
      expect((await decide(kind, moved.token, moved.offerId)).statusCode).toBe(200);
      expect(await toldOf(moved.pa)).toEqual(told(note, a.admin.user.id));
      const toB = await t.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM notifications WHERE company_id = $1 AND kind = $2`,
        [b.company.id, note],
      );
      expect(toB[0]?.n).toBe(0);
    });
  }
});

describe("the installer's preview of the customer view", () => {
  const call = (
    url: string,
    payload: Record<string, unknown> | undefined,
    session: string | null,
    lang = 'en',
  ) =>
    t.app.inject({
      method: payload ? 'POST' : 'GET',
      url,
      headers: { 'accept-language': lang, ...(session ? t.auth(session) : {}) },
      ...(payload ? { payload } : {}),
    });
  const view = (token: string, session: string | null) =>
    call(`/api/customer-view?token=${encodeURIComponent(token)}`, undefined, session);
  const accept = (payload: Record<string, unknown>, session: string | null, lang = 'en') =>
    call('/api/customer-view/accept', { fullName: 'Eva Kunde', consent: true, ...payload }, session, lang);
  const decline = (payload: Record<string, unknown>, session: string | null, lang = 'en') =>
    call('/api/customer-view/decline', payload, session, lang);
  const decisions = async (projectId: string) =>
    (
      await t.database.query<{ accepted: number; declined: number; stage: string }>(
        `SELECT (SELECT count(*)::int FROM offer_acceptances WHERE project_id = $1) AS accepted,
                (SELECT count(*)::int FROM offer_declines WHERE project_id = $1) AS declined,
                (SELECT stage FROM projects WHERE id = $1) AS stage`,
        [projectId],
      )
    )[0];
  async function providedOffer() {
    const quote = await projectsOnOneQuote();
    const offerId = await uploadOffer(quote.pa);
    const { token } = (await link(quote.pa)).json().data;
    return { ...quote, offerId, token: token as string };
  }

  it("is a preview for the owning company's users only; anyone else, or a stale login, sees the customer's page", async () => {
    const { token } = await providedOffer();
    for (const own of [a.admin.token, a.installer.token, a.sales.token]) {
      const res = await view(token, own);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.preview).toBe(true);
    }
    for (const other of [null, b.installer.token, b.admin.token, 'not-a-valid.jwt.token']) {
      const res = await view(token, other);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.preview).toBe(false);
    }
  });

  it("refuses the owning company's users to accept or decline, in their language, changing nothing", async () => {
    const { pa, pb, offerId, token } = await providedOffer();
    const before = { a: await decisions(pa), b: await decisions(pb) };
    for (const own of [a.admin.token, a.installer.token, a.sales.token]) {
      const accepted = await accept({ token, offerId }, own);
      expect(accepted.statusCode).toBe(403);
      expect(accepted.json()).toMatchObject({
        code: 'customer_view_preview',
        message: expect.stringMatching(/Only the customer can accept or decline/),
      });
      const declined = await decline({ token, offerId }, own, 'de');
      expect(declined.statusCode).toBe(403);
      expect(declined.json()).toMatchObject({
        code: 'customer_view_preview',
        message: expect.stringMatching(/dem Kunden vorbehalten/),
      });
    }
    const es = await accept({ token, offerId }, a.installer.token, 'es');
    expect(es.json().message).toMatch(/Solo el cliente puede aceptar o rechazar/);
    expect({ a: await decisions(pa), b: await decisions(pb) }).toEqual(before);
  });

  it('is a preview for a platform ADMIN and a CITY_ADMIN, who may not accept or decline', async () => {
    const admin = await t.createPlatformUser('ADMIN');
    const city = await t.createPlatformUser('CITY_ADMIN');
    const { pa, pb, offerId, token } = await providedOffer();
    const before = { a: await decisions(pa), b: await decisions(pb) };
    for (const platform of [admin.token, city.token]) {
      const res = await view(token, platform);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.preview).toBe(true);
      const accepted = await accept({ token, offerId }, platform, 'es');
      expect(accepted.statusCode).toBe(403);
      expect(accepted.json()).toMatchObject({
        code: 'customer_view_preview',
        message: expect.stringMatching(/Solo el cliente puede aceptar o rechazar/),
      });
      const declined = await decline({ token, offerId, reason: 'Zu teuer' }, platform, 'de');
      expect(declined.statusCode).toBe(403);
      expect(declined.json()).toMatchObject({
        code: 'customer_view_preview',
        message: expect.stringMatching(/dem Kunden vorbehalten/),
      });
    }
    expect({ a: await decisions(pa), b: await decisions(pb) }).toEqual(before);

    // An ended platform session is no login: the holder of the link is the customer again.
    await t.database.query('UPDATE users SET session_version = session_version + 1 WHERE id = $1', [
      admin.user.id,
    ]);
    expect((await view(token, admin.token)).json().data.preview).toBe(false);
    expect((await accept({ token, offerId }, admin.token)).statusCode).toBe(200);
    expect(await decisions(pa)).toMatchObject({ accepted: 1, stage: 'INSTALLER_SIGNED' });
  });

  it("lets the customer accept in a browser where another company's installer is logged in", async () => {
    const { pa, pb, offerId, token } = await providedOffer();
    const res = await accept({ token, offerId }, b.installer.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ preview: false, acceptance: { fullName: 'Eva Kunde' } });
    expect(await decisions(pa)).toMatchObject({ accepted: 1, stage: 'INSTALLER_SIGNED' });
    expect(await decisions(pb)).toMatchObject({ stage: 'OFFER_NOT_ACCEPTED' });
  });

  it('lets the customer decline without a login, and with another company’s login', async () => {
    const first = await providedOffer();
    const anonymous = await decline({ token: first.token, offerId: first.offerId }, null);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().data).toMatchObject({ preview: false, decline: { offerVersion: 1 } });
    expect(await decisions(first.pa)).toMatchObject({ declined: 1, stage: 'OFFER_NOT_ACCEPTED' });

    const second = await providedOffer();
    const foreign = await decline({ token: second.token, offerId: second.offerId }, b.admin.token);
    expect(foreign.statusCode).toBe(200);
    expect(await decisions(second.pa)).toMatchObject({ declined: 1, stage: 'OFFER_NOT_ACCEPTED' });
  });

  it("treats an owning company's logged-out login as no login", async () => {
    const { token } = await providedOffer();
    const colleague = await t.createUser('INSTALLER', a.company.id);
    const session = await t.login(colleague.email);
    expect((await view(token, session.token)).json().data.preview).toBe(true);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      payload: { refresh_token: session.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    expect((await view(token, session.token)).json().data.preview).toBe(false);
  });

  it('judges a login as the authenticated routes do: what ends a session there ends the preview', async () => {
    // One rule for both (lib/auth-hook.ts): each way a session ends is checked on a route behind the
    // auth hook and on the customer view alike, with the session kept in memory beforehand.
    await expect.poll(() => t.database.changes.isLive()).toBe(true);
    const { token } = await providedOffer();
    const me = async (session: string) =>
      (await t.app.inject({ url: '/api/user', headers: t.auth(session) })).statusCode;
    const judged = async (session: string) => ({
      hook: await me(session),
      preview: (await view(token, session)).json().data.preview,
    });
    const current = { hook: 200, preview: true };
    const ended = { hook: 403, preview: false };
    const endings: Record<
      string,
      (user: { id: string }, login: { refreshToken: string }) => Promise<unknown>
    > = {
      'a disabled account': (user) =>
        t.database.query('UPDATE users SET is_disabled = true WHERE id = $1', [user.id]),
      'a newer session version': (user) =>
        t.database.query('UPDATE users SET session_version = session_version + 1 WHERE id = $1', [user.id]),
      'a logout': (_user, login) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/logout',
          payload: { refresh_token: login.refreshToken },
        }),
      'a reused refresh token': async (_user, login) => {
        const refresh = () =>
          t.app.inject({ url: `/api/refresh?refresh_token=${encodeURIComponent(login.refreshToken)}` });
        expect((await refresh()).statusCode).toBe(200);
        expect((await refresh()).statusCode).toBe(403);
      },
      'a login revoked on the database': (user) =>
        t.database.query('UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1', [user.id]),
      'an account removed from the company': (user) =>
        t.database.query('UPDATE users SET company_id = NULL WHERE id = $1', [user.id]),
    };
    for (const [ending, end] of Object.entries(endings)) {
      const user = await t.createUser('INSTALLER', a.company.id);
      const login = await t.login(user.email);
      expect(await judged(login.token), ending).toEqual(current);
      expect(await judged(login.token), ending).toEqual(current);
      await end(user, login);
      const after = await judged(login.token);
      // A user without a company is still a login (403 on a company's routes), but no longer the owner's.
      if (ending === 'an account removed from the company')
        expect(after, ending).toEqual({ hook: 200, preview: false });
      else expect(after, ending).toEqual(ended);
    }

    // An account enabled again is a current session again, for both.
    const user = await t.createUser('INSTALLER', a.company.id);
    const login = await t.login(user.email);
    expect(await judged(login.token)).toEqual(current);
    await t.database.query('UPDATE users SET is_disabled = true WHERE id = $1', [user.id]);
    expect(await judged(login.token)).toEqual(ended);
    await t.database.query('UPDATE users SET is_disabled = false WHERE id = $1', [user.id]);
    expect(await judged(login.token)).toEqual(current);

    // Tokens that never named a current session: expired, signed with another key, without a login.
    const [family] = await t.database.query<{ family_id: string }>(
      'SELECT family_id FROM refresh_tokens WHERE user_id = $1',
      [user.id],
    );
    const now = Math.floor(Date.now() / 1000);
    const sign = (claims: Record<string, unknown>, exp: number, secret = t.config.JWT_SECRET) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuedAt(now - 3600)
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret));
    const tokens = {
      expired: await sign({ sv: 0, sid: family?.family_id }, now - 60),
      'another key': await sign(
        { sv: 0, sid: family?.family_id },
        now + 600,
        'another-secret-another-secret-another',
      ),
      'no login': await sign({ sv: 0 }, now + 600),
    };
    for (const [kind, bad] of Object.entries(tokens)) expect(await judged(bad), kind).toEqual(ended);
  });

  it("treats an owning company's ended session as no login: the customer's page is never blocked by it", async () => {
    const { pa, offerId, token } = await providedOffer();
    await t.database.query('UPDATE users SET session_version = session_version + 1 WHERE id = $1', [
      a.installer.user.id,
    ]);
    expect((await view(token, a.installer.token)).json().data.preview).toBe(false);
    expect((await accept({ token, offerId }, a.installer.token)).statusCode).toBe(200);
    expect(await decisions(pa)).toMatchObject({ accepted: 1 });
  });
});

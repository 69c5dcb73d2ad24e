import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MONTHS } from '@solar/shared';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { multipart } from '../../../test/multipart';
import { buildDefaultWordTemplate } from '../../lib/pdf';
import { DEFAULT_EMAIL_TEMPLATE_IDS, DEFAULT_WORD_TEMPLATE_IDS } from '../templates/templates.defaults';

let t: TestApp;
let a: Awaited<ReturnType<TestApp['createInstallerCompany']>>;
let b: Awaited<ReturnType<TestApp['createInstallerCompany']>>;
let quotes: string[];
let quoteSeq = 0;

beforeAll(async () => {
  t = await createTestApp();
  a = await t.createInstallerCompany();
  b = await t.createInstallerCompany();
  await t.database.query(
    `UPDATE companies SET latitude = 40, longitude = 40, service_radius_km = 30, phone = '+49 30 555',
       email = 'kontakt@sonne.test' WHERE id = ANY($1::uuid[])`,
    [`{${a.company.id},${b.company.id}}`],
  );
  quotes = await t.createQuotes(12, {
    latitude: 40.01,
    longitude: 40.01,
    address: 'Birkenallee 12',
    city: 'Sonnenstadt',
    customer_first_name: 'Greta',
    customer_last_name: 'Kundin',
  });
}, 180_000);
afterAll(() => t.close());

async function newProject(token = a.sales.token) {
  const quoteId = quotes[quoteSeq++] as string;
  const email = `kunde-${quoteSeq}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  await t.database.query('UPDATE quotes SET customer_email = $2 WHERE id = $1', [quoteId, email]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/saved-project/create',
    headers: t.auth(token),
    payload: { quoteId },
  });
  expect(res.statusCode).toBe(200);
  return { id: res.json().data._id as string, email };
}

const monthly = Object.fromEntries(MONTHS.map((m, i) => [m, 1000 + i * 111]));
const offerFields = (projectId: string, over: Record<string, string> = {}) => ({
  projectId,
  moduleQuantity: '24',
  productionCapacity: '12,500',
  finalPrice: '23456',
  yearlyProduction: '9,876',
  monthlySolarData: JSON.stringify(monthly),
  ...over,
});

const PDF = Buffer.from('%PDF-1.4\n% offer\n');
const OBJ = Buffer.from('# roof\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n');

function uploadOffer(
  token: string,
  fields: Record<string, string>,
  files: { field: string; name: string; data: Buffer }[] = [],
  url = '/api/installer/storePDFdata',
) {
  const body = multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...t.auth(token), ...body.headers, 'accept-language': 'en' },
    payload: body.payload,
  });
}

const post = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { ...t.auth(token), 'accept-language': 'en' }, payload });

async function offerOf(projectId: string, id: string) {
  const res = await t.app.inject({
    url: `/api/offers?projectId=${projectId}`,
    headers: t.auth(a.admin.token),
  });
  return (
    res.json().data as { _id: string; sendState: string; sendError: string | null; sentAt: string | null }[]
  ).find((o) => o._id === id);
}

async function waitFor<T>(fn: () => Promise<T | undefined | false>, timeoutMs = 90_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const jobOf = async (offerId: string) =>
  (
    await t.database.query<{ id: number; status: string; attempts: number; last_error: string | null }>(
      `SELECT id, status, attempts, last_error FROM jobs WHERE queue = $1 AND payload->>'offerId' = $2`,
      [t.config.JOB_QUEUE, offerId],
    )
  )[0];

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'offer-test-'));
  try {
    writeFileSync(join(dir, 'o.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'o.pdf'), '-']).toString();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('offer upload', () => {
  it('stores an offer with its files, versions it and moves the project to OFFER_PROVIDED', async () => {
    const p = await newProject();
    const res = await uploadOffer(a.sales.token, offerFields(p.id), [
      { field: 'pdf', name: 'Angebot.pdf', data: PDF },
      { field: 'model', name: 'roof.obj', data: OBJ },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Offer uploaded');
    const offer = res.json().data;
    expect(offer).toMatchObject({
      projectId: p.id,
      version: 1,
      moduleQuantity: 24,
      productionCapacity: 12500,
      finalPrice: 23456,
      yearlyProduction: 9876,
      sendState: 'none',
      sendError: null,
      sentAt: null,
    });
    expect(offer.monthlySolarData.March).toBe(1222);
    const pdf = await t.app.inject({ url: offer.pdfUrl, headers: t.auth(a.installer.token) });
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
    const model = await t.app.inject({ url: offer.modelUrl, headers: t.auth(a.installer.token) });
    expect(model.rawPayload.equals(OBJ)).toBe(true);

    const detail = await t.app.inject({
      url: `/api/saved-project/project/${p.id}`,
      headers: t.auth(a.sales.token),
    });
    expect(detail.json().data.projectStatus).toBe('OFFER_PROVIDED');
    expect(detail.json().data.history.map((h: { to: string }) => h.to)).toEqual([
      'ACQUISITION',
      'OFFER_PROVIDED',
    ]);

    // A second offer (JSON, through the alias) is version 2; the stage stays.
    const second = await post(a.installer.token, '/api/offers', {
      ...offerFields(p.id),
      monthlySolarData: monthly,
      productionCapacity: 9.5,
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({ version: 2, productionCapacity: 9.5, pdfUrl: null });
    const list = await t.app.inject({
      url: `/api/offers?projectId=${p.id}`,
      headers: t.auth(a.installer.token),
    });
    expect(list.json().data.map((o: { version: number }) => o.version)).toEqual([2, 1]);
    const again = await t.app.inject({
      url: `/api/saved-project/project/${p.id}`,
      headers: t.auth(a.sales.token),
    });
    expect(again.json().data.history).toHaveLength(2);
  });

  it('reopens a declined project with a new offer', async () => {
    const p = await newProject();
    await t.database.query(`UPDATE projects SET stage = 'OFFER_NOT_ACCEPTED' WHERE id = $1`, [p.id]);
    expect((await uploadOffer(a.admin.token, offerFields(p.id))).statusCode).toBe(200);
    const detail = await t.app.inject({
      url: `/api/saved-project/project/${p.id}`,
      headers: t.auth(a.sales.token),
    });
    expect(detail.json().data.projectStatus).toBe('OFFER_PROVIDED');
  });

  it('validates the fields and the files, and stores nothing on a refusal', async () => {
    const p = await newProject();
    const { December: _, ...eleven } = monthly;
    const res = await uploadOffer(a.sales.token, {
      projectId: p.id,
      moduleQuantity: 'many',
      finalPrice: '-1',
      yearlyProduction: '1',
      monthlySolarData: JSON.stringify({ ...eleven, Smarch: 5 }),
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors;
    expect(errors.moduleQuantity).toBe('Invalid value');
    expect(errors.productionCapacity).toBe('This field is required');
    expect(errors.finalPrice).toBe('The value must be at least 0');
    expect(errors['monthlySolarData.December']).toBe('This field is required');
    expect(errors.monthlySolarData).toBe('Unknown field');
    // Euros and cents: a third decimal is a price the PDF and the customer would never show.
    const tenthCent = await uploadOffer(a.sales.token, offerFields(p.id, { finalPrice: '23456.785' }));
    expect(tenthCent.statusCode).toBe(400);
    expect(tenthCent.json().errors.finalPrice).toBe(
      'Please enter the price in euros and cents, with at most two decimals',
    );
    const other = await newProject();
    const cents = await uploadOffer(a.sales.token, offerFields(other.id, { finalPrice: '0.07' }));
    expect(cents.statusCode).toBe(200);
    const badJson = await uploadOffer(a.sales.token, offerFields(p.id, { monthlySolarData: '{oops' }));
    expect(badJson.statusCode).toBe(400);

    const fakePdf = await uploadOffer(a.sales.token, offerFields(p.id), [
      { field: 'pdf', name: 'offer.pdf', data: Buffer.from('not a pdf') },
    ]);
    expect(fakePdf.statusCode).toBe(400);
    expect(fakePdf.json().errors.pdf).toBe('This file type is not allowed');
    const exeModel = await uploadOffer(a.sales.token, offerFields(p.id), [
      { field: 'model', name: 'model.exe', data: OBJ },
    ]);
    expect(exeModel.json().errors.model).toBe('This file type is not allowed');
    const binModel = await uploadOffer(a.sales.token, offerFields(p.id), [
      { field: 'model', name: 'model.obj', data: Buffer.from([0, 1, 2, 3]) },
    ]);
    expect(binModel.statusCode).toBe(400);
    const [n] = await t.database.query<{ offers: number; files: number }>(
      `SELECT (SELECT count(*)::int FROM offers WHERE project_id = $1) AS offers,
              (SELECT count(*)::int FROM files WHERE project_id = $1) AS files`,
      [p.id],
    );
    expect(n).toEqual({ offers: 0, files: 0 });
  });

  it('answers 404 for another company’s project and refuses platform roles', async () => {
    const p = await newProject();
    expect(
      (await uploadOffer(b.admin.token, offerFields(p.id), [{ field: 'pdf', name: 'a.pdf', data: PDF }]))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/offers?projectId=${p.id}`, headers: t.auth(b.admin.token) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: '/api/offers?projectId=nope', headers: t.auth(a.admin.token) })).statusCode,
    ).toBe(400);
    for (const role of ['ADMIN', 'CITY_ADMIN'] as const) {
      const u = await t.createPlatformUser(role);
      expect((await uploadOffer(u.token, offerFields(p.id))).statusCode).toBe(403);
      expect(
        (await t.app.inject({ url: `/api/offers?projectId=${p.id}`, headers: t.auth(u.token) })).statusCode,
      ).toBe(403);
      const body = { offerId: p.id, wordTemplateId: DEFAULT_WORD_TEMPLATE_IDS.de };
      expect((await post(u.token, '/api/comman/installerPdf', body)).statusCode).toBe(403);
      expect(
        (
          await post(u.token, '/api/installer/sendOfferToCustomer', {
            ...body,
            emailTemplateId: DEFAULT_EMAIL_TEMPLATE_IDS.de,
          })
        ).statusCode,
      ).toBe(403);
    }
  });
});

async function createOffer(token = a.sales.token) {
  const p = await newProject(token);
  const res = await uploadOffer(token, offerFields(p.id));
  expect(res.statusCode).toBe(200);
  return { project: p, offerId: res.json().data._id as string };
}

describe('offer PDF and sending', () => {
  it('fills the Word template and converts it with LibreOffice (preview)', async () => {
    const { offerId } = await createOffer();
    const res = await post(a.sales.token, '/api/comman/installerPdf', {
      offerId,
      wordTemplateId: DEFAULT_WORD_TEMPLATE_IDS.de,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Greta Kundin');
    expect(text).toContain('23.456 €');
    expect(text).toMatch(/Birkenallee 12,\s+Sonnenstadt/);
    expect(text).toMatch(/März\s+1\.222/);
    expect(text).toMatch(/Dezember\s+2\.221/);
    expect(text).toContain(a.company.name);
  }, 120_000);

  it('answers 404 for another company’s offer or template, 400 for a broken template', async () => {
    const { offerId } = await createOffer();
    expect(
      (
        await post(b.admin.token, '/api/comman/installerPdf', {
          offerId,
          wordTemplateId: DEFAULT_WORD_TEMPLATE_IDS.en,
        })
      ).statusCode,
    ).toBe(404);
    // A template of company b is not company a's.
    const broken = new PizZip(buildDefaultWordTemplate('en'));
    const xml = broken.file('word/document.xml')?.asText() ?? '';
    broken.file('word/document.xml', xml.replace('{/months}', ''));
    const data = broken.generate({ type: 'nodebuffer' }) as Buffer;
    const up = (token: string) => {
      const body = multipart({ name: 'Broken', language: 'en' }, [
        { field: 'file', name: 'broken.docx', data },
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/word-template',
        headers: { ...t.auth(token), ...body.headers },
        payload: body.payload,
      });
    };
    const bTemplate = (await up(b.admin.token)).json().data._id;
    expect(
      (await post(a.sales.token, '/api/comman/installerPdf', { offerId, wordTemplateId: bTemplate }))
        .statusCode,
    ).toBe(404);
    const aTemplate = (await up(a.admin.token)).json().data._id;
    const res = await post(a.sales.token, '/api/comman/installerPdf', { offerId, wordTemplateId: aTemplate });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^The template could not be filled: /);
    expect((await post(a.sales.token, '/api/comman/installerPdf', { offerId })).statusCode).toBe(400);
  });

  it('sends the offer to the customer with the PDF attached, exactly once', async () => {
    const { project, offerId } = await createOffer();
    const body = {
      offerId,
      wordTemplateId: DEFAULT_WORD_TEMPLATE_IDS.en,
      emailTemplateId: DEFAULT_EMAIL_TEMPLATE_IDS.en,
    };
    const res = await post(a.sales.token, '/api/installer/sendOfferToCustomer', body);
    expect(res.statusCode).toBe(202);
    expect(res.json().data.message).toBe('The offer is being sent');
    expect(res.json().data.offer).toMatchObject({ sendState: 'queued', sentTo: project.email });
    // The sender is kept: they hear of the customer's answer (customer-view.test.ts).
    const [row] = await t.database.query<{ sent_by: string }>('SELECT sent_by FROM offers WHERE id = $1', [
      offerId,
    ]);
    expect(row?.sent_by).toBe(a.sales.user.id);
    // Asking again while it is queued queues nothing more.
    expect((await post(a.sales.token, '/api/email/sendOfferMail', body)).statusCode).toBe(202);

    const mail = await t.smtp.waitForMail(project.email, 90_000);
    expect(mail.subject).toMatch(/^Your offer for your solar power system \(T/);
    expect(mail.text).toContain('Hello Greta Kundin,');
    expect(mail.text).toContain('The final price is €23,456');
    // The default template names the address with its city, once.
    expect(mail.text).toContain('at Birkenallee 12, Sonnenstadt. The final price');
    // The customer's link to the offer online, which opens this project's customer view.
    const link = /You can view, accept or decline the offer online at this link: (\S+)/.exec(
      mail.text ?? '',
    )?.[1];
    expect(link).toMatch(/^http:\/\/portal\.test\/customer-view\?token=[\w.-]+$/);
    expect(mail.html).toContain(`<a href="${link}">${link}</a>`);
    const view = await t.app.inject({
      url: `/api/customer-view?token=${new URL(link as string).searchParams.get('token')}`,
    });
    expect(view.statusCode).toBe(200);
    expect(view.json().data.offer).toMatchObject({ _id: offerId, finalPrice: 23456 });
    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments;
    expect(attachment?.contentType).toBe('application/pdf');
    expect(attachment?.filename).toMatch(/^Offer-T.*-v1\.pdf$/);
    expect(pdfText(attachment?.content as Buffer)).toContain('Greta Kundin');
    const sent = await waitFor(async () => {
      const o = await offerOf(project.id, offerId);
      return o?.sendState === 'sent' && o;
    });
    expect(sent.sentAt).not.toBeNull();
    await new Promise((r) => setTimeout(r, 500));
    expect(t.smtp.inbox.filter((m) => m.to && JSON.stringify(m.to).includes(project.email))).toHaveLength(1);
  }, 120_000);

  it('validates the send request and answers 404 for another company’s offer and templates', async () => {
    const { offerId } = await createOffer();
    const body = {
      offerId,
      wordTemplateId: DEFAULT_WORD_TEMPLATE_IDS.de,
      emailTemplateId: DEFAULT_EMAIL_TEMPLATE_IDS.de,
    };
    const bad = await post(a.sales.token, '/api/installer/sendEmail', { ...body, to: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.to).toBe('Please enter a valid e-mail address');
    expect((await post(a.sales.token, '/api/installer/sendEmail', { offerId })).statusCode).toBe(400);
    expect((await post(b.sales.token, '/api/installer/sendEmail', body)).statusCode).toBe(404);
    const bEmail = (
      await post(b.admin.token, '/api/email-template', { name: 'B', language: 'de', subject: 's', body: 'b' })
    ).json().data._id;
    expect(
      (await post(a.sales.token, '/api/installer/sendEmail', { ...body, emailTemplateId: bEmail }))
        .statusCode,
    ).toBe(404);
    const [state] = await t.database.query<{ send_state: string }>(
      'SELECT send_state FROM offers WHERE id = $1',
      [offerId],
    );
    expect(state?.send_state).toBe('none');
  });

  it('retries while the SMTP server is down and delivers once it is back', async () => {
    const { project, offerId } = await createOffer();
    await t.smtp.stop();
    try {
      const res = await post(a.sales.token, '/api/installer/sendOfferToCustomer', {
        offerId,
        wordTemplateId: DEFAULT_WORD_TEMPLATE_IDS.en,
        emailTemplateId: DEFAULT_EMAIL_TEMPLATE_IDS.en,
        to: 'backup@example.test',
      });
      expect(res.statusCode).toBe(202);
      const failed = await waitFor(async () => {
        const job = await jobOf(offerId);
        return job && job.attempts >= 1 && job.status === 'pending' && job.last_error ? job : undefined;
      });
      expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);
      const offer = await offerOf(project.id, offerId);
      expect(offer?.sendState).toBe('queued');
      expect(offer?.sendError).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await t.smtp.start();
    }
    // The retry would come after its backoff; run it now.
    await t.database.query("UPDATE jobs SET run_at = now() WHERE queue = $1 AND payload->>'offerId' = $2", [
      t.config.JOB_QUEUE,
      offerId,
    ]);
    const mail = await t.smtp.waitForMail('backup@example.test', 90_000);
    expect(mail.attachments[0]?.contentType).toBe('application/pdf');
    const sent = await waitFor(async () => {
      const o = await offerOf(project.id, offerId);
      return o?.sendState === 'sent' && o;
    });
    expect(sent.sendError).toBeNull();
    // The runner marks the job done after its handler has recorded the offer as sent.
    await waitFor(async () => (await jobOf(offerId))?.status === 'done');
    await new Promise((r) => setTimeout(r, 500));
    expect(t.smtp.inbox.filter((m) => JSON.stringify(m.to).includes('backup@example.test'))).toHaveLength(1);
  }, 180_000);

  it('gives the reason of a failed send in the reader’s language, not as a message key', async () => {
    const { project, offerId } = await createOffer();
    const reasonIn = async (lang: string) => {
      const res = await t.app.inject({
        url: `/api/offers?projectId=${project.id}`,
        headers: { ...t.auth(a.admin.token), 'accept-language': lang },
      });
      return (res.json().data as { _id: string; sendError: string | null }[]).find((o) => o._id === offerId)
        ?.sendError;
    };
    // What sendOfferJob records when the e-mail template was deleted before the job ran.
    await t.database.query(
      "UPDATE offers SET send_state = 'failed', send_error = 'template_not_found' WHERE id = $1",
      [offerId],
    );
    expect(await reasonIn('es')).toBe('Plantilla no encontrada');
    expect(await reasonIn('de')).toBe('Vorlage nicht gefunden');
    // A Word template that cannot be filled.
    await t.database.query(
      "UPDATE offers SET send_error = 'template: Unclosed loop {#months}' WHERE id = $1",
      [offerId],
    );
    expect(await reasonIn('en')).toBe('The template could not be filled: Unclosed loop {#months}');
    // The mail server's own words stay as they are.
    await t.database.query(
      "UPDATE offers SET send_error = 'connect ECONNREFUSED 127.0.0.1:25' WHERE id = $1",
      [offerId],
    );
    expect(await reasonIn('es')).toBe('connect ECONNREFUSED 127.0.0.1:25');
  });

  it('marks the offer failed after the last attempt', async () => {
    const { project, offerId } = await createOffer();
    await t.smtp.stop();
    try {
      await post(a.sales.token, '/api/installer/sendOfferToCustomer', {
        offerId,
        wordTemplateId: DEFAULT_WORD_TEMPLATE_IDS.de,
        emailTemplateId: DEFAULT_EMAIL_TEMPLATE_IDS.de,
      });
      await waitFor(async () => {
        const job = await jobOf(offerId);
        return job && job.attempts >= 1 && job.status === 'pending';
      });
      // Make the next attempt the last one, and run it now.
      await t.database.query(
        `UPDATE jobs SET max_attempts = 2, run_at = now() WHERE queue = $1 AND payload->>'offerId' = $2`,
        [t.config.JOB_QUEUE, offerId],
      );
      await waitFor(async () => (await jobOf(offerId))?.status === 'failed');
      const offer = await offerOf(project.id, offerId);
      expect(offer?.sendState).toBe('failed');
      expect(offer?.sendError).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await t.smtp.start();
    }
  }, 180_000);
});

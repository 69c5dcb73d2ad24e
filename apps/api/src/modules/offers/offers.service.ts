import { extname } from 'node:path';
import {
  type Language,
  type Offer,
  OfferUpload,
  type SendOfferRequest,
  type SendState,
  STAGE_TRANSITIONS,
  type Stage,
} from '@solar/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { files, offers, projects, stageHistory } from '../../db/schema';
import { companyOf, type Principal } from '../../lib/auth-hook';
import type { AppContext } from '../../lib/context';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { enqueueJob, type JobAttempt } from '../../lib/jobs';
import { formError } from '../../lib/limits';
import { isMessageKey, translate } from '../../lib/messages';
import { PdfConversionError, renderOfferPdf, TemplateRenderError } from '../../lib/pdf';
import { safeName } from '../media/media.service';
import { ensureDefaultWordTemplates } from '../templates/templates.defaults';
import { findEmailTemplate, findWordTemplate, loadWordTemplate } from '../templates/templates.service';
import { findCompanyProject, type OfferRow, renderEmail, templateValues } from './offer-data';

const TEMPLATE_ERROR_PREFIX = 'template: ';

/**
 * Why a send failed, for the installer to read: the job records a message key ('template_not_found'),
 * 'template: <detail>' for a template that cannot be filled, or the mail server's own error text; the
 * first two are given in `lang`, the last as the server wrote it.
 */
export function sendErrorText(raw: string | null, lang: Language): string | null {
  if (raw === null) return null;
  if (isMessageKey(raw)) return translate(raw, lang);
  if (raw.startsWith(TEMPLATE_ERROR_PREFIX)) {
    return translate('template_render_failed', lang).replace(
      '{detail}',
      raw.slice(TEMPLATE_ERROR_PREFIX.length),
    );
  }
  return raw;
}

/** The offer as the API answers it; `lang` translates the reason of a failed send. */
export function toOffer(r: OfferRow, lang: Language = 'de'): Offer {
  return {
    _id: r.id,
    projectId: r.projectId,
    version: r.version,
    moduleQuantity: r.moduleQuantity,
    productionCapacity: r.productionCapacity,
    finalPrice: r.finalPrice,
    yearlyProduction: r.yearlyProduction,
    monthlySolarData: r.monthlySolarData as Record<string, number>,
    pdfUrl: r.pdfFileId ? `/api/media/${r.pdfFileId}` : null,
    modelUrl: r.modelFileId ? `/api/media/${r.modelFileId}` : null,
    sendState: r.sendState as SendState,
    sendError: sendErrorText(r.sendError, lang),
    sentTo: r.sentTo,
    sentAt: r.sentAt ? r.sentAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Upload

interface UploadedFile {
  field: 'pdf' | 'model';
  name: string;
  data: Buffer;
}

const FILE_RULES = {
  pdf: {
    ext: '.pdf',
    mimeType: 'application/pdf',
    ok: (b: Buffer) => b.subarray(0, 5).toString('latin1') === '%PDF-',
  },
  model: {
    ext: '.obj',
    mimeType: 'model/obj',
    // Wavefront OBJ is text: no NUL bytes in the first 64 KB.
    ok: (b: Buffer) => !b.subarray(0, 65536).includes(0),
  },
} as const;

async function readOfferUpload(req: FastifyRequest) {
  const fields: Record<string, string> = {};
  const uploads: UploadedFile[] = [];
  if (req.isMultipart()) {
    try {
      for await (const part of req.parts({ limits: { files: 2, fields: 10 } })) {
        if (part.type === 'field') fields[part.fieldname] = String(part.value);
        else if (part.fieldname === 'pdf' || part.fieldname === 'model') {
          const data = await part.toBuffer();
          if (data.length > 0) uploads.push({ field: part.fieldname, name: safeName(part.filename), data });
        } else {
          await part.toBuffer();
        }
      }
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError(413, 'file_too_large', { file: 'file_too_large' });
      if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('invalid_input');
      throw err;
    }
  } else if (req.body && typeof req.body === 'object') {
    // JSON without files is accepted too.
    for (const [k, v] of Object.entries(req.body)) fields[k] = typeof v === 'string' ? v : JSON.stringify(v);
  }
  const parsed = OfferUpload.safeParse(fields);
  if (!parsed.success) {
    throw formError(
      parsed.error.issues,
      (issue) => issue.path.map(String).join('.') || 'body',
      (issue) => {
        const missing =
          (fields[String(issue.path[0] ?? '')] === undefined && issue.path.length === 1) ||
          (issue.code === 'invalid_type' && /received undefined/.test(issue.message));
        if (missing) return 'required';
        if (isMessageKey(issue.message)) return issue.message;
        return issue.code === 'unrecognized_keys' ? 'unknown_field' : 'invalid_type';
      },
    );
  }
  for (const f of uploads) {
    const rule = FILE_RULES[f.field];
    if (extname(f.name).toLowerCase() !== rule.ext || !rule.ok(f.data)) {
      throw badRequest('file_type_not_allowed', { [f.field]: 'file_type_not_allowed' });
    }
  }
  return { input: parsed.data, uploads };
}

/**
 * Stores an offer on the company's project: its files (storage + `files` rows), the offer with the
 * next version number, and the move to OFFER_PROVIDED when the stage rule allows it, in one
 * transaction; stored files are removed again when anything fails.
 */
export async function uploadOffer(ctx: AppContext, me: Principal, req: FastifyRequest) {
  const companyId = companyOf(me);
  const { input, uploads } = await readOfferUpload(req);
  const { db } = ctx.database;
  if (!(await findCompanyProject(db, companyId, input.projectId))) throw notFound('project_not_found');
  const stored: { field: 'pdf' | 'model'; id: string; key: string; name: string; size: number }[] = [];
  try {
    for (const f of uploads) {
      const id = crypto.randomUUID();
      const key = `${companyId}/${id}${FILE_RULES[f.field].ext}`;
      await ctx.storage.put(key, f.data);
      stored.push({ field: f.field, id, key, name: f.name, size: f.data.length });
    }
    const offer = await db.transaction(async (tx) => {
      const [project] = await tx
        .select({ id: projects.id, stage: projects.stage })
        .from(projects)
        .where(
          and(
            eq(projects.id, input.projectId),
            eq(projects.companyId, companyId),
            eq(projects.isDeleted, false),
          ),
        )
        .for('update');
      if (!project) throw notFound('project_not_found');
      for (const s of stored) {
        await tx.insert(files).values({
          id: s.id,
          companyId,
          projectId: project.id,
          kind: 'project',
          name: s.name,
          mimeType: FILE_RULES[s.field].mimeType,
          size: s.size,
          storageKey: s.key,
          createdBy: me.id,
        });
      }
      const [previous] = await tx.select({ n: count() }).from(offers).where(eq(offers.projectId, project.id));
      const [row] = await tx
        .insert(offers)
        .values({
          companyId,
          projectId: project.id,
          version: (previous?.n ?? 0) + 1,
          moduleQuantity: input.moduleQuantity,
          productionCapacity: input.productionCapacity,
          finalPrice: input.finalPrice,
          yearlyProduction: input.yearlyProduction,
          monthlySolarData: input.monthlySolarData,
          pdfFileId: stored.find((s) => s.field === 'pdf')?.id ?? null,
          modelFileId: stored.find((s) => s.field === 'model')?.id ?? null,
          createdBy: me.id,
        })
        .returning();
      if (!row) throw new AppError(418, 'something_wrong');
      const from = project.stage as Stage;
      // An offer moves the project to OFFER_PROVIDED where the stage rule allows it (from
      // ACQUISITION, or OFFER_NOT_ACCEPTED for a new offer); later stages keep their stage.
      if (STAGE_TRANSITIONS[from]?.includes('OFFER_PROVIDED')) {
        await tx
          .update(projects)
          .set({ stage: 'OFFER_PROVIDED', isMatched: true, updatedAt: new Date() })
          .where(eq(projects.id, project.id));
        await tx
          .insert(stageHistory)
          .values({ projectId: project.id, fromStage: from, toStage: 'OFFER_PROVIDED', userId: me.id });
      }
      return row;
    });
    return toOffer(offer);
  } catch (err) {
    for (const s of stored) await ctx.storage.remove(s.key);
    throw err;
  }
}

export async function listOffers(ctx: AppContext, me: Principal, projectId: string, lang: Language) {
  const companyId = companyOf(me);
  const { db } = ctx.database;
  if (!(await findCompanyProject(db, companyId, projectId))) throw notFound('project_not_found');
  const rows = await db
    .select()
    .from(offers)
    .where(and(eq(offers.projectId, projectId), eq(offers.companyId, companyId)))
    .orderBy(desc(offers.version));
  return rows.map((r) => toOffer(r, lang));
}

async function findOffer(ctx: Pick<AppContext, 'database'>, companyId: string, offerId: string) {
  const [row] = await ctx.database.db
    .select()
    .from(offers)
    .where(and(eq(offers.id, offerId), eq(offers.companyId, companyId)));
  return row;
}

// ---------------------------------------------------------------------------------------------
// PDF

type RenderDeps = Pick<AppContext, 'database' | 'storage' | 'config'>;

/** Fills the Word template with the offer and converts it; the template's language formats the numbers. */
async function offerPdf(
  deps: RenderDeps,
  offer: OfferRow,
  wordTemplateId: string,
  senderId: string | null,
): Promise<{ pdf: Buffer; language: Language; shortId: string }> {
  const template = await loadWordTemplate(deps, offer.companyId, wordTemplateId);
  const values = await templateValues(deps.database.db, {
    companyId: offer.companyId,
    projectId: offer.projectId,
    offer,
    senderId,
    lang: template.language,
    links: deps.config,
  });
  if (!values) throw notFound('project_not_found');
  const pdf = await renderOfferPdf(template.data, values.word);
  return { pdf, language: template.language, shortId: values.project.shortId };
}

/** The preview: the offer's PDF filled from a Word template (answered directly, not stored). */
export async function previewOfferPdf(
  ctx: AppContext,
  me: Principal,
  body: { offerId: string; wordTemplateId: string },
) {
  const companyId = companyOf(me);
  const offer = await findOffer(ctx, companyId, body.offerId);
  if (!offer) throw notFound('offer_not_found');
  try {
    return await offerPdf(ctx, offer, body.wordTemplateId, me.id);
  } catch (err) {
    if (err instanceof TemplateRenderError) {
      throw new AppError(400, 'template_render_failed', undefined, { detail: err.detail });
    }
    if (err instanceof PdfConversionError) {
      throw new AppError(503, 'offer_pdf_failed');
    }
    throw err;
  }
}

const ATTACHMENT_NAME: Record<Language, string> = { de: 'Angebot', en: 'Offer', es: 'Oferta' };

// ---------------------------------------------------------------------------------------------
// Sending

export interface SendOfferJob {
  offerId: string;
  companyId: string;
  wordTemplateId: string;
  emailTemplateId: string;
  to: string;
  senderId: string;
}

/**
 * Queues the offer e-mail: sets sendState 'queued' and adds a 'send-offer' job in the same
 * transaction. An offer already queued is not queued twice (the answer is the same).
 */
export async function queueOfferMail(ctx: AppContext, me: Principal, body: SendOfferRequest, lang: Language) {
  const companyId = companyOf(me);
  const { db } = ctx.database;
  // The built-in Word templates' rows are created on first use (outside the transaction).
  await ensureDefaultWordTemplates(db);
  const row = await db.transaction(async (tx) => {
    const [offer] = await tx
      .select()
      .from(offers)
      .where(and(eq(offers.id, body.offerId), eq(offers.companyId, companyId)))
      .for('update');
    if (!offer) throw notFound('offer_not_found');
    if (!(await findWordTemplate(tx, companyId, body.wordTemplateId))) throw notFound('template_not_found');
    if (!(await findEmailTemplate(tx, companyId, body.emailTemplateId))) throw notFound('template_not_found');
    const project = await findCompanyProject(tx, companyId, offer.projectId);
    if (!project) throw notFound('project_not_found');
    const to = body.to ?? project.customerEmail;
    if (!to) throw badRequest('offer_no_recipient', { to: 'required' });
    if (offer.sendState === 'queued') return offer;
    const [updated] = await tx
      .update(offers)
      .set({ sendState: 'queued', sendError: null, sentTo: to, sentBy: me.id })
      .where(eq(offers.id, offer.id))
      .returning();
    const payload: SendOfferJob = {
      offerId: offer.id,
      companyId,
      wordTemplateId: body.wordTemplateId,
      emailTemplateId: body.emailTemplateId,
      to,
      senderId: me.id,
    };
    await enqueueJob(tx, ctx.config.JOB_QUEUE, 'send-offer', payload);
    return updated ?? offer;
  });
  return toOffer(row, lang);
}

export type SendOfferDeps = Pick<AppContext, 'database' | 'storage' | 'mailer' | 'config'>;

/**
 * The 'send-offer' job: renders the PDF, sends the e-mail with it attached, and marks the offer sent.
 * It does nothing unless the offer is still 'queued' (a job that runs again after success sends no
 * second mail). A failed send throws, so the runner retries with backoff; the error is recorded, and
 * after the last attempt the offer is 'failed'. A template that cannot be filled fails at once.
 */
export async function sendOfferJob(deps: SendOfferDeps, raw: unknown, attempt: JobAttempt) {
  const job = raw as SendOfferJob;
  const { db } = deps.database;
  const offer = await findOffer(deps, job.companyId, job.offerId);
  if (offer?.sendState !== 'queued') return;
  const fail = async (reason: string, final: boolean) => {
    await db
      .update(offers)
      .set({ sendError: reason.slice(0, 500), ...(final ? { sendState: 'failed' } : {}) })
      .where(and(eq(offers.id, offer.id), eq(offers.sendState, 'queued')));
  };
  const final = attempt.attempt >= attempt.maxAttempts;
  try {
    const emailTemplate = await findEmailTemplate(db, job.companyId, job.emailTemplateId);
    if (!emailTemplate) {
      await fail('template_not_found', true);
      return;
    }
    const { pdf, shortId } = await offerPdf(deps, offer, job.wordTemplateId, job.senderId);
    const values = await templateValues(db, {
      companyId: job.companyId,
      projectId: offer.projectId,
      offer,
      senderId: job.senderId,
      lang: emailTemplate.language,
      links: deps.config,
    });
    if (!values) {
      await fail('project_not_found', true);
      return;
    }
    const mail = renderEmail(emailTemplate, values.flat);
    await deps.mailer.send({
      to: job.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: [
        {
          filename: `${ATTACHMENT_NAME[emailTemplate.language]}-${shortId}-v${offer.version}.pdf`,
          content: pdf,
          contentType: 'application/pdf',
        },
      ],
    });
  } catch (err) {
    const reason =
      err instanceof TemplateRenderError
        ? `${TEMPLATE_ERROR_PREFIX}${err.detail}`
        : String((err as Error).message ?? err);
    if (err instanceof TemplateRenderError || (err instanceof AppError && err.status === 404)) {
      await fail(reason, true);
      return;
    }
    await fail(reason, final);
    throw err;
  }
  await db
    .update(offers)
    .set({ sendState: 'sent', sentAt: sql`now()`, sendError: null })
    .where(and(eq(offers.id, offer.id), eq(offers.sendState, 'queued')));
}

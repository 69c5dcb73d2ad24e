import { extname } from 'node:path';
import type { Readable } from 'node:stream';
import {
  type EmailPreviewRequest,
  type EmailTemplate,
  type EmailTemplateInput,
  type EmailTemplateUpdate,
  LANGUAGES,
  type Language,
  type WordTemplate,
  WordTemplateFields,
  WordTemplateUpdateFields,
} from '@solar/shared';
import { and, asc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { emailTemplates, wordTemplates } from '../../db/schema';
import { companyOf, type Principal } from '../../lib/auth-hook';
import type { AppContext } from '../../lib/context';
import { checkDocx } from '../../lib/docx-check';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { formError } from '../../lib/limits';
import { isMessageKey } from '../../lib/messages';
import { safeName } from '../media/media.service';
import { renderEmail, templateValues } from '../offers/offer-data';
import {
  DEFAULT_EMAIL_TEMPLATES,
  defaultEmailTemplate,
  defaultWordLanguage,
  defaultWordTemplateFile,
  type EmailTemplateData,
  ensureDefaultWordTemplates,
} from './templates.defaults';

const asLanguage = (s: string): Language =>
  (LANGUAGES as readonly string[]).includes(s) ? (s as Language) : 'de';

// ---------------------------------------------------------------------------------------------
// E-mail templates

type EmailRow = typeof emailTemplates.$inferSelect;
const fromRow = (r: EmailRow): EmailTemplateData => ({
  id: r.id,
  companyId: r.companyId,
  name: r.name,
  language: asLanguage(r.language),
  subject: r.subject,
  body: r.body,
  isDefault: false,
  updatedAt: r.updatedAt,
});

export const toEmailTemplate = (t: EmailTemplateData): EmailTemplate => ({
  _id: t.id,
  name: t.name,
  language: t.language,
  subject: t.subject,
  body: t.body,
  isDefault: t.isDefault,
  updatedAt: t.updatedAt ? t.updatedAt.toISOString() : null,
});

/** The company's templates; a company without any also gets the built-in ones (read-only). */
export async function listEmailTemplates(ctx: AppContext, me: Principal): Promise<EmailTemplate[]> {
  const rows = await ctx.database.db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.companyId, companyOf(me)), isNull(emailTemplates.deletedAt)))
    .orderBy(asc(emailTemplates.name), asc(emailTemplates.id));
  const list = rows.length > 0 ? rows.map(fromRow) : DEFAULT_EMAIL_TEMPLATES;
  return list.map(toEmailTemplate);
}

/** A company's template or a built-in one by id; another company's id is not found. */
export async function findEmailTemplate(
  db: DbOrTx,
  companyId: string,
  id: string,
): Promise<EmailTemplateData | undefined> {
  const builtin = defaultEmailTemplate(id);
  if (builtin) return builtin;
  const [row] = await db
    .select()
    .from(emailTemplates)
    .where(
      and(
        eq(emailTemplates.id, id),
        eq(emailTemplates.companyId, companyId),
        isNull(emailTemplates.deletedAt),
      ),
    );
  return row ? fromRow(row) : undefined;
}

export async function createEmailTemplate(ctx: AppContext, me: Principal, input: EmailTemplateInput) {
  const [row] = await ctx.database.db
    .insert(emailTemplates)
    .values({ companyId: companyOf(me), ...input })
    .returning();
  if (!row) throw new AppError(418, 'template_create_failed');
  return toEmailTemplate(fromRow(row));
}

async function ownEmailTemplate(ctx: AppContext, me: Principal, id: string) {
  if (defaultEmailTemplate(id)) throw new AppError(403, 'template_read_only');
  const t = await findEmailTemplate(ctx.database.db, companyOf(me), id);
  if (!t) throw notFound('template_not_found');
  return t;
}

export async function updateEmailTemplate(
  ctx: AppContext,
  me: Principal,
  id: string,
  input: EmailTemplateUpdate,
) {
  await ownEmailTemplate(ctx, me, id);
  const [row] = await ctx.database.db
    .update(emailTemplates)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(emailTemplates.id, id), eq(emailTemplates.companyId, companyOf(me))))
    .returning();
  if (!row) throw notFound('template_not_found');
  return toEmailTemplate(fromRow(row));
}

/** Soft delete: the template leaves every list and can come back with the undo. */
export async function deleteEmailTemplate(ctx: AppContext, me: Principal, id: string) {
  await ownEmailTemplate(ctx, me, id);
  await ctx.database.db
    .update(emailTemplates)
    .set({ deletedAt: new Date() })
    .where(and(eq(emailTemplates.id, id), eq(emailTemplates.companyId, companyOf(me))));
}

/** The undo of a delete; a template that is not deleted (or another company's) is not found. */
export async function restoreEmailTemplate(ctx: AppContext, me: Principal, id: string) {
  const [row] = await ctx.database.db
    .update(emailTemplates)
    .set({ deletedAt: null, updatedAt: new Date() })
    .where(
      and(
        eq(emailTemplates.id, id),
        eq(emailTemplates.companyId, companyOf(me)),
        isNotNull(emailTemplates.deletedAt),
      ),
    )
    .returning();
  if (!row) throw notFound('template_not_found');
  return toEmailTemplate(fromRow(row));
}

/** Renders a template (saved, or the given subject and body) with a project's data. */
export async function previewEmail(
  ctx: AppContext,
  me: Principal,
  input: EmailPreviewRequest,
  lang: Language,
) {
  const companyId = companyOf(me);
  const { db } = ctx.database;
  let template: { subject: string; body: string; language: Language };
  if (input.templateId) {
    const t = await findEmailTemplate(db, companyId, input.templateId);
    if (!t) throw notFound('template_not_found');
    template = {
      subject: input.subject ?? t.subject,
      body: input.body ?? t.body,
      language: t.language,
    };
  } else {
    template = { subject: input.subject ?? '', body: input.body ?? '', language: lang };
  }
  const values = await templateValues(db, {
    companyId,
    projectId: input.projectId,
    senderId: me.id,
    lang: template.language,
    links: ctx.config,
  });
  if (!values) throw notFound('project_not_found');
  return renderEmail(template, values.flat);
}

// ---------------------------------------------------------------------------------------------
// Word templates

type WordRow = typeof wordTemplates.$inferSelect;
const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export const toWordTemplate = (r: WordRow): WordTemplate => ({
  _id: r.id,
  name: r.name,
  language: asLanguage(r.language),
  size: r.size,
  isDefault: r.companyId === null,
  downloadUrl: `/api/word-template/${r.id}/download`,
  updatedAt: r.updatedAt.toISOString(),
});

interface TemplateUpload {
  fields: Record<string, string>;
  file?: { name: string; data: Buffer };
}

/** Reads a multipart template upload: text fields and at most one `file`; over 20 MB answers 413. */
async function readUpload(req: FastifyRequest): Promise<TemplateUpload> {
  if (!req.isMultipart()) throw badRequest('file_missing', { file: 'file_missing' });
  const out: TemplateUpload = { fields: {} };
  try {
    for await (const part of req.parts({ limits: { files: 1, fields: 5 } })) {
      if (part.type === 'field') {
        if (['name', 'language'].includes(part.fieldname)) out.fields[part.fieldname] = String(part.value);
      } else if (part.fieldname === 'file') {
        out.file = { name: safeName(part.filename), data: await part.toBuffer() };
      } else {
        await part.toBuffer();
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'file_too_large', { file: 'file_too_large' });
    }
    throw err;
  }
  return out;
}

/** Refuses anything but a real, bounded Word document (nothing is stored before this passes). */
async function checkTemplateFile(file: { name: string; data: Buffer }) {
  if (extname(file.name).toLowerCase() !== '.docx') {
    throw badRequest('template_not_docx', { file: 'template_not_docx' });
  }
  if (file.data.length === 0 || (await checkDocx(file.data)) !== null) {
    throw badRequest('template_invalid', { file: 'template_invalid' });
  }
}

function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.infer<T> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    throw formError(
      parsed.error.issues,
      (issue) => String(issue.path[0] ?? 'name'),
      (issue, field) =>
        fields[field] === undefined
          ? 'required'
          : isMessageKey(issue.message)
            ? issue.message
            : 'invalid_value',
    );
  }
  return parsed.data;
}

export async function uploadWordTemplate(ctx: AppContext, me: Principal, req: FastifyRequest) {
  const companyId = companyOf(me);
  const upload = await readUpload(req);
  if (!upload.file) throw badRequest('file_missing', { file: 'file_missing' });
  const fields = parseFields(WordTemplateFields, upload.fields);
  await checkTemplateFile(upload.file);
  const id = crypto.randomUUID();
  const storageKey = `${companyId}/templates/${id}.docx`;
  await ctx.storage.put(storageKey, upload.file.data);
  try {
    const [row] = await ctx.database.db
      .insert(wordTemplates)
      .values({
        id,
        companyId,
        name: fields.name,
        language: fields.language,
        storageKey,
        size: upload.file.data.length,
        createdBy: me.id,
      })
      .returning();
    if (!row) throw new AppError(418, 'template_create_failed');
    return toWordTemplate(row);
  } catch (err) {
    await ctx.storage.remove(storageKey);
    throw err;
  }
}

export async function listWordTemplates(ctx: AppContext, me: Principal) {
  const companyId = companyOf(me);
  const { db } = ctx.database;
  await ensureDefaultWordTemplates(ctx.database.db);
  const rows = await db
    .select()
    .from(wordTemplates)
    .where(
      and(
        or(eq(wordTemplates.companyId, companyId), isNull(wordTemplates.companyId)),
        isNull(wordTemplates.deletedAt),
      ),
    )
    .orderBy(asc(wordTemplates.companyId), asc(wordTemplates.name), asc(wordTemplates.id));
  // Own templates first, then the built-in ones (NULLs sort last in ascending order).
  return rows.map(toWordTemplate);
}

/** A company's or a built-in Word template row; another company's id is not found. */
export async function findWordTemplate(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(wordTemplates)
    .where(
      and(
        eq(wordTemplates.id, id),
        or(eq(wordTemplates.companyId, companyId), isNull(wordTemplates.companyId)),
        isNull(wordTemplates.deletedAt),
      ),
    );
  return row;
}

async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The template's file (generated for the built-in ones) and language. */
export async function loadWordTemplate(
  ctx: Pick<AppContext, 'database' | 'storage'>,
  companyId: string,
  id: string,
) {
  const builtin = defaultWordLanguage(id);
  if (builtin) {
    await ensureDefaultWordTemplates(ctx.database.db);
  }
  const row = await findWordTemplate(ctx.database.db, companyId, id);
  if (!row) throw notFound('template_not_found');
  const language = asLanguage(row.language);
  if (row.companyId === null) {
    return { row, language, data: defaultWordTemplateFile(builtin ?? language) };
  }
  return { row, language, data: await streamToBuffer(ctx.storage.read(row.storageKey)) };
}

export async function downloadWordTemplate(ctx: AppContext, me: Principal, id: string) {
  const { row, data } = await loadWordTemplate(ctx, companyOf(me), id);
  return { name: `${row.name.replace(/\.docx$/i, '')}.docx`, mimeType: DOCX_MIME, data };
}

export async function updateWordTemplate(ctx: AppContext, me: Principal, id: string, req: FastifyRequest) {
  const companyId = companyOf(me);
  const { db } = ctx.database;
  const existing = await findWordTemplate(db, companyId, id);
  if (!existing) throw notFound('template_not_found');
  if (existing.companyId === null) throw new AppError(403, 'template_read_only');
  // A rename alone may come as JSON; a new file comes as multipart.
  const upload: TemplateUpload = req.isMultipart()
    ? await readUpload(req)
    : { fields: (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, string> };
  const fields = parseFields(WordTemplateUpdateFields, upload.fields);
  if (upload.file) await checkTemplateFile(upload.file);
  const set: Partial<typeof wordTemplates.$inferInsert> = { updatedAt: new Date() };
  if (fields.name !== undefined) set.name = fields.name;
  if (fields.language !== undefined) set.language = fields.language;
  let newKey: string | undefined;
  if (upload.file) {
    newKey = `${companyId}/templates/${id}-${Date.now()}.docx`;
    await ctx.storage.put(newKey, upload.file.data);
    set.storageKey = newKey;
    set.size = upload.file.data.length;
  }
  try {
    const [row] = await db
      .update(wordTemplates)
      .set(set)
      .where(and(eq(wordTemplates.id, id), eq(wordTemplates.companyId, companyId)))
      .returning();
    if (!row) throw notFound('template_not_found');
    if (newKey) await ctx.storage.remove(existing.storageKey);
    return toWordTemplate(row);
  } catch (err) {
    if (newKey) await ctx.storage.remove(newKey);
    throw err;
  }
}

export async function deleteWordTemplate(ctx: AppContext, me: Principal, id: string) {
  const companyId = companyOf(me);
  const existing = await findWordTemplate(ctx.database.db, companyId, id);
  if (!existing) throw notFound('template_not_found');
  if (existing.companyId === null) throw new AppError(403, 'template_read_only');
  // Soft delete: the file stays in storage so the undo brings the template back whole.
  await ctx.database.db
    .update(wordTemplates)
    .set({ deletedAt: new Date() })
    .where(and(eq(wordTemplates.id, id), eq(wordTemplates.companyId, companyId)));
}

/** The undo of a delete; a template that is not deleted (or another company's) is not found. */
export async function restoreWordTemplate(ctx: AppContext, me: Principal, id: string) {
  const [row] = await ctx.database.db
    .update(wordTemplates)
    .set({ deletedAt: null, updatedAt: new Date() })
    .where(
      and(
        eq(wordTemplates.id, id),
        eq(wordTemplates.companyId, companyOf(me)),
        isNotNull(wordTemplates.deletedAt),
      ),
    )
    .returning();
  if (!row) throw notFound('template_not_found');
  return toWordTemplate(row);
}

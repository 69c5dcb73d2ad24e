import { extname } from 'node:path';
import { CONSTANTS, type PlanningFileKind, UNIT_COST } from '@solar/shared';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { downloads, files } from '../../db/schema';
import type { Principal } from '../../lib/auth-hook';
import type { AppContext } from '../../lib/context';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { safeName } from '../media/media.service';
import { currentMonth, effectivePlan, lockSubscription, usageOf } from '../payments/payments.service';
import { findQuoteById } from '../quotes/quotes.repository';
import { scopeFor } from '../quotes/quotes.scope';

const EXTENSION: Record<PlanningFileKind, string> = { obj: '.obj', pvsol: '.pvsol' };

/** ADMIN uploads a planning file (OBJ model or PVSol project) of a quote. */
export async function uploadPlanningFile(ctx: AppContext, me: Principal, req: FastifyRequest) {
  if (me.role !== 'ADMIN') throw forbidden();
  let quoteId = '';
  let kind: string = '';
  let upload: { name: string; data: Buffer } | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field' && part.fieldname === 'quoteId') quoteId = String(part.value);
      else if (part.type === 'field' && part.fieldname === 'kind') kind = String(part.value);
      else if (part.type === 'file' && part.fieldname === 'file') {
        upload = { name: safeName(part.filename), data: await part.toBuffer() };
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'file_too_large');
    throw err;
  }
  if (kind !== 'obj' && kind !== 'pvsol') throw badRequest('invalid_value', { kind: 'invalid_value' });
  if (!/^[0-9a-f-]{36}$/i.test(quoteId)) throw badRequest('required', { quoteId: 'required' });
  if (!upload || upload.data.length === 0) throw badRequest('file_missing', { file: 'file_missing' });
  if (extname(upload.name).toLowerCase() !== EXTENSION[kind]) {
    throw badRequest('file_type_not_allowed', { file: 'file_type_not_allowed' });
  }
  const { db } = ctx.database;
  const quote = await findQuoteById(db, { kind: 'all' }, quoteId);
  if (!quote) throw notFound('quote_not_found');
  const id = crypto.randomUUID();
  const storageKey = `planning/${quoteId}/${id}${EXTENSION[kind]}`;
  await ctx.storage.put(storageKey, upload.data);
  const [row] = await db
    .insert(files)
    .values({
      id,
      quoteId,
      kind,
      name: upload.name,
      mimeType: kind === 'obj' ? 'model/obj' : 'application/octet-stream',
      size: upload.data.length,
      storageKey,
      createdBy: me.id,
    })
    .returning();
  if (!row) throw new AppError(418, 'something_wrong');
  return {
    _id: row.id,
    quoteId,
    kind: kind as PlanningFileKind,
    name: row.name,
    size: row.size,
    downloaded: false,
    url: null,
  };
}

/** The newest planning file of a kind for a quote (platform files only). */
async function latestFile(ctx: AppContext, quoteId: string, kind: PlanningFileKind) {
  const [row] = await ctx.database.db
    .select()
    .from(files)
    .where(and(eq(files.quoteId, quoteId), eq(files.kind, kind), isNull(files.companyId)))
    .orderBy(desc(files.createdAt), desc(files.id))
    .limit(1);
  return row;
}

/** The quote's planning files and whether the caller's company has them already. */
export async function listPlanningFiles(ctx: AppContext, me: Principal, quoteId: string) {
  const { db } = ctx.database;
  const quote = await findQuoteById(db, scopeFor(me), quoteId);
  if (!quote) throw notFound('quote_not_found');
  const result = [];
  for (const kind of ['obj', 'pvsol'] as const) {
    const file = await latestFile(ctx, quoteId, kind);
    if (!file) continue;
    const [mine] = me.companyId
      ? await db
          .select({ id: downloads.id })
          .from(downloads)
          .where(and(eq(downloads.companyId, me.companyId), eq(downloads.fileId, file.id)))
      : [];
    const downloaded = me.role === 'ADMIN' || Boolean(mine);
    result.push({
      _id: file.id,
      quoteId,
      kind,
      name: file.name,
      size: file.size,
      downloaded,
      url: downloaded ? `/api/planning-files/${file.id}` : null,
    });
  }
  return result;
}

/**
 * Decides and counts a download in one transaction, with the company's subscription row locked, so
 * concurrent downloads never exceed the quota. A file the company has already is never counted
 * again. Free: the first 3 OBJ files ever, no PVSol. Premium: a monthly budget of units (OBJ 1,
 * PVSol 2) of 4 plus the paid extras. Enterprise: unlimited.
 */
export async function requestDownload(
  ctx: AppContext,
  me: Principal,
  quoteId: string,
  kind: PlanningFileKind,
) {
  if (!me.companyId) throw forbidden();
  const companyId = me.companyId;
  const { db } = ctx.database;
  const quote = await findQuoteById(db, scopeFor(me), quoteId);
  if (!quote) throw notFound('quote_not_found');
  const file = await latestFile(ctx, quoteId, kind);
  if (!file) throw new AppError(404, 'download_not_available');
  return db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, companyId);
    const [already] = await tx
      .select({ id: downloads.id })
      .from(downloads)
      .where(and(eq(downloads.companyId, companyId), eq(downloads.fileId, file.id)));
    const url = `/api/planning-files/${file.id}`;
    if (already) return { url, name: file.name, counted: false };
    const plan = effectivePlan(sub);
    const usage = await usageOf(tx, sub);
    let isFree = false;
    if (plan === 'free') {
      if (kind === 'pvsol') throw new AppError(402, 'premium_required');
      if (usage.freeObjUsed >= CONSTANTS.freeDownloadCount) throw new AppError(402, 'download_limit');
      isFree = true;
    } else if (usage.unitsBudget !== null && usage.unitsUsed + UNIT_COST[kind] > usage.unitsBudget) {
      throw new AppError(402, 'download_limit');
    }
    await tx.insert(downloads).values({
      companyId,
      quoteId,
      fileId: file.id,
      kind,
      month: currentMonth(),
      isFree,
      userId: me.id,
    });
    return { url, name: file.name, counted: true };
  });
}

/** Streams a planning file the company has downloaded (ADMIN: any). */
export async function openPlanningFile(ctx: AppContext, me: Principal, fileId: string) {
  const { db } = ctx.database;
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), isNull(files.companyId), sql`${files.kind} IN ('obj', 'pvsol')`));
  if (!file) throw notFound();
  if (me.role !== 'ADMIN') {
    if (!me.companyId) throw forbidden();
    const [mine] = await db
      .select({ id: downloads.id })
      .from(downloads)
      .where(and(eq(downloads.companyId, me.companyId), eq(downloads.fileId, fileId)));
    if (!mine) throw notFound();
  }
  return { name: file.name, mimeType: file.mimeType, stream: ctx.storage.read(file.storageKey) };
}

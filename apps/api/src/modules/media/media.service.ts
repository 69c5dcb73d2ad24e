import { extname } from 'node:path';
import type { ProjectFile } from '@solar/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { files, projects } from '../../db/schema';
import type { Principal } from '../../lib/auth-hook';
import type { AppContext } from '../../lib/context';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';

/** File types a project may hold, by extension, with the content type we serve them as. */
const ALLOWED: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.csv': 'text/csv',
  '.txt': 'text/plain',
  '.obj': 'model/obj',
  '.pvsol': 'application/octet-stream',
  '.zip': 'application/zip',
};

/** Magic numbers of the binary types, so a renamed file is refused. */
const MAGIC: Record<string, (b: Buffer) => boolean> = {
  '.pdf': (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
  '.png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  '.jpg': (b) => b[0] === 0xff && b[1] === 0xd8,
  '.jpeg': (b) => b[0] === 0xff && b[1] === 0xd8,
  '.webp': (b) => b.subarray(8, 12).toString('latin1') === 'WEBP',
  '.docx': (b) => b[0] === 0x50 && b[1] === 0x4b,
  '.xlsx': (b) => b[0] === 0x50 && b[1] === 0x4b,
  '.zip': (b) => b[0] === 0x50 && b[1] === 0x4b,
};

/** A display name without path parts or control characters. */
export function safeName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  const clean = Array.from(base)
    .filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 200);
  return clean || 'file';
}

export async function uploadFile(ctx: AppContext, me: Principal, req: FastifyRequest): Promise<ProjectFile> {
  if (!me.companyId) throw forbidden();
  if (!req.isMultipart()) throw badRequest('file_missing', { file: 'file_missing' });
  let projectId: string | null = null;
  let upload: { name: string; data: Buffer } | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field' && part.fieldname === 'projectId') projectId = String(part.value);
      else if (part.type === 'file' && part.fieldname === 'file') {
        upload = { name: safeName(part.filename), data: await part.toBuffer() };
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'file_too_large', { file: 'file_too_large' });
    }
    throw err;
  }
  if (!upload || upload.data.length === 0) throw badRequest('file_missing', { file: 'file_missing' });
  const ext = extname(upload.name).toLowerCase();
  const mimeType = ALLOWED[ext];
  const magic = MAGIC[ext];
  if (!mimeType || (magic && !magic(upload.data))) {
    throw badRequest('file_type_not_allowed', { file: 'file_type_not_allowed' });
  }
  const { db } = ctx.database;
  if (projectId) {
    if (!/^[0-9a-f-]{36}$/i.test(projectId)) throw notFound('project_not_found');
    const [project] = await db
      .select({ id: projects.id })
      .from(projects)
      .where(
        and(eq(projects.id, projectId), eq(projects.companyId, me.companyId), eq(projects.isDeleted, false)),
      );
    if (!project) throw notFound('project_not_found');
  }
  const id = crypto.randomUUID();
  const storageKey = `${me.companyId}/${id}${ext}`;
  await ctx.storage.put(storageKey, upload.data);
  try {
    const [row] = await db
      .insert(files)
      .values({
        id,
        companyId: me.companyId,
        projectId,
        kind: projectId ? 'project' : 'media',
        name: upload.name,
        mimeType,
        size: upload.data.length,
        storageKey,
        createdBy: me.id,
      })
      .returning();
    if (!row) throw new AppError(418, 'something_wrong');
    return {
      _id: row.id,
      name: row.name,
      url: `/api/media/${row.id}`,
      mimeType: row.mimeType,
      size: row.size,
      createdAt: row.createdAt.toISOString(),
      createdBy: row.createdBy,
    };
  } catch (err) {
    await ctx.storage.remove(storageKey);
    throw err;
  }
}

async function findOwnFile(ctx: AppContext, me: Principal, id: string) {
  if (!me.companyId) throw forbidden();
  const [row] = await ctx.database.db
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.companyId, me.companyId)));
  if (!row) throw notFound();
  return row;
}

export async function openFile(ctx: AppContext, me: Principal, id: string) {
  const row = await findOwnFile(ctx, me, id);
  return { name: row.name, mimeType: row.mimeType, stream: ctx.storage.read(row.storageKey) };
}

export async function deleteFile(ctx: AppContext, me: Principal, id: string) {
  const row = await findOwnFile(ctx, me, id);
  if (me.role === 'INSTALLER' && row.createdBy !== me.id) throw forbidden();
  await ctx.database.db.delete(files).where(eq(files.id, id));
  await ctx.storage.remove(row.storageKey);
}

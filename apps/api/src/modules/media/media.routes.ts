import { dataOf, IdParams, MessageResponse, ProjectFile } from '@solar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../lib/auth-hook';
import { translate } from '../../lib/messages';
import { deleteFile, openFile, uploadFile } from './media.service';

/** SPEC §5: 20 MB for uploads. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

const installers = { access: ['INSTALLER_ADMIN', 'INSTALLER', 'INSTALLER_SALES'] } as const;

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Multipart upload: one `file` field and an optional `projectId` field; answers `data[0].url`. */
  app.post(
    '/media',
    { config: installers, schema: { response: { 200: dataOf(z.array(ProjectFile)) } } },
    async (req) => ({ data: [await uploadFile(req.ctx, principalOf(req), req)] }),
  );

  app.get('/media/:id', { config: installers, schema: { params: IdParams } }, async (req, reply) => {
    const file = await openFile(req.ctx, principalOf(req), req.params.id);
    reply.header('content-type', file.mimeType);
    reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`);
    reply.header('x-content-type-options', 'nosniff');
    return reply.send(file.stream);
  });

  app.delete(
    '/media/:id',
    { config: installers, schema: { params: IdParams, response: { 200: MessageResponse } } },
    async (req) => {
      await deleteFile(req.ctx, principalOf(req), req.params.id);
      return { data: { message: translate('file_deleted', req.lang) } };
    },
  );
};

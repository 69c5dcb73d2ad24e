import { DownloadRequest, dataOf, IdParams, PlanningFile, Subscription } from '@solar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../lib/auth-hook';
import { forbidden } from '../../lib/errors';
import { getSubscription } from '../payments/payments.service';
import {
  listPlanningFiles,
  openPlanningFile,
  requestDownload,
  uploadPlanningFile,
} from './downloads.service';

const installers = ['INSTALLER_ADMIN', 'INSTALLER', 'INSTALLER_SALES'] as const;

export const downloadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/planning-files',
    { config: { access: ['ADMIN'] }, schema: { response: { 200: dataOf(PlanningFile) } } },
    async (req) => ({ data: await uploadPlanningFile(req.ctx, principalOf(req), req) }),
  );

  app.get(
    '/product/product-obj-files',
    {
      config: { access: ['ADMIN', ...installers] },
      schema: {
        querystring: z.object({ quoteId: z.uuid() }),
        response: { 200: dataOf(z.array(PlanningFile)) },
      },
    },
    async (req) => ({ data: await listPlanningFiles(req.ctx, principalOf(req), req.query.quoteId) }),
  );

  /** SPEC §7: the server decides and counts a download; answers the file's url and the usage. */
  app.put(
    '/user/downloadupdate',
    {
      config: { access: installers },
      schema: {
        body: DownloadRequest,
        response: {
          200: dataOf(
            z.object({ url: z.string(), name: z.string(), counted: z.boolean(), subscription: Subscription }),
          ),
        },
      },
    },
    async (req) => {
      const me = principalOf(req);
      const result = await requestDownload(req.ctx, me, req.body.quoteId, req.body.kind);
      if (!me.companyId) throw forbidden();
      return { data: { ...result, subscription: await getSubscription(req.ctx, me.companyId) } };
    },
  );

  app.get(
    '/planning-files/:id',
    { config: { access: ['ADMIN', ...installers] }, schema: { params: IdParams } },
    async (req, reply) => {
      const file = await openPlanningFile(req.ctx, principalOf(req), req.params.id);
      reply.header('content-type', file.mimeType);
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`);
      return reply.send(file.stream);
    },
  );
};

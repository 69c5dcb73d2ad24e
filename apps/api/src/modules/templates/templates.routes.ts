import {
  EmailPreviewRequest,
  EmailPreviewResponse,
  EmailTemplateInput,
  EmailTemplateListResponse,
  EmailTemplateResponse,
  EmailTemplateUpdate,
  IdParams,
  MessageResponse,
  WordTemplate,
  WordTemplateListResponse,
} from '@solar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../lib/auth-hook';
import { translate } from '../../lib/messages';
import {
  createEmailTemplate,
  deleteEmailTemplate,
  deleteWordTemplate,
  downloadWordTemplate,
  listEmailTemplates,
  listWordTemplates,
  previewEmail,
  restoreEmailTemplate,
  restoreWordTemplate,
  updateEmailTemplate,
  updateWordTemplate,
  uploadWordTemplate,
} from './templates.service';

const installers = { access: ['INSTALLER_ADMIN', 'INSTALLER', 'INSTALLER_SALES'] } as const;

const WordTemplateSaved = z.object({ data: WordTemplate, message: z.string() });

export const templateRoutes: FastifyPluginAsyncZod = async (app) => {
  // ------------------------------------------------------------------ e-mail templates
  app.get(
    '/email-template',
    { config: installers, schema: { response: { 200: EmailTemplateListResponse } } },
    async (req) => ({ data: await listEmailTemplates(req.ctx, principalOf(req)) }),
  );

  app.post(
    '/email-template',
    { config: installers, schema: { body: EmailTemplateInput, response: { 200: EmailTemplateResponse } } },
    async (req) => ({ data: await createEmailTemplate(req.ctx, principalOf(req), req.body) }),
  );

  app.post(
    '/email-template/preview',
    { config: installers, schema: { body: EmailPreviewRequest, response: { 200: EmailPreviewResponse } } },
    async (req) => ({ data: await previewEmail(req.ctx, principalOf(req), req.body, req.lang) }),
  );

  app.put(
    '/email-template/:id',
    {
      config: installers,
      schema: { params: IdParams, body: EmailTemplateUpdate, response: { 200: EmailTemplateResponse } },
    },
    async (req) => ({ data: await updateEmailTemplate(req.ctx, principalOf(req), req.params.id, req.body) }),
  );

  app.delete(
    '/email-template/:id',
    { config: installers, schema: { params: IdParams, response: { 200: MessageResponse } } },
    async (req) => {
      await deleteEmailTemplate(req.ctx, principalOf(req), req.params.id);
      return { data: { message: translate('template_deleted', req.lang) } };
    },
  );

  // The undo of a delete (templates are deleted softly).
  app.post(
    '/email-template/:id/restore',
    { config: installers, schema: { params: IdParams, response: { 200: EmailTemplateResponse } } },
    async (req) => ({ data: await restoreEmailTemplate(req.ctx, principalOf(req), req.params.id) }),
  );

  // ------------------------------------------------------------------ Word (.docx) templates
  app.get(
    '/word-template',
    { config: installers, schema: { response: { 200: WordTemplateListResponse } } },
    async (req) => ({ data: await listWordTemplates(req.ctx, principalOf(req)) }),
  );

  /** Multipart: `file` (.docx under 20 MB), `name`, optional `language` (de|en|es). */
  app.post(
    '/word-template',
    { config: installers, schema: { response: { 200: WordTemplateSaved } } },
    async (req) => {
      const data = await uploadWordTemplate(req.ctx, principalOf(req), req);
      return { data, message: translate('template_saved_as', req.lang).replace('{name}', data.name) };
    },
  );

  app.get(
    '/word-template/:id/download',
    { config: installers, schema: { params: IdParams } },
    async (req, reply) => {
      const file = await downloadWordTemplate(req.ctx, principalOf(req), req.params.id);
      reply.header('content-type', file.mimeType);
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`);
      reply.header('x-content-type-options', 'nosniff');
      return reply.send(file.data);
    },
  );

  /** Multipart: a new `file` and/or a new `name` / `language`. */
  app.put(
    '/word-template/:id',
    { config: installers, schema: { params: IdParams, response: { 200: WordTemplateSaved } } },
    async (req) => ({
      data: await updateWordTemplate(req.ctx, principalOf(req), req.params.id, req),
      message: translate('template_updated', req.lang),
    }),
  );

  app.delete(
    '/word-template/:id',
    { config: installers, schema: { params: IdParams, response: { 200: MessageResponse } } },
    async (req) => {
      await deleteWordTemplate(req.ctx, principalOf(req), req.params.id);
      return { data: { message: translate('template_deleted', req.lang) } };
    },
  );

  app.post(
    '/word-template/:id/restore',
    { config: installers, schema: { params: IdParams, response: { 200: WordTemplateSaved } } },
    async (req) => ({
      data: await restoreWordTemplate(req.ctx, principalOf(req), req.params.id),
      message: translate('template_restored', req.lang),
    }),
  );
};

import {
  IdParams,
  MessageResponse,
  Task,
  TaskTemplate,
  TaskTemplateCreateRequest,
  TaskTemplateDeleteRequest,
  TaskTemplateImportRequest,
  TaskTemplateListRequest,
  TaskTemplateListResponse,
  TaskTemplateUpdateRequest,
  UserProjectsResponse,
  ViewCreateRequest,
  ViewEditRequest,
  ViewHiddenRequest,
  ViewListResponse,
  ViewResponse,
} from '@solar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../lib/auth-hook';
import { translate, translateCount } from '../../lib/messages';
import { BOARD_ROLES } from './board.policy';
import { createView, deleteView, editView, userProjects, userViews } from './board-views.service';
import {
  createTemplate,
  deleteTemplates,
  importTemplate,
  listTemplates,
  renameTemplate,
  restoreTemplates,
} from './task-templates.service';

const access = { access: BOARD_ROLES };
const ViewAnswer = ViewResponse.extend({ message: z.string().optional() });
const TemplateAnswer = z.object({ data: TaskTemplate, message: z.string().optional() });

/** SPEC §7 Views and Task templates (docs/board.md). */
export const boardViewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/view/user-views/:id',
    {
      config: access,
      schema: {
        params: z.object({ id: z.union([z.enum(['tasks', 'projects']), z.uuid()]) }),
        response: { 200: ViewListResponse },
      },
    },
    async (req) => ({ data: await userViews(req.ctx, principalOf(req), req.params.id) }),
  );

  app.get(
    '/view/user-projects',
    { config: access, schema: { response: { 200: UserProjectsResponse } } },
    async (req) => ({ data: await userProjects(req.ctx, principalOf(req)) }),
  );

  app.post(
    '/view/create',
    { config: access, schema: { body: ViewCreateRequest, response: { 200: ViewAnswer } } },
    async (req) => ({
      data: await createView(req.ctx, principalOf(req), req.body),
      message: translate('view_created', req.lang),
    }),
  );

  app.put(
    '/view/edit',
    { config: access, schema: { body: ViewEditRequest, response: { 200: ViewAnswer } } },
    async (req) => ({ data: await editView(req.ctx, principalOf(req), req.body) }),
  );

  app.patch(
    '/view/edit-hidden-properties',
    { config: access, schema: { body: ViewHiddenRequest, response: { 200: ViewAnswer } } },
    async (req) => ({ data: await editView(req.ctx, principalOf(req), req.body) }),
  );

  app.delete(
    '/view/delete/:id',
    { config: access, schema: { params: IdParams, response: { 200: MessageResponse } } },
    async (req) => {
      await deleteView(req.ctx, principalOf(req), req.params.id);
      return { data: { message: translate('view_deleted', req.lang) } };
    },
  );

  app.post(
    '/task-templates/create',
    { config: access, schema: { body: TaskTemplateCreateRequest, response: { 200: TemplateAnswer } } },
    async (req) => {
      const template = await createTemplate(req.ctx, principalOf(req), req.body, req.lang);
      // How many tasks the set keeps (at most MAX_TEMPLATE_TASKS of the view's), as the web's toast says.
      const message = translateCount('task_set_saved', template.tasks.length, req.lang).replace(
        '{name}',
        () => template.name,
      );
      return { data: template, message };
    },
  );

  app.post(
    '/task-templates/list',
    {
      config: access,
      schema: { body: TaskTemplateListRequest, response: { 200: TaskTemplateListResponse } },
    },
    async (req) => ({ data: await listTemplates(req.ctx, principalOf(req), req.body) }),
  );

  app.post(
    '/task-templates/import-to-project',
    {
      config: access,
      schema: {
        body: TaskTemplateImportRequest,
        response: { 200: z.object({ data: z.object({ tasks: z.array(Task), message: z.string() }) }) },
      },
    },
    async (req) => {
      const { projectId, templateId } = req.body;
      const tasks = await importTemplate(req.ctx, principalOf(req), projectId, templateId, req.lang);
      const message = translateCount('template_imported', tasks.length, req.lang);
      return { data: { tasks, message } };
    },
  );

  app.post(
    '/task-templates/delete',
    { config: access, schema: { body: TaskTemplateDeleteRequest, response: { 200: MessageResponse } } },
    async (req) => {
      await deleteTemplates(req.ctx, principalOf(req), req.body.templateIds);
      return { data: { message: translate('template_deleted', req.lang) } };
    },
  );

  app.post(
    '/task-templates/restore',
    { config: access, schema: { body: TaskTemplateDeleteRequest, response: { 200: MessageResponse } } },
    async (req) => {
      await restoreTemplates(req.ctx, principalOf(req), req.body.templateIds);
      return { data: { message: translate('template_restored', req.lang) } };
    },
  );

  app.put(
    '/task-templates/update/:id',
    {
      config: access,
      schema: { params: IdParams, body: TaskTemplateUpdateRequest, response: { 200: TemplateAnswer } },
    },
    async (req) => ({
      data: await renameTemplate(req.ctx, principalOf(req), req.params.id, req.body.name),
      message: translate('template_updated', req.lang),
    }),
  );
};

import {
  ComponentsUpdate,
  DashboardResponse,
  DeleteProjectsRequest,
  IdParams,
  MatchedBucketsResponse,
  MatchedUpdate,
  MessageResponse,
  PageQuery,
  ProjectDetailResponse,
  SavedListResponse,
  SavedProjectUpdate,
  SavedSearchBody,
  SavedSearchQuery,
  SaveQuoteRequest,
} from '@solar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../lib/auth-hook';
import { translate } from '../../lib/messages';
import { sendWrittenAnswer } from '../../lib/response-serializer';
import {
  dashboardStats,
  deleteProjects,
  getProject,
  matchedBuckets,
  saveQuote,
  searchProjects,
  updateComponents,
  updateProject,
} from './projects.service';

const installers = { access: ['INSTALLER_ADMIN', 'INSTALLER', 'INSTALLER_SALES'] } as const;

export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/saved-project/installer/search',
    {
      config: installers,
      schema: { querystring: SavedSearchQuery, body: SavedSearchBody, response: { 200: SavedListResponse } },
    },
    // Written as JSON text, the projects as PostgreSQL wrote them (decision 0022).
    async (req, reply) =>
      sendWrittenAnswer(
        req,
        reply,
        SavedListResponse,
        await searchProjects(req.ctx, principalOf(req), req.body, req.query),
      ),
  );

  app.get(
    '/saved-project/project/:id',
    { config: installers, schema: { params: IdParams, response: { 200: ProjectDetailResponse } } },
    async (req) => ({ data: await getProject(req.ctx, principalOf(req), req.params.id) }),
  );

  app.post(
    '/saved-project/create',
    { config: installers, schema: { body: SaveQuoteRequest, response: { 200: ProjectDetailResponse } } },
    async (req) => ({ data: await saveQuote(req.ctx, principalOf(req), req.body.quoteId) }),
  );

  app.put(
    '/saved-project/delete',
    {
      config: { access: ['INSTALLER_ADMIN', 'INSTALLER_SALES'] },
      schema: { body: DeleteProjectsRequest, response: { 200: MessageResponse } },
    },
    async (req) => {
      await deleteProjects(req.ctx, principalOf(req), req.body.deletedProjects);
      return { data: { message: translate('projects_deleted', req.lang) } };
    },
  );

  app.put(
    '/saved-project/update/:id',
    {
      config: installers,
      schema: { params: IdParams, body: SavedProjectUpdate, response: { 200: ProjectDetailResponse } },
    },
    async (req) => ({ data: await updateProject(req.ctx, principalOf(req), req.params.id, req.body) }),
  );

  app.put(
    '/saved-project/update-components/:id',
    {
      config: installers,
      schema: { params: IdParams, body: ComponentsUpdate, response: { 200: ProjectDetailResponse } },
    },
    async (req) => ({
      data: await updateComponents(req.ctx, principalOf(req), req.params.id, req.body.components),
    }),
  );

  app.put(
    '/matched/installer/search',
    {
      config: installers,
      schema: {
        querystring: PageQuery.extend({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        body: SavedSearchBody.optional(),
        response: { 200: MatchedBucketsResponse },
      },
    },
    async (req) => ({ data: await matchedBuckets(req.ctx, principalOf(req), req.body ?? {}, req.query) }),
  );

  app.put(
    '/matched/:id',
    {
      config: installers,
      schema: { params: IdParams, body: MatchedUpdate, response: { 200: ProjectDetailResponse } },
    },
    async (req) => ({
      data: await updateProject(req.ctx, principalOf(req), req.params.id, {
        projectStatus: req.body.projectStatus,
      }),
    }),
  );

  app.get(
    '/dashboard/stats',
    { config: installers, schema: { response: { 200: DashboardResponse } } },
    async (req) => ({ data: await dashboardStats(req.ctx, principalOf(req)) }),
  );
};

import { PresenceAnswer, PresenceQuery, PresenceRequest } from '@solar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../lib/auth-hook';
import { leavePresence, listPresence, putPresence } from './presence.service';

/** A company's people see each other on their boards (docs/decisions/0034-presence.md). */
const access = { access: ['INSTALLER_ADMIN', 'INSTALLER', 'INSTALLER_SALES'] } as const;

export const presenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/presence',
    { config: access, schema: { body: PresenceRequest, response: { 200: PresenceAnswer } } },
    async (req) => ({ data: await putPresence(req.ctx, principalOf(req), req.body) }),
  );

  app.get(
    '/presence',
    { config: access, schema: { querystring: PresenceQuery, response: { 200: PresenceAnswer } } },
    async (req) => ({ data: await listPresence(req.ctx, principalOf(req), req.query.board) }),
  );

  app.delete(
    '/presence/:tabId',
    {
      config: access,
      schema: {
        params: z.object({ tabId: z.uuid() }),
        response: { 200: z.object({ data: z.object({ left: z.boolean() }) }) },
      },
    },
    async (req) => ({ data: await leavePresence(req.ctx, principalOf(req), req.params.tabId) }),
  );
};

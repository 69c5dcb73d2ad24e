import {
  NotificationListResponse,
  NotificationQuery,
  NotificationReadRequest,
  NotificationUnreadResponse,
} from '@solar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../lib/auth-hook';
import { listNotifications, markNotificationsRead, unreadNotifications } from './notifications.service';

/** A company's people read their own notifications (docs/notifications.md). */
const access = { access: ['INSTALLER_ADMIN', 'INSTALLER', 'INSTALLER_SALES'] } as const;

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notification',
    {
      config: access,
      schema: { querystring: NotificationQuery, response: { 200: NotificationListResponse } },
    },
    async (req) => ({ data: await listNotifications(req.ctx, principalOf(req), req.query) }),
  );

  app.get(
    '/notification/unread',
    { config: access, schema: { response: { 200: NotificationUnreadResponse } } },
    async (req) => ({ data: await unreadNotifications(req.ctx, principalOf(req)) }),
  );

  app.put(
    '/notification/read',
    {
      config: access,
      schema: { body: NotificationReadRequest, response: { 200: NotificationUnreadResponse } },
    },
    async (req) => ({ data: await markNotificationsRead(req.ctx, principalOf(req), req.body) }),
  );
};

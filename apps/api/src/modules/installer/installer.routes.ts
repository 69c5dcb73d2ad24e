import {
  AccessUpdateRequest,
  CompanyUpdateRequest,
  dataOf,
  InstallerDetails,
  InviteRequest,
  MessageResponse,
  TeamMember,
  TeamResponse,
} from '@solar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../lib/auth-hook';
import { translate } from '../../lib/messages';
import { changeRole, inviteUsers, listTeam, removeAccess, updateCompany } from './installer.service';

const installerRoles = ['INSTALLER_ADMIN', 'INSTALLER', 'INSTALLER_SALES'] as const;
const CompanyParams = z.object({ id: z.uuid() });
const MemberParams = z.object({ id: z.uuid(), userId: z.uuid() });

export const installerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/installer/:id',
    {
      config: { access: ['ADMIN', 'INSTALLER_ADMIN'] },
      schema: {
        params: CompanyParams,
        body: CompanyUpdateRequest,
        response: { 200: dataOf(InstallerDetails) },
      },
    },
    async (req) => ({ data: await updateCompany(req.ctx, principalOf(req), req.params.id, req.body) }),
  );

  app.get(
    '/installer/users',
    { config: { access: installerRoles }, schema: { response: { 200: TeamResponse } } },
    async (req) => ({ data: { docs: await listTeam(req.ctx, principalOf(req)) } }),
  );

  app.post(
    '/installer/userAceess/:id',
    {
      config: { access: ['INSTALLER_ADMIN'] },
      schema: {
        params: CompanyParams,
        body: InviteRequest,
        response: { 200: dataOf(z.object({ docs: z.array(TeamMember), message: z.string() })) },
      },
    },
    async (req) => {
      const docs = await inviteUsers(req.ctx, principalOf(req), req.params.id, req.body, req.lang);
      return { data: { docs, message: translate('user_invited', req.lang) } };
    },
  );

  app.put(
    '/installer/userAceess/:id/:userId',
    {
      config: { access: ['INSTALLER_ADMIN'] },
      schema: { params: MemberParams, body: AccessUpdateRequest, response: { 200: dataOf(TeamMember) } },
    },
    async (req) => ({
      data: await changeRole(req.ctx, principalOf(req), req.params.id, req.params.userId, req.body.role),
    }),
  );

  app.delete(
    '/installer/userAceess/:id/:userId',
    {
      config: { access: ['INSTALLER_ADMIN'] },
      schema: { params: MemberParams, response: { 200: MessageResponse } },
    },
    async (req) => {
      await removeAccess(req.ctx, principalOf(req), req.params.id, req.params.userId);
      return { data: { message: translate('access_removed', req.lang) } };
    },
  );
};

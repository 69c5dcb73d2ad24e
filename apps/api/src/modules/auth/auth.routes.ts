import {
  ForgotPasswordRequest,
  LoginRequest,
  LoginResponse,
  LogoutRequest,
  MessageResponse,
  RefreshQuery,
  RefreshResponse,
  ResetPasswordParams,
  ResetPasswordRequest,
  ResetPasswordResponse,
} from '@solar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../lib/messages';
import { checkResetLink, forgotPassword, login, logout, refresh, resetPassword } from './auth.service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const pub = { access: 'public' } as const;

  app.post(
    '/user/installer/login',
    { config: pub, schema: { body: LoginRequest, response: { 200: LoginResponse } } },
    async (req) => ({ data: await login(req.ctx, { ...req.body, ip: req.ip }) }),
  );

  app.get(
    '/refresh',
    { config: pub, schema: { querystring: RefreshQuery, response: { 200: RefreshResponse } } },
    async (req) => ({ data: await refresh(req.ctx, req.query.refresh_token) }),
  );

  app.post(
    '/user/logout',
    { config: pub, schema: { body: LogoutRequest, response: { 200: MessageResponse } } },
    async (req) => {
      await logout(req.ctx, req.body.refresh_token);
      return { data: { message: translate('logged_out', req.lang) } };
    },
  );

  app.post(
    '/user/forgot-password',
    { config: pub, schema: { body: ForgotPasswordRequest, response: { 200: MessageResponse } } },
    async (req) => {
      await forgotPassword(req.ctx, req.body.email);
      return { data: { message: translate('reset_link_sent', req.lang) } };
    },
  );

  // Asked by the reset page as it opens: a used or expired link says so before the form is filled in.
  app.get(
    '/user/reset-password/:adminToken',
    { config: pub, schema: { params: ResetPasswordParams, response: { 200: MessageResponse } } },
    async (req) => {
      await checkResetLink(req.ctx, req.params.adminToken);
      return { data: { message: translate('reset_link_valid', req.lang) } };
    },
  );

  app.post(
    '/user/reset-password/:adminToken',
    {
      config: pub,
      schema: {
        params: ResetPasswordParams,
        body: ResetPasswordRequest,
        response: { 200: ResetPasswordResponse },
      },
    },
    async (req) => {
      const email = await resetPassword(req.ctx, req.params.adminToken, req.body.password);
      return { data: { message: translate('password_changed', req.lang), email } };
    },
  );
};

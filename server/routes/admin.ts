/**
 * SPEC 7 "Admin": the entrance gate, admin sessions, user moderation and the admin's own
 * account (use-cases/admin.ts). Every call but the gate and login needs an admin session
 * whose id is the admin_id in the query (the guard).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminAccountAnswerSchema,
  AdminChangePasswordQuerySchema,
  AdminChangeUsernameQuerySchema,
  AdminLoginAnswerSchema,
  AdminLoginBodySchema,
  AdminSettingsSchema,
  AdminStatsSchema,
  AdminUserDetailSchema,
  AdminUsersAnswerSchema,
  AdminUsersQuerySchema,
  BanBodySchema,
  GateAnswerSchema,
  GateParamsSchema,
  ModerationAnswerSchema,
  ReasonQuerySchema,
} from '../../contract/admin';
import { AdminQuerySchema, IdParamsSchema, SuccessSchema } from '../../contract/common';
import { ADMIN_SESSION_HOURS } from '../db/repositories/sessions';
import { badRequest } from '../errors';
import { adminActor } from '../plugins/guard';
import { ADMIN_COOKIE, clearSessionCookie } from '../plugins/session';
import {
  adminGate,
  adminLogin,
  adminLogout,
  ban,
  changeAdminPassword,
  changeAdminUsername,
  remove,
  settings,
  stats,
  unban,
  user,
  users,
  warn,
} from '../use-cases/admin';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = app.config.secureCookies;
  const checkGate = adminGate(app);

  app.get(
    '/admin/secure-access/:slug',
    { config: { auth: 'none', rateLimit: app.routeLimits.gate }, schema: { params: GateParamsSchema, response: { 200: GateAnswerSchema } } },
    async (request) => {
      await checkGate(request.params.slug);
      return { ok: true as const };
    },
  );

  app.post(
    '/admin/login',
    {
      config: { auth: 'none', rateLimit: app.routeLimits.login },
      schema: { body: AdminLoginBodySchema, response: { 200: AdminLoginAnswerSchema } },
    },
    async (request, reply) => {
      const { admin, token } = await adminLogin(app, request.body, request.ip, request.adminToken);
      // Strict: the admin cookie never rides along on a request another site starts.
      reply.setCookie(ADMIN_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'strict', secure, maxAge: ADMIN_SESSION_HOURS * 3600 });
      return { admin };
    },
  );

  /** Not in SPEC 7: ends the admin session, so Logout means it. */
  app.post(
    '/admin/logout',
    { config: { auth: 'admin' }, schema: { querystring: AdminQuerySchema, response: { 200: SuccessSchema } } },
    async (request, reply) => {
      await adminLogout(app, request.adminToken);
      clearSessionCookie(reply, ADMIN_COOKIE, secure);
      return { success: true as const };
    },
  );

  app.get(
    '/admin/users/stats',
    { config: { auth: 'admin' }, schema: { querystring: AdminQuerySchema, response: { 200: AdminStatsSchema } } },
    async () => stats(app),
  );

  app.get(
    '/admin/users',
    { config: { auth: 'admin' }, schema: { querystring: AdminUsersQuerySchema, response: { 200: AdminUsersAnswerSchema } } },
    async (request) => users(app, request.query),
  );

  app.get(
    '/admin/users/:id',
    {
      config: { auth: 'admin' },
      schema: { params: IdParamsSchema, querystring: AdminQuerySchema, response: { 200: AdminUserDetailSchema } },
    },
    async (request) => user(app, request.params.id),
  );

  app.post(
    '/admin/users/:id/ban',
    {
      config: { auth: 'admin' },
      schema: {
        params: IdParamsSchema,
        querystring: AdminQuerySchema,
        body: BanBodySchema,
        response: { 200: ModerationAnswerSchema },
      },
    },
    async (request) => {
      if (request.body.user_id !== request.params.id) throw badRequest('user_id: must be the user in the path');
      return { success: true as const, user: await ban(app, adminActor(request), request.params.id, request.body) };
    },
  );

  app.post(
    '/admin/users/:id/unban',
    {
      config: { auth: 'admin' },
      schema: { params: IdParamsSchema, querystring: ReasonQuerySchema, response: { 200: ModerationAnswerSchema } },
    },
    async (request) => ({
      success: true as const,
      user: await unban(app, adminActor(request), request.params.id, request.query.reason),
    }),
  );

  app.post(
    '/admin/users/:id/warning',
    {
      config: { auth: 'admin' },
      schema: { params: IdParamsSchema, querystring: ReasonQuerySchema, response: { 200: SuccessSchema } },
    },
    async (request) => {
      await warn(app, adminActor(request), request.params.id, request.query.reason);
      return { success: true as const };
    },
  );

  app.delete(
    '/admin/users/:id',
    {
      config: { auth: 'admin' },
      schema: { params: IdParamsSchema, querystring: ReasonQuerySchema, response: { 200: SuccessSchema } },
    },
    async (request) => {
      await remove(app, adminActor(request), request.params.id, request.query.reason);
      return { success: true as const };
    },
  );

  app.get(
    '/admin/settings',
    { config: { auth: 'admin' }, schema: { querystring: AdminQuerySchema, response: { 200: AdminSettingsSchema } } },
    async (request) => settings(app, adminActor(request)),
  );

  app.put(
    '/admin/change-password',
    {
      config: { auth: 'admin' },
      schema: { querystring: AdminChangePasswordQuerySchema, response: { 200: AdminAccountAnswerSchema } },
    },
    async (request) => ({
      success: true as const,
      admin: await changeAdminPassword(app, adminActor(request), request.query, request.adminToken, request.ip),
    }),
  );

  app.put(
    '/admin/change-username',
    {
      config: { auth: 'admin' },
      schema: { querystring: AdminChangeUsernameQuerySchema, response: { 200: AdminAccountAnswerSchema } },
    },
    async (request) => ({
      success: true as const,
      admin: await changeAdminUsername(app, adminActor(request), request.query, request.ip),
    }),
  );
};

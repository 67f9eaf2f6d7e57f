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
  AdminSessionAnswerSchema,
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
import { badRequest } from '../core/errors';
import { adminActor } from '../plugins/guard';
import { ADMIN_COOKIE, clearSessionCookie } from '../plugins/session';
import {
  adminGate,
  adminLogin,
  adminLogout,
  adminSession,
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
    {
      config: { auth: 'none', rateLimit: app.routeLimits.gate },
      schema: {
        operationId: 'checkAdminEntrance',
        summary: 'Check the admin entrance',
        description: '200 only for the configured secret slug, compared in constant time; the app goes to its start page on 404.',
        tags: ['Admin'],
        answer: 'This is the admin entrance.',
        errors: { 404: 'Not the admin entrance.' },
        params: GateParamsSchema,
        response: { 200: GateAnswerSchema },
      },
    },
    async (request) => {
      await checkGate(request.params.slug);
      return { ok: true as const };
    },
  );

  app.post(
    '/admin/login',
    {
      config: { auth: 'none', rateLimit: app.routeLimits.login },
      schema: {
        operationId: 'logInAdmin',
        summary: 'Sign in as an admin',
        description:
          'Attempts are counted per client address before anything is read or hashed; wrong passwords per ' +
          'account and client, as for attendees (a client that keeps failing waits; the admin elsewhere still ' +
          'signs in).',
        tags: ['Admin'],
        answer: 'The admin, signed in: the answer sets the `wf_admin` cookie.',
        errors: {
          401: 'Invalid admin credentials (the same answer for a wrong name or password).',
          429: 'Too many attempts from this address, or this client must wait after failing (see Retry-After).',
          503: 'Many sign-ins at once; try again in a moment (see Retry-After).',
        },
        body: AdminLoginBodySchema,
        response: { 200: AdminLoginAnswerSchema },
      },
    },
    async (request, reply) => {
      const { admin, token } = await adminLogin(app, request.body, request.ip, request.adminToken);
      // Strict: the admin cookie never rides along on a request another site starts.
      reply.setCookie(ADMIN_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure,
        maxAge: ADMIN_SESSION_HOURS * 3600,
      });
      return { admin };
    },
  );

  /**
   * Not in SPEC 7 (issue 39): the panel's probe as it opens on an admin address, so a reload
   * keeps the admin signed in. Public and always 200, like GET /auth/session.
   */
  app.get(
    '/admin/session',
    {
      config: { auth: 'none' },
      schema: {
        operationId: 'getAdminSession',
        summary: 'Get the admin session, if there is one',
        description:
          'The admin panel asks it as it opens on an admin address: always 200, with `admin: null` when the ' +
          '`wf_admin` cookie holds no live admin session, so a reload keeps the admin signed in.',
        tags: ['Admin'],
        answer: 'The signed-in admin, or `admin: null`.',
        response: { 200: AdminSessionAnswerSchema },
      },
    },
    async (request) => adminSession(request.admin ?? null),
  );

  /** Not in SPEC 7: ends the admin session, so Logout means it. */
  app.post(
    '/admin/logout',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'logOutAdmin',
        summary: 'Sign out as an admin',
        tags: ['Admin'],
        answer: 'Done: the admin session is over and its cookie cleared.',
        querystring: AdminQuerySchema,
        response: { 200: SuccessSchema },
      },
    },
    async (request, reply) => {
      await adminLogout(app, request.adminToken);
      clearSessionCookie(reply, ADMIN_COOKIE, secure);
      return { success: true as const };
    },
  );

  app.get(
    '/admin/users/stats',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'getUserStats',
        summary: 'Get the user counts',
        tags: ['Admin'],
        answer: 'Total, active, banned and new today.',
        querystring: AdminQuerySchema,
        response: { 200: AdminStatsSchema },
      },
    },
    async () => stats(app),
  );

  app.get(
    '/admin/users',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'listUsers',
        summary: 'List the users',
        tags: ['Admin'],
        answer: 'A page of users, with the total.',
        querystring: AdminUsersQuerySchema,
        response: { 200: AdminUsersAnswerSchema },
      },
    },
    async (request) => users(app, request.query),
  );

  app.get(
    '/admin/users/:id',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'getUserDetails',
        summary: "Get a user's details",
        tags: ['Admin'],
        answer: 'The user in detail, with the moderation actions taken on them.',
        errors: { 404: 'No such user.' },
        params: IdParamsSchema,
        querystring: AdminQuerySchema,
        response: { 200: AdminUserDetailSchema },
      },
    },
    async (request) => user(app, request.params.id),
  );

  app.post(
    '/admin/users/:id/ban',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'banUser',
        summary: 'Ban a user',
        description:
          "Ends the user's sessions and closes their sockets at once; a temporary ban lifts by itself at its " + 'end. Audited.',
        tags: ['Admin'],
        answer: 'Done, with the user as banned.',
        errors: {
          400: '`user_id` is not the user of the path.',
          404: 'No such user.',
          409: 'The user is banned already.',
        },
        params: IdParamsSchema,
        querystring: AdminQuerySchema,
        body: BanBodySchema,
        response: { 200: ModerationAnswerSchema },
      },
    },
    async (request) => {
      if (request.body.user_id !== request.params.id) throw badRequest(/*i18n*/ { id: 'error.field.userIdPath', message: 'user_id: must be the user in the path' });
      return { success: true as const, user: await ban(app, adminActor(request), request.params.id, request.body) };
    },
  );

  app.post(
    '/admin/users/:id/unban',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'unbanUser',
        summary: 'Lift a ban',
        description: 'Audited.',
        tags: ['Admin'],
        answer: 'Done, with the user as unbanned.',
        errors: { 404: 'No such user.', 409: 'The user is not banned.' },
        params: IdParamsSchema,
        querystring: ReasonQuerySchema,
        response: { 200: ModerationAnswerSchema },
      },
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
      schema: {
        operationId: 'warnUser',
        summary: 'Warn a user',
        description: 'The user gets a notification, live too. Audited.',
        tags: ['Admin'],
        answer: 'Done: warned.',
        errors: { 404: 'No such user.', 409: 'The user is banned.' },
        params: IdParamsSchema,
        querystring: ReasonQuerySchema,
        response: { 200: SuccessSchema },
      },
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
      schema: {
        operationId: 'deleteUser',
        summary: 'Delete a user',
        description: 'Ends their sessions and closes their sockets. Audited.',
        tags: ['Admin'],
        answer: 'Done: deleted.',
        errors: { 404: 'No such user.' },
        params: IdParamsSchema,
        querystring: ReasonQuerySchema,
        response: { 200: SuccessSchema },
      },
    },
    async (request) => {
      await remove(app, adminActor(request), request.params.id, request.query.reason);
      return { success: true as const };
    },
  );

  app.get(
    '/admin/settings',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'getAdminSettings',
        summary: "Get the admin's settings",
        tags: ['Admin'],
        answer: "The admin's account and their recent actions.",
        querystring: AdminQuerySchema,
        response: { 200: AdminSettingsSchema },
      },
    },
    async (request) => settings(app, adminActor(request)),
  );

  app.put(
    '/admin/change-password',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'changeAdminPassword',
        summary: 'Change the admin password',
        description:
          'At least 8 characters with upper case, lower case and a digit. The current password is required, ' +
          'and attempts count like logins. Every other session of the admin ends.',
        tags: ['Admin'],
        answer: 'Done, with the admin.',
        errors: {
          400: 'The current password is wrong, or the new one is the same.',
          429: 'Too many attempts.',
        },
        querystring: AdminChangePasswordQuerySchema,
        response: { 200: AdminAccountAnswerSchema },
      },
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
      schema: {
        operationId: 'changeAdminUsername',
        summary: 'Change the admin username',
        description: 'The current password is required, and attempts count like logins.',
        tags: ['Admin'],
        answer: 'Done, with the admin.',
        errors: {
          400: 'The current password is wrong, or the name is the same.',
          409: 'That admin username is taken.',
          429: 'Too many attempts.',
        },
        querystring: AdminChangeUsernameQuerySchema,
        response: { 200: AdminAccountAnswerSchema },
      },
    },
    async (request) => ({
      success: true as const,
      admin: await changeAdminUsername(app, adminActor(request), request.query, request.ip),
    }),
  );
};

/** SPEC 7 "Account": the six calls, on the session cookie, plus the session probes. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangePasswordQuerySchema,
  LoginAnswerSchema,
  LoginBodySchema,
  ProfileBodySchema,
  RegisterBodySchema,
  SessionAnswerSchema,
} from '../../contract/account';
import { SuccessSchema, UserQuerySchema, UserSchema } from '../../contract/common';
import { USER_SESSION_DAYS } from '../db/repositories/sessions';
import { actor } from '../plugins/guard';
import { USER_COOKIE, clearSessionCookie, setSessionCookie } from '../plugins/session';
import {
  changePassword,
  currentUser,
  deactivate,
  login,
  logout,
  register,
  sessionUser,
  updateProfile,
} from '../use-cases/account';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = app.config.secureCookies;
  const maxAge = USER_SESSION_DAYS * 86_400;

  app.post(
    '/auth/register',
    {
      // The address limit is counted before validation and hashing.
      config: { auth: 'none', rateLimit: app.routeLimits.register },
      schema: { body: RegisterBodySchema, response: { 200: UserSchema } },
    },
    async (request, reply) => {
      const { user, token } = await register(app, request.body);
      setSessionCookie(reply, USER_COOKIE, token, secure, maxAge);
      return user;
    },
  );

  app.post(
    '/auth/login',
    {
      config: { auth: 'none', rateLimit: app.routeLimits.login },
      schema: { body: LoginBodySchema, response: { 200: LoginAnswerSchema } },
    },
    async (request, reply) => {
      const { user, reactivated, token } = await login(app, request.body, request.ip);
      setSessionCookie(reply, USER_COOKIE, token, secure, maxAge);
      return { user, reactivated };
    },
  );

  app.post(
    '/auth/logout',
    { schema: { querystring: UserQuerySchema, response: { 200: SuccessSchema } } },
    async (request, reply) => {
      await logout(app, actor(request), request.userToken);
      clearSessionCookie(reply, USER_COOKIE, secure);
      return { success: true as const };
    },
  );

  app.put(
    '/auth/change-password',
    { schema: { querystring: ChangePasswordQuerySchema, response: { 200: SuccessSchema } } },
    async (request, reply) => {
      const { token } = await changePassword(app, actor(request).id, request.query, request.ip);
      setSessionCookie(reply, USER_COOKIE, token, secure, maxAge);
      return { success: true as const };
    },
  );

  app.put(
    '/auth/profile',
    { schema: { querystring: UserQuerySchema, body: ProfileBodySchema, response: { 200: UserSchema } } },
    async (request) => updateProfile(app, actor(request), request.body),
  );

  app.put(
    '/auth/deactivate',
    { schema: { querystring: UserQuerySchema, response: { 200: SuccessSchema } } },
    async (request, reply) => {
      await deactivate(app, actor(request));
      clearSessionCookie(reply, USER_COOKIE, secure);
      return { success: true as const };
    },
  );

  /** Not in SPEC 7: who the session belongs to, so tests and tools can check a cookie. */
  app.get('/auth/me', { schema: { response: { 200: UserSchema } } }, async (request) => currentUser(app, actor(request).id));

  /**
   * Not in SPEC 7: the app's probe when it opens. Public and always 200 (user null when
   * there is no live session), so a signed-out visitor's console shows no failed request.
   */
  app.get(
    '/auth/session',
    { config: { auth: 'none' }, schema: { response: { 200: SessionAnswerSchema } } },
    async (request) => sessionUser(app, request.user),
  );
};

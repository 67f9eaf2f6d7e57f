/** SPEC 7 "Account": the six calls, on the session cookie. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  ChangePasswordQuerySchema,
  LoginAnswerSchema,
  LoginBodySchema,
  ProfileBodySchema,
  RegisterBodySchema,
  SessionAnswerSchema,
} from '../../contract/account';
import { SuccessSchema, UserQuerySchema, UserSchema } from '../../contract/common';
import { ACCOUNT_TAKEN } from '../../contract/messages';
import { users } from '../db/schema';
import {
  USER_SESSION_DAYS,
  createUserSession,
  revokeAllUserSessions,
  revokeUserSession,
} from '../db/repositories/sessions';
import { findTaken, findUserById, findUserByLogin, isBanActive, toUser } from '../db/repositories/users';
import { bannedError } from '../domain/bans';
import { hashPassword, verifyPassword } from '../domain/passwords';
import { badRequest, conflict, notFound, tooManyRequests, unauthorized } from '../errors';
import { actor } from '../plugins/guard';
import { liveSessionKey } from '../realtime/hub';
import { USER_COOKIE, clearSessionCookie, setSessionCookie } from '../plugins/session';

const takenDetail = ACCOUNT_TAKEN;

export { banDetail } from '../domain/bans';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = app.config.secureCookies;
  const maxAge = USER_SESSION_DAYS * 86_400;

  const limit = (limiter: typeof app.limiters.loginAddress, key: string) => {
    const r = limiter.hit(key);
    if (!r.allowed) throw tooManyRequests(r.retryAfterSec);
  };

  app.post(
    '/auth/register',
    {
      config: { auth: 'none' },
      // The limit is counted before validation and hashing.
      preValidation: async (request) => limit(app.limiters.registerAddress, request.ip),
      schema: { body: RegisterBodySchema, response: { 200: UserSchema } },
    },
    async (request, reply) => {
      const b = request.body;
      const taken = await findTaken(app.db, { username: b.username, email: b.email });
      if (taken) throw conflict(takenDetail[taken]);
      const passwordHash = await hashPassword(b.password);
      const now = app.clock();
      let row;
      try {
        [row] = await app.db
          .insert(users)
          .values({
            username: b.username,
            name: b.name,
            email: b.email,
            passwordHash,
            age: b.age,
            occupation: b.occupation || null,
            interests: b.interests,
            socialPreferences: b.social_preferences,
            personalityTraits: b.personality_traits,
            communicationStyle: b.communication_style,
            createdAt: now,
            passwordChangedAt: now,
          })
          .returning();
      } catch (err) {
        // Two registrations raced for the same name: the unique index decides.
        const again = await findTaken(app.db, { username: b.username, email: b.email });
        if (again) throw conflict(takenDetail[again]);
        throw err;
      }
      const token = await createUserSession(app.db, row!.id, now);
      setSessionCookie(reply, USER_COOKIE, token, secure, maxAge);
      return toUser(row!);
    },
  );

  app.post(
    '/auth/login',
    {
      config: { auth: 'none' },
      preValidation: async (request) => {
        limit(app.limiters.loginAddress, request.ip);
        const body = request.body as { username_or_email?: unknown } | undefined;
        if (typeof body?.username_or_email === 'string')
          limit(app.limiters.loginAccount, body.username_or_email.trim().toLowerCase());
      },
      schema: { body: LoginBodySchema, response: { 200: LoginAnswerSchema } },
    },
    async (request, reply) => {
      const { username_or_email, password } = request.body;
      const row = await findUserByLogin(app.db, username_or_email);
      const ok = await verifyPassword(row?.passwordHash ?? null, password);
      if (!row || !ok) throw unauthorized('Incorrect username/email or password');
      const now = app.clock();
      if (isBanActive(row, now)) throw bannedError(row, app.config.supportEmail ?? null);
      const reactivated = !row.isActive;
      const liftedBan = row.isBanned; // a ban whose end has passed lifts at the next login
      let current = row;
      if (reactivated || liftedBan) {
        [current = row] = await app.db
          .update(users)
          .set({ isActive: true, isBanned: false, bannedUntil: null, banReason: null })
          .where(eq(users.id, row.id))
          .returning();
        // Back on the lists at once, not when the kept copies expire.
        app.lifecycle.emit('user.changed', row.id);
      }
      const token = await createUserSession(app.db, row.id, now);
      setSessionCookie(reply, USER_COOKIE, token, secure, maxAge);
      return { user: toUser(current), reactivated };
    },
  );

  app.post(
    '/auth/logout',
    { schema: { querystring: UserQuerySchema, response: { 200: SuccessSchema } } },
    async (request, reply) => {
      const me = actor(request);
      if (request.userToken) await revokeUserSession(app.db, request.userToken);
      if (request.userSession) {
        app.sessionCache.forgetToken(request.userSession.tokenHash);
        // This device's live sockets go with its session; the user's other devices stay.
        await app.realtime.disconnectUser(me.id, liveSessionKey(request.userSession.tokenHash));
      }
      clearSessionCookie(reply, USER_COOKIE, secure);
      return { success: true as const };
    },
  );

  app.put(
    '/auth/change-password',
    {
      preValidation: async (request) => limit(app.limiters.loginAccount, `change:${request.user?.id}`),
      schema: { querystring: ChangePasswordQuerySchema, response: { 200: SuccessSchema } },
    },
    async (request) => {
      const { id } = actor(request);
      // The hash from the database itself, not the session's kept row (a few seconds old at most).
      const me = await findUserById(app.db, id);
      if (!me) throw notFound('User not found');
      const { current_password, new_password } = request.query;
      if (!(await verifyPassword(me.passwordHash, current_password)))
        throw badRequest('current_password: the current password is not correct');
      if (current_password === new_password) throw badRequest('new_password: must differ from the current password');
      const passwordHash = await hashPassword(new_password);
      await app.db.update(users).set({ passwordHash, passwordChangedAt: app.clock() }).where(eq(users.id, me.id));
      // Every other device is signed out; this one stays signed in.
      await revokeAllUserSessions(app.db, me.id, request.userToken ?? undefined);
      app.lifecycle.emit('user.sessionsEnded', me.id);
      return { success: true as const };
    },
  );

  app.put(
    '/auth/profile',
    { schema: { querystring: UserQuerySchema, body: ProfileBodySchema, response: { 200: UserSchema } } },
    async (request) => {
      const me = actor(request);
      const b = request.body;
      if (b.email) {
        const taken = await findTaken(app.db, { email: b.email }, me.id);
        if (taken) throw conflict(takenDetail[taken]);
      }
      const changes: Partial<typeof users.$inferInsert> = {};
      if (b.name !== undefined) changes.name = b.name;
      if (b.email !== undefined) changes.email = b.email;
      if (b.age !== undefined) changes.age = b.age;
      if (b.occupation !== undefined) changes.occupation = b.occupation || null;
      if (b.interests !== undefined) changes.interests = b.interests;
      if (b.social_preferences !== undefined) changes.socialPreferences = b.social_preferences;
      if (b.personality_traits !== undefined) changes.personalityTraits = b.personality_traits;
      if (b.communication_style !== undefined) changes.communicationStyle = b.communication_style;
      if (Object.keys(changes).length === 0) {
        const current = await findUserById(app.db, me.id);
        if (!current) throw notFound('User not found');
        return toUser(current);
      }
      const [row] = await app.db.update(users).set(changes).where(eq(users.id, me.id)).returning();
      if (!row) throw notFound('User not found');
      // Nearby people and this user's own session show the edit at once.
      app.lifecycle.emit('user.changed', me.id);
      return toUser(row);
    },
  );

  app.put(
    '/auth/deactivate',
    { schema: { querystring: UserQuerySchema, response: { 200: SuccessSchema } } },
    async (request, reply) => {
      const me = actor(request);
      await app.db.transaction(async (tx) => {
        await tx.update(users).set({ isActive: false }).where(eq(users.id, me.id));
        await revokeAllUserSessions(tx, me.id);
      });
      app.lifecycle.emit('user.sessionsEnded', me.id);
      clearSessionCookie(reply, USER_COOKIE, secure);
      return { success: true as const };
    },
  );

  /** Not in SPEC 7: who the session belongs to, so tests and tools can check a cookie. */
  app.get('/auth/me', { schema: { response: { 200: UserSchema } } }, async (request) => {
    const me = actor(request);
    const row = await findUserById(app.db, me.id);
    if (!row) throw notFound('User not found');
    return toUser(row);
  });

  /**
   * Not in SPEC 7: the app's probe when it opens. Public and always 200 (user null when
   * there is no live session), so a signed-out visitor's console shows no failed request.
   */
  app.get(
    '/auth/session',
    { config: { auth: 'none' }, schema: { response: { 200: SessionAnswerSchema } } },
    async (request, reply) => {
      // Who is signed in differs per cookie: never kept by a shared cache.
      reply.header('cache-control', 'no-store');
      if (!request.user) return { user: null };
      const row = await findUserById(app.db, request.user.id);
      return { user: row ? toUser(row) : null };
    },
  );
};


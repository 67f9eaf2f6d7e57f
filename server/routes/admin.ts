/**
 * SPEC 7 "Admin": the entrance gate, admin sessions, user moderation and the admin's own
 * account. Every call but the gate and login needs an admin session whose id is the
 * admin_id in the query (the guard); every change writes one audit row with it.
 */
import { ADMIN_USERNAME_TAKEN, ADMIN_WARNING_TITLE } from '../../contract/admin-messages';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
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
import { MESSAGES } from '../../contract/messages';
import { ensureAdminGateSlug } from '../db/bootstrap';
import {
  banUser,
  deleteUser,
  findAdminById,
  findAdminByUsername,
  isAdminUsernameTaken,
  listUsers,
  lockUser,
  revokeAllAdminSessions,
  toAdmin,
  toAdminUser,
  unbanUser,
  userDetail,
  userStats,
} from '../db/repositories/admin';
import { actionsByAdmin, displayNameOf, recordAdminAction } from '../db/repositories/audit';
import { ADMIN_SESSION_HOURS, createAdminSession, revokeAdminSession } from '../db/repositories/sessions';
import { findUserById, isBanActive } from '../db/repositories/users';
import { admins } from '../db/schema';
import { hashPassword, verifyPassword } from '../domain/passwords';
import type { RateLimiter } from '../domain/rate-limit';
import { badRequest, conflict, notFound, tooManyRequests, unauthorized } from '../errors';
import { storeNotification } from '../realtime/notify';
import { adminActor } from '../plugins/guard';
import { ADMIN_COOKIE, clearSessionCookie } from '../plugins/session';

export const SETTINGS_RECENT_ACTIONS = 20;

export const WARNING_TITLE = ADMIN_WARNING_TITLE;

/**
 * Compares a guess with the secret in time that does not depend on where they differ:
 * both are hashed to the same length first, so even the length is not given away.
 */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

const userNotFound = () => notFound('User not found');

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = app.config.secureCookies;

  // The slug is read (or generated and kept) once; a failed read is tried again next time.
  let slug: Promise<string> | null = null;
  const gateSlug = () => {
    slug ??= ensureAdminGateSlug(app.db, app.config.adminGateSlug).catch((err: unknown) => {
      slug = null;
      throw err;
    });
    return slug;
  };

  const limit = (limiter: RateLimiter, key: string) => {
    const r = limiter.hit(key);
    if (!r.allowed) throw tooManyRequests(r.retryAfterSec);
  };

  app.get(
    '/admin/secure-access/:slug',
    { config: { auth: 'none' }, schema: { params: GateParamsSchema, response: { 200: GateAnswerSchema } } },
    async (request) => {
      if (!sameSecret(request.params.slug, await gateSlug())) throw notFound('Not found');
      return { ok: true as const };
    },
  );

  app.post(
    '/admin/login',
    {
      config: { auth: 'none' },
      // Counted per address and per account before validation and before any hashing.
      preValidation: async (request) => {
        limit(app.limiters.loginAddress, `admin:${request.ip}`);
        const body = request.body as { username?: unknown } | undefined;
        if (typeof body?.username === 'string') limit(app.limiters.loginAccount, `admin:${body.username.trim().toLowerCase()}`);
      },
      schema: { body: AdminLoginBodySchema, response: { 200: AdminLoginAnswerSchema } },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const row = await findAdminByUsername(app.db, username);
      // Unknown name and wrong password answer alike, in about the same time.
      const ok = await verifyPassword(row?.passwordHash ?? null, password);
      if (!row || !ok) throw unauthorized(MESSAGES.invalidAdminCredentials);
      const now = app.clock();
      if (request.adminToken) await revokeAdminSession(app.db, request.adminToken);
      await app.db.update(admins).set({ lastLogin: now }).where(eq(admins.id, row.id));
      const token = await createAdminSession(app.db, row.id, now);
      // Strict: the admin cookie never rides along on a request another site starts.
      reply.setCookie(ADMIN_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure,
        maxAge: ADMIN_SESSION_HOURS * 3600,
      });
      return { admin: toAdmin(row) };
    },
  );

  /** Not in SPEC 7: ends the admin session, so Logout means it. */
  app.post(
    '/admin/logout',
    { config: { auth: 'admin' }, schema: { querystring: AdminQuerySchema, response: { 200: SuccessSchema } } },
    async (request, reply) => {
      if (request.adminToken) await revokeAdminSession(app.db, request.adminToken);
      clearSessionCookie(reply, ADMIN_COOKIE, secure);
      return { success: true as const };
    },
  );

  app.get(
    '/admin/users/stats',
    { config: { auth: 'admin' }, schema: { querystring: AdminQuerySchema, response: { 200: AdminStatsSchema } } },
    async () => userStats(app.db, app.clock()),
  );

  app.get(
    '/admin/users',
    { config: { auth: 'admin' }, schema: { querystring: AdminUsersQuerySchema, response: { 200: AdminUsersAnswerSchema } } },
    async (request) => {
      const { page, limit: pageSize, search, filter_banned } = request.query;
      const found = await listUsers(app.db, { page, limit: pageSize, search, bannedOnly: filter_banned }, app.clock());
      return { ...found, page, limit: pageSize };
    },
  );

  app.get(
    '/admin/users/:id',
    {
      config: { auth: 'admin' },
      schema: { params: IdParamsSchema, querystring: AdminQuerySchema, response: { 200: AdminUserDetailSchema } },
    },
    async (request) => {
      const row = await findUserById(app.db, request.params.id);
      if (!row) throw userNotFound();
      return userDetail(app.db, row, app.clock());
    },
  );

  /**
   * Sessions are gone from the database: their sockets close on every instance (the
   * live routes hear this), kept sessions and kept event copies are dropped.
   */
  const endLiveSessions = (userId: string) => {
    app.lifecycle.emit('user.sessionsEnded', userId);
  };

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
      const admin = adminActor(request);
      const { id } = request.params;
      const b = request.body;
      if (b.user_id !== id) throw badRequest('user_id: must be the user in the path');
      const now = app.clock();
      const row = await app.db.transaction(async (tx) => {
        const target = await lockUser(tx, id);
        if (!target) throw userNotFound();
        if (isBanActive(target, now)) throw conflict('This user is already banned. Unban them first to change the ban.');
        return banUser(tx, admin, target, { reason: b.reason, days: b.ban_type === 'permanent' ? null : b.duration_days }, now);
      });
      endLiveSessions(id);
      return { success: true as const, user: toAdminUser(row, now) };
    },
  );

  app.post(
    '/admin/users/:id/unban',
    {
      config: { auth: 'admin' },
      schema: { params: IdParamsSchema, querystring: ReasonQuerySchema, response: { 200: ModerationAnswerSchema } },
    },
    async (request) => {
      const admin = adminActor(request);
      const now = app.clock();
      const row = await app.db.transaction(async (tx) => {
        const target = await lockUser(tx, request.params.id);
        if (!target) throw userNotFound();
        if (!isBanActive(target, now)) throw conflict('This user is not banned');
        return unbanUser(tx, admin, target, request.query.reason, now);
      });
      // Back on the lists at once, not when the kept copies expire.
      app.lifecycle.emit('user.changed', row.id);
      return { success: true as const, user: toAdminUser(row, now) };
    },
  );

  app.post(
    '/admin/users/:id/warning',
    {
      config: { auth: 'admin' },
      schema: { params: IdParamsSchema, querystring: ReasonQuerySchema, response: { 200: SuccessSchema } },
    },
    async (request) => {
      const admin = adminActor(request);
      const { reason } = request.query;
      const now = app.clock();
      const { userId, notification } = await app.db.transaction(async (tx) => {
        const target = await lockUser(tx, request.params.id);
        if (!target) throw userNotFound();
        if (isBanActive(target, now)) throw conflict('This user is banned. Only active users can be warned.');
        const stored = await storeNotification(tx, target.id, {
          kind: 'admin_warning',
          title: WARNING_TITLE,
          content: reason,
          at: now,
        });
        await recordAdminAction(tx, {
          admin,
          actionType: 'warning',
          target: { userId: target.id, displayName: displayNameOf(target) },
          reason,
          at: now,
        });
        return { userId: target.id, notification: stored };
      });
      // Published only once stored and committed (DESIGN 6).
      await app.realtime.toUsers([userId], { type: 'notification', notification });
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
      const admin = adminActor(request);
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        const target = await lockUser(tx, id);
        if (!target) throw userNotFound();
        await deleteUser(tx, admin, target, request.query.reason, app.clock());
      });
      endLiveSessions(id);
      return { success: true as const };
    },
  );

  app.get(
    '/admin/settings',
    { config: { auth: 'admin' }, schema: { querystring: AdminQuerySchema, response: { 200: AdminSettingsSchema } } },
    async (request) => {
      const me = adminActor(request);
      const row = (await findAdminById(app.db, me.id)) ?? me;
      return {
        username: row.username,
        email: row.email,
        role: row.role,
        last_login: row.lastLogin?.toISOString() ?? null,
        password_changed_at: row.passwordChangedAt?.toISOString() ?? null,
        created_at: row.createdAt.toISOString(),
        recent_actions: await actionsByAdmin(app.db, me.id, SETTINGS_RECENT_ACTIONS),
      };
    },
  );

  /** Both account changes need the current password; attempts count like logins. */
  const checkCurrentPassword = async (hash: string, adminId: string, password: string) => {
    limit(app.limiters.loginAccount, `admin-change:${adminId}`);
    if (!(await verifyPassword(hash, password))) throw badRequest('current_password: the current password is not correct');
  };

  app.put(
    '/admin/change-password',
    {
      config: { auth: 'admin' },
      schema: { querystring: AdminChangePasswordQuerySchema, response: { 200: AdminAccountAnswerSchema } },
    },
    async (request) => {
      const me = adminActor(request);
      const { current_password, new_password } = request.query;
      await checkCurrentPassword(me.passwordHash, me.id, current_password);
      if (current_password === new_password) throw badRequest('new_password: must differ from the current password');
      const passwordHash = await hashPassword(new_password);
      const now = app.clock();
      const row = await app.db.transaction(async (tx) => {
        const [updated] = await tx
          .update(admins)
          .set({ passwordHash, passwordChangedAt: now })
          .where(eq(admins.id, me.id))
          .returning();
        // Every other admin session ends; this one stays signed in.
        await revokeAllAdminSessions(tx, me.id, request.adminToken ?? undefined);
        await recordAdminAction(tx, {
          admin: me,
          actionType: 'change_password',
          target: { userId: null, displayName: me.username },
          reason: 'Password changed',
          at: now,
        });
        return updated!;
      });
      return { success: true as const, admin: toAdmin(row) };
    },
  );

  app.put(
    '/admin/change-username',
    {
      config: { auth: 'admin' },
      schema: { querystring: AdminChangeUsernameQuerySchema, response: { 200: AdminAccountAnswerSchema } },
    },
    async (request) => {
      const me = adminActor(request);
      const { current_password, new_username } = request.query;
      await checkCurrentPassword(me.passwordHash, me.id, current_password);
      if (new_username === me.username) throw badRequest('new_username: must differ from your current username');
      const taken = () => conflict(ADMIN_USERNAME_TAKEN);
      if (await isAdminUsernameTaken(app.db, new_username, me.id)) throw taken();
      const now = app.clock();
      let row;
      try {
        row = await app.db.transaction(async (tx) => {
          const [updated] = await tx
            .update(admins)
            .set({ username: new_username })
            .where(eq(admins.id, me.id))
            .returning();
          await recordAdminAction(tx, {
            admin: { id: me.id, username: new_username },
            actionType: 'change_username',
            target: { userId: null, displayName: new_username },
            reason: `Renamed from ${me.username} to ${new_username}`,
            details: { from: me.username, to: new_username },
            at: now,
          });
          return updated!;
        });
      } catch (err) {
        // Two admins raced for the same name: the unique index decides.
        if (await isAdminUsernameTaken(app.db, new_username, me.id)) throw taken();
        throw err;
      }
      return { success: true as const, admin: toAdmin(row) };
    },
  );
};

/**
 * Reads the session cookies on every /api and /ws request and attaches the signed-in
 * user or admin. Everything after this trusts request.user and request.admin only.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { and, eq, gt } from 'drizzle-orm';
import { adminSessions, admins, sessions, users } from '../db/schema';
import { hashToken } from '../db/repositories/sessions';
import type { UserRow } from '../db/repositories/users';
import { isBanActive } from '../db/repositories/users';

export const USER_COOKIE = 'wf_session';
export const ADMIN_COOKIE = 'wf_admin';

export type AdminRow = typeof admins.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    userToken: string | null;
    admin: AdminRow | null;
    adminToken: string | null;
  }
}

export function registerSession(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('userToken', null);
  app.decorateRequest('admin', null);
  app.decorateRequest('adminToken', null);

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/ws/')) return;
    const now = app.clock();
    const userToken = request.cookies[USER_COOKIE];
    if (userToken) {
      const [row] = await app.db
        .select({ user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, hashToken(userToken)), gt(sessions.expiresAt, now), eq(users.isActive, true)))
        .limit(1);
      if (row && !isBanActive(row.user, now)) {
        request.user = row.user;
        request.userToken = userToken;
      }
    }
    const adminToken = request.cookies[ADMIN_COOKIE];
    if (adminToken) {
      const [row] = await app.db
        .select({ admin: admins })
        .from(adminSessions)
        .innerJoin(admins, eq(admins.id, adminSessions.adminId))
        .where(and(eq(adminSessions.tokenHash, hashToken(adminToken)), gt(adminSessions.expiresAt, now)))
        .limit(1);
      if (row) {
        request.admin = row.admin;
        request.adminToken = adminToken;
      }
    }
  });
}

const cookieOptions = (secure: boolean, maxAgeSec: number) =>
  ({ path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: maxAgeSec }) as const;

export function setSessionCookie(reply: FastifyReply, name: string, token: string, secure: boolean, maxAgeSec: number): void {
  reply.setCookie(name, token, cookieOptions(secure, maxAgeSec));
}

export function clearSessionCookie(reply: FastifyReply, name: string, secure: boolean): void {
  reply.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

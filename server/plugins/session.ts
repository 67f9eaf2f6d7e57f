/**
 * Reads the session cookies on every /api and /ws request and attaches the signed-in
 * user or admin. Everything after this trusts request.user and request.admin only.
 *
 * Every user route needs its session, so the user's sessions are kept in memory for a
 * moment (SessionCache): without it the lookup was the dearest part of the hottest
 * calls (on PGlite a query on the one thread that also serves). How fresh it is:
 * - this instance forgets a user's kept sessions at once when their row or sessions
 *   change through it ('user.changed', 'user.sessionsEnded' on app.lifecycle) and a
 *   token at logout;
 * - with several instances, the same reach every instance over the live bus: a
 *   disconnect (ban, deletion, password change, deactivation, logout) and the changes
 *   announced from app.lifecycle (server/app.ts);
 * - an instance whose live bus was cut off forgets every kept session (`forgetAll`);
 * - anything else (a change made outside the app) shows within SESSION_CACHE_TTL_MS.
 * Expiry and temporary bans are checked against the clock on every use, not only when
 * the row was read. Admin sessions are not kept: admin calls are few.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { and, eq, gt } from 'drizzle-orm';
import { adminSessions, admins, sessions, users } from '../db/schema';
import type { BanNotice } from '../../contract/common';
import { findSessionOwner, hashToken } from '../db/repositories/sessions';
import type { UserRow } from '../db/repositories/users';
import { banNotice, isBanActive } from '../domain/bans';
import type { KeptSessions } from '../core/context';

export const USER_COOKIE = 'wf_session';
export const ADMIN_COOKIE = 'wf_admin';

/**
 * How long a session read from the database is used before it is read again. Every
 * change through the app reaches every instance's cache at once (above), so this only
 * bounds a change made outside the app or an announcement lost on the bus. It is longer
 * than the 10 s between an attendee's position reports, so most reports find their
 * session kept (on PGlite a lookup is a query on the serving thread).
 */
export const SESSION_CACHE_TTL_MS = 60_000;
/** Sessions kept at most; the oldest go first. */
export const SESSION_CACHE_MAX = 20_000;

export type AdminRow = typeof admins.$inferSelect;

/** The signed-in user's session, as the live channel needs it (to close its sockets). */
export interface UserSession {
  tokenHash: string;
  expiresAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    userToken: string | null;
    userSession: UserSession | null;
    /** The cookie's session was ended by a ban still in force: why (the guard answers 403 with it). */
    userBan: BanNotice | null;
    admin: AdminRow | null;
    adminToken: string | null;
  }
  interface FastifyInstance {
    sessionCache: SessionCache;
  }
}

interface Kept {
  user: UserRow;
  expiresAt: Date;
  keptAt: number;
}

type Lookup = (tokenHash: string, now: Date) => Promise<{ user: UserRow; expiresAt: Date } | null>;

/**
 * token hash → the session's user row and expiry, for SESSION_CACHE_TTL_MS of the app's
 * clock. Concurrent misses for one token share one read. A read that began before an
 * invalidation is used by the requests that waited for it but not kept, so a change can
 * never be undone by a read that raced it.
 */
export class SessionCache implements KeptSessions {
  private readonly kept = new Map<string, Kept>();
  private readonly byUser = new Map<string, Set<string>>();
  private readonly loading = new Map<string, { epoch: number; value: Promise<{ user: UserRow; expiresAt: Date } | null> }>();
  private epoch = 0;

  constructor(
    private readonly lookup: Lookup,
    private readonly opts: { ttlMs: number; max: number } = { ttlMs: SESSION_CACHE_TTL_MS, max: SESSION_CACHE_MAX },
  ) {}

  /** The user of a live session, or null: unknown, expired, deactivated or banned. */
  async user(tokenHash: string, now: Date): Promise<{ user: UserRow; expiresAt: Date } | null> {
    const t = now.getTime();
    const hit = this.kept.get(tokenHash);
    let found: { user: UserRow; expiresAt: Date } | null;
    if (hit && t - hit.keptAt < this.opts.ttlMs && t >= hit.keptAt) {
      found = hit;
    } else {
      if (hit) this.drop(tokenHash, hit.user.id);
      found = await this.load(tokenHash, now);
    }
    if (!found || found.expiresAt <= now || !found.user.isActive || isBanActive(found.user, now)) return null;
    return found;
  }

  /** This token's session ended (logout). */
  forgetToken(tokenHash: string): void {
    this.epoch++;
    const k = this.kept.get(tokenHash);
    if (k) this.drop(tokenHash, k.user.id);
  }

  /** The user's row or sessions changed: every kept session of theirs is read again. */
  forgetUser(userId: string): void {
    this.epoch++;
    const tokens = this.byUser.get(userId);
    if (!tokens) return;
    for (const h of [...tokens]) this.drop(h, userId);
  }

  /** Announcements may have been missed (the live bus was cut off): every kept session is read again. */
  forgetAll(): void {
    this.epoch++;
    this.kept.clear();
    this.byUser.clear();
  }

  get size(): number {
    return this.kept.size;
  }

  private load(tokenHash: string, now: Date) {
    const pending = this.loading.get(tokenHash);
    if (pending && pending.epoch === this.epoch) return pending.value;
    const epoch = this.epoch;
    const value = this.lookup(tokenHash, now).then(
      (found) => {
        if (this.loading.get(tokenHash)?.value === value) this.loading.delete(tokenHash);
        if (found && epoch === this.epoch) this.keep(tokenHash, found, now.getTime());
        return found;
      },
      (err: unknown) => {
        if (this.loading.get(tokenHash)?.value === value) this.loading.delete(tokenHash);
        throw err;
      },
    );
    this.loading.set(tokenHash, { epoch, value });
    return value;
  }

  private keep(tokenHash: string, found: { user: UserRow; expiresAt: Date }, t: number): void {
    const old = this.kept.get(tokenHash);
    if (old) this.drop(tokenHash, old.user.id);
    while (this.kept.size >= this.opts.max) {
      const [oldest, k] = this.kept.entries().next().value!;
      this.drop(oldest, k.user.id);
    }
    // Shared by every request of this session for a while: nobody may change it in place.
    for (const list of [found.user.interests, found.user.socialPreferences, found.user.personalityTraits]) Object.freeze(list);
    Object.freeze(found.user);
    this.kept.set(tokenHash, { ...found, keptAt: t });
    let mine = this.byUser.get(found.user.id);
    if (!mine) this.byUser.set(found.user.id, (mine = new Set()));
    mine.add(tokenHash);
  }

  private drop(tokenHash: string, userId: string): void {
    this.kept.delete(tokenHash);
    const mine = this.byUser.get(userId);
    if (!mine) return;
    mine.delete(tokenHash);
    if (mine.size === 0) this.byUser.delete(userId);
  }
}

export function registerSession(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('userToken', null);
  app.decorateRequest('userSession', null);
  app.decorateRequest('userBan', null);
  app.decorateRequest('admin', null);
  app.decorateRequest('adminToken', null);

  const cache = new SessionCache(async (tokenHash, now) => {
    const [row] = await app.db
      .select({ user: users, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
      .limit(1);
    return row ?? null;
  });
  app.decorate('sessionCache', cache);
  app.lifecycle.on('user.changed', (userId) => cache.forgetUser(userId));
  app.lifecycle.on('user.sessionsEnded', (userId) => cache.forgetUser(userId));

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/ws/')) return;
    const userToken = request.cookies[USER_COOKIE];
    const adminToken = request.cookies[ADMIN_COOKIE];
    if (!userToken && !adminToken) return;
    const now = app.clock();
    if (userToken) {
      const tokenHash = hashToken(userToken);
      const found = await cache.user(tokenHash, now);
      if (found) {
        request.user = found.user;
        request.userToken = userToken;
        request.userSession = { tokenHash, expiresAt: found.expiresAt };
      } else {
        // A dead cookie is rare (logout clears it): worth one read to tell a banned person why.
        const owner = await findSessionOwner(app.db, tokenHash);
        if (owner && isBanActive(owner, now)) request.userBan = banNotice(owner, app.config.supportEmail ?? null);
      }
    }
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

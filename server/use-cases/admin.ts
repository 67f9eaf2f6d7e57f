/**
 * SPEC 7 "Admin": the entrance gate, admin sign-in, user moderation and the admin's own
 * account. Every change and its audit row are written in one transaction; live effects
 * (sockets closing, lists updating) follow once it has committed.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Admin, AdminSettings, AdminStats, AdminUser, AdminUserDetail } from '../../contract/admin';
import { ADMIN_USERNAME_TAKEN, ADMIN_WARNING_TITLE } from '../../contract/admin-messages';
import { MESSAGES } from '../../contract/messages';
import { ensureAdminGateSlug } from '../db/bootstrap';
import type { Tx } from '../db/client';
import {
  type AdminRow,
  type BanChange,
  banUser,
  findAdminById,
  findAdminByUsername,
  isAdminUsernameTaken,
  listUsers,
  lockUser,
  renameAdmin,
  revokeAllAdminSessions,
  setAdminLastLogin,
  setAdminPassword,
  unbanUser,
  userDetail,
  userStats,
} from '../db/repositories/admin';
import { actionsByAdmin, displayNameOf, recordAdminAction } from '../db/repositories/audit';
import { toAdmin, toAdminSettings, toAdminStats, toAdminUser, toAdminUserDetail } from '../presenters/admin';
import { countOpenReports } from '../db/repositories/reports';
import { createAdminSession, revokeAdminSession } from '../db/repositories/sessions';
import { findUserById, type UserRow } from '../db/repositories/users';
import { isBanActive } from '../domain/bans';
import { adminGateOpens } from '../access/people';
import { hashPassword } from '../domain/passwords';
import { badRequest, conflict, notFound, unauthorized } from '../core/errors';
import { publishNotifications, storeNotification } from './notify';
import { asWritten } from '../../contract/said';
import type { ClientId, Ctx } from './context';
import { passwordMatches, signInByPassword } from './password-check';
import { erasePerson } from './erasure';

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

const userNotFound = () => notFound(/*i18n*/ { id: 'error.userNotFound', message: 'User not found' });

/** The admin entrance slug, read (or generated and kept) once per app; a failed read is tried again. */
export function adminGate(ctx: Ctx): (given: string) => Promise<void> {
  let slug: Promise<string> | null = null;
  return async (given) => {
    slug ??= ensureAdminGateSlug(ctx.db, ctx.config.adminGateSlug).catch((err: unknown) => {
      slug = null;
      throw err;
    });
    adminGateOpens(given, await slug, sameSecret);
  };
}

/** Admin sign-in: failures count per account and client, as for attendees. */
/** GET /admin/session: who the admin cookie belongs to, so a reload keeps the admin in the panel. */
export const adminSession = (me: AdminRow | null): { admin: Admin | null } => ({ admin: me ? toAdmin(me) : null });

export async function adminLogin(
  ctx: Ctx,
  b: { username: string; password: string },
  client: ClientId,
  previousToken: string | null,
): Promise<{ admin: Admin; token: string }> {
  // Unknown name and wrong password answer alike, in about the same time.
  const who = { scope: 'admin', name: b.username, client } as const;
  const row = await signInByPassword(ctx, who, () => findAdminByUsername(ctx.db, b.username), b.password);
  if (!row) throw unauthorized(MESSAGES.invalidAdminCredentials);
  const now = ctx.clock();
  if (previousToken) await revokeAdminSession(ctx.db, previousToken);
  await setAdminLastLogin(ctx.db, row.id, now);
  return { admin: toAdmin(row), token: await createAdminSession(ctx.db, row.id, now) };
}

export async function adminLogout(ctx: Ctx, token: string | null): Promise<void> {
  if (token) await revokeAdminSession(ctx.db, token);
}

/** The dashboard's counts: the users, and the reports waiting for a moderator (issue 16). */
export async function stats(ctx: Ctx): Promise<AdminStats> {
  const [people, openReports] = await Promise.all([userStats(ctx.db, ctx.clock()), countOpenReports(ctx.db)]);
  return toAdminStats(people, openReports);
}

export async function users(
  ctx: Ctx,
  q: { page: number; limit: number; search?: string; filter_banned?: boolean },
): Promise<{ users: AdminUser[]; total: number; page: number; limit: number }> {
  const now = ctx.clock();
  const found = await listUsers(ctx.db, { page: q.page, limit: q.limit, search: q.search, bannedOnly: q.filter_banned }, now);
  return { users: found.users.map((r) => toAdminUser(r, now)), total: found.total, page: q.page, limit: q.limit };
}

export async function user(ctx: Ctx, id: string): Promise<AdminUserDetail> {
  const row = await findUserById(ctx.db, id);
  if (!row || row.erasedAt) throw userNotFound();
  const now = ctx.clock();
  return toAdminUserDetail(await userDetail(ctx.db, row), now);
}

/** The user, locked until the transaction ends, so two admins cannot both act on one state. */
export async function lockedTarget(tx: Parameters<typeof lockUser>[0], id: string): Promise<UserRow> {
  const target = await lockUser(tx, id);
  if (!target) throw userNotFound();
  return target;
}

/**
 * Sessions are gone from the database: their sockets close on every instance (the live
 * routes hear this), kept sessions and kept event copies are dropped.
 */
const endLiveSessions = (ctx: Ctx, userId: string) => ctx.lifecycle.emit('user.sessionsEnded', userId);

/**
 * The ban rule, inside the caller's transaction on a locked user: an active ban is not
 * replaced; the ban, its sessions' end and its one audit row are written together
 * (`details` adds to the audit row, e.g. the reports it resolves). The caller ends the
 * live sessions once committed.
 */
export async function banLocked(tx: Tx, admin: AdminRow, target: UserRow, change: BanChange, now: Date, details?: Record<string, unknown>): Promise<UserRow> {
  if (isBanActive(target, now)) throw conflict(/*i18n*/ { id: 'error.admin.alreadyBanned', message: 'This user is already banned. Unban them first to change the ban.' });
  return banUser(tx, admin, target, change, now, details);
}

export async function ban(ctx: Ctx, admin: AdminRow, id: string, b: { reason: string; ban_type: 'temporary' | 'permanent'; duration_days: number | null }): Promise<AdminUser> {
  const now = ctx.clock();
  const row = await ctx.db.transaction(async (tx) =>
    banLocked(tx, admin, await lockedTarget(tx, id), { reason: b.reason, days: b.ban_type === 'permanent' ? null : b.duration_days }, now),
  );
  endLiveSessions(ctx, id);
  return toAdminUser(row, now);
}

export async function unban(ctx: Ctx, admin: AdminRow, id: string, reason: string): Promise<AdminUser> {
  const now = ctx.clock();
  const row = await ctx.db.transaction(async (tx) => {
    const target = await lockedTarget(tx, id);
    if (!isBanActive(target, now)) throw conflict(/*i18n*/ { id: 'error.admin.notBanned', message: 'This user is not banned' });
    return unbanUser(tx, admin, target, reason, now);
  });
  // Back on the lists at once, not when the kept copies expire.
  ctx.lifecycle.emit('user.changed', row.id);
  return toAdminUser(row, now);
}

/**
 * The warning rule, inside the caller's transaction on a locked user: only active users
 * are warned; the warned person's notification (the reason is what they read) and the
 * one audit row are written together. Answers the notification, for the caller to
 * publish once committed.
 */
export async function warnLocked(tx: Tx, admin: AdminRow, target: UserRow, reason: string, now: Date, details?: Record<string, unknown>) {
  if (isBanActive(target, now)) throw conflict(/*i18n*/ { id: 'error.admin.bannedCannotWarn', message: 'This user is banned. Only active users can be warned.' });
  const notification = await storeNotification(tx, target.id, { kind: 'admin_warning', title: WARNING_TITLE, content: asWritten(reason), link: null, at: now });
  await recordAdminAction(tx, {
    admin,
    actionType: 'warning',
    target: { userId: target.id, displayName: displayNameOf(target) },
    reason,
    details,
    at: now,
  });
  return { userId: target.id, notification };
}

export async function warn(ctx: Ctx, admin: AdminRow, id: string, reason: string): Promise<void> {
  const now = ctx.clock();
  const stored = await ctx.db.transaction(async (tx) => warnLocked(tx, admin, await lockedTarget(tx, id), reason, now));
  // Published only once stored and committed (DESIGN 6).
  await publishNotifications(ctx, [{ ...stored, kind: 'admin_warning' }]);
}

/** The admin's delete (SPEC) is the person's own deletion for good (issue 42), audited without their name. */
export async function remove(ctx: Ctx, admin: AdminRow, id: string, reason: string): Promise<void> {
  await erasePerson(ctx, id, { by: 'admin', admin, reason });
}

export async function settings(ctx: Ctx, me: AdminRow): Promise<AdminSettings> {
  const row = (await findAdminById(ctx.db, me.id)) ?? me;
  return toAdminSettings(row, await actionsByAdmin(ctx.db, me.id, SETTINGS_RECENT_ACTIONS));
}

/** Both account changes need the current password; failures count like logins. */
async function checkCurrentPassword(ctx: Ctx, me: AdminRow, password: string, client: ClientId): Promise<void> {
  if (!(await passwordMatches(ctx, { scope: 'admin-change', account: me.id, client }, me.passwordHash, password)))
    throw badRequest(/*i18n*/ { id: 'error.field.currentPasswordWrong', message: 'current_password: the current password is not correct' });
}

export async function changeAdminPassword(
  ctx: Ctx,
  me: AdminRow,
  q: { current_password: string; new_password: string },
  keepToken: string | null,
  client: ClientId,
): Promise<Admin> {
  await checkCurrentPassword(ctx, me, q.current_password, client);
  if (q.current_password === q.new_password) throw badRequest(/*i18n*/ { id: 'error.field.newPasswordSame', message: 'new_password: must differ from the current password' });
  const passwordHash = await hashPassword(q.new_password);
  const now = ctx.clock();
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await setAdminPassword(tx, me.id, passwordHash, now);
    // Every other admin session ends; this one stays signed in.
    await revokeAllAdminSessions(tx, me.id, keepToken ?? undefined);
    await recordAdminAction(tx, {
      admin: me,
      actionType: 'change_password',
      target: { userId: null, displayName: me.username },
      reason: 'Password changed',
      at: now,
    });
    return updated;
  });
  return toAdmin(row);
}

export async function changeAdminUsername(
  ctx: Ctx,
  me: AdminRow,
  q: { current_password: string; new_username: string },
  client: ClientId,
): Promise<Admin> {
  await checkCurrentPassword(ctx, me, q.current_password, client);
  const name = q.new_username;
  if (name === me.username) throw badRequest(/*i18n*/ { id: 'error.field.newUsernameSame', message: 'new_username: must differ from your current username' });
  const taken = () => conflict(ADMIN_USERNAME_TAKEN);
  if (await isAdminUsernameTaken(ctx.db, name, me.id)) throw taken();
  const now = ctx.clock();
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const updated = await renameAdmin(tx, me.id, name);
      await recordAdminAction(tx, {
        admin: { id: me.id, username: name },
        actionType: 'change_username',
        target: { userId: null, displayName: name },
        reason: `Renamed from ${me.username} to ${name}`,
        details: { from: me.username, to: name },
        at: now,
      });
      return updated;
    });
    return toAdmin(row);
  } catch (err) {
    // Two admins raced for the same name: the unique index decides.
    if (await isAdminUsernameTaken(ctx.db, name, me.id)) throw taken();
    throw err;
  }
}

/**
 * SPEC 7 "Account": registration, login, logout, password change, profile,
 * deactivation, and the session probes. Passwords are checked under the password limits
 * (plugins/rate-limits.ts) and hashed under the hashing cap (domain/passwords.ts). The
 * route sets and clears the cookie with the token these answer.
 */
import type { z } from 'zod';
import type { LoginBody, ProfileBody, RegisterBodySchema } from '../../contract/account';
import type { User } from '../../contract/common';
import { ACCOUNT_TAKEN, SERVER_DETAILS } from '../../contract/messages';
import {
  createUserSession,
  hashToken,
  revokeAllUserSessions,
  revokeUserSession,
} from '../db/repositories/sessions';
import {
  type UserChanges,
  type UserRow,
  findTaken,
  findUserById,
  findUserByLogin,
  insertUser,
  updateUser,
} from '../db/repositories/users';
import { toUser } from '../presenters/users';
import { PROFILE_PHOTO, decodeBase64Image, toCleanJpeg } from '../domain/images';
import { hashPassword, hashingSlots } from '../domain/passwords';
import { maySignIn } from '../access/people';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../core/errors';
import { liveSessionKey } from '../core/realtime';
import { keptUserRow } from '../cache/people';
import type { ClientId, Ctx } from './context';
import { passwordMatches, signInByPassword } from './password-check';
import { emailStillBanned, erasePerson } from './erasure';
import { addressChanged, sendVerification, tellPasswordChanged } from './email-links';
import type { Said } from '../../contract/said';

const takenDetail = ACCOUNT_TAKEN;

export const WRONG_LOGIN = SERVER_DETAILS.wrongLogin;
export const WRONG_CURRENT_PASSWORD: Said = /*i18n*/ { id: 'error.field.currentPasswordWrong', message: 'current_password: the current password is not correct' };

/** An email whose account was deleted under a ban signs up again only once the ban would have ended (issue 42). */
const EMAIL_STILL_BANNED: Said = /*i18n*/ {
  id: 'error.field.emailStillBanned',
  message: 'email: this address belongs to an account that was banned, and cannot be used again yet',
};

async function notStillBanned(ctx: Ctx, email: string): Promise<void> {
  if (await emailStillBanned(ctx, email)) throw forbidden(EMAIL_STILL_BANNED);
}

export async function register(ctx: Ctx, b: z.output<typeof RegisterBodySchema>) {
  // A place under the hashing cap from the start, or a 503 before any lookup (issue 40 item 9).
  const passwordHash = await hashingSlots.admitted(async () => {
    const taken = await findTaken(ctx.db, { username: b.username, email: b.email });
    if (taken) throw conflict(takenDetail[taken]);
    await notStillBanned(ctx, b.email);
    return hashPassword(b.password);
  });
  const now = ctx.clock();
  let row: UserRow;
  try {
    row = await insertUser(ctx.db, {
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
      language: b.language,
      createdAt: now,
      passwordChangedAt: now,
    });
  } catch (err) {
    // Two registrations raced for the same name: the unique index decides.
    const again = await findTaken(ctx.db, { username: b.username, email: b.email });
    if (again) throw conflict(takenDetail[again]);
    throw err;
  }
  const token = await createUserSession(ctx.db, row.id, now);
  // A new address gets its verification link, after the answer (issue 41).
  sendVerification(ctx, row);
  return { user: toUser(row), token };
}

/**
 * Signs in. Failures count per account and client (an unknown name is an account too,
 * so guessing names is limited alike); a correct password from a client that has not
 * been failing always signs in, and a success clears that client's count.
 */
export async function login(ctx: Ctx, b: LoginBody, client: ClientId) {
  const who = { scope: 'login', name: b.username_or_email, client } as const;
  const row = await signInByPassword(ctx, who, () => findUserByLogin(ctx.db, b.username_or_email), b.password);
  if (!row) throw unauthorized(WRONG_LOGIN);
  return signIn(ctx, row);
}

/**
 * Signs in someone who has proved who they are (a password or a passkey): a ban still in
 * force refuses them; a deactivated account comes back, and a ban whose end has passed lifts.
 */
export async function signIn(ctx: Ctx, row: UserRow) {
  const now = ctx.clock();
  maySignIn(row, now, ctx.config.supportEmail ?? null);
  const reactivated = !row.isActive;
  const liftedBan = row.isBanned; // a ban whose end has passed lifts at the next login
  let current = row;
  if (reactivated || liftedBan) {
    current = (await updateUser(ctx.db, row.id, { isActive: true, isBanned: false, bannedUntil: null, banReason: null })) ?? row;
    // Back on the lists at once, not when the kept copies expire.
    ctx.lifecycle.emit('user.changed', row.id);
  }
  const token = await createUserSession(ctx.db, row.id, now);
  return { user: toUser(current), reactivated, token };
}

/** Ends this device's session; its live sockets go with it, the user's other devices stay. */
export async function logout(ctx: Ctx, me: UserRow, token: string | null) {
  if (!token) return;
  await revokeUserSession(ctx.db, token);
  const tokenHash = hashToken(token);
  ctx.sessionCache.forgetToken(tokenHash);
  await ctx.realtime.disconnectUser(me.id, liveSessionKey(tokenHash));
}

/**
 * Changes the password and rotates the session (DESIGN 4): every session of the user
 * ends, this device's included, and this device gets a new one, so a stolen copy of
 * any old cookie dies with the change.
 */
export async function changePassword(
  ctx: Ctx,
  meId: string,
  q: { current_password: string; new_password: string },
  client: ClientId,
): Promise<{ token: string }> {
  // The hash from the database itself, not the session's kept row (a few seconds old at most).
  const me = await findUserById(ctx.db, meId);
  if (!me) throw notFound(/*i18n*/ { id: 'error.userNotFound', message: 'User not found' });
  if (!(await passwordMatches(ctx, { scope: 'change', account: me.id, client }, me.passwordHash, q.current_password)))
    throw badRequest(WRONG_CURRENT_PASSWORD);
  if (q.current_password === q.new_password) throw badRequest(/*i18n*/ { id: 'error.field.newPasswordSame', message: 'new_password: must differ from the current password' });
  const passwordHash = await hashPassword(q.new_password);
  const now = ctx.clock();
  const token = await ctx.db.transaction(async (tx) => {
    await updateUser(tx, me.id, { passwordHash, passwordChangedAt: now });
    await revokeAllUserSessions(tx, me.id);
    return createUserSession(tx, me.id, now);
  });
  // Sockets of the ended sessions close on every instance; kept copies of them are dropped.
  ctx.lifecycle.emit('user.sessionsEnded', me.id);
  tellPasswordChanged(ctx, me.id, now);
  return { token };
}

export async function updateProfile(ctx: Ctx, me: UserRow, b: ProfileBody): Promise<User> {
  if (b.email) {
    const taken = await findTaken(ctx.db, { email: b.email }, me.id);
    if (taken) throw conflict(takenDetail[taken]);
    await notStillBanned(ctx, b.email);
  }
  const changes: UserChanges = {};
  if (b.name !== undefined) changes.name = b.name;
  const newAddress = b.email !== undefined && b.email.trim().toLowerCase() !== me.email.trim().toLowerCase();
  if (b.email !== undefined) changes.email = b.email;
  // A changed address is unverified until its own link is followed (issue 41).
  if (newAddress) changes.emailVerifiedAt = null;
  if (b.age !== undefined) changes.age = b.age;
  if (b.occupation !== undefined) changes.occupation = b.occupation || null;
  if (b.interests !== undefined) changes.interests = b.interests;
  if (b.social_preferences !== undefined) changes.socialPreferences = b.social_preferences;
  if (b.personality_traits !== undefined) changes.personalityTraits = b.personality_traits;
  if (b.communication_style !== undefined) changes.communicationStyle = b.communication_style;
  if (b.email_meeting_reminders !== undefined) changes.emailMeetingReminders = b.email_meeting_reminders;
  if (b.language !== undefined) changes.language = b.language;
  if (Object.keys(changes).length === 0) return currentUser(ctx, me.id);
  const user = await changeUser(ctx, me.id, changes);
  if (newAddress) await addressChanged(ctx, { id: me.id, email: user.email, name: user.name, language: user.language ?? 'en' });
  return user;
}

/**
 * Sets the profile photo: cropped to a centred square, re-encoded and stripped of every
 * piece of metadata before it is stored, as event photos are (domain/images.ts). Who
 * sees it is DESIGN 5's `shownPhoto`.
 */
export async function setProfilePhoto(ctx: Ctx, me: UserRow, photoData: string): Promise<User> {
  const jpeg = await toCleanJpeg(decodeBase64Image(photoData, PROFILE_PHOTO), PROFILE_PHOTO);
  return changeUser(ctx, me.id, { photoData: jpeg.toString('base64') });
}

export async function removeProfilePhoto(ctx: Ctx, me: UserRow): Promise<User> {
  return changeUser(ctx, me.id, { photoData: null });
}

async function changeUser(ctx: Ctx, id: string, changes: UserChanges): Promise<User> {
  const row = await updateUser(ctx.db, id, changes);
  if (!row) throw notFound(/*i18n*/ { id: 'error.userNotFound', message: 'User not found' });
  // Nearby people and this user's own session show the edit at once.
  ctx.lifecycle.emit('user.changed', id);
  return toUser(row);
}

/**
 * Delete for good (issue 42): the current password proves it is them (counted like a
 * password change), then everything of theirs is erased (use-cases/erasure.ts). A wrong
 * password changes nothing.
 */
export async function deleteAccount(ctx: Ctx, meId: string, password: string, client: ClientId): Promise<void> {
  const me = await findUserById(ctx.db, meId);
  if (!me) throw notFound(/*i18n*/ { id: 'error.userNotFound', message: 'User not found' });
  if (!(await passwordMatches(ctx, { scope: 'change', account: me.id, client }, me.passwordHash, password))) throw badRequest(WRONG_PASSWORD);
  await erasePerson(ctx, me.id, { by: 'self' });
}

export const WRONG_PASSWORD: Said = /*i18n*/ { id: 'error.field.passwordWrong', message: 'password: the current password is not correct' };

export async function deactivate(ctx: Ctx, me: UserRow): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, me.id, { isActive: false });
    await revokeAllUserSessions(tx, me.id);
  });
  ctx.lifecycle.emit('user.sessionsEnded', me.id);
}

/** The signed-in user as stored now. */
/** From the kept row (cache/kept.ts), which every change to the user retires at once. */
export async function currentUser(ctx: Ctx, meId: string): Promise<User> {
  const row = await keptUserRow(ctx, meId, ctx.clock());
  if (!row) throw notFound(/*i18n*/ { id: 'error.userNotFound', message: 'User not found' });
  return toUser(row);
}

/**
 * The app's probe when it opens: the user of a live session, or null. The session's row
 * is the kept one (plugins/session.ts), which every change to the user replaces at once.
 */
export function sessionUser(me: UserRow | null): { user: User | null } {
  return { user: me ? toUser(me) : null };
}

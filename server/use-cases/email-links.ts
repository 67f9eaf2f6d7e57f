/**
 * Links sent by email (issue 41): a password reset, and the verification of an address.
 *
 * A reset is asked for with an address and answered the same whether or not an account
 * has it: the answer waits only for the one lookup both cases make, and the rest (the
 * per-account silence, the link, the mail) runs after it, so neither the answer nor its
 * time tells whether the address is known. At most one reset mail per account per
 * RESET_SILENCE_MS, whoever asks; a link holds RESET_VALID_MS, once, and is kept only as a
 * hash. Setting the new password ends every session of the person and closes their
 * sockets, as a password change does.
 *
 * A new or changed address gets a verification link; reminders go only to a verified
 * address. A reset link proves the inbox too, so using one verifies the address it went to.
 */
import type { Said } from '../../contract/said';
import { publicOrigin } from '../config';
import { badRequest } from '../core/errors';
import {
  createEmailToken,
  findEmailToken,
  latestEmailTokenSince,
  retireEmailTokens,
  spendEmailToken,
} from '../db/repositories/email-tokens';
import { revokeAllUserSessions } from '../db/repositories/sessions';
import { findUserByEmail, findUserById, updateUser, type UserRow } from '../db/repositories/users';
import { hashPassword, hashingSlots } from '../domain/passwords';
import type { Ctx } from './context';
import { mailLanguageOf, passkeyAddedMail, passwordChangedMail, resetMail, verifyMail } from './mail-texts';

export const RESET_VALID_MS = 30 * 60_000;
export const RESET_SILENCE_MS = 5 * 60_000;
export const VERIFY_VALID_MS = 7 * 86_400_000;
/** A second verification mail to the same person waits this long after the first. */
export const VERIFY_SILENCE_MS = 5 * 60_000;

export const RESET_LINK_UNUSABLE: Said = /*i18n*/ {
  id: 'error.resetLinkUnusable',
  message: 'This link to set a new password has expired or has already been used. You can ask for a new one.',
};
export const VERIFY_LINK_UNUSABLE: Said = /*i18n*/ {
  id: 'error.verifyLinkUnusable',
  message: 'This confirmation link has expired or is no longer for the address on the account. You can ask for a new one from your profile.',
};

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Asks for a reset link: the answer is the same, and as quick, whether or not the address is known. */
export async function requestPasswordReset(ctx: Ctx, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  ctx.mailer.later('password reset', async () => {
    const now = ctx.clock();
    // Silent per account: a second ask within the window sends nothing, and says the same.
    if (await latestEmailTokenSince(ctx.db, user.id, 'reset', new Date(now.getTime() - RESET_SILENCE_MS))) return;
    const token = await createEmailToken(ctx.db, { userId: user.id, purpose: 'reset', email: user.email, now, validMs: RESET_VALID_MS });
    const link = `${publicOrigin(ctx.config)}/reset-password?token=${encodeURIComponent(token)}`;
    ctx.mailer.send(resetMail(mailLanguageOf(user.language), user.email, user.name, link, RESET_VALID_MS / 60_000), 'password reset');
  });
}

/**
 * Sets the new password with a reset link: once, within its time, and only while the
 * account still has the address the link went to. Every session of the person ends.
 */
export async function confirmPasswordReset(ctx: Ctx, b: { token: string; new_password: string }): Promise<void> {
  // A place under the hashing cap from the start, or a 503 before any lookup (issue 40 item 9).
  const passwordHash = await hashingSlots.admitted(async () => {
    if (!(await findEmailToken(ctx.db, b.token, 'reset', ctx.clock(), { live: true }))) throw badRequest(RESET_LINK_UNUSABLE);
    return hashPassword(b.new_password);
  });
  const now = ctx.clock();
  const userId = await ctx.db.transaction(async (tx) => {
    // Of two uses racing with one link, only one gets it.
    const used = await spendEmailToken(tx, b.token, 'reset', now);
    if (!used) return null;
    const user = await findUserById(tx, used.userId);
    if (!user || !sameAddress(user.email, used.email)) return null;
    await updateUser(tx, user.id, { passwordHash, passwordChangedAt: now, ...(user.emailVerifiedAt ? {} : { emailVerifiedAt: now }) });
    await retireEmailTokens(tx, user.id, 'reset', now);
    await revokeAllUserSessions(tx, user.id);
    return user.id;
  });
  if (!userId) throw badRequest(RESET_LINK_UNUSABLE);
  // Sockets of the ended sessions close on every instance; kept copies of them are dropped.
  ctx.lifecycle.emit('user.sessionsEnded', userId);
  tellPasswordChanged(ctx, userId, now);
}

/**
 * "Was this you?" after a password change or reset, to the address on file. Its link is
 * the page that asks for a reset link (a link with a token would be a second way in).
 */
export function tellPasswordChanged(ctx: Ctx, userId: string, at: Date): void {
  ctx.mailer.later('password changed notice', async () => {
    const user = await findUserById(ctx.db, userId);
    if (!user) return;
    ctx.mailer.send(passwordChangedMail(mailLanguageOf(user.language), user.email, user.name, at, `${publicOrigin(ctx.config)}/reset-password`), 'password changed notice');
  });
}

/** "Was this you?" after a passkey is added: a new way into the account, said to the address on file. */
export function tellPasskeyAdded(ctx: Ctx, userId: string, passkey: string, at: Date): void {
  ctx.mailer.later('passkey added notice', async () => {
    const user = await findUserById(ctx.db, userId);
    if (!user) return;
    ctx.mailer.send(passkeyAddedMail(mailLanguageOf(user.language), user.email, user.name, passkey, at, `${publicOrigin(ctx.config)}/reset-password`), 'passkey added notice');
  });
}

/**
 * Sends a verification link for the person's address, after the answer. `silent` keeps a
 * second one from going within VERIFY_SILENCE_MS (the profile's "send it again").
 */
export function sendVerification(ctx: Ctx, user: Pick<UserRow, 'id' | 'email' | 'name' | 'language'>, opts: { silent?: boolean } = {}): void {
  ctx.mailer.later('email verification', async () => {
    const now = ctx.clock();
    if (opts.silent && (await latestEmailTokenSince(ctx.db, user.id, 'verify', new Date(now.getTime() - VERIFY_SILENCE_MS)))) return;
    const token = await createEmailToken(ctx.db, { userId: user.id, purpose: 'verify', email: user.email, now, validMs: VERIFY_VALID_MS });
    const link = `${publicOrigin(ctx.config)}/verify-email?token=${encodeURIComponent(token)}`;
    ctx.mailer.send(verifyMail(mailLanguageOf(user.language), user.email, user.name, link), 'email verification');
  });
}

/** The person's address changed: it is unverified again, old links for it end, and a new one goes to it. */
export async function addressChanged(ctx: Ctx, user: Pick<UserRow, 'id' | 'email' | 'name' | 'language'>): Promise<void> {
  await retireEmailTokens(ctx.db, user.id, 'verify', ctx.clock());
  sendVerification(ctx, user);
}

/**
 * Follows a verification link. A link followed twice (a second tap, another device) says
 * yes again while the address it confirmed is still the account's and verified.
 */
export async function verifyEmail(ctx: Ctx, token: string): Promise<void> {
  const now = ctx.clock();
  const used = await spendEmailToken(ctx.db, token, 'verify', now);
  if (!used) {
    const earlier = await findEmailToken(ctx.db, token, 'verify', now, { live: false });
    const user = earlier?.usedAt ? await findUserById(ctx.db, earlier.userId) : null;
    if (earlier && user?.emailVerifiedAt && sameAddress(user.email, earlier.email)) return;
    throw badRequest(VERIFY_LINK_UNUSABLE);
  }
  const user = await findUserById(ctx.db, used.userId);
  if (!user || !sameAddress(user.email, used.email)) throw badRequest(VERIFY_LINK_UNUSABLE);
  if (!user.emailVerifiedAt) {
    await updateUser(ctx.db, user.id, { emailVerifiedAt: now });
    ctx.lifecycle.emit('user.changed', user.id);
  }
}

/** The profile's "send the link again": nothing when the address is verified already. */
export async function resendVerification(ctx: Ctx, me: UserRow): Promise<void> {
  const user = await findUserById(ctx.db, me.id);
  if (!user || user.emailVerifiedAt) return;
  sendVerification(ctx, user, { silent: true });
}

/**
 * SPEC 3's User status and taking a break (issue 16): GET and PUT /users/status, and the
 * end of a break. A break is compared with the clock wherever it matters
 * (domain/status.ts), so it ends on time everywhere without a timer per person; what
 * must happen once when it ends (the requests it held are delivered, the person hears
 * "Welcome back") happens to whoever first writes the end down: the person setting
 * their status, or the sweep every instance runs (endRunOutBreaks). Writing it down is
 * one conditional update, so with any number of instances it happens once.
 */
import { sweepEvery } from '../core/sweep';
import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { z } from 'zod';
import { AWAY_MAX_DAYS, type StatusBodySchema, type UserStatus, WELCOME_BACK } from '../../contract/status';
import { users } from '../db/schema';
import { lockUser } from '../db/repositories/admin';
import type { UserRow } from '../db/repositories/users';
import { USER_NOT_FOUND } from '../access/people';
import { holdsRequests, ownStatus } from '../domain/status';
import { badRequest, notFound } from '../core/errors';
import { notify } from './notify';
import { releaseHeldRequests } from './connections';
import type { Ctx } from './context';
import { sentence } from '../../contract/said';

const untilTooFar = sentence(
  /*i18n*/ { id: 'error.field.untilTooFar', message: 'until: must be within {days} days' },
  ({ days }: { days: number }) => `until: must be within ${days} days`,
);

/** How often every instance looks for breaks that have run out (their effects wait at most this long). */
export const BREAK_SWEEP_MS = 30_000;

const DAY_MS = 86_400_000;

/** GET /users/status: the person's own status now (a break that ran out is ended first). */
export async function getStatus(ctx: Ctx, me: UserRow): Promise<UserStatus> {
  const now = ctx.clock();
  const [ended] = await endRunOutBreaks(ctx, me.id);
  return ownStatus(ended ?? me, now);
}

/** PUT /users/status: the whole status is replaced; leaving a break ends it (once). */
export async function setStatus(ctx: Ctx, me: UserRow, body: z.output<typeof StatusBodySchema>): Promise<UserStatus> {
  const now = ctx.clock();
  let until: Date | null = null;
  if (body.status === 'away' && body.until) {
    until = new Date(body.until);
    if (until <= now) throw badRequest(/*i18n*/ { id: 'error.field.untilPast', message: 'until: must be in the future' });
    if (until.getTime() - now.getTime() > AWAY_MAX_DAYS * DAY_MS) throw badRequest(untilTooFar({ days: AWAY_MAX_DAYS }));
  }
  const { row, endedBreak } = await ctx.db.transaction(async (tx) => {
    // Locked, so the sweep and this call cannot both end the same break.
    const before = await lockUser(tx, me.id);
    if (!before) throw notFound(USER_NOT_FOUND);
    const [after] = await tx
      .update(users)
      .set({ status: body.status, statusMessage: body.custom_message, statusEmoji: body.emoji, statusUntil: until })
      .where(eq(users.id, me.id))
      .returning();
    return { row: after!, endedBreak: before.status === 'away' && body.status !== 'away' };
  });
  // Out of every list or back in them at once, on every instance.
  ctx.lifecycle.emit('user.changed', me.id);
  if (endedBreak) await welcomeBack(ctx, row);
  return ownStatus(row, now);
}

/**
 * Ends the breaks that have run out (of one person, or of everyone): status back to the
 * default, then each person's held requests delivered and "Welcome back" said. The
 * update answers only the rows it changed, so each break ends once, wherever this runs.
 */
export async function endRunOutBreaks(ctx: Ctx, userId?: string): Promise<UserRow[]> {
  const now = ctx.clock();
  const ended = await ctx.db
    .update(users)
    .set({ status: 'available', statusMessage: null, statusEmoji: null, statusUntil: null })
    .where(and(eq(users.status, 'away'), isNotNull(users.statusUntil), lte(users.statusUntil, now), userId ? eq(users.id, userId) : undefined))
    .returning();
  for (const row of ended) {
    ctx.lifecycle.emit('user.changed', row.id);
    await welcomeBack(ctx, row);
  }
  return ended;
}

/**
 * A break has ended: the requests it held arrive now (unless safe space mode or a low
 * battery still holds them), and the person is told, live and in their notifications.
 */
async function welcomeBack(ctx: Ctx, row: UserRow): Promise<void> {
  const released = holdsRequests(row, ctx.clock()) ? 0 : await releaseHeldRequests(ctx, row.id);
  await notify(ctx, row.id, {
    kind: 'welcome_back',
    title: WELCOME_BACK.title,
    content: released > 0 ? WELCOME_BACK.withRequests({ n: released }) : WELCOME_BACK.content,
    link: released > 0 ? '/requests' : null,
  });
}

/**
 * Runs endRunOutBreaks every BREAK_SWEEP_MS on this instance (each instance runs its
 * own; the update decides who ends which break). Answers how to stop, which waits for a
 * sweep under way.
 */
export function sweepBreaks(ctx: Ctx): () => Promise<void> {
  return sweepEvery(ctx.log, BREAK_SWEEP_MS, 'ending breaks failed', () => endRunOutBreaks(ctx));
}

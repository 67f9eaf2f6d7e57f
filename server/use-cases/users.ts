/** SPEC 7 "Users": search, block, and the person's own settings (battery, privacy, availability). */
import type { z } from 'zod';
import {
  type BlockedUser,
  type PrivacySettings,
  type PrivacyUpdateBodySchema,
  USER_SEARCH_MAX,
  type UserSearchBodySchema,
} from '../../contract/discovery';
import { hideLocationsOf } from '../db/repositories/locations';
import { candidateOf, privacyOf, searchPeople } from '../db/repositories/people';
import { blockedByMe, removeBlock, storeBlock } from '../db/repositories/relations';
import { type UserChanges, type UserRow, findUserById, updateUser } from '../db/repositories/users';
import { USER_NOT_FOUND, idKnownBy, notSelf, resolvePerson } from '../access/people';
import { holdsRequests } from '../domain/status';
import { ANONYMOUS_NAME, isAnonymousTo, projectFor } from '../domain/visibility';
import { sharedPseudonym } from '../db/repositories/pseudonyms';
import { notFound } from '../core/errors';
import { releaseHeldRequests } from './connections';
import { keptOwnList } from '../cache/people';
import { announceKept, tag } from '../cache/tags';
import type { Ctx } from './context';

const PRIVACY_COLUMNS = {
  visibility_mode: 'visibilityMode',
  show_location: 'showLocation',
  show_interests: 'showInterests',
  show_profile_picture: 'showProfilePicture',
  auto_hide_in_restricted_zones: 'autoHideInRestrictedZones',
  anonymous_browsing: 'anonymousBrowsing',
  safe_space_mode: 'safeSpaceMode',
  quiet_when_low_battery: 'quietWhenLowBattery',
} as const satisfies Record<keyof PrivacySettings, keyof UserRow>;

/**
 * Writes the person's own settings; the kept copies of the events they attend and of
 * their session are dropped ('user.changed'), so the change shows at once. `then`
 * writes what follows from the change before anyone is told of it.
 */
async function updateMe(ctx: Ctx, me: UserRow, changes: UserChanges, then?: (row: UserRow) => Promise<void>): Promise<UserRow> {
  const row = await updateUser(ctx.db, me.id, changes);
  if (!row) throw notFound(USER_NOT_FOUND);
  await then?.(row);
  ctx.lifecycle.emit('user.changed', me.id);
  return row;
}

export async function searchUsers(ctx: Ctx, me: UserRow, filter: z.output<typeof UserSearchBodySchema>) {
  const now = ctx.clock();
  const rows = await searchPeople(ctx.db, me.id, filter, now, USER_SEARCH_MAX);
  // The query narrows; projectFor decides. Where the two stand shows as on attendee cards.
  const found = await Promise.all(
    rows.map(async ({ person, connected, blocked, sent, lapsed, received, canMessage }) => {
      const rel = { connected, blockedEitherWay: blocked, inRestrictedZone: false };
      // Someone anonymous to the viewer is found by their pseudonym at the latest event the
      // two share, and not at all when they share none (issue 40): an id of their own would
      // link their events.
      const candidate = candidateOf(person, now);
      const pseudonym = isAnonymousTo(candidate, rel) ? await sharedPseudonym(ctx.db, me.id, person.id, null) : null;
      const user = projectFor(me.id, candidate, rel, 'search', pseudonym);
      if (!user) return [];
      const connection_status = connected ? 'connected' : sent ? 'request_sent' : received ? 'request_received' : lapsed ? 'request_lapsed' : 'none';
      return [{ ...user, connection_status, can_message: canMessage } as const];
    }),
  );
  return found.flat();
}

/** The people I blocked, newest first, named as a stranger would see them (someone hidden from strangers stays unnamed). */
export function blockedPeople(ctx: Ctx, me: UserRow): Promise<BlockedUser[]> {
  const stranger = { connected: false, blockedEitherWay: false, inRestrictedZone: false };
  const read = async () => {
    const now = ctx.clock();
    return Promise.all(
      (await blockedByMe(ctx.db, me.id)).map(async ({ person, blockedAt }) => {
        // Someone anonymous to me keeps the pseudonym I know them by (issue 40).
        const known = await idKnownBy(ctx.db, me.id, person, now);
        const seen = projectFor(me.id, candidateOf(person, now), stranger, 'person', known);
        return { id: known ?? person.id, name: seen?.name ?? ANONYMOUS_NAME, username: seen?.username ?? null, blocked_at: blockedAt.toISOString() };
      }),
    );
  };
  return keptOwnList(ctx, 'blocked', me.id, read, (b) => b.id);
}

/** Unblock: the two become strangers again; no connection or request comes back. */
export async function unblockUser(ctx: Ctx, me: UserRow, asked: string): Promise<void> {
  const otherId = await resolvePerson(ctx.db, me.id, asked, ctx.clock());
  if (!(await removeBlock(ctx.db, me.id, otherId))) throw notFound(/*i18n*/ { id: 'error.notBlocked', message: 'You have not blocked this person' });
  ctx.lifecycle.emit('relation.changed', me.id, otherId);
}

/**
 * DESIGN 5: pending requests both ways and the connection go, and so do the notifications
 * either holds about the other (issue 40); the other is not told.
 */
export async function blockUser(ctx: Ctx, me: UserRow, asked: string): Promise<void> {
  const otherId = await resolvePerson(ctx.db, me.id, asked, ctx.clock());
  notSelf(me.id, otherId, 'block_user_id', 'block');
  if (!(await findUserById(ctx.db, otherId))) throw notFound(USER_NOT_FOUND);
  await storeBlock(ctx.db, me.id, otherId, ctx.clock());
  announceKept(ctx, [tag.notifications(me.id), tag.notifications(otherId)]);
  ctx.lifecycle.emit('relation.changed', me.id, otherId);
}

export async function setBattery(ctx: Ctx, me: UserRow, level: number): Promise<number> {
  const row = await updateMe(ctx, me, { socialBattery: level });
  await releaseWhenNothingHolds(ctx, me, row);
  return row.socialBattery;
}

/**
 * Requests held quietly (safe space mode, a low battery) become visible once nothing
 * holds them any more (a break still holds them: they come when it ends); nothing is
 * held when none were, so doing it again is harmless.
 */
async function releaseWhenNothingHolds(ctx: Ctx, before: UserRow, row: UserRow): Promise<void> {
  const now = ctx.clock();
  if (holdsRequests(before, now) && !holdsRequests(row, now)) await releaseHeldRequests(ctx, row.id);
}

export async function setAvailability(ctx: Ctx, me: UserRow, isAvailable: boolean): Promise<boolean> {
  return (await updateMe(ctx, me, { isAvailable })).isAvailable;
}

export function privacySettings(me: UserRow): PrivacySettings {
  return privacyOf(me);
}

export async function updatePrivacy(ctx: Ctx, me: UserRow, b: z.output<typeof PrivacyUpdateBodySchema>): Promise<PrivacySettings> {
  const changes: UserChanges = {};
  for (const key of Object.keys(PRIVACY_COLUMNS) as Array<keyof PrivacySettings>) {
    if (b[key] !== undefined) (changes as Record<string, unknown>)[PRIVACY_COLUMNS[key]] = b[key];
  }
  if (Object.keys(changes).length === 0) return privacyOf(me);
  // DESIGN 5: with show_location off positions are not kept, so the ones kept before go.
  const row = await updateMe(ctx, me, changes, async (r) => {
    if (!r.showLocation) await hideLocationsOf(ctx.db, me.id, ctx.clock());
  });
  await releaseWhenNothingHolds(ctx, me, row);
  return privacyOf(row);
}

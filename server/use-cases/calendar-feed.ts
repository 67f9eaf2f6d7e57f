/**
 * The calendar feed (issue 42): a secret address a phone's calendar subscribes to with no
 * cookie, holding the person's accepted meetings and the events they joined, each in its
 * event's time zone, rewritten at every read so changes and cancellations follow.
 *
 * The token in the address is an HMAC of the person and the feed's generation under a key
 * kept with the data, so the address can be shown again while only its hash is stored to
 * find the person by; a reset moves the generation on and the old address answers 404, as
 * do those of a banned, deactivated or deleted person.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { CalendarFeed } from '../../contract/calendar';
import { relationsOf } from '../cache/relations';
import { feedKey, feedOwner, feedTokenHash, findFeed, joinedEvents, keepFeed } from '../db/repositories/calendar-feeds';
import { meetingsOf } from '../db/repositories/meetings';
import { findUserById } from '../db/repositories/users';
import { addEntry, newCalendar } from '../domain/calendar';
import { publicOrigin } from '../config';
import { notFound } from '../core/errors';
import type { Ctx } from './context';
import { meetingEntry } from './meeting-calendar';
import { otherOf, viewOf } from './meeting-view';

/** How far back the feed reaches: a calendar keeps what it was given before. */
const PAST_DAYS = 30;

/**
 * The feed key, per database: made (or read) at its first use and kept, as the VAPID keys
 * are kept from the start; it never changes once made, so an address request asks the
 * database nothing for it after that. A failed read is not kept: the next ask tries again.
 */
const feedKeys = new WeakMap<object, Promise<string>>();

function feedKeyOf(ctx: Ctx): Promise<string> {
  let key = feedKeys.get(ctx.db);
  if (!key) {
    key = feedKey(ctx.db, () => randomBytes(32).toString('base64url'));
    feedKeys.set(ctx.db, key);
    key.catch(() => feedKeys.delete(ctx.db));
  }
  return key;
}

async function tokenFor(ctx: Ctx, userId: string, generation: number): Promise<string> {
  const key = await feedKeyOf(ctx);
  return createHmac('sha256', key).update(`${userId}:${generation}`).digest('base64url');
}

function addressOf(ctx: Ctx, token: string): CalendarFeed {
  const url = `${publicOrigin(ctx.config)}/api/calendar/${token}.ics`;
  return { url, webcal_url: url.replace(/^https?:/, 'webcal:') };
}

/** The person's feed address, made at the first ask and the same afterwards. */
export async function feedAddress(ctx: Ctx, meId: string): Promise<CalendarFeed> {
  const feed = await findFeed(ctx.db, meId);
  const generation = feed?.generation ?? 1;
  const token = await tokenFor(ctx, meId, generation);
  if (!feed) await keepFeed(ctx.db, meId, generation, feedTokenHash(token));
  return addressOf(ctx, token);
}

/** A new address; the old one answers 404 from now on. */
export async function resetFeed(ctx: Ctx, meId: string): Promise<CalendarFeed> {
  const generation = ((await findFeed(ctx.db, meId))?.generation ?? 0) + 1;
  const token = await tokenFor(ctx, meId, generation);
  await keepFeed(ctx.db, meId, generation, feedTokenHash(token));
  return addressOf(ctx, token);
}

const FEED_GONE = /*i18n*/ { id: 'error.calendarFeedNotFound', message: 'No such calendar' };

/** GET /calendar/{token}.ics: the feed, or 404 for an unknown, reset or ended address. */
export async function feedCalendar(ctx: Ctx, token: string): Promise<string> {
  const now = ctx.clock();
  const ownerId = token.length >= 22 ? await feedOwner(ctx.db, feedTokenHash(token), now) : null;
  const me = ownerId ? await findUserById(ctx.db, ownerId) : null;
  if (!me) throw notFound(FEED_GONE);
  const since = new Date(now.getTime() - PAST_DAYS * 86_400_000);
  const [events, meetings, relations] = await Promise.all([joinedEvents(ctx.db, me.id, since), meetingsOf(ctx.db, me.id, since), relationsOf(ctx.db, me.id, now)]);
  const calendar = newCalendar('Wallflower');
  for (const e of events) {
    addEntry(calendar, {
      uid: `${e.id}@wallflower`,
      start: e.startTime,
      end: e.endTime,
      timeZone: e.timeZone,
      summary: e.name,
      location: e.location,
      description: e.description,
      status: 'confirmed',
      stamp: now,
    });
  }
  for (const { meeting, eventName, timeZone } of meetings) {
    if (meeting.status !== 'accepted' && meeting.status !== 'cancelled') continue;
    if (relations.blocked.has(otherOf(meeting, me.id))) continue;
    addEntry(calendar, meetingEntry(await viewOf(ctx, meeting, me, { name: eventName, timeZone }, now), now));
  }
  return calendar.toString();
}

/**
 * The calendar feed (issue 42): a secret address a phone's calendar subscribes to with no
 * cookie, holding the person's accepted meetings and the events they joined, each in its
 * event's time zone, rewritten at every read so changes and cancellations follow.
 *
 * The token in the address is an HMAC of the person and the feed's generation under a key
 * kept with the data, so the address can be shown again while only its hash is stored to
 * find the person by; a reset moves the generation on and the old address answers 404, as
 * do those of a banned, deactivated or deleted person.
 *
 * Each address's feed is a kept read (cache/kept.ts), retired on every instance by what it
 * was made of: the address (a reset), the person (a ban, deactivation, erasure, joining an
 * event), their relations (blocks, connections), their meetings, each event in it (edited,
 * moved, cancelled, taken down), and each person met as the reader sees them.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { CalendarFeed } from '../../contract/calendar';
import { keptReads } from '../cache/kept';
import { relationsOf } from '../cache/relations';
import { announceKept, tag } from '../cache/tags';
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
  if (!feed) {
    await keepFeed(ctx.db, meId, generation, feedTokenHash(token));
    announceKept(ctx, [tag.calendarFeed(meId)]);
  }
  return addressOf(ctx, token);
}

/** A new address; the old one answers 404 from now on. */
export async function resetFeed(ctx: Ctx, meId: string): Promise<CalendarFeed> {
  const generation = ((await findFeed(ctx.db, meId))?.generation ?? 0) + 1;
  const token = await tokenFor(ctx, meId, generation);
  await keepFeed(ctx.db, meId, generation, feedTokenHash(token));
  announceKept(ctx, [tag.calendarFeed(meId)]);
  return addressOf(ctx, token);
}

const FEED_GONE = /*i18n*/ { id: 'error.calendarFeedNotFound', message: 'No such calendar' };

/** GET /calendar/{token}.ics: the feed, or 404 for an unknown, reset or ended address (a 404 is not kept). */
export async function feedCalendar(ctx: Ctx, token: string): Promise<string> {
  if (token.length < 22) throw notFound(FEED_GONE);
  const now = ctx.clock();
  const hash = feedTokenHash(token);
  return keptReads(ctx.db).read(`calendar:${hash}`, now.getTime(), () => renderFeed(ctx, hash, now));
}

async function renderFeed(ctx: Ctx, hash: string, now: Date): Promise<{ value: string; tags: string[] }> {
  const ownerId = await feedOwner(ctx.db, hash, now);
  const me = ownerId ? await findUserById(ctx.db, ownerId) : null;
  if (!me) throw notFound(FEED_GONE);
  const since = new Date(now.getTime() - PAST_DAYS * 86_400_000);
  const [events, meetings, relations] = await Promise.all([joinedEvents(ctx.db, me.id, since), meetingsOf(ctx.db, me.id, since), relationsOf(ctx.db, me.id, now)]);
  const calendar = newCalendar('Wallflower');
  const tags = new Set([tag.calendarFeed(me.id), tag.user(me.id), tag.profile(me.id), tag.relations(me.id), tag.meetings(me.id)]);
  for (const e of events) {
    tags.add(tag.eventRow(e.id));
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
    const other = otherOf(meeting, me.id);
    // Named as the reader sees them: their row, their attendances (a pseudonym) and the event.
    for (const t of [tag.eventRow(meeting.eventId), tag.user(other), tag.profile(other)]) tags.add(t);
    if (relations.blocked.has(other)) continue;
    addEntry(calendar, meetingEntry(await viewOf(ctx, meeting, me, { name: eventName, timeZone }, now), now));
  }
  return { value: calendar.toString(), tags: [...tags] };
}

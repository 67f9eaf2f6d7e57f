/** SPEC 7 event feed and event analytics, for the event's attendees only (DESIGN 4). */
import { FEED_MAX, type EventAnalytics, type FeedEntry } from '../../contract/media';
import { keptAnalytics } from '../cache/analytics';
import { eventPeople } from '../cache/event-people';
import { keptReads, WINDOW_SPARE } from '../cache/kept';
import { tag } from '../cache/tags';
import { viewerContext } from '../cache/relations';
import { eventFacts, readFeedWindow } from '../db/repositories/insights';
import { eventAnalyticsOf } from '../domain/analytics';
import { compatProfileOf } from '../domain/nearby';
import type { UserRow } from '../db/repositories/users';
import { JOIN_TO_SEE, eventForAttendee } from '../access/events';
import { feedAsSeen } from '../presenters/feed';
import type { Ctx } from './context';

/**
 * The event's newest lines are kept per event (cache/kept.ts) until a line is added or an
 * actor changes, and shown to each viewer in memory; a viewer who may see too few of them
 * is read straight from the database.
 */
export async function eventFeed(ctx: Ctx, me: UserRow, eventId: string): Promise<FeedEntry[]> {
  const now = ctx.clock();
  await eventForAttendee(ctx.db, eventId, me.id, now, JOIN_TO_SEE.shared);
  const viewer = await viewerContext(ctx.db, me.id, now);
  const window = await keptReads(ctx.db).read(`feed:${eventId}`, now.getTime(), async () => {
    const value = await readFeedWindow(ctx.db, eventId, new Set(), FEED_MAX + WINDOW_SPARE);
    return { value, tags: [tag.event(eventId), ...[...value.actors.keys()].map(tag.user)] };
  });
  return (
    feedAsSeen(viewer, window, window.personal.length === FEED_MAX + WINDOW_SPARE) ??
    feedAsSeen(viewer, await readFeedWindow(ctx.db, eventId, viewer.blocked, FEED_MAX), false)!
  );
}

/** The same summary for every attendee: kept a moment per event (cache/analytics.ts), from the event's kept people. */
export async function eventAnalytics(ctx: Ctx, me: UserRow, eventId: string): Promise<EventAnalytics> {
  await eventForAttendee(ctx.db, eventId, me.id, ctx.clock(), JOIN_TO_SEE.shared);
  const now = ctx.clock();
  return keptAnalytics(ctx.db, eventId, now, async () => {
    const people = await eventPeople(ctx.db, eventId, now);
    const active = people
      ? [...people.attendees.values()]
          .filter((p) => p.candidate.is_active && !p.candidate.is_banned)
          .map((p) => ({ id: p.candidate.id, profile: compatProfileOf(p.candidate, p.social_battery) }))
      : undefined;
    return eventAnalyticsOf(await eventFacts(ctx.db, eventId, now, active), now);
  });
}

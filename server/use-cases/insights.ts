/** SPEC 7 event feed and event analytics, for the event's attendees only (DESIGN 4). */
import type { EventAnalytics, FeedEntry } from '../../contract/media';
import { keptAnalytics } from '../cache/analytics';
import { eventPeople } from '../cache/event-people';
import { eventAnalytics as readAnalytics, eventFeed as readFeed, viewerContext } from '../db/repositories/insights';
import { compatProfileOf } from '../domain/nearby';
import type { UserRow } from '../db/repositories/users';
import { JOIN_TO_SEE, eventForAttendee } from '../domain/access';
import type { Ctx } from './context';

export async function eventFeed(ctx: Ctx, me: UserRow, eventId: string): Promise<FeedEntry[]> {
  await eventForAttendee(ctx.db, eventId, me.id, ctx.clock(), JOIN_TO_SEE.shared);
  return readFeed(ctx.db, eventId, await viewerContext(ctx.db, me.id, ctx.clock()));
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
    return readAnalytics(ctx.db, eventId, now, active);
  });
}

/** SPEC 7 event feed and event analytics, for the event's attendees only (DESIGN 4). */
import type { EventAnalytics, FeedEntry } from '../../contract/media';
import { eventAnalytics as readAnalytics, eventFeed as readFeed, viewerContext } from '../db/repositories/insights';
import type { UserRow } from '../db/repositories/users';
import { JOIN_TO_SEE, eventForAttendee } from '../domain/access';
import type { Ctx } from './context';

export async function eventFeed(ctx: Ctx, me: UserRow, eventId: string): Promise<FeedEntry[]> {
  await eventForAttendee(ctx.db, eventId, me.id, JOIN_TO_SEE.shared);
  return readFeed(ctx.db, eventId, await viewerContext(ctx.db, me.id, ctx.clock()));
}

export async function eventAnalytics(ctx: Ctx, me: UserRow, eventId: string): Promise<EventAnalytics> {
  await eventForAttendee(ctx.db, eventId, me.id, JOIN_TO_SEE.shared);
  return readAnalytics(ctx.db, eventId, ctx.clock());
}

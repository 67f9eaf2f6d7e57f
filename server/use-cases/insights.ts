/** SPEC 7 event feed and event analytics, for the event's attendees only (DESIGN 4). */
import { FEED_MAX, type EventAnalytics, type FeedEntry } from '../../contract/media';
import { keptAnalytics } from '../cache/analytics';
import { attendeesAsSeen } from '../cache/events';
import { keptReads, WINDOW_SPARE } from '../cache/kept';
import { tag } from '../cache/tags';
import { relationsOf, viewerContext } from '../cache/relations';
import { eventFacts, readFeedWindow } from '../db/repositories/insights';
import { type EventFacts, eventAnalyticsOf, factsSeenBy } from '../domain/analytics';
import { compatProfileOf } from '../domain/nearby';
import type { UserRow } from '../db/repositories/users';
import { JOIN_TO_SEE, eventForAttendee, peopleForAttendee } from '../access/events';
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

/** Answers already worked out per kept facts, by the attendee list they count (shared by everyone who sees the same). */
const answered = new WeakMap<EventFacts, WeakMap<readonly string[], EventAnalytics>>();

/**
 * The event's analytics as the attendee may see them (issue 40): what they are worked out
 * from is kept a moment per event (cache/analytics.ts), and counted over the people the
 * viewer's attendee list holds (cache/events.ts attendeesAsSeen), so `total_attendees` is
 * their event's `attendee_count` and no figure reveals one hidden person, organizers'
 * included.
 */
export async function eventAnalytics(ctx: Ctx, me: UserRow, eventId: string): Promise<EventAnalytics> {
  const now = ctx.clock();
  const people = await peopleForAttendee(ctx.db, eventId, me.id, now, JOIN_TO_SEE.shared);
  const [rel, facts] = await Promise.all([
    relationsOf(ctx.db, me.id, now),
    keptAnalytics(ctx.db, eventId, now, async () => {
      const active = [...people.attendees.values()]
        .filter((p) => p.candidate.is_active && !p.candidate.is_banned)
        .map((p) => ({ id: p.candidate.id, profile: compatProfileOf(p.candidate, p.social_battery) }));
      return eventFacts(ctx.db, eventId, now, active);
    }),
  ]);
  // By their own ids: the list as told names anonymous attendees by their pseudonyms (issue 40).
  const seenList = attendeesAsSeen(me.id, people, rel).ids;
  const seen = new Set(seenList);
  const hidden = (id: string) => {
    const p = people.attendees.get(id);
    return rel.blocked.has(id) || (!!p && p.candidate.is_active && !p.candidate.is_banned && !seen.has(id));
  };
  // A viewer who blocked someone who connected here is counted on their own.
  const shareable = !facts.made.some((c) => rel.blocked.has(c.user1) || rel.blocked.has(c.user2));
  let byList = answered.get(facts);
  if (!byList) answered.set(facts, (byList = new WeakMap()));
  const kept = shareable ? byList.get(seenList) : undefined;
  if (kept) return kept;
  const answer = eventAnalyticsOf(factsSeenBy(facts, seen, hidden), now);
  if (shareable) byList.set(seenList, answer);
  return answer;
}

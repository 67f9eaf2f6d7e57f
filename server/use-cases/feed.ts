/**
 * A stored feed entry goes out live as `event_feed` to the event's attendees, each seeing
 * it as in GET /events/{id}/feed (presenters/feed.ts): attendees blocked either way with
 * the actor get nothing, the others the actor's name or "Someone" as their relation
 * allows. A connection entry goes out as its hour's count, with the same id as in the
 * list, so it replaces it.
 */
import type { FeedEntry } from '../../contract/media';
import type { Realtime } from '../core/realtime';
import type { Queryable } from '../db/client';
import { communityNames, connectionsBetween, type FeedRow } from '../db/repositories/insights';
import { peopleByIds } from '../db/repositories/people';
import { hourStart } from '../domain/analytics';
import type { ViewerContext } from '../domain/visibility';
import { attendeeIds, blockedIdsOf, connectionIdsOf } from '../db/repositories/relations';
import { connectionsEntry, personalEntry } from '../presenters/feed';

export async function publishFeedEntry(db: Queryable, realtime: Realtime, row: FeedRow, now: Date): Promise<void> {
  const recipients = await attendeeIds(db, row.eventId);
  if (row.kind === 'connection') {
    const hour = hourStart(row.createdAt);
    const feed = connectionsEntry(hour, await connectionsBetween(db, row.eventId, hour, row.createdAt), row.createdAt.toISOString());
    await realtime.toUsers(recipients, { type: 'event_feed', event_id: row.eventId, feed });
    return;
  }
  const actor = row.actorId ? (await peopleByIds(db, [row.actorId])).get(row.actorId) : undefined;
  const names = await communityNames(db, row.kind === 'community_join' && row.subjectId ? [row.subjectId] : []);
  // Recipients differ only in how they stand to the actor, so they fall into a few
  // groups that each get one message.
  const actorBlocked = row.actorId ? await blockedIdsOf(db, row.actorId) : new Set<string>();
  const actorConnected = row.actorId ? await connectionIdsOf(db, row.actorId) : new Set<string>();
  const groups = new Map<string, { feed: FeedEntry; to: string[] }>();
  for (const id of recipients) {
    const viewer: ViewerContext = {
      id,
      blocked: actorBlocked.has(id) && row.actorId ? new Set([row.actorId]) : new Set(),
      connected: actorConnected.has(id) && row.actorId ? new Set([row.actorId]) : new Set(),
      now,
    };
    const feed = personalEntry(viewer, row, actor, names);
    if (!feed) continue;
    const key = feed.text;
    const group = groups.get(key) ?? { feed, to: [] };
    group.to.push(id);
    groups.set(key, group);
  }
  for (const g of groups.values()) await realtime.toUsers(g.to, { type: 'event_feed', event_id: row.eventId, feed: g.feed });
}

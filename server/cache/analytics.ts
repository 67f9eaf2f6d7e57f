/**
 * An event's analytics, a kept read (cache/kept.ts, KEPT_FOR.analytics): they are the
 * same summary for every attendee who opens them, and working them out reads the event's
 * conversations, connections and photos. A kept summary is retired at once when this
 * instance stores something it counts (a photo, a connection or a message at the event).
 */
import type { EventAnalytics } from '../../contract/media';
import type { Db } from '../db/client';
import { keptReads } from './kept';
import { tag } from './tags';

export function keptAnalytics(db: Db, eventId: string, now: Date, compute: () => Promise<EventAnalytics>): Promise<EventAnalytics> {
  return keptReads(db).read(`analytics:${eventId}`, now.getTime(), async () => ({ value: await compute(), tags: [] }), {
    kind: 'analytics',
    tags: [tag.analytics(eventId)],
  });
}

/** Something the analytics count was stored at the event. */
export function eventActivity(db: Db, eventId: string | null): void {
  if (eventId) keptReads(db).changed([tag.analytics(eventId)]);
}

/**
 * What an event's analytics are worked out from, a kept read (cache/kept.ts,
 * KEPT_FOR.analytics): working them out reads the event's conversations, connections and
 * photos, the same for every attendee who opens them (each is then shown what they may
 * see of it, use-cases/insights.ts). Retired at once when this instance stores something
 * they count (a photo, a connection or a message at the event).
 */
import type { Db } from '../db/client';
import { keptReads } from './kept';
import { tag } from './tags';

export function keptAnalytics<T>(db: Db, eventId: string, now: Date, compute: () => Promise<T>): Promise<T> {
  return keptReads(db).read(`analytics:${eventId}`, now.getTime(), async () => ({ value: await compute(), tags: [] }), {
    kind: 'analytics',
    tags: [tag.analytics(eventId)],
  });
}

/** Something the analytics count was stored at the event. */
export function eventActivity(db: Db, eventId: string | null): void {
  if (eventId) keptReads(db).changed([tag.analytics(eventId)]);
}

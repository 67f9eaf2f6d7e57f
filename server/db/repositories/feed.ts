/** Event feed entries: joins, photos, new connections, community joins (issue 5 reads them). */
import type { Queryable } from '../client';
import { feedEntries } from '../schema';

export type FeedKind = 'joined' | 'photo' | 'connection' | 'community_join';

export async function recordFeed(
  db: Queryable,
  entry: { eventId: string; actorId: string | null; kind: FeedKind; subjectId?: string | null; at?: Date },
) {
  const [row] = await db
    .insert(feedEntries)
    .values({
      eventId: entry.eventId,
      actorId: entry.actorId,
      kind: entry.kind,
      subjectId: entry.subjectId ?? null,
      ...(entry.at ? { createdAt: entry.at } : {}),
    })
    .returning();
  return row!;
}

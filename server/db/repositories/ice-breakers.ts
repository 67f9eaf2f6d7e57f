/**
 * Ice breakers a chat message used: stored only then, so the message can name one
 * (the suggestions offered are made, not read: presenters/ice-breakers.ts).
 */
import type { Db } from '../client';
import { iceBreakers } from '../schema';

/**
 * Stores an ice breaker a chat message is about to name (the message's foreign key),
 * once: a second use, or two at once on any instance, leaves the first row as it is
 * (its id is its content's, and the ice_breakers_suggestion constraint).
 */
export async function storeUsedIceBreaker(
  db: Db,
  v: { id: string; viewerId: string; otherId: string; eventId: string | null; suggestionText: string; category: string; at: Date },
): Promise<void> {
  await db
    .insert(iceBreakers)
    .values({ id: v.id, userA: v.viewerId, userB: v.otherId, eventId: v.eventId, suggestionText: v.suggestionText, category: v.category, createdAt: v.at })
    .onConflictDoNothing();
}

/**
 * Ice breakers for a pair, generated from what they share and stored, so a chat message
 * of type ice_breaker can name the one it used. Generated once per (viewer, other,
 * event) and reused after that, so ids stay stable while the two talk.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { IceBreaker } from '../../../contract/discovery';
import { iceBreakers as generate } from '../../domain/ice-breakers';
import type { Queryable } from '../client';
import { events, iceBreakers } from '../schema';
import type { UserRow } from './users';

const profileOf = (u: UserRow) => ({
  interests: u.interests,
  social_preferences: u.socialPreferences,
  personality_traits: u.personalityTraits,
  communication_style: u.communicationStyle as 'introverted' | 'balanced' | 'extroverted',
  social_battery: u.socialBattery,
  occupation: u.occupation,
});

/**
 * The viewer's ice breakers towards `other`. Pass `other` as the viewer may see them:
 * hidden interests or occupation must already be blanked, so nothing private leaks
 * into a suggestion.
 */
export async function ensureIceBreakers(
  db: Queryable,
  viewer: UserRow,
  other: UserRow,
  eventId: string | null,
): Promise<IceBreaker[]> {
  const where = and(
    eq(iceBreakers.userA, viewer.id),
    eq(iceBreakers.userB, other.id),
    eventId ? eq(iceBreakers.eventId, eventId) : isNull(iceBreakers.eventId),
  );
  const existing = await db.select().from(iceBreakers).where(where).orderBy(asc(iceBreakers.createdAt), asc(iceBreakers.id));
  if (existing.length > 0) return existing.map(toIceBreaker);
  let event: { name: string; event_type: string } | null = null;
  if (eventId) {
    const [e] = await db.select({ name: events.name, event_type: events.eventType }).from(events).where(eq(events.id, eventId));
    event = e ?? null;
  }
  const drafts = generate(profileOf(viewer), profileOf(other), event);
  if (drafts.length === 0) return [];
  const now = Date.now();
  const rows = await db
    .insert(iceBreakers)
    .values(
      drafts.map((d, i) => ({
        userA: viewer.id,
        userB: other.id,
        eventId,
        suggestionText: d.suggestion_text,
        category: d.category,
        // Keep the generated order when read back.
        createdAt: new Date(now + i),
      })),
    )
    .returning();
  return rows.map(toIceBreaker);
}

export const toIceBreaker = (r: typeof iceBreakers.$inferSelect): IceBreaker => ({
  id: r.id,
  suggestion_text: r.suggestionText,
  category: r.category,
});

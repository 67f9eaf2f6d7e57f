/**
 * An event's analytics, kept for a moment: they are the same summary for every attendee
 * who opens them, and working them out reads the event's conversations, connections and
 * photos. A kept summary is dropped at once when this instance stores something it
 * counts (a photo, a connection or a message at the event), and is at most
 * ANALYTICS_TTL_MS old for what other instances stored.
 */
import type { EventAnalytics } from '../../contract/media';
import type { Db } from '../db/client';

export const ANALYTICS_TTL_MS = 2_000;

interface Kept {
  at: number;
  value: Promise<EventAnalytics>;
}
const kept = new WeakMap<object, Map<string, Kept>>();
function keptOf(db: Db): Map<string, Kept> {
  let m = kept.get(db);
  if (!m) kept.set(db, (m = new Map()));
  return m;
}

export function keptAnalytics(db: Db, eventId: string, now: Date, compute: () => Promise<EventAnalytics>): Promise<EventAnalytics> {
  const events = keptOf(db);
  const t = now.getTime();
  const hit = events.get(eventId);
  if (hit && t - hit.at < ANALYTICS_TTL_MS && t >= hit.at) return hit.value;
  const entry: Kept = { at: t, value: compute() };
  if (events.size > 1_000) events.delete(events.keys().next().value!);
  events.set(eventId, entry);
  entry.value.catch(() => {
    if (events.get(eventId) === entry) events.delete(eventId);
  });
  return entry.value;
}

/** Something the analytics count was stored at the event. */
export function eventActivity(db: Db, eventId: string | null): void {
  if (eventId) keptOf(db).delete(eventId);
}

/**
 * SPEC 3's event analytics, worked out from what was read of the event
 * (db/repositories/insights.ts reads it): active attendees (not banned or gone); pairs of
 * attendees who exchanged a message for this event in the last two hours; connections
 * made at the event; photos; the mean compatibility of the pairs who connected here (or,
 * before anyone has, of an even sample of attendee pairs); and the share of attendees
 * with at least one connection made here. Pure.
 */
import type { EventAnalytics } from '../../contract/media';
import { compatibility, type CompatProfile } from './compatibility';

const HOUR_MS = 3_600_000;

/** The hour an instant falls in, as the id part and start of a connections entry (the feed's, the chart's). */
export const hourStart = (d: Date): Date => new Date(Math.floor(d.getTime() / HOUR_MS) * HOUR_MS);

export const COMPATIBILITY_SAMPLE_PAIRS = 200;
/** A conversation counts as active while its last message is at most this old. */
export const ACTIVE_CONVERSATION_MS = 2 * HOUR_MS;
const HOURS_CHARTED = 12;

/** An active attendee as analytics needs them (the kept copy of the event's people has them all). */
export interface AnalyticsAttendee {
  id: string;
  profile: CompatProfile;
}

/** What the analytics are worked out from. */
export interface EventFacts {
  /** The active attendees, by id. */
  attendees: readonly AnalyticsAttendee[];
  /** Pairs who exchanged a message for the event within ACTIVE_CONVERSATION_MS (a < b). */
  talking: readonly { a: string; b: string }[];
  /** The connections made at the event. */
  made: readonly { user1: string; user2: string; createdAt: Date }[];
  photos: number;
  /** The profiles of those who connected here and are not among the active attendees. */
  connectedOthers: ReadonlyMap<string, CompatProfile>;
}

/** Up to `max` pairs (i < j) of n items, spread evenly over all n(n-1)/2 and always the same. */
export function samplePairs(n: number, max: number): [number, number][] {
  const total = (n * (n - 1)) / 2;
  if (total <= 0 || max <= 0) return [];
  const k = Math.min(max, total);
  const wanted: number[] = [];
  for (let j = 0; j < k; j++) wanted.push(Math.floor((j * total) / k));
  const out: [number, number][] = [];
  let row = 0;
  let rowStart = 0; // index of pair (row, row + 1)
  for (const idx of wanted) {
    while (idx >= rowStart + (n - 1 - row)) {
      rowStart += n - 1 - row;
      row++;
    }
    out.push([row, row + 1 + (idx - rowStart)]);
  }
  return out;
}

const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;

/**
 * The facts as a viewer may count them (issue 40, DESIGN 5: no figure reveals one hidden
 * person): only the attendees in `seen` (whom the viewer's attendee list holds), and no
 * connection made by someone `hidden` from them (an attendee they may not see, someone
 * blocked either way).
 */
export function factsSeenBy(facts: EventFacts, seen: ReadonlySet<string>, hidden: (id: string) => boolean): EventFacts {
  return {
    ...facts,
    attendees: facts.attendees.filter((a) => seen.has(a.id)),
    made: facts.made.filter((c) => !hidden(c.user1) && !hidden(c.user2)),
  };
}

export function eventAnalyticsOf(facts: EventFacts, now: Date): EventAnalytics {
  const { attendees, made } = facts;
  const attendeeSet = new Set(attendees.map((a) => a.id));
  const activeConversations = facts.talking.filter((p) => attendeeSet.has(p.a) && attendeeSet.has(p.b)).length;

  // The pairs whose compatibility is averaged and charted.
  let pairs: [CompatProfile, CompatProfile][];
  if (made.length > 0) {
    const byId = new Map([...facts.connectedOthers, ...attendees.map((a) => [a.id, a.profile] as const)]);
    pairs = made.flatMap((c) => {
      const a = byId.get(c.user1);
      const b = byId.get(c.user2);
      return a && b ? [[a, b] as [CompatProfile, CompatProfile]] : [];
    });
  } else {
    pairs = samplePairs(attendees.length, COMPATIBILITY_SAMPLE_PAIRS).map(([i, j]) => [attendees[i]!.profile, attendees[j]!.profile]);
  }
  const distribution = { red: 0, yellow: 0, green: 0 };
  let sum = 0;
  for (const [a, b] of pairs) {
    const score = compatibility(a, b).overall_score;
    sum += score;
    if (score > 0.7) distribution.green++;
    else if (score > 0.4) distribution.yellow++;
    else distribution.red++;
  }
  // With fewer than two attendees and no connection there is no pair, and the score is 0.
  const average = pairs.length === 0 ? 0 : round(sum / pairs.length, 2);

  const connectedHere = new Set(made.flatMap((c) => [c.user1, c.user2]).filter((id) => attendeeSet.has(id)));
  const connectionRate = attendees.length === 0 ? 0 : round(connectedHere.size / attendees.length, 4);

  const firstHour = hourStart(new Date(now.getTime() - (HOURS_CHARTED - 1) * HOUR_MS));
  const byHour = Array.from({ length: HOURS_CHARTED }, (_, i) => ({
    hour: new Date(firstHour.getTime() + i * HOUR_MS).toISOString(),
    count: 0,
  }));
  for (const c of made) {
    const t = c.createdAt.getTime();
    if (t < firstHour.getTime() || t > now.getTime()) continue;
    const slot = byHour[Math.floor((t - firstHour.getTime()) / HOUR_MS)];
    if (slot) slot.count++;
  }

  return {
    total_attendees: attendees.length,
    active_conversations: activeConversations,
    successful_connections: made.length,
    photos_shared: facts.photos,
    average_compatibility_score: average,
    engagement_metrics: { connection_rate: connectionRate, compatibility_distribution: distribution },
    connections_by_hour: byHour,
  };
}

/**
 * The event feed's lines as one viewer sees them (GET /events/{id}/feed and the live
 * `event_feed`): people blocked either way are left out, as they are everywhere
 * (DESIGN 5), an actor is named as the viewer's relation allows, and new connections are
 * counted per hour and never say who connected with whom.
 */
import { FEED_MAX, type FeedEntry, type FeedKind } from '../../contract/media';
import type { FeedRow, FeedWindow } from '../db/repositories/insights';
import type { Person } from '../db/repositories/people';
import type { ViewerContext } from '../domain/visibility';
import { authorAs } from './people';

const connectionsText = (n: number) =>
  n === 1 ? '1 new connection was made' : `${n} new connections were made`;

function personalText(kind: Exclude<FeedKind, 'connection'>, who: string, communityName: string | null): string {
  if (kind === 'joined') return `${who} joined the event`;
  if (kind === 'photo') return `${who} shared a photo`;
  return communityName ? `${who} joined ${communityName}` : `${who} joined an interest group`;
}

/** An hour's connections line: one id per hour (its start), so a newer count replaces the line. */
export function connectionsEntry(hour: Date, n: number, createdAt: string): FeedEntry {
  return {
    id: `connections-${hour.toISOString()}`,
    kind: 'connection',
    text: connectionsText(n),
    actor_name: null,
    created_at: createdAt,
    subject_id: null,
  };
}

/** The actor's name on a feed line, or null where the feed says "Someone" for "Anonymous attendee". */
function feedName(viewer: ViewerContext, p: Person): string | null {
  const author = authorAs(viewer, p);
  return author.id === null ? null : author.name;
}

/** A personal (non-connection) entry for one viewer, or null when the actor must not appear at all. */
export function personalEntry(
  viewer: ViewerContext,
  row: FeedRow,
  actor: Person | undefined,
  names: Map<string, string>,
): FeedEntry | null {
  if (row.actorId && viewer.blocked.has(row.actorId)) return null;
  const kind = row.kind as Exclude<FeedKind, 'connection'>;
  const actorName = actor ? feedName(viewer, actor) : null;
  return {
    id: row.id,
    kind,
    text: personalText(kind, actorName ?? 'Someone', row.subjectId ? (names.get(row.subjectId) ?? null) : null),
    actor_name: actorName,
    created_at: row.createdAt.toISOString(),
    subject_id: row.subjectId,
  };
}

/**
 * The feed as one viewer sees it, newest first, at most FEED_MAX lines. Answers null
 * when the window holds too few lines the viewer may see while the event has more.
 */
export function feedAsSeen(viewer: ViewerContext, w: FeedWindow, windowFull: boolean): FeedEntry[] | null {
  const entries: FeedEntry[] = [];
  let personal = 0;
  for (const row of w.personal) {
    if (personal >= FEED_MAX) break;
    const e = personalEntry(viewer, row, row.actorId ? w.actors.get(row.actorId) : undefined, w.names);
    if (e) {
      entries.push(e);
      personal++;
    }
  }
  if (personal < FEED_MAX && windowFull) return null;
  for (const h of w.hourly) entries.push(connectionsEntry(new Date(h.hour), h.n, h.latest));
  entries.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a.id < b.id ? 1 : -1));
  return entries.slice(0, FEED_MAX);
}

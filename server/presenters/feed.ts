/**
 * The event feed's lines as one viewer sees them (GET /events/{id}/feed and the live
 * `event_feed`): people blocked either way are left out, as they are everywhere
 * (DESIGN 5), an actor is named as the viewer's relation allows, and new connections are
 * counted per hour and never say who connected with whom.
 */
import { FEED_MAX, type FeedEntry, type FeedKind } from '../../contract/media';
import { asWritten, codedOf, sentence, type Said } from '../../contract/said';
import type { FeedRow, FeedWindow } from '../db/repositories/insights';
import type { Person } from '../db/repositories/people';
import type { ViewerContext } from '../domain/visibility';
import { authorAs } from './people';

// The feed's lines, in English and by message id (each viewer's app says them in its language).
const connectionsMade = sentence(
  /*i18n*/ { id: 'feed.connections', message: '{count, plural, one {# new connection was made} other {# new connections were made}}' },
  ({ count }: { count: number }) => (count === 1 ? '1 new connection was made' : `${count} new connections were made`),
);
/** The actor, where the viewer may not see who it was. */
const SOMEONE: Said = /*i18n*/ { id: 'feed.someone', message: 'Someone' };
const joinedEvent = sentence(
  /*i18n*/ { id: 'feed.joinedEvent', message: '{who} joined the event' },
  ({ who }: { who: Said }) => `${who.message} joined the event`,
);
const sharedPhoto = sentence(
  /*i18n*/ { id: 'feed.sharedPhoto', message: '{who} shared a photo' },
  ({ who }: { who: Said }) => `${who.message} shared a photo`,
);
const joinedGroup = sentence(
  /*i18n*/ { id: 'feed.joinedGroup', message: '{who} joined {group}' },
  ({ who, group }: { who: Said; group: string }) => `${who.message} joined ${group}`,
);
const joinedAGroup = sentence(
  /*i18n*/ { id: 'feed.joinedAGroup', message: '{who} joined an interest group' },
  ({ who }: { who: Said }) => `${who.message} joined an interest group`,
);

function personalLine(kind: Exclude<FeedKind, 'connection'>, who: Said, communityName: string | null): Said {
  if (kind === 'joined') return joinedEvent({ who });
  if (kind === 'photo') return sharedPhoto({ who });
  return communityName ? joinedGroup({ who, group: communityName }) : joinedAGroup({ who });
}

/** A line's words: its English, with its message id and values. */
const lineOf = (said: Said) => ({ text: said.message, ...codedOf(said) });

/** An hour's connections line: one id per hour (its start), so a newer count replaces the line. */
export function connectionsEntry(hour: Date, n: number, createdAt: string): FeedEntry {
  return {
    id: `connections-${hour.toISOString()}`,
    kind: 'connection',
    ...lineOf(connectionsMade({ count: n })),
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
    ...lineOf(personalLine(kind, actorName === null ? SOMEONE : asWritten(actorName), row.subjectId ? (names.get(row.subjectId) ?? null) : null)),
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

/**
 * People as others see them in an event's shared spaces (group chats, photos, likes, the
 * feed, an event's creator): named with their id, or "Anonymous attendee" without one,
 * by DESIGN 5's rule (domain/visibility.ts) applied to their row.
 */
import { type Person, candidateOf } from '../db/repositories/people';
import { type SharedAuthor, type ViewerContext, sharedAudience, sharedAuthor } from '../domain/visibility';

/** The person as the viewer sees them as the author of a message, photo, like, feed line or event. */
export function authorAs(viewer: ViewerContext, p: Person): SharedAuthor {
  const relation = { connected: viewer.connected.has(p.id), blockedEitherWay: viewer.blocked.has(p.id), inRestrictedZone: false };
  return sharedAuthor(viewer.id, candidateOf(p, viewer.now), relation);
}

/**
 * Who sees the person named in shared spaces, from their own relations (`own`, their
 * viewer context): 'everyone', or the ids of those who do (themselves, and their
 * connections when their settings show them to connections).
 */
export function namedAudience(own: ViewerContext, p: Person): 'everyone' | string[] {
  const audience = sharedAudience(candidateOf(p, own.now));
  if (audience === 'everyone') return 'everyone';
  return audience === 'connections' ? [p.id, ...own.connected] : [p.id];
}

/**
 * Live messages about what someone did in an event's shared spaces (DESIGN 5, 6): every
 * recipient gets the author as the HTTP lists show them to that recipient.
 */
import type { LiveServerMessage } from '../../contract/live';
import type { Person } from '../db/repositories/people';
import { ANONYMOUS_AUTHOR, type SharedAuthor, type ViewerContext } from '../domain/visibility';
import { authorAs, namedAudience } from '../presenters/people';
import type { Realtime } from '../core/realtime';

/**
 * One frame when everyone may see the author by name (the common case, and the one
 * path fast enough for thousands of sockets); otherwise a named frame to those who may
 * and an anonymous one, without the id, to the rest. People blocked either way with
 * the author get nothing. `own` is the author's own viewer context: their blocks and
 * connections.
 */
export async function publishAsSeen(
  realtime: Realtime,
  author: Person,
  own: ViewerContext,
  to: { event: string } | { users: readonly string[] },
  message: (author: SharedAuthor) => LiveServerMessage,
): Promise<void> {
  const blocked = [...own.blocked];
  const named = message(authorAs(own, author));
  const audience = namedAudience(own, author);
  if ('event' in to) {
    if (audience === 'everyone') return realtime.toEvent(to.event, named, { exceptUsers: blocked });
    await realtime.toEvent(to.event, named, { onlyUsers: audience, exceptUsers: blocked });
    await realtime.toEvent(to.event, message(ANONYMOUS_AUTHOR), { exceptUsers: [...blocked, ...audience] });
    return;
  }
  const recipients = to.users.filter((id) => !own.blocked.has(id));
  if (audience === 'everyone') return realtime.toUsers(recipients, named);
  const seeing = new Set(audience);
  await realtime.toUsers(recipients.filter((id) => seeing.has(id)), named);
  await realtime.toUsers(recipients.filter((id) => !seeing.has(id)), message(ANONYMOUS_AUTHOR));
}

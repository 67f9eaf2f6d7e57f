/**
 * Each person's relations, a kept read (cache/kept.ts): nearly every list a person loads
 * asks who they blocked or were blocked by, who they are connected to, and where their
 * connection requests stand. Retired for both people the moment a block, connection or
 * request between them comes, changes or goes (on every instance over the live bus), and
 * for someone whose account ended.
 */
import type { ConnectionStatus } from '../../contract/constants';
import { requestLapsed } from '../../contract/social';
import type { Db } from '../db/client';
import { type Relations, relationRowsOf } from '../db/repositories/relations';
import type { ViewerContext } from '../domain/visibility';
import { keptReads } from './kept';
import { tag } from './tags';

export type { Relations };

/**
 * Where a person stands with someone (SPEC 3's connection_status), from their relations,
 * at `now`: a request lapses with time alone (issue 18), so the kept copy is judged anew.
 */
export function standingWith(rel: Relations, id: string, now: Date): ConnectionStatus {
  if (rel.connected.has(id)) return 'connected';
  const sent = rel.sent.get(id);
  if (sent && !requestLapsed(sent, now)) return 'request_sent';
  const received = rel.received.get(id);
  if (received && !requestLapsed(received, now)) return 'request_received';
  // Their standing request comes first: a lapsed one of mine is only what is left.
  return sent ? 'request_lapsed' : 'none';
}

/**
 * The person's relations, kept (KEPT_FOR.relations) until a block, connection or request
 * of theirs comes, changes or goes, or their account ends.
 */
export function relationsOf(db: Db, userId: string, now: Date): Promise<Relations> {
  return keptReads(db).read(`relations:${userId}`, now.getTime(), async () => ({ value: await relationRowsOf(db, userId), tags: [] }), {
    kind: 'relations',
    tags: [tag.relations(userId), tag.requests(userId)],
  });
}

/** Who the viewer is to others, from their kept relations: on a warm instance no query. */
export async function viewerContext(db: Db, viewerId: string, now: Date): Promise<ViewerContext> {
  const { blocked, connected } = await relationsOf(db, viewerId, now);
  return { id: viewerId, blocked, connected, now };
}

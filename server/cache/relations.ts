/**
 * Each person's relations, kept in memory: nearly every list a person loads asks who they
 * blocked or were blocked by, who they are connected to, and where their connection
 * requests stand. Forgotten for both people the moment a block, connection or request
 * between them comes, changes or goes ('relation.changed', on every instance over the
 * live bus), and for someone whose account ended; a kept copy is read again after
 * RELATIONS_TTL_MS at most, for a change made outside the app or an announcement lost
 * on the bus.
 */
import type { ConnectionStatus } from '../../contract/constants';
import { requestLapsed } from '../../contract/social';
import type { Lifecycle } from '../core/lifecycle';
import type { Db } from '../db/client';
import type { ViewerContext } from '../db/repositories/insights';
import { type Relations, relationRowsOf } from '../db/repositories/relations';

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
 * Every change to relations is announced on every instance (requests held during a break
 * or safe space mode too, when they are released), so this only bounds what a lost
 * announcement leaves behind. Nearby entries read everyone's relations (their
 * connection_status), and at a minute a thousand attendees' relations were read again
 * every minute for nothing: four queries each (one statement now), a tenth of the server's time on event day.
 */
export const RELATIONS_TTL_MS = 5 * 60_000;
const MAX_PEOPLE = 50_000;

interface Kept {
  at: number;
  value: Promise<Relations>;
}

/** Per database; a forget removes the entry, so a read that raced it is used by its waiters but not kept. */
const states = new WeakMap<object, Map<string, Kept>>();
function keptOf(db: Db): Map<string, Kept> {
  let s = states.get(db);
  if (!s) states.set(db, (s = new Map()));
  return s;
}

/** The person's relations, from the kept copy when there is one. */
export function relationsOf(db: Db, userId: string, now: Date): Promise<Relations> {
  const kept = keptOf(db);
  const t = now.getTime();
  const hit = kept.get(userId);
  if (hit && t - hit.at < RELATIONS_TTL_MS && t >= hit.at) return hit.value;
  const value = relationRowsOf(db, userId);
  const entry: Kept = { at: t, value };
  if (kept.size >= MAX_PEOPLE) kept.delete(kept.keys().next().value!);
  kept.set(userId, entry);
  value.catch(() => {
    if (kept.get(userId) === entry) kept.delete(userId);
  });
  return value;
}

/** Who the viewer is to others, from their kept relations: on a warm instance no query. */
export async function viewerContext(db: Db, viewerId: string, now: Date): Promise<ViewerContext> {
  const { blocked, connected } = await relationsOf(db, viewerId, now);
  return { id: viewerId, blocked, connected, now };
}

export function forgetRelations(db: Db, userIds: readonly string[]): void {
  const kept = keptOf(db);
  for (const id of userIds) kept.delete(id);
}

/** Keeps the copies in step with the app's changes (server/app.ts); answers how to stop. */
export function followRelations(db: Db, lifecycle: Lifecycle): () => void {
  const forgetOne = (userId: string) => forgetRelations(db, [userId]);
  const forgetPair = (a: string, b: string) => forgetRelations(db, [a, b]);
  lifecycle.on('relation.changed', forgetPair);
  lifecycle.on('request.changed', forgetPair);
  lifecycle.on('user.sessionsEnded', forgetOne);
  return () => {
    lifecycle.off('relation.changed', forgetPair);
    lifecycle.off('request.changed', forgetPair);
    lifecycle.off('user.sessionsEnded', forgetOne);
  };
}

/**
 * GET /users/presence (issue 39 item 1): who can see the person now and whether requests
 * to them wait, with the reasons, from the rules that decide what others get
 * (domain/presence.ts).
 */
import type { Presence } from '../../contract/presence';
import { candidateOf } from '../db/repositories/people';
import { placesOf } from '../db/repositories/presence';
import { inQuietZone } from '../db/repositories/quiet';
import { findUserById, type UserRow } from '../db/repositories/users';
import { inRestrictedZone } from '../domain/nearby';
import { presenceOf } from '../domain/presence';
import type { Ctx } from './context';

export async function getPresence(ctx: Ctx, me: UserRow): Promise<Presence> {
  const now = ctx.clock();
  // The row itself, not the session's kept copy: the answer is read right after a change.
  const [row, quiet, places] = await Promise.all([findUserById(ctx.db, me.id), inQuietZone(ctx.db, [me.id], now), placesOf(ctx.db, me.id, now)]);
  const person = row ?? me;
  return presenceOf(
    {
      person: candidateOf(person, now),
      requests: person,
      inQuietZone: quiet.has(me.id),
      // As an event's people are judged (cache/event-people.ts restrictedOf).
      inRestrictedZone: places.some((p) => p.restrictedUnseen || inRestrictedZone(p.zones, p.position)),
    },
    now,
  );
}

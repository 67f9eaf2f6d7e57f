/**
 * GET /users/presence (issue 39 item 1): who can see the person now and whether requests
 * to them wait, with the reasons, from the rules that decide what others get
 * (domain/presence.ts). Read after every change that can alter it (each position report
 * among them), so it is answered from what is kept: the person's row (retired by every
 * write of it), the events they attend, and each event's people, whose positions, zones
 * and quiet presence the reports patch in place (cache/event-people.ts noteZonePresence).
 */
import { QUIET_PRESENCE_FRESH_MS } from '../../contract/safety-words';
import type { Presence } from '../../contract/presence';
import { eventPeople } from '../cache/event-people';
import { keptOngoingEvents, keptUserRow } from '../cache/people';
import { candidateOf } from '../db/repositories/people';
import type { UserRow } from '../db/repositories/users';
import { currentZone } from '../domain/geo';
import { quietShown } from '../domain/nearby';
import { presenceOf } from '../domain/presence';
import type { Ctx } from './context';

export async function getPresence(ctx: Ctx, me: UserRow): Promise<Presence> {
  const now = ctx.clock();
  const t = now.getTime();
  // The row as kept, not the session's copy: the answer is read right after a change.
  const [row, ongoing] = await Promise.all([keptUserRow(ctx, me.id, now), keptOngoingEvents(ctx.db, me.id, now)]);
  const person = row ?? me;
  const places = await Promise.all(ongoing.filter((e) => e.endTime.getTime() > t).map((e) => eventPeople(ctx.db, e.eventId, now)));
  const here = places.flatMap((p) => p?.attendees.get(me.id) ?? []);
  return presenceOf(
    {
      person: candidateOf(person, now),
      requests: person,
      // As the event's people are judged (rechargingAs, restrictedOf).
      inQuietZone: here.some((p) => p.quietAt !== null && t - p.quietAt < QUIET_PRESENCE_FRESH_MS),
      quietZoneTold: here.some((p) => quietShown(p, t)),
      inRestrictedZone: here.some((p) => p.restricted),
      // Known only where a position is kept: without one, nothing is kept of a room too small to hide them in.
      inSmallRestrictedZone: places.some((place) => {
        const p = place?.attendees.get(me.id);
        return p !== undefined && !p.restricted && p.location !== null && currentZone(place!.zones, p.location)?.zone_type === 'restricted';
      }),
      openToHello: person.openToHello,
    },
    now,
  );
}

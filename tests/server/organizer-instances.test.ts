/**
 * The organizer tools (issue 17) across two app instances on one PostgreSQL database and
 * one Redis: a zone, an interest group or a co-organizer made through one instance is
 * there at once on the other, whose kept copies of the event were read before, and a
 * socket held by the other hears `event_changed`. Runs in the server-postgres project
 * when TEST_REDIS_URL is set (PGlite is one process: several instances cannot share it).
 * The clock never moves, so nothing here is an expiry.
 */
import { describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MicroCommunityListSchema, SafeZoneListSchema, ZoneCheckAnswerSchema } from '../../contract/discovery';
import { EventListSchema } from '../../contract/events';
import { FakeClock, type TestUser } from './helpers';
import { instancesForTests, twoInstances, whySkipped } from './instances-helpers';
import { LAT, LNG, callAs, organizedEvent, placeZone, type Method } from './organizer-helpers';
import { openLive } from './social-helpers';

const clock = new FakeClock();
let a: FastifyInstance;
let b: FastifyInstance;

instancesForTests(clock, (made) => ({ a, b } = made));

/** A call through instance b. */
const onB = async (u: TestUser, method: Method, url: string) => {
  const res = await callAs(b, u, method, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('organizer tools across two instances, one PostgreSQL, one Redis', () => {
  it.skipIf(!twoInstances)(`a zone placed through one instance is in the other's zone check and position reports at once${whySkipped}`, async () => {
    const { owner, event, guests } = await organizedEvent({ app: a, clock }, 1);
    const guest = guests[0]!;
    // b keeps the event's people and zones (none yet).
    expect(SafeZoneListSchema.parse(await onB(guest, 'GET', `/api/safe-zones/${event.id}`))).toEqual([]);
    const check = async () => ZoneCheckAnswerSchema.parse(await onB(guest, 'GET', `/api/safe-zones/check/${event.id}?latitude=${LAT}&longitude=${LNG}`)).current_zone;
    expect(await check()).toBeNull();
    const live = await openLive(b, guest);
    try {
      const zone = await placeZone(a, owner, event.id, { zone_type: 'restricted' });
      await live.next('event_changed', (m) => m.event_id === event.id && m.change === 'zones');
      await vi.waitFor(async () => expect((await check())?.id).toBe(zone.id));
      const report = await callAs(b, guest, 'POST', '/api/location/update', { user_id: guest.user.id, event_id: event.id, latitude: LAT, longitude: LNG });
      expect(report.json().current_zone).toMatchObject({ id: zone.id, zone_type: 'restricted' });

      // Removed through a: gone from b's check too.
      expect((await callAs(a, owner, 'DELETE', `/api/events/${event.id}/safe-zones/${zone.id}`)).statusCode).toBe(200);
      await vi.waitFor(async () => expect(await check()).toBeNull());
    } finally {
      live.close();
    }
  });

  it.skipIf(!twoInstances)(`an interest group and a co-organizer named through one instance are there at once on the other${whySkipped}`, async () => {
    const { owner, event, guests } = await organizedEvent({ app: a, clock }, 2);
    const [guest, co] = guests as [TestUser, TestUser];
    expect(MicroCommunityListSchema.parse(await onB(guest, 'GET', `/api/micro-communities/${event.id}`))).toEqual([]);
    const roleOnB = async () => EventListSchema.parse(await onB(co, 'GET', '/api/events')).find((e) => e.id === event.id)?.organizer_role;
    expect(await roleOnB()).toBeNull();

    const made = await callAs(a, owner, 'POST', `/api/events/${event.id}/micro-communities`, { name: 'Board games', interest_tag: 'games' });
    expect(made.statusCode, made.body).toBe(200);
    await vi.waitFor(async () =>
      expect(MicroCommunityListSchema.parse(await onB(guest, 'GET', `/api/micro-communities/${event.id}`)).map((c) => c.id)).toEqual([made.json().id]),
    );

    expect((await callAs(a, owner, 'POST', `/api/events/${event.id}/organizers`, { user_id_to_add: co.user.id })).statusCode).toBe(200);
    // Asked of the database: the new co-organizer may act through b at once.
    const zone = await callAs(b, co, 'POST', `/api/events/${event.id}/safe-zones`, {
      name: 'Quiet room',
      zone_type: 'safe_space',
      latitude: LAT,
      longitude: LNG,
      radius_meters: 15,
    });
    expect(zone.statusCode, zone.body).toBe(200);
    await vi.waitFor(async () => expect(await roleOnB()).toBe('co_organizer'));
  });
});

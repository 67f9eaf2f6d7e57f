/**
 * A large event's people are read a page at a time (issue 44): a full load of 10,000
 * attendees in one read held the event loop for 200-250 ms. Each page brings its own
 * positions and presences, every attendee comes once, and the kept copy holds them all. Runs on
 * PostgreSQL too (WF_TEST_DB).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventAttendees, quietPresence, restrictedPresence, safeZones, userLocations } from '../../server/db/schema';
import { attendeeRows } from '../../server/db/repositories/people';
import { ATTENDEE_PAGE, eventPeople } from '../../server/cache/event-people';
import { createEvent, discoveryApp, expireKeptCopies, happeningNow, registerUser, type DiscoveryTestApp } from './discovery-helpers';
import { insertUsers } from './social-helpers';
import { queriesDuring } from './helpers';

describe('an event\'s people, a page at a time', () => {
  let t: DiscoveryTestApp;
  let eventId: string;
  let ids: string[];

  beforeAll(async () => {
    t = await discoveryApp();
    const owner = await registerUser(t.app);
    eventId = (await createEvent(t, owner, happeningNow(t.clock))).id;
    // More than two full pages, straight into the tables (no hashing, no calls).
    const extra = await insertUsers(t.db, 2 * ATTENDEE_PAGE + 49);
    for (let i = 0; i < extra.length; i += 500) {
      await t.db.insert(eventAttendees).values(extra.slice(i, i + 500).map((userId) => ({ eventId, userId })));
    }
    ids = [owner.user.id, ...extra].sort();
    // Every third has a position that names them: its latitude is their place in id order.
    const placed = ids.flatMap((userId, i) => (i % 3 === 0 ? [{ userId, eventId, latitude: i / 1_000, longitude: 13.4 }] : []));
    for (let i = 0; i < placed.length; i += 500) await t.db.insert(userLocations).values(placed.slice(i, i + 500));
    const [zone] = await t.db.insert(safeZones).values({ eventId, name: 'Library', zoneType: 'quiet', latitude: 52.5, longitude: 13.4, radiusMeters: 20 }).returning({ id: safeZones.id });
    await t.db.insert(restrictedPresence).values({ eventId, userId: ids[1]! });
    await t.db.insert(quietPresence).values({ eventId, userId: ids[2]!, zoneId: zone!.id, enteredAt: t.clock.now(), updatedAt: t.clock.now() });
  });
  afterAll(() => t.close());

  it('reads pages in the order of ids, each with the positions and presences of its own range', async () => {
    const first = await attendeeRows(t.db, eventId, { after: null, limit: 4 });
    expect(first.map((r) => r.person.id)).toEqual(ids.slice(0, 4));
    expect(first.map((r) => r.location?.latitude ?? null)).toEqual([0, null, null, 0.003]);
    expect(first.map((r) => [r.restrictedUnseen, r.quietZoneId !== null])).toEqual([[false, false], [true, false], [false, true], [false, false]]);
    const next = await attendeeRows(t.db, eventId, { after: ids[3]!, limit: 4 });
    expect(next.map((r) => r.person.id)).toEqual(ids.slice(4, 8));
    expect(next.map((r) => r.location?.latitude ?? null)).toEqual([null, null, 0.006, null]);
    expect(await attendeeRows(t.db, eventId, { after: ids.at(-1)!, limit: 4 })).toEqual([]);
    // A page read as a page and the same people read by id answer alike.
    expect(await attendeeRows(t.db, eventId, ids.slice(4, 8))).toEqual(expect.arrayContaining(next));
  });

  it('keeps every attendee once with their position, read in one go at first and in pages once the event is known to be larger', async () => {
    const attendeeReads = (sql: string[]) => sql.filter((q) => /from "event_attendees" inner join "users"/i.test(q));
    let people: Awaited<ReturnType<typeof eventPeople>> = null;
    const first = await queriesDuring(t.db, async () => {
      people = await eventPeople(t.db, eventId, t.clock.now());
    });
    expect(attendeeReads(first)).toHaveLength(1);
    expect(people!.attendees.size).toBe(ids.length);
    expireKeptCopies(t);
    const again = await queriesDuring(t.db, async () => {
      people = await eventPeople(t.db, eventId, t.clock.now());
    });
    // Three pages of at most ATTENDEE_PAGE: the attendees' read ran three times, with a limit.
    expect(attendeeReads(again)).toHaveLength(3);
    expect(attendeeReads(again).every((q) => /limit/i.test(q))).toBe(true);
    expect([...people!.attendees.keys()].sort()).toEqual(ids);
    ids.forEach((id, i) => expect(people!.attendees.get(id)!.location?.latitude ?? null).toBe(i % 3 === 0 ? i / 1_000 : null));
    expect(people!.attendees.get(ids[1]!)!.restricted).toBe(true);
  });
});

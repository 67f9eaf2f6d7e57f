/**
 * GET /api/users/presence (issue 39 item 1), through app.inject on the real database: what
 * the person is told against what the lists actually return to a stranger and to a
 * connection, for each setting; who may ask; and the quiet zone that an organizer places
 * the day before the event.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DetailSchema } from '../../../contract/common';
import { PresenceSchema, type Presence } from '../../../contract/presence';
import { and, eq } from 'drizzle-orm';
import { eventAttendees, type users } from '../../../server/db/schema';
import { HOUR, connect, createEvent, discover, happeningNow, joinEvent, reportLocation, setUserColumns } from '../discovery-helpers';
import { FakeClock, registerUser, testApp, type TestApp, type TestUser } from '../helpers';
import { placeZone, quietRoom } from '../organizer-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ clock: new FakeClock() });
});
afterAll(async () => t.close());

let me: TestUser;
let friend: TestUser;
let stranger: TestUser;
let eventId: string;
beforeEach(async () => {
  t.clock.set(new Date('2026-12-06T10:00:00Z'));
  [me, friend, stranger] = await Promise.all([registerUser(t.app), registerUser(t.app), registerUser(t.app)]);
  const event = await createEvent(t, stranger, happeningNow(t.clock));
  eventId = event.id;
  await Promise.all([joinEvent(t.app, me, eventId), joinEvent(t.app, friend, eventId)]);
  await connect(t.database.db, me.user.id, friend.user.id);
});

async function presenceOf(u: TestUser): Promise<Presence> {
  const res = await t.app.inject({ method: 'GET', url: `/api/users/presence?user_id=${u.user.id}`, headers: u.headers });
  expect(res.statusCode).toBe(200);
  return PresenceSchema.parse(res.json());
}

/** What a viewer actually gets of `me` in nearby people and the attendee list. */
async function seenBy(viewer: TestUser) {
  // By their own id, or by their pseudonym at the event where they are anonymous to the viewer (issue 40).
  const [row] = await t.database.db
    .select({ pseudonym: eventAttendees.pseudonym })
    .from(eventAttendees)
    .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, me.user.id)));
  const isMe = (id: string) => id === me.user.id || id === row?.pseudonym;
  const nearby = (await discover(t.app, viewer, eventId)).find((e) => isMe(e.user.id));
  const res = await t.app.inject({ method: 'GET', url: `/api/events/${eventId}/attendees-with-photos?user_id=${viewer.user.id}`, headers: viewer.headers });
  const attendee = (res.json() as Array<{ id: string }>).some((a) => isMe(a.id));
  return { nearby: nearby !== undefined, unnamed: nearby?.user.is_anonymous ?? null, attendee };
}

const SETTINGS: Array<[string, Partial<typeof users.$inferInsert>]> = [
  ['default settings', {}],
  ['Unavailable', { isAvailable: false }],
  ['on a break', { status: 'away', statusUntil: new Date('2026-12-06T12:00:00Z') }],
  ['energy 2', { socialBattery: 2 }],
  ['energy 2, quiet off', { socialBattery: 2, quietWhenLowBattery: false }],
  ['Private', { visibilityMode: 'private' }],
  ['Friends Only', { visibilityMode: 'friends' }],
  ['Anonymous', { visibilityMode: 'anonymous' }],
  ['safe space', { safeSpaceMode: true }],
];

describe('GET /api/users/presence says what others get', () => {
  it.each(SETTINGS)('%s', async (_, columns) => {
    if (Object.keys(columns).length > 0) await setUserColumns(t.database.db, me.user.id, columns);
    const p = await presenceOf(me);
    const [asStranger, asFriend] = [await seenBy(stranger), await seenBy(friend)];
    expect(asStranger.nearby).toBe(p.visible_to_strangers);
    expect(asFriend.nearby).toBe(p.visible_to_connections);
    if (!p.visible_to_strangers || !p.visible_to_connections || p.requests_held || !asStranger.attendee) expect(p.reasons).not.toEqual([]);
    // Visible but unnamed to strangers exactly when the reason says so.
    if (asStranger.nearby) expect(asStranger.unnamed).toBe(p.reasons.some((r) => r.code === 'anonymous'));
  });

  it('answers an empty list of reasons with default settings, and an anonymous person as seen by both', async () => {
    expect(await presenceOf(me)).toEqual({ visible_to_strangers: true, visible_to_connections: true, requests_held: false, open_to_hello: false, open_to_hello_shown: false, reasons: [] });
    await setUserColumns(t.database.db, me.user.id, { visibilityMode: 'anonymous' });
    const p = await presenceOf(me);
    expect(p).toMatchObject({ visible_to_strangers: true, visible_to_connections: true, requests_held: false });
    expect(p.reasons.map((r) => r.code)).toEqual(['anonymous']);
  });

  it('holds requests while on a break, and says so again when the break runs out', async () => {
    await setUserColumns(t.database.db, me.user.id, { status: 'away', statusUntil: new Date('2026-12-06T10:30:00Z') });
    expect((await presenceOf(me)).requests_held).toBe(true);
    t.clock.advance(HOUR);
    expect(await presenceOf(me)).toMatchObject({ requests_held: false, reasons: [] });
  });
});

describe('who may ask', () => {
  it('answers 401 without a session and 403 for another user_id, with a detail', async () => {
    const none = await t.app.inject({ method: 'GET', url: `/api/users/presence?user_id=${me.user.id}` });
    expect(none.statusCode).toBe(401);
    DetailSchema.parse(none.json());
    const other = await t.app.inject({ method: 'GET', url: `/api/users/presence?user_id=${friend.user.id}`, headers: me.headers });
    expect(other.statusCode).toBe(403);
    DetailSchema.parse(other.json());
    const bad = await t.app.inject({ method: 'GET', url: '/api/users/presence?user_id=nope', headers: me.headers });
    expect([400, 403]).toContain(bad.statusCode);
    DetailSchema.parse(bad.json());
  });
});

describe('zones', () => {
  it('an organizer placing a quiet room where they stand the day before is not recharging, nor quiet (issue 39)', async () => {
    const organizer = await registerUser(t.app);
    const tomorrow = { start_time: new Date('2026-12-07T09:00:00Z').toISOString(), end_time: new Date('2026-12-07T17:00:00Z').toISOString() };
    const event = await createEvent(t, organizer, tomorrow);
    await joinEvent(t.app, stranger, event.id);
    await placeZone(t.app, organizer, event.id);
    const room = quietRoom();
    expect((await reportLocation(t.app, organizer, event.id, room.latitude, room.longitude)).statusCode).toBe(200);
    expect((await presenceOf(organizer)).reasons).toEqual([]);
    const card = (await discover(t.app, stranger, event.id)).find((e) => e.user.id === organizer.user.id);
    expect(card?.recharging).toBe(false);
  });

  it('in a quiet zone while the event is on: reason quiet_zone, and others see them recharging; in a room too small to tell of (issue 40), quiet_zone_untold, and nobody is told', async () => {
    const organizer = await registerUser(t.app);
    const event = await createEvent(t, organizer, happeningNow(t.clock));
    await joinEvent(t.app, stranger, event.id);
    await placeZone(t.app, organizer, event.id);
    const room = quietRoom();
    await reportLocation(t.app, organizer, event.id, room.latitude, room.longitude);
    expect((await presenceOf(organizer)).reasons.map((r) => r.code)).toEqual(['quiet_zone_untold']);
    expect((await discover(t.app, stranger, event.id)).find((e) => e.user.id === organizer.user.id)?.recharging).toBe(false);
    // A garden 800 m across, 2 km north, walked to.
    const garden = { latitude: room.latitude + 0.018, longitude: room.longitude };
    await placeZone(t.app, organizer, event.id, { name: 'Quiet garden', ...garden, radius_meters: 400 });
    t.clock.advance(1_000_000);
    await reportLocation(t.app, organizer, event.id, garden.latitude, garden.longitude);
    expect((await presenceOf(organizer)).reasons.map((r) => r.code)).toEqual(['quiet_zone']);
    expect((await discover(t.app, stranger, event.id)).find((e) => e.user.id === organizer.user.id)?.recharging).toBe(true);
  });

  it('in a restricted zone with auto-hide: hidden from both, reason restricted_zone', async () => {
    const organizer = await registerUser(t.app);
    const event = await createEvent(t, organizer, happeningNow(t.clock));
    await joinEvent(t.app, stranger, event.id);
    // A staff wing holding the whole 200 m square around them: a smaller room hides nobody (issue 40).
    await placeZone(t.app, organizer, event.id, { name: 'Staff', zone_type: 'restricted', radius_meters: 400 });
    const room = quietRoom();
    await reportLocation(t.app, organizer, event.id, room.latitude, room.longitude);
    const p = await presenceOf(organizer);
    expect(p).toMatchObject({ visible_to_strangers: false, visible_to_connections: false });
    expect(p.reasons.map((r) => r.code)).toEqual(['restricted_zone']);
    expect((await discover(t.app, stranger, event.id)).some((e) => e.user.id === organizer.user.id)).toBe(false);
  });

  it('in a restricted room smaller than a square with auto-hide: still seen, reason restricted_zone_shown (issue 40)', async () => {
    const organizer = await registerUser(t.app);
    const event = await createEvent(t, organizer, happeningNow(t.clock));
    await joinEvent(t.app, stranger, event.id);
    await placeZone(t.app, organizer, event.id, { name: 'Green room', zone_type: 'restricted' });
    const room = quietRoom();
    await reportLocation(t.app, organizer, event.id, room.latitude, room.longitude);
    const p = await presenceOf(organizer);
    expect(p).toMatchObject({ visible_to_strangers: true, visible_to_connections: true });
    expect(p.reasons.map((r) => r.code)).toEqual(['restricted_zone_shown']);
    expect((await discover(t.app, stranger, event.id)).some((e) => e.user.id === organizer.user.id)).toBe(true);
  });

  it('a jump into a restricted zone keeps the last position for distances, but hides them there and leaves the quiet room (one answer with the zone banner)', async () => {
    const organizer = await registerUser(t.app);
    const event = await createEvent(t, organizer, happeningNow(t.clock));
    await joinEvent(t.app, stranger, event.id);
    const room = quietRoom();
    await placeZone(t.app, organizer, event.id);
    // About 1 km north: too far to have walked in no time, and the wing (400 m) stays clear of the room.
    const staff = { latitude: room.latitude + 0.009, longitude: room.longitude };
    await placeZone(t.app, organizer, event.id, { name: 'Staff', zone_type: 'restricted', ...staff, radius_meters: 400 });
    await reportLocation(t.app, organizer, event.id, room.latitude, room.longitude);
    expect((await presenceOf(organizer)).reasons.map((r) => r.code)).toEqual(['quiet_zone_untold']);
    const jump = await reportLocation(t.app, organizer, event.id, staff.latitude, staff.longitude);
    expect((jump.json() as { current_zone: { name: string } }).current_zone.name).toBe('Staff');
    expect((await presenceOf(organizer)).reasons.map((r) => r.code)).toEqual(['restricted_zone']);
    expect((await discover(t.app, stranger, event.id)).some((e) => e.user.id === organizer.user.id)).toBe(false);
  });
});

describe('presence reads what is kept of the events a person attends', () => {
  it('and making an event retires it: its maker may write at once to whoever joins', async () => {
    const maker = await registerUser(t.app);
    const guest = await registerUser(t.app);
    // Read before the event exists: the maker attends nothing yet.
    expect((await presenceOf(maker)).reasons).toEqual([]);
    const made = await createEvent(t, maker, happeningNow(t.clock));
    await joinEvent(t.app, guest, made.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/chat/send?user_id=${maker.user.id}`,
      headers: maker.headers,
      payload: { to_user: guest.user.id, message: 'Welcome, glad you came' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

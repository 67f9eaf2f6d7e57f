/**
 * The organizer tools (issue 17): editing and cancelling an event, its safe zones,
 * interest groups, co-organizers and announcements; events' time zones and the duplicate
 * rule's local day. Only the organizer and co-organizers may use them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { DetailSchema } from '../../../contract/common';
import { MicroCommunityListSchema, SafeZoneListSchema, SafeZoneSchema, ZoneCheckAnswerSchema } from '../../../contract/discovery';
import { EventListSchema, EventSchema } from '../../../contract/events';
import { MESSAGES } from '../../../contract/messages';
import {
  ANNOUNCEMENTS_PER_HOUR,
  ANNOUNCEMENT_WINDOW_MS,
  AddOrganizerAnswerSchema,
  AnnouncementAnswerSchema,
  AnnouncementsAnswerSchema,
  CancelEventAnswerSchema,
  NewCommunitySchema,
  ORGANIZER_NOTES,
  OrganizersAnswerSchema,
  announcementsTooFast,
} from '../../../contract/organizer';
import { CONTROL_CHARACTERS_MESSAGE } from '../../../contract/text';
import { events, groupChats } from '../../../server/db/schema';
import { ORGANIZERS_ONLY } from '../../../server/access/events';
import { CANCEL_ENDED, COMMUNITY_NAME_TAKEN, ZONE_NAME_TAKEN, startsAt } from '../../../server/use-cases/organizer';
import { HOUR, createEvent, eventBody, happeningNow, joinEvent, north, uniqueLocation } from '../discovery-helpers';
import { registerUser, testApp, type TestApp, type TestUser } from '../helpers';
import { LAT, LNG, callAs, organizedEvent, organizerCalls, placeZone, quietRoom, type Method } from '../organizer-helpers';
import { block, notificationsOf, openLive } from '../social-helpers';
import { refusalOf } from '../../../contract/said';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const db = () => t.database.db;
const call = (u: TestUser, method: Method, url: string, payload?: object) => callAs(t.app, u, method, url, payload);
const scene = (guests = 1, over: Record<string, unknown> = {}) => organizedEvent(t, guests, over);
const UNKNOWN = '00000000-0000-4000-8000-00000000abcd';

const listed = async (u: TestUser, eventId: string) =>
  EventListSchema.parse((await call(u, 'GET', '/api/events')).json()).find((e) => e.id === eventId);
const zonesSeen = async (u: TestUser, eventId: string) => {
  const res = await call(u, 'GET', `/api/safe-zones/${eventId}`);
  expect(res.statusCode, res.body).toBe(200);
  return SafeZoneListSchema.parse(res.json());
};
const zoneCheck = async (u: TestUser, eventId: string, latitude: number, longitude: number) => {
  const res = await call(u, 'GET', `/api/safe-zones/check/${eventId}?latitude=${latitude}&longitude=${longitude}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZoneCheckAnswerSchema.parse(res.json()).current_zone;
};
const addCo = (by: TestUser, eventId: string, who: TestUser) =>
  call(by, 'POST', `/api/events/${eventId}/organizers`, { user_id_to_add: who.user.id });

describe('who may use the organizer tools', () => {
  it.each(['attendee', 'stranger'] as const)('refuses an %s who does not organize the event (403), every call, changing nothing', async (who) => {
    const { owner, event, guests } = await scene(2);
    const zone = await placeZone(t.app, owner, event.id);
    const caller = who === 'attendee' ? guests[0]! : await registerUser(t.app);
    for (const c of organizerCalls(event.id, zone.id, guests[1]!.user.id)) {
      const res = await call(caller, c.method, c.url, c.body);
      expect({ call: c.call, status: res.statusCode }).toEqual({ call: c.call, status: 403 });
      expect(DetailSchema.parse(res.json())).toMatchObject(refusalOf(ORGANIZERS_ONLY));
    }
    expect((await zonesSeen(owner, event.id)).map((z) => z.id)).toEqual([zone.id]);
    expect(await listed(owner, event.id)).toMatchObject({ description: event.description, organizer_role: 'organizer' });
  });

  it('answers 404 for an unknown event and for one an admin took down, organizer or not', async () => {
    const { owner, event } = await scene(0);
    const zone = await placeZone(t.app, owner, event.id);
    for (const c of organizerCalls(UNKNOWN, zone.id, owner.user.id)) {
      expect({ call: c.call, status: (await call(owner, c.method, c.url, c.body)).statusCode }).toEqual({ call: c.call, status: 404 });
    }
    await db().update(events).set({ hiddenAt: t.clock.now(), hiddenReason: 'test' }).where(eq(events.id, event.id));
    t.app.lifecycle.emit('event.changed', event.id);
    for (const c of organizerCalls(event.id, zone.id, owner.user.id)) {
      expect({ call: c.call, status: (await call(owner, c.method, c.url, c.body)).statusCode }).toEqual({ call: c.call, status: 404 });
    }
  });

  it('lets a co-organizer use every call, as the organizer does', async () => {
    const { owner, event, guests } = await scene(2);
    const [co, later] = guests as [TestUser, TestUser];
    expect((await addCo(owner, event.id, co)).statusCode).toBe(200);
    const zone = await placeZone(t.app, owner, event.id);
    for (const c of organizerCalls(event.id, zone.id, later.user.id)) {
      const res = await call(co, c.method, c.url, c.body);
      expect({ call: c.call, status: res.statusCode, body: res.statusCode === 200 ? null : res.body }).toEqual({ call: c.call, status: 200, body: null });
    }
    // The last call cancelled it.
    expect((await call(owner, 'GET', `/api/events/${event.id}`)).statusCode).toBe(404);
  });

  it('says in the events list who organizes what: the organizer, a co-organizer, or nobody', async () => {
    const { owner, event, guests } = await scene(2);
    const [co, guest] = guests as [TestUser, TestUser];
    await addCo(owner, event.id, co);
    expect((await listed(owner, event.id))?.organizer_role).toBe('organizer');
    expect((await listed(co, event.id))?.organizer_role).toBe('co_organizer');
    expect((await listed(guest, event.id))?.organizer_role).toBeNull();
    const one = EventSchema.parse((await call(co, 'GET', `/api/events/${event.id}`)).json());
    expect(one.organizer_role).toBe('co_organizer');
  });
});

describe('PUT /api/events/{id}', () => {
  it('changes what is sent and keeps the rest; renames its chat; open apps hear it', async () => {
    const { owner, event, guests } = await scene(1);
    const live = await openLive(t.app, guests[0]!);
    try {
      const res = await call(owner, 'PUT', `/api/events/${event.id}`, {
        name: 'Board games, gently',
        description: 'Now with tea.\nAnd biscuits.',
        anxiety_friendly_features: ['ice_breakers'],
      });
      expect(res.statusCode, res.body).toBe(200);
      const edited = EventSchema.parse(res.json());
      expect(edited).toMatchObject({
        id: event.id,
        name: 'Board games, gently',
        description: 'Now with tea.\nAnd biscuits.',
        location: event.location,
        start_time: event.start_time,
        anxiety_friendly_features: ['ice_breakers'],
        organizer_role: 'organizer',
        time_zone: 'UTC',
      });
      await live.next('event_changed', (m) => m.event_id === event.id && m.change === 'details');
    } finally {
      live.close();
    }
    expect(await listed(guests[0]!, event.id)).toMatchObject({ name: 'Board games, gently', description: 'Now with tea.\nAnd biscuits.' });
    const [chat] = await db().select().from(groupChats).where(and(eq(groupChats.eventId, event.id), isNull(groupChats.communityId)));
    expect(chat!.name).toBe('Board games, gently — everyone');
    // A change that does not move it tells nobody in their notifications.
    expect((await notificationsOf(db(), guests[0]!.user.id)).filter((n) => n.kind === 'event_changed')).toEqual([]);
  });

  it('tells the attendees kindly when it moves to another place or start, in its own time zone', async () => {
    const { owner, event, guests } = await scene(1, { time_zone: 'Europe/Berlin' });
    const start = new Date(Date.parse(event.start_time) + 30 * 60_000);
    const res = await call(owner, 'PUT', `/api/events/${event.id}`, { location: 'The library, upstairs', start_time: start.toISOString() });
    expect(res.statusCode, res.body).toBe(200);
    const when = startsAt({ startTime: start, timeZone: 'Europe/Berlin' });
    expect(when.message).toMatch(/^\w{3} \d{1,2} \w{3}, \d\d:\d\d \(Europe\/Berlin\)$/);
    const [note] = (await notificationsOf(db(), guests[0]!.user.id)).filter((n) => n.kind === 'event_changed');
    expect(note).toMatchObject({
      title: ORGANIZER_NOTES.changed.title.message,
      content: ORGANIZER_NOTES.changed.content.english({ name: event.name, when, where: 'The library, upstairs' }),
      link: `/events/${event.id}`,
    });
    // The organizer made the change: they are not told of it.
    expect((await notificationsOf(db(), owner.user.id)).filter((n) => n.kind === 'event_changed')).toEqual([]);
  });

  it.each([
    [{}, /^body: send at least one field to change/],
    [{ name: '' }, /^name: is required/],
    [{ name: 'Tea\u0007time' }, new RegExp(`^name: ${CONTROL_CHARACTERS_MESSAGE}`)],
    [{ event_type: 'rave' }, /^event_type: must be one of/],
    [{ time_zone: 'Mars/Olympus_Mons' }, /^time_zone: must be a time zone name/],
    [{ start_time: 'soon' }, /^start_time: must be a date and time/],
  ])('refuses %j with 400 naming the field', async (body, detail) => {
    const { owner, event } = await scene(0);
    const res = await call(owner, 'PUT', `/api/events/${event.id}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(detail);
  });

  it('refuses an end before the start as it would stand, and moving the end into the past', async () => {
    const { owner, event } = await scene(0);
    const before = new Date(Date.parse(event.start_time) - HOUR).toISOString();
    const backwards = await call(owner, 'PUT', `/api/events/${event.id}`, { end_time: before });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().detail).toBe('end_time: must be after the start time');
    const past = await call(owner, 'PUT', `/api/events/${event.id}`, { end_time: new Date(t.clock.now().getTime() - 60_000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().detail).toBe('end_time: must be in the future');
    expect(EventSchema.parse((await call(owner, 'GET', `/api/events/${event.id}`)).json()).end_time).toBe(event.end_time);
  });

  it('keeps the duplicate rule: not onto another event, while the event itself never counts', async () => {
    const { owner, event } = await scene(0);
    const other = await createEvent(t, owner, happeningNow(t.clock));
    const onto = await call(owner, 'PUT', `/api/events/${event.id}`, { location: other.location.toUpperCase() });
    expect(onto.statusCode).toBe(409);
    expect(onto.json()).toMatchObject(refusalOf(MESSAGES.duplicateEvent));
    // Moving its own start by half an hour, at its own place, is no duplicate of itself.
    const start = new Date(Date.parse(event.start_time) + 30 * 60_000).toISOString();
    expect((await call(owner, 'PUT', `/api/events/${event.id}`, { start_time: start })).statusCode).toBe(200);
  });
});

describe('time zones', () => {
  const post = (u: TestUser, over: Record<string, unknown>) => call(u, 'POST', '/api/events', eventBody(t.clock, over));

  it('are chosen at creation, named as Intl spells them; UTC when none is sent; offsets and unknown names refused', async () => {
    const owner = await registerUser(t.app);
    const berlin = await post(owner, { time_zone: 'europe/berlin' });
    expect(berlin.statusCode, berlin.body).toBe(200);
    expect(EventSchema.parse(berlin.json())).toMatchObject({ time_zone: 'Europe/Berlin', organizer_role: 'organizer' });
    expect((await listed(owner, berlin.json().id))?.time_zone).toBe('Europe/Berlin');
    const none = await post(owner, {});
    expect(none.json().time_zone).toBe('UTC');
    for (const zone of ['+01:00', 'Mars/Olympus_Mons', 'Europe/Berlin; drop table', '']) {
      const res = await post(owner, { time_zone: zone });
      expect({ zone, status: res.statusCode }).toEqual({ zone, status: 400 });
      expect(res.json().detail).toMatch(/^time_zone: /);
    }
  });

  it("counts the duplicate rule's day in the event's zone: 00:30 and 01:15 in Berlin are the same day", async () => {
    const owner = await registerUser(t.app);
    // A January night: Berlin is UTC+1, so 00:30 and 01:15 there are 23:30 and 00:15 UTC, on two UTC days.
    const at = (iso: string, location: string, time_zone?: string) =>
      post(owner, { location, start_time: iso, end_time: new Date(Date.parse(iso) + 2 * HOUR).toISOString(), ...(time_zone ? { time_zone } : {}) });
    const inBerlin = uniqueLocation();
    expect((await at('2027-01-15T23:30:00.000Z', inBerlin, 'Europe/Berlin')).statusCode).toBe(200);
    const second = await at('2027-01-16T00:15:00.000Z', inBerlin, 'Europe/Berlin');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject(refusalOf(MESSAGES.duplicateEvent));
    // The same two times counted in UTC fall on two days: both are accepted, as before issue 17.
    const inUtc = uniqueLocation();
    expect((await at('2027-01-15T23:30:00.000Z', inUtc)).statusCode).toBe(200);
    expect((await at('2027-01-16T00:15:00.000Z', inUtc)).statusCode).toBe(200);
    // And 23:30 and 00:15 in Berlin are two days there, though one day in UTC.
    const lateNight = uniqueLocation();
    expect((await at('2027-01-15T22:30:00.000Z', lateNight, 'Europe/Berlin')).statusCode).toBe(200);
    expect((await at('2027-01-15T23:15:00.000Z', lateNight, 'Europe/Berlin')).statusCode).toBe(200);
  });

  it('holds the local day when an edit changes the zone', async () => {
    const owner = await registerUser(t.app);
    const place = uniqueLocation();
    const times = (iso: string) => ({ location: place, start_time: iso, end_time: new Date(Date.parse(iso) + 2 * HOUR).toISOString() });
    expect((await post(owner, { ...times('2027-01-15T23:30:00.000Z'), time_zone: 'Europe/Berlin' })).statusCode).toBe(200);
    const utc = await post(owner, { ...times('2027-01-16T00:15:00.000Z'), time_zone: 'UTC' });
    // Another day in UTC, and in Berlin the first one's day: the first event's zone counts too.
    expect(utc.statusCode).toBe(409);
    const elsewhere = await post(owner, { ...times('2027-01-16T00:15:00.000Z'), location: uniqueLocation(), time_zone: 'UTC' });
    expect(elsewhere.statusCode).toBe(200);
    const moved = await call(owner, 'PUT', `/api/events/${elsewhere.json().id}`, { location: place });
    expect(moved.statusCode).toBe(409);
  });
});

describe('safe zones', () => {
  it('places a zone that attendees see and the location check uses at once; their open apps hear it', async () => {
    const { owner, event, guests } = await scene(1);
    const guest = guests[0]!;
    // The guest's instance already keeps the event's zones (none).
    expect(await zonesSeen(guest, event.id)).toEqual([]);
    expect(await zoneCheck(guest, event.id, LAT, LNG)).toBeNull();
    const live = await openLive(t.app, guest);
    try {
      const res = await call(owner, 'POST', `/api/events/${event.id}/safe-zones`, quietRoom());
      expect(res.statusCode, res.body).toBe(200);
      const zone = SafeZoneSchema.parse(res.json());
      expect(zone).toMatchObject({ ...quietRoom(), id: expect.any(String) });
      await live.next('event_changed', (m) => m.event_id === event.id && m.change === 'zones');
      expect(await zonesSeen(guest, event.id)).toEqual([zone]);
      expect(await zoneCheck(guest, event.id, LAT, LNG)).toEqual(zone);
      const report = await call(guest, 'POST', '/api/location/update', { user_id: guest.user.id, event_id: event.id, latitude: LAT, longitude: LNG });
      expect(report.json().current_zone).toEqual(zone);
    } finally {
      live.close();
    }
  });

  it.each([
    [4.9, 400],
    [5, 200],
    [500, 200],
    [500.5, 400],
  ])('takes a radius of %d m: %d', async (radius, status) => {
    const { owner, event } = await scene(0);
    const res = await call(owner, 'POST', `/api/events/${event.id}/safe-zones`, quietRoom({ radius_meters: radius }));
    expect(res.statusCode).toBe(status);
    if (status === 400) expect(res.json().detail).toBe('radius_meters: must be from 5 to 500 metres');
    const edit = await call(owner, 'PUT', `/api/events/${event.id}/safe-zones/${(await placeZone(t.app, owner, event.id, { name: 'Nook' })).id}`, {
      radius_meters: radius,
    });
    expect(edit.statusCode).toBe(status);
  });

  it.each([
    [{ name: '' }, /^name: is required/],
    [{ name: 'Quiet\u0000room' }, new RegExp(`^name: ${CONTROL_CHARACTERS_MESSAGE}`)],
    [{ description: 'Calm\u001b[31m' }, new RegExp(`^description: ${CONTROL_CHARACTERS_MESSAGE}`)],
    [{ zone_type: 'party' }, /^zone_type: must be one of safe_space, restricted, other/],
    [{ latitude: 91 }, /^latitude: must be between -90 and 90/],
    [{ longitude: 'east' }, /^longitude: must be a number/],
  ])('refuses %j with 400 naming the field', async (over, detail) => {
    const { owner, event } = await scene(0);
    const res = await call(owner, 'POST', `/api/events/${event.id}/safe-zones`, { ...quietRoom(), ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(detail);
  });

  it('keeps the names of one event apart, case aside; another event may use them', async () => {
    const { owner, event } = await scene(0);
    const first = await placeZone(t.app, owner, event.id, { name: 'Quiet room' });
    const again = await call(owner, 'POST', `/api/events/${event.id}/safe-zones`, quietRoom({ name: '  QUIET ROOM ' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject(refusalOf(ZONE_NAME_TAKEN));
    const other = await placeZone(t.app, owner, event.id, { name: 'Smoking area', zone_type: 'restricted' });
    const renamed = await call(owner, 'PUT', `/api/events/${event.id}/safe-zones/${other.id}`, { name: 'quiet Room' });
    expect(renamed.statusCode).toBe(409);
    // A zone keeps its own name, in another case if it likes.
    expect((await call(owner, 'PUT', `/api/events/${event.id}/safe-zones/${first.id}`, { name: 'Quiet Room' })).statusCode).toBe(200);
    const elsewhere = await createEvent(t, owner, happeningNow(t.clock));
    expect((await call(owner, 'POST', `/api/events/${elsewhere.id}/safe-zones`, quietRoom())).statusCode).toBe(200);
  });

  it('edits and removes a zone, and the location check follows at once; a zone of another event is unknown', async () => {
    const { owner, event, guests } = await scene(1);
    const guest = guests[0]!;
    const zone = await placeZone(t.app, owner, event.id, { radius_meters: 20 });
    const farther = north(LAT, LNG, 60);
    expect(await zoneCheck(guest, event.id, farther.latitude, farther.longitude)).toBeNull();
    const grown = await call(owner, 'PUT', `/api/events/${event.id}/safe-zones/${zone.id}`, { radius_meters: 100, zone_type: 'restricted' });
    expect(grown.statusCode, grown.body).toBe(200);
    expect(SafeZoneSchema.parse(grown.json())).toMatchObject({ name: 'Quiet room', radius_meters: 100, zone_type: 'restricted' });
    expect((await zoneCheck(guest, event.id, farther.latitude, farther.longitude))?.id).toBe(zone.id);

    const other = await createEvent(t, owner, happeningNow(t.clock));
    const wrongEvent = await call(owner, 'PUT', `/api/events/${other.id}/safe-zones/${zone.id}`, { radius_meters: 30 });
    expect(wrongEvent.statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `/api/events/${other.id}/safe-zones/${zone.id}`)).statusCode).toBe(404);

    expect((await call(owner, 'DELETE', `/api/events/${event.id}/safe-zones/${zone.id}`)).statusCode).toBe(200);
    expect(await zoneCheck(guest, event.id, LAT, LNG)).toBeNull();
    expect(await zonesSeen(guest, event.id)).toEqual([]);
    expect((await call(owner, 'DELETE', `/api/events/${event.id}/safe-zones/${zone.id}`)).statusCode).toBe(404);
    expect((await call(owner, 'PUT', `/api/events/${event.id}/safe-zones/${zone.id}`, { radius_meters: 30 })).statusCode).toBe(404);
  });
});

describe('POST /api/events/{id}/micro-communities', () => {
  it('starts an interest group with its group chat, listed for attendees at once', async () => {
    const { owner, event, guests } = await scene(1);
    const guest = guests[0]!;
    const before = await call(guest, 'GET', `/api/micro-communities/${event.id}`);
    expect(MicroCommunityListSchema.parse(before.json())).toEqual([]);
    const live = await openLive(t.app, guest);
    let made;
    try {
      const res = await call(owner, 'POST', `/api/events/${event.id}/micro-communities`, {
        name: 'Board games',
        description: 'Slow games,\nno pressure.',
        interest_tag: 'games',
      });
      expect(res.statusCode, res.body).toBe(200);
      made = NewCommunitySchema.parse(res.json());
      expect(made).toMatchObject({ name: 'Board games', description: 'Slow games,\nno pressure.', interest_tag: 'games', member_count: 0, is_member: false });
      await live.next('event_changed', (m) => m.event_id === event.id && m.change === 'communities');
    } finally {
      live.close();
    }
    const after = MicroCommunityListSchema.parse((await call(guest, 'GET', `/api/micro-communities/${event.id}`)).json());
    expect(after.map((c) => c.id)).toEqual([made.id]);
    // Its chat is there for its members.
    expect((await call(guest, 'POST', `/api/micro-communities/${made.id}/join`)).statusCode).toBe(200);
    const chats = (await call(guest, 'GET', `/api/events/${event.id}/group-chats`)).json() as Array<{ id: string; community_id: string | null }>;
    expect(chats.find((c) => c.community_id === made.id)?.id).toBe(made.group_chat_id);
    const said = await call(guest, 'POST', `/api/group-chats/${made.group_chat_id}/messages`, { group_id: made.group_chat_id, message: 'Anyone for Carcassonne?' });
    expect(said.statusCode, said.body).toBe(200);
  });

  it('keeps the names of one event apart, case aside, and follows the text rule', async () => {
    const { owner, event } = await scene(0);
    const body = { name: 'Board games', interest_tag: 'games' };
    expect((await call(owner, 'POST', `/api/events/${event.id}/micro-communities`, body)).statusCode).toBe(200);
    const again = await call(owner, 'POST', `/api/events/${event.id}/micro-communities`, { ...body, name: 'board GAMES' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject(refusalOf(COMMUNITY_NAME_TAKEN));
    const bad = await call(owner, 'POST', `/api/events/${event.id}/micro-communities`, { name: 'Chess', interest_tag: 'che\u0085ss' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(new RegExp(`^interest_tag: ${CONTROL_CHARACTERS_MESSAGE}`));
    expect((await call(owner, 'POST', `/api/events/${event.id}/micro-communities`, { name: 'Chess' })).statusCode).toBe(400);
  });
});

describe('co-organizers', () => {
  it('names an attendee, who is told, live and in their notifications, once', async () => {
    const { owner, event, guests } = await scene(1);
    const co = guests[0]!;
    const live = await openLive(t.app, co);
    try {
      const res = await addCo(owner, event.id, co);
      expect(res.statusCode, res.body).toBe(200);
      expect(AddOrganizerAnswerSchema.parse(res.json()).organizers).toEqual([
        { id: owner.user.id, name: owner.user.name, role: 'organizer' },
        { id: co.user.id, name: co.user.name, role: 'co_organizer' },
      ]);
      const note = await live.next('notification', (m) => m.notification.title === ORGANIZER_NOTES.coOrganizer.title.message);
      expect(note.notification).toMatchObject({ content: ORGANIZER_NOTES.coOrganizer.content.english({ name: event.name }), link: `/events/${event.id}` });
      await live.next('event_changed', (m) => m.event_id === event.id && m.change === 'organizers');
    } finally {
      live.close();
    }
    // Again, or by the co-organizer naming the organizer: nothing changes, nobody is told twice.
    expect(AddOrganizerAnswerSchema.parse((await addCo(owner, event.id, co)).json()).organizers).toHaveLength(2);
    expect(AddOrganizerAnswerSchema.parse((await addCo(co, event.id, owner)).json()).organizers).toHaveLength(2);
    expect((await notificationsOf(db(), co.user.id)).filter((n) => n.kind === 'co_organizer')).toHaveLength(1);
    const list = await call(co, 'GET', `/api/events/${event.id}/organizers`);
    expect(OrganizersAnswerSchema.parse(list.json()).organizers.map((o) => o.role)).toEqual(['organizer', 'co_organizer']);
  });

  it('names only an attendee the organizer may deal with', async () => {
    const { owner, event, guests } = await scene(1);
    const outsider = await registerUser(t.app);
    const notThere = await addCo(owner, event.id, outsider);
    expect(notThere.statusCode).toBe(400);
    expect(notThere.json().detail).toBe('user_id_to_add: is not attending this event');
    expect((await addCo(owner, event.id, owner)).statusCode).toBe(400);
    const unknown = await call(owner, 'POST', `/api/events/${event.id}/organizers`, { user_id_to_add: UNKNOWN });
    expect(unknown.statusCode).toBe(404);
    await block(db(), guests[0]!.user.id, owner.user.id);
    expect((await addCo(owner, event.id, guests[0]!)).statusCode).toBe(404);
    expect((await call(owner, 'POST', `/api/events/${event.id}/organizers`, { user_id_to_add: 'someone' })).statusCode).toBe(400);
  });

  it('names organizers to each other as DESIGN 5 shows them', async () => {
    const { owner, event, guests } = await scene(1);
    const co = guests[0]!;
    await addCo(owner, event.id, co);
    await call(owner, 'PUT', '/api/users/privacy', { visibility_mode: 'private' });
    const seen = OrganizersAnswerSchema.parse((await call(co, 'GET', `/api/events/${event.id}/organizers`)).json()).organizers;
    expect(seen).toEqual([
      { id: null, name: 'Anonymous attendee', role: 'organizer' },
      { id: co.user.id, name: co.user.name, role: 'co_organizer' },
    ]);
  });
});

describe('announcements', () => {
  it('tells every attendee but the sender, live and in their notifications; not someone blocked either way', async () => {
    const { owner, event, guests } = await scene(3);
    const [a, b, blocker] = guests as [TestUser, TestUser, TestUser];
    await block(db(), blocker.user.id, owner.user.id);
    const live = await openLive(t.app, a);
    try {
      const res = await call(owner, 'POST', `/api/events/${event.id}/announcements`, { message: 'Tea is served in the quiet room.\nTake your time.' });
      expect(res.statusCode, res.body).toBe(200);
      const answer = AnnouncementAnswerSchema.parse(res.json());
      expect(answer).toMatchObject({ attendees_told: 2, left_this_hour: ANNOUNCEMENTS_PER_HOUR - 1, next_at: null });
      expect(answer.announcement).toMatchObject({ event_id: event.id, message: 'Tea is served in the quiet room.\nTake your time.' });
      const note = await live.next('notification', (m) => m.notification.content.startsWith('Tea is served'));
      expect(note.notification).toMatchObject({ title: ORGANIZER_NOTES.announcement.title.english({ name: event.name }), link: `/events/${event.id}` });
      await live.next('event_changed', (m) => m.event_id === event.id && m.change === 'announcement');
    } finally {
      live.close();
    }
    const kinds = async (u: TestUser) => (await notificationsOf(db(), u.user.id)).filter((n) => n.kind === 'event_announcement');
    expect(await kinds(a)).toHaveLength(1);
    expect(await kinds(b)).toHaveLength(1);
    expect(await kinds(blocker)).toEqual([]);
    expect(await kinds(owner)).toEqual([]);
    // Attendees read them again; the one who blocked the sender does not see theirs.
    const read = AnnouncementsAnswerSchema.parse((await call(b, 'GET', `/api/events/${event.id}/announcements`)).json());
    expect(read.announcements.map((x) => x.message)).toEqual(['Tea is served in the quiet room.\nTake your time.']);
    expect(read.left_this_hour).toBe(ANNOUNCEMENTS_PER_HOUR - 1);
    expect(AnnouncementsAnswerSchema.parse((await call(blocker, 'GET', `/api/events/${event.id}/announcements`)).json()).announcements).toEqual([]);
    expect((await call(await registerUser(t.app), 'GET', `/api/events/${event.id}/announcements`)).statusCode).toBe(403);
  });

  it(`sends at most ${ANNOUNCEMENTS_PER_HOUR} an hour per event, organizers together: a kind 429, then again once the hour has passed`, async () => {
    const { owner, event, guests } = await scene(1);
    const co = guests[0]!;
    await addCo(owner, event.id, co);
    const send = (u: TestUser, message: string) => call(u, 'POST', `/api/events/${event.id}/announcements`, { message });
    const first = t.clock.now().getTime();
    expect((await send(owner, 'One')).statusCode).toBe(200);
    t.clock.advance(10 * 60_000);
    expect((await send(co, 'Two')).statusCode).toBe(200);
    t.clock.advance(10 * 60_000);
    const third = AnnouncementAnswerSchema.parse((await send(owner, 'Three')).json());
    expect(third).toMatchObject({ left_this_hour: 0, next_at: new Date(first + ANNOUNCEMENT_WINDOW_MS).toISOString() });

    const refused = await send(co, 'Four');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject(refusalOf(announcementsTooFast(40)));
    expect(refused.headers['retry-after']).toBe(String(40 * 60));
    // A minute before the first leaves the hour: still no.
    t.clock.set(new Date(first + ANNOUNCEMENT_WINDOW_MS - 60_000));
    const still = await send(owner, 'Four');
    expect(still.statusCode).toBe(429);
    expect(still.json()).toMatchObject(refusalOf(announcementsTooFast(1)));
    t.clock.set(new Date(first + ANNOUNCEMENT_WINDOW_MS));
    expect((await send(owner, 'Four')).statusCode).toBe(200);
    const read = AnnouncementsAnswerSchema.parse((await call(co, 'GET', `/api/events/${event.id}/announcements`)).json());
    expect(read.announcements.map((x) => x.message)).toEqual(['Four', 'Three', 'Two', 'One']);
    expect(read.left_this_hour).toBe(0);
  });

  it.each([
    [{ message: '   ' }, /^message: is required/],
    [{ message: 'Hi\u0007' }, new RegExp(`^message: ${CONTROL_CHARACTERS_MESSAGE}`)],
    [{ message: 'x'.repeat(501) }, /^message: /],
    [{}, /^message: /],
  ])('refuses %j with 400 naming the field', async (body, detail) => {
    const { owner, event } = await scene(0);
    const res = await call(owner, 'POST', `/api/events/${event.id}/announcements`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(detail);
  });
});

describe('DELETE /api/events/{id}', () => {
  it('cancels: every other attendee is told kindly, live and in their notifications, and the event is gone', async () => {
    const { owner, event, guests } = await scene(3);
    const [a, co, blocker] = guests as [TestUser, TestUser, TestUser];
    await addCo(owner, event.id, co);
    await block(db(), blocker.user.id, owner.user.id);
    const live = await openLive(t.app, a);
    try {
      const res = await call(owner, 'DELETE', `/api/events/${event.id}`, { reason: 'The venue flooded.\nSee you next month!' });
      expect(res.statusCode, res.body).toBe(200);
      expect(CancelEventAnswerSchema.parse(res.json())).toEqual({ success: true, attendees_told: 3 });
      const note = await live.next('notification', (m) => m.notification.title === ORGANIZER_NOTES.cancelled.title.english({ name: event.name }));
      expect(note.notification.content).toBe(ORGANIZER_NOTES.cancelled.content(event.name, 'The venue flooded.\nSee you next month!').message);
      await live.next('event_changed', (m) => m.event_id === event.id && m.change === 'cancelled');
    } finally {
      live.close();
    }
    const cancelled = async (u: TestUser) => (await notificationsOf(db(), u.user.id)).filter((n) => n.kind === 'event_cancelled');
    expect((await cancelled(co)).map((n) => n.content)).toEqual([ORGANIZER_NOTES.cancelled.content(event.name, 'The venue flooded.\nSee you next month!').message]);
    // Told, without the words of someone they blocked.
    expect((await cancelled(blocker)).map((n) => n.content)).toEqual([ORGANIZER_NOTES.cancelled.content(event.name, null).message]);
    expect(await cancelled(owner)).toEqual([]);
    expect(await db().select().from(events).where(eq(events.id, event.id))).toEqual([]);
    for (const u of [owner, a]) {
      expect(await listed(u, event.id)).toBeUndefined();
      expect((await call(u, 'GET', `/api/events/${event.id}`)).statusCode).toBe(404);
    }
  });

  it('needs a reason in the text rule, and refuses an event that is over', async () => {
    const { owner, event } = await scene(0);
    for (const body of [{}, { reason: '  ' }, { reason: 'Sorry\u0000' }]) {
      const res = await call(owner, 'DELETE', `/api/events/${event.id}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(/^reason: /);
    }
    t.clock.advance(3 * HOUR);
    const over = await call(owner, 'DELETE', `/api/events/${event.id}`, { reason: 'Too late' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject(refusalOf(CANCEL_ENDED));
    expect(await db().select({ id: events.id }).from(events).where(eq(events.id, event.id))).toEqual([{ id: event.id }]);
  });
});

describe('creating an event', () => {
  it('makes its creator the organizer, who may add a quiet room at once', async () => {
    const owner = await registerUser(t.app);
    const event = await createEvent(t, owner, happeningNow(t.clock, { time_zone: 'Europe/Lisbon' }));
    expect(event).toMatchObject({ organizer_role: 'organizer', time_zone: 'Europe/Lisbon' });
    const guest = await registerUser(t.app);
    await joinEvent(t.app, guest, event.id);
    await placeZone(t.app, owner, event.id);
    expect((await zoneCheck(guest, event.id, LAT, LNG))?.name).toBe('Quiet room');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { EventListSchema, EventSchema, type Event } from '../../../contract/events';
import { MESSAGES } from '../../../contract/messages';
import { EVENT_FILTER_TYPES, EVENT_TYPES } from '../../../contract/constants';
import { eventAttendees, events, feedEntries, groupChats } from '../../../server/db/schema';
import {
  DAY,
  HOUR,
  createEvent,
  discoveryApp,
  eventBody,
  happeningNow,
  joinEvent,
  putPrivacy,
  uniqueLocation,
  type DiscoveryTestApp,
} from '../discovery-helpers';
import { registerUser } from '../helpers';
import { refusalOf } from '../../../contract/said';

let t: DiscoveryTestApp;
beforeAll(async () => {
  t = await discoveryApp();
});
afterAll(async () => t.close());

const UNKNOWN = '00000000-0000-4000-8000-00000000abcd';

const post = (u: { user: { id: string }; headers: { cookie: string } }, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/events?user_id=${u.user.id}`, headers: u.headers, payload });

const list = async (u: { user: { id: string }; headers: { cookie: string } }, query = ''): Promise<Event[]> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/events?user_id=${u.user.id}${query}`, headers: u.headers });
  expect(res.statusCode).toBe(200);
  return EventListSchema.parse(res.json());
};

/** Inserts an event directly, for times the create call refuses (already over). */
async function insertEvent(start: number, end: number, name = 'Old event') {
  const [row] = await t.db
    .insert(events)
    .values({
      name,
      description: 'd',
      location: uniqueLocation(),
      eventType: 'party',
      startTime: new Date(start),
      endTime: new Date(end),
    })
    .returning();
  return row!;
}

describe('POST /api/events', () => {
  it('creates the event: the creator attends, a group chat for everyone and a feed entry exist', async () => {
    const owner = await registerUser(t.app);
    const body = eventBody(t.clock, { name: 'Board games for beginners' });
    const res = await post(owner, body);
    expect(res.statusCode).toBe(200);
    const event = EventSchema.parse(res.json());
    expect(event).toMatchObject({
      name: 'Board games for beginners',
      location: body.location,
      event_type: 'networking',
      start_time: body.start_time,
      end_time: body.end_time,
      anxiety_friendly_features: ['quiet_spaces', 'small_groups'],
      is_attending: true,
      attendee_count: 1,
      attendees: [owner.user.id],
      created_by: owner.user.id,
    });
    const attendance = await t.db.select().from(eventAttendees).where(eq(eventAttendees.eventId, event.id));
    expect(attendance.map((a) => a.userId)).toEqual([owner.user.id]);
    const chats = await t.db.select().from(groupChats).where(eq(groupChats.eventId, event.id));
    expect(chats.map((c) => [c.name, c.communityId])).toEqual([['Board games for beginners — everyone', null]]);
    const feed = await t.db.select().from(feedEntries).where(eq(feedEntries.eventId, event.id));
    expect(feed.map((f) => [f.kind, f.actorId])).toEqual([['joined', owner.user.id]]);
  });

  it('defaults the anxiety-friendly features to none', async () => {
    const owner = await registerUser(t.app);
    const { anxiety_friendly_features: _f, ...body } = eventBody(t.clock);
    const res = await post(owner, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().anxiety_friendly_features).toEqual([]);
  });

  it.each([
    [{ name: '' }, /^name: is required/],
    [{ name: undefined }, /^name: /],
    [{ description: '   ' }, /^description: is required/],
    [{ location: '' }, /^location: is required/],
    [{ event_type: 'rave' }, /^event_type: must be one of party, conference, sports, networking/],
    [{ start_time: 'tomorrow-ish' }, /^start_time: must be a date and time/],
    [{ end_time: '' }, /^end_time: is required/],
    [{ anxiety_friendly_features: ['loud_music'] }, /^anxiety_friendly_features/],
  ])('refuses %j with 400 naming the field', async (over, detail) => {
    const owner = await registerUser(t.app);
    const res = await post(owner, eventBody(t.clock, over));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(detail);
  });

  it('refuses an end before the start, and an event already over', async () => {
    const owner = await registerUser(t.app);
    const now = t.clock.now().getTime();
    const backwards = await post(
      owner,
      eventBody(t.clock, { start_time: new Date(now + 2 * HOUR).toISOString(), end_time: new Date(now + HOUR).toISOString() }),
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().detail).toBe('end_time: must be after the start time');
    const over = await post(
      owner,
      eventBody(t.clock, { start_time: new Date(now - 3 * HOUR).toISOString(), end_time: new Date(now - HOUR).toISOString() }),
    );
    expect(over.statusCode).toBe(400);
    expect(over.json().detail).toBe('end_time: must be in the future');
  });

  it('answers 409 with the SPEC 8 message for the same place, same day, within an hour', async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const location = uniqueLocation();
    const first = eventBody(t.clock, { location });
    expect((await post(owner, first)).statusCode).toBe(200);
    const start = Date.parse(first.start_time as string);
    const again = await post(
      other,
      eventBody(t.clock, {
        location: `  ${location.toUpperCase().replace(' ', '   ')} `,
        start_time: new Date(start + 45 * 60_000).toISOString(),
        end_time: new Date(start + 3 * HOUR).toISOString(),
      }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(refusalOf(MESSAGES.duplicateEvent));
    const stored = await t.db.select().from(events).where(eq(events.location, location));
    expect(stored).toHaveLength(1);
  });

  it('allows another location, a start more than an hour away, or another calendar day', async () => {
    const owner = await registerUser(t.app);
    const location = uniqueLocation();
    // 23:30 UTC tomorrow: the next calendar day starts half an hour later.
    const day = new Date(t.clock.now().getTime() + DAY);
    const lateStart = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 23, 30);
    const at = (start: number, loc = location) =>
      eventBody(t.clock, { location: loc, start_time: new Date(start).toISOString(), end_time: new Date(start + 2 * HOUR).toISOString() });
    expect((await post(owner, at(lateStart))).statusCode).toBe(200);
    expect((await post(owner, at(lateStart, uniqueLocation()))).statusCode).toBe(200);
    expect((await post(owner, at(lateStart - HOUR - 60_000))).statusCode).toBe(200);
    // 00:20 the next day: 50 minutes later, but another day.
    expect((await post(owner, at(lateStart + 50 * 60_000))).statusCode).toBe(200);
    // And exactly the same again is refused, so the cases above passed on their merits.
    expect((await post(owner, at(lateStart + 10 * 60_000))).statusCode).toBe(409);
  });

  it('answers 401 without a session and 403 for someone else’s id', async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    const anon = await t.app.inject({ method: 'POST', url: `/api/events?user_id=${u.user.id}`, payload: eventBody(t.clock) });
    expect(anon.statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/events?user_id=${other.user.id}`,
      headers: u.headers,
      payload: eventBody(t.clock),
    });
    expect(wrong.statusCode).toBe(403);
  });

  it('answers 403 for a user_id that is not yours (malformed included) and 400 without one', async () => {
    const u = await registerUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/events?user_id=nope', headers: u.headers, payload: eventBody(t.clock) });
    expect(res.statusCode).toBe(403);
    const missing = await t.app.inject({ method: 'POST', url: '/api/events', headers: u.headers, payload: eventBody(t.clock) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toMatch(/^user_id: /);
  });
});

describe('GET /api/events', () => {
  it('lists with a filter chip the events of the form types it covers, by the one mapping (issue 39)', async () => {
    const u = await registerUser(t.app);
    const made = new Map<string, string>();
    for (const type of EVENT_TYPES) made.set((await createEvent(t, u, { event_type: type })).id, type);
    const legacy = await insertEvent(t.clock.now().getTime() - HOUR, t.clock.now().getTime() + HOUR, 'Old casual event');
    await t.db.update(events).set({ eventType: 'casual' }).where(eq(events.id, legacy.id));
    made.set(legacy.id, 'casual');
    const found = async (query: string) =>
      (await list(u, query)).flatMap((e) => (made.has(e.id) ? [made.get(e.id)] : [])).sort();
    expect(await found('&event_type=networking')).toEqual(['networking']);
    expect(await found('&event_type=casual')).toEqual(['casual', 'party', 'sports']);
    expect(await found('&event_type=professional')).toEqual(['conference', 'networking']);
    expect(await found('&event_type=interest-based')).toEqual(['conference', 'sports']);
    expect(await found('&event_type=all')).toEqual(await found(''));
    expect((await found('')).length).toBe(5);
    for (const [filter, types] of Object.entries(EVENT_FILTER_TYPES)) {
      expect(await found(`&event_type=${filter}`)).toEqual(expect.arrayContaining([...types]));
    }
    const bad = await t.app.inject({ method: 'GET', url: `/api/events?user_id=${u.user.id}&event_type=party`, headers: u.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('event_type: must be one of all, networking, casual, professional, interest-based');
  });

  it('lists events in progress and upcoming by start, then past ones, most recent first; older than 7 days are left out', async () => {
    const u = await registerUser(t.app);
    const now = t.clock.now().getTime();
    // Far in the future so these sort after everything other tests made.
    const base = now + 300 * DAY;
    const later = await createEvent(t, u, { start_time: new Date(base + 5 * HOUR).toISOString(), end_time: new Date(base + 6 * HOUR).toISOString() });
    const sooner = await createEvent(t, u, { start_time: new Date(base + HOUR).toISOString(), end_time: new Date(base + 2 * HOUR).toISOString() });
    const current = await createEvent(t, u, happeningNow(t.clock));
    const endedYesterday = await insertEvent(now - DAY - 2 * HOUR, now - DAY);
    const endedSixDaysAgo = await insertEvent(now - 6 * DAY - 2 * HOUR, now - 6 * DAY);
    const endedEightDaysAgo = await insertEvent(now - 8 * DAY - 2 * HOUR, now - 8 * DAY);
    const ids = (await list(u)).map((e) => e.id);
    expect(ids).not.toContain(endedEightDaysAgo.id);
    const mine = ids.filter((id) => [later.id, sooner.id, current.id, endedYesterday.id, endedSixDaysAgo.id].includes(id));
    expect(mine).toEqual([current.id, sooner.id, later.id, endedYesterday.id, endedSixDaysAgo.id]);
    // Every past event comes after every current one.
    const all = await list(u);
    const firstPast = all.findIndex((e) => Date.parse(e.end_time) <= now);
    expect(all.slice(firstPast).every((e) => Date.parse(e.end_time) <= now)).toBe(true);
  });

  it('shows only the attendees the viewer may see, counts exactly those, and says whether the viewer attends', async () => {
    const owner = await registerUser(t.app);
    const viewer = await registerUser(t.app);
    const hidden = await registerUser(t.app);
    const gone = await registerUser(t.app);
    const event = await createEvent(t, owner);
    for (const u of [hidden, gone]) await joinEvent(t.app, u, event.id);
    await putPrivacy(t.app, hidden, { visibility_mode: 'private' });
    await t.app.inject({ method: 'PUT', url: `/api/auth/deactivate?user_id=${gone.user.id}`, headers: gone.headers });
    // Someone who has not joined learns nobody's attendance (issue 40).
    const seen = (await list(viewer)).find((e) => e.id === event.id)!;
    expect(seen).toMatchObject({ attendees: [], attendee_count: 0, is_attending: false });
    const asOwner = (await list(owner)).find((e) => e.id === event.id)!;
    // Themself, and nobody hidden, listed or counted.
    expect(asOwner).toMatchObject({ attendees: [owner.user.id], attendee_count: 1, is_attending: true });
    await joinEvent(t.app, viewer, event.id);
    const joined = (await list(viewer)).find((e) => e.id === event.id)!;
    // Both joined at the same instant of the test clock: the order between them is the ids'.
    expect(joined).toMatchObject({ attendee_count: 2, is_attending: true });
    expect(joined.attendees.toSorted()).toEqual([owner.user.id, viewer.user.id].toSorted());
  });

  it('leaves out attendees blocked either way', async () => {
    const owner = await registerUser(t.app);
    const viewer = await registerUser(t.app);
    const event = await createEvent(t, owner);
    await joinEvent(t.app, viewer, event.id);
    await t.app.inject({ method: 'POST', url: `/api/users/block?user_id=${owner.user.id}&block_user_id=${viewer.user.id}`, headers: owner.headers });
    expect((await list(viewer)).find((e) => e.id === event.id)!).toMatchObject({ attendees: [viewer.user.id], attendee_count: 1 });
  });

  it('answers 401 without a session, 403 for someone else’s id and 400 without user_id', async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: `/api/events?user_id=${u.user.id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/events?user_id=${other.user.id}`, headers: u.headers })).statusCode).toBe(403);
    const missing = await t.app.inject({ method: 'GET', url: '/api/events', headers: u.headers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toMatch(/^user_id: /);
  });
});

describe('GET /api/events/{id}', () => {
  it('answers the event as the viewer sees it, to attendees and others alike', async () => {
    const owner = await registerUser(t.app);
    const viewer = await registerUser(t.app);
    const event = await createEvent(t, owner);
    const res = await t.app.inject({ method: 'GET', url: `/api/events/${event.id}`, headers: viewer.headers });
    expect(res.statusCode).toBe(200);
    // Not joined: nobody's attendance is told (issue 40).
    expect(EventSchema.parse(res.json())).toMatchObject({ id: event.id, attendees: [], is_attending: false, attendee_count: 0 });
    await joinEvent(t.app, viewer, event.id);
    const joined = await t.app.inject({ method: 'GET', url: `/api/events/${event.id}`, headers: viewer.headers });
    const seen = EventSchema.parse(joined.json());
    expect(seen).toMatchObject({ is_attending: true, attendee_count: 2 });
    expect(seen.attendees.toSorted()).toEqual([owner.user.id, viewer.user.id].toSorted());
  });

  it('answers 404 for an unknown event, 400 for a malformed id and 401 without a session', async () => {
    const u = await registerUser(t.app);
    const unknown = await t.app.inject({ method: 'GET', url: `/api/events/${UNKNOWN}`, headers: u.headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Event not found');
    const bad = await t.app.inject({ method: 'GET', url: '/api/events/not-an-id', headers: u.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/^id: /);
    expect((await t.app.inject({ method: 'GET', url: `/api/events/${UNKNOWN}` })).statusCode).toBe(401);
  });
});

describe('POST /api/events/{id}/join', () => {
  const join = (u: { user: { id: string }; headers: { cookie: string } }, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/events/${id}/join?user_id=${u.user.id}`, headers: u.headers });

  it('joins once: attending, counted, one feed entry however often it is called', async () => {
    const owner = await registerUser(t.app);
    const u = await registerUser(t.app);
    const event = await createEvent(t, owner);
    for (let i = 0; i < 2; i++) {
      const res = await join(u, event.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
    }
    const rows = await t.db
      .select()
      .from(eventAttendees)
      .where(and(eq(eventAttendees.eventId, event.id), eq(eventAttendees.userId, u.user.id)));
    expect(rows).toHaveLength(1);
    const feed = await t.db
      .select()
      .from(feedEntries)
      .where(and(eq(feedEntries.eventId, event.id), eq(feedEntries.actorId, u.user.id)));
    expect(feed.map((f) => f.kind)).toEqual(['joined']);
    const seen = (await list(u)).find((e) => e.id === event.id)!;
    expect(seen).toMatchObject({ is_attending: true, attendee_count: 2 });
  });

  it('refuses an event that has ended with 400', async () => {
    const u = await registerUser(t.app);
    const now = t.clock.now().getTime();
    const old = await insertEvent(now - 3 * HOUR, now - HOUR);
    const res = await join(u, old.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('This event has already ended');
  });

  it('answers 404 for an unknown event, 400 for a malformed id, 401 and 403', async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    const unknown = await join(u, UNKNOWN);
    expect(unknown.statusCode).toBe(404);
    expect((await join(u, 'nope')).statusCode).toBe(400);
    const event = await createEvent(t, other);
    expect((await t.app.inject({ method: 'POST', url: `/api/events/${event.id}/join?user_id=${u.user.id}` })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'POST', url: `/api/events/${event.id}/join?user_id=${other.user.id}`, headers: u.headers });
    expect(wrong.statusCode).toBe(403);
  });
});

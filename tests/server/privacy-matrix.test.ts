/**
 * DESIGN 5 walked as a matrix: for a viewer V and another attendee U, what V sees of U
 * in nearby people, recommendations, search and an event's attendee list, and of what
 * U wrote, shared, liked or made in the event's shared spaces, for each of U's settings
 * and each relation between them. The app runs its real live hub, so the live rows are
 * what each viewer's socket receives.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { DetailSchema, type PublicUser } from '../../contract/common';
import type { VisibilityMode } from '../../contract/constants';
import { EventListSchema, EventSchema } from '../../contract/events';
import { FeedSchema, PhotoListSchema, PhotoSchema } from '../../contract/media';
import { AttendeeWithPhotoSchema, ConversationsAnswerSchema, GroupMessageAnswerSchema, GroupMessageSchema, GroupChatSchema } from '../../contract/social';
import { NearbyListSchema, RecommendationsSchema, UserSearchAnswerSchema } from '../../contract/discovery';
import { keptReads } from '../../server/cache/kept';
import { tag } from '../../server/cache/tags';
import type { Db } from '../../server/db/client';
import { eventAttendees, restrictedPresence, userLocations } from '../../server/db/schema';
import { ORGANIZERS_ONLY } from '../../server/access/events';
import { ANONYMOUS_NAME } from '../../server/domain/visibility';
import { makeAdmin } from './admin-helpers';
import {
  addZone,
  connect,
  createEvent,
  expireKeptCopies,
  happeningNow,
  joinEvent,
  north,
  putPrivacy,
  reportLocation,
  setUserColumns,
} from './discovery-helpers';
import { registerUser, testApp, uniqueName, type TestApp, type TestUser } from './helpers';
import { callAs, organizedEvent, organizerCalls, placeZone } from './organizer-helpers';
import { joinEvent as joinLive, openLive, type Live } from './social-helpers';
import { refusalOf } from '../../contract/said';

/** Drops the kept copy of the event's people, as an edit of the event does. */
const forgetEvent = (db: object, eventId: string) => keptReads(db).changed([tag.eventRow(eventId)]);

let t: TestApp & { db: Db };
beforeAll(async () => {
  const app = await testApp();
  t = { ...app, db: app.database.db };
});
afterAll(async () => t.close());

const LAT = 48.8566;
const LNG = 2.3522;

interface Views {
  nearby: PublicUser | undefined;
  distance: number | null | undefined;
  recommended: PublicUser | undefined;
  searched: PublicUser | undefined;
  attendee: boolean;
}

/** V and U at a fresh event (so nothing seen before colours the answer), with U's interest tag. */
async function pair(opts: { connected?: boolean } = {}) {
  const tagWord = uniqueName('tag');
  const viewer = await registerUser(t.app, { interests: ['hiking', tagWord] });
  const target = await registerUser(t.app, { interests: ['hiking', tagWord], occupation: 'Librarian', age: 41 });
  if (opts.connected) await connect(t.db, viewer.user.id, target.user.id);
  const event = await createEvent(t, viewer, happeningNow(t.clock));
  await joinEvent(t.app, target, event.id);
  return { viewer, target, event, tagWord };
}

/** U's pseudonym at the event: their id to those they are anonymous to (issue 40). */
async function pseudonymAt(eventId: string, userId: string): Promise<string | undefined> {
  const [row] = await t.db
    .select({ pseudonym: eventAttendees.pseudonym })
    .from(eventAttendees)
    .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, userId)));
  return row?.pseudonym;
}

/** Everything V sees of U, through the four calls, by U's own id or their pseudonym at the event. */
async function views(viewer: TestUser, userId: string, eventId: string, tagWord: string): Promise<Views> {
  const pseudonym = await pseudonymAt(eventId, userId);
  const isTarget = (id: string) => id === userId || id === pseudonym;
  const targetId = userId;
  const h = { headers: viewer.headers };
  const q = `user_id=${viewer.user.id}`;
  const nearbyRes = await t.app.inject({ method: 'GET', url: `/api/discover/${eventId}?${q}`, ...h });
  expect(nearbyRes.statusCode).toBe(200);
  const nearby = NearbyListSchema.parse(nearbyRes.json()).find((e) => isTarget(e.user.id));
  const recRes = await t.app.inject({ method: 'GET', url: `/api/recommendations/${eventId}?${q}`, ...h });
  expect(recRes.statusCode).toBe(200);
  const recommended = RecommendationsSchema.parse(recRes.json()).people.find((e) => isTarget(e.user.id));
  const searchRes = await t.app.inject({ method: 'POST', url: `/api/users/search?${q}`, ...h, payload: { interests: [tagWord] } });
  expect(searchRes.statusCode).toBe(200);
  const searched = UserSearchAnswerSchema.parse(searchRes.json()).find((u) => isTarget(u.id));
  const eventsRes = await t.app.inject({ method: 'GET', url: `/api/events?${q}`, ...h });
  const event = EventListSchema.parse(eventsRes.json()).find((e) => e.id === eventId)!;
  return {
    nearby: nearby?.user,
    distance: nearby?.distance_m,
    recommended: recommended?.user,
    searched,
    attendee: event.attendees.includes(targetId) || (pseudonym !== undefined && event.attendees.includes(pseudonym)),
  };
}

const everywhere = (v: Views) => [v.nearby, v.recommended, v.searched];

/** The target's card in the event's attendees (GET /events/{id}/attendees-with-photos), if listed. */
async function attendeeCard(viewer: TestUser, targetId: string, eventId: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/events/${eventId}/attendees-with-photos?user_id=${viewer.user.id}`, headers: viewer.headers });
  expect(res.statusCode).toBe(200);
  return AttendeeWithPhotoSchema.array().parse(res.json()).find((a) => a.id === targetId);
}

describe('visibility mode × relation', () => {
  const cases: Array<[VisibilityMode, 'stranger' | 'connection', 'full' | 'anonymous' | 'hidden']> = [
    ['public', 'stranger', 'full'],
    ['public', 'connection', 'full'],
    ['friends', 'stranger', 'hidden'],
    ['friends', 'connection', 'full'],
    ['private', 'stranger', 'hidden'],
    ['private', 'connection', 'hidden'],
    ['anonymous', 'stranger', 'anonymous'],
    ['anonymous', 'connection', 'full'],
  ];

  it.each(cases)('%s to a %s: %s', async (mode, relation, expected) => {
    const { viewer, target, event, tagWord } = await pair({ connected: relation === 'connection' });
    await putPrivacy(t.app, target, { visibility_mode: mode });
    // Recommendations leave connections out by design, whatever their settings.
    const v = await views(viewer, target.user.id, event.id, tagWord);
    const shown = relation === 'connection' ? [v.nearby, v.searched] : everywhere(v);
    if (relation === 'connection') expect(v.recommended).toBeUndefined();
    if (expected === 'hidden') {
      for (const u of shown) expect(u).toBeUndefined();
      expect(v.attendee).toBe(false);
      return;
    }
    expect(v.attendee).toBe(true);
    for (const u of shown) {
      expect(u).toBeDefined();
      if (expected === 'full') {
        expect(u).toMatchObject({ name: target.user.name, username: target.user.username, occupation: 'Librarian', age: 41, is_anonymous: false });
      } else {
        expect(u).toMatchObject({ name: ANONYMOUS_NAME, username: null, occupation: null, age: null, photo_data: null, is_anonymous: true });
        expect(u!.interests).toEqual(['hiking', tagWord]);
        // By their pseudonym at the event, never their own id (issue 40).
        expect(u!.id).toBe(await pseudonymAt(event.id, target.user.id));
      }
    }
  });

  it('an anonymous person is found by interests only: name, occupation and age do not find them', async () => {
    const { viewer, target, event, tagWord } = await pair();
    await putPrivacy(t.app, target, { visibility_mode: 'anonymous' });
    // Found by their pseudonym at the event the two share (issue 40).
    const pseudonym = await pseudonymAt(event.id, target.user.id);
    const find = async (body: Record<string, unknown>) => {
      const res = await t.app.inject({ method: 'POST', url: `/api/users/search?user_id=${viewer.user.id}`, headers: viewer.headers, payload: body });
      return (res.json() as PublicUser[]).some((u) => u.id === pseudonym);
    };
    expect(await find({ interests: [tagWord] })).toBe(true);
    expect(await find({ query: target.user.username })).toBe(false);
    expect(await find({ query: 'Anonymous' })).toBe(false);
    expect(await find({ interests: [tagWord], professional_industry: 'Librarian' })).toBe(false);
    expect(await find({ interests: [tagWord], age_range: [40, 42] })).toBe(false);
  });
});

describe('blocks', () => {
  it.each(['viewer blocks', 'target blocks'])('%s: both vanish from each other everywhere', async (who) => {
    const { viewer, target, event, tagWord } = await pair();
    const [blocker, blocked] = who === 'viewer blocks' ? [viewer, target] : [target, viewer];
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/block?user_id=${blocker.user.id}&block_user_id=${blocked.user.id}`,
      headers: blocker.headers,
    });
    expect(res.statusCode).toBe(200);
    for (const [a, b] of [
      [viewer, target],
      [target, viewer],
    ] as const) {
      const v = await views(a, b.user.id, event.id, tagWord);
      for (const u of everywhere(v)) expect(u).toBeUndefined();
      expect(v.attendee).toBe(false);
    }
  });
});

describe('who attends, to someone who has not joined (issue 40)', () => {
  const cases: Array<[VisibilityMode, 'stranger' | 'connection', boolean]> = [
    ['public', 'stranger', false],
    ['public', 'connection', true],
    ['friends', 'stranger', false],
    ['friends', 'connection', true],
    ['private', 'stranger', false],
    ['private', 'connection', false],
    ['anonymous', 'stranger', false],
    ['anonymous', 'connection', true],
  ];

  it.each(cases)('%s to a %s: listed %s, and counted alike', async (mode, relation, listed) => {
    const owner = await registerUser(t.app);
    const target = await registerUser(t.app);
    const viewer = await registerUser(t.app);
    if (relation === 'connection') await connect(t.db, viewer.user.id, target.user.id);
    const event = await createEvent(t, owner, happeningNow(t.clock));
    await joinEvent(t.app, target, event.id);
    await putPrivacy(t.app, target, { visibility_mode: mode });
    const h = { headers: viewer.headers };
    const listedEvent = EventListSchema.parse((await t.app.inject({ method: 'GET', url: `/api/events?user_id=${viewer.user.id}`, ...h })).json()).find(
      (e) => e.id === event.id,
    )!;
    const one = EventSchema.parse((await t.app.inject({ method: 'GET', url: `/api/events/${event.id}`, ...h })).json());
    for (const e of [listedEvent, one]) {
      // The owner is a stranger to the viewer: never listed before the viewer joins.
      expect(e.attendees).toEqual(listed ? [target.user.id] : []);
      expect(e.attendee_count).toBe(e.attendees.length);
    }
  });
});

describe('presence', () => {
  it('unavailable: hidden from nearby people and recommendations, still found by search and listed', async () => {
    const { viewer, target, event, tagWord } = await pair();
    const res = await t.app.inject({ method: 'PUT', url: `/api/users/availability?user_id=${target.user.id}&is_available=false`, headers: target.headers });
    expect(res.statusCode).toBe(200);
    const v = await views(viewer, target.user.id, event.id, tagWord);
    expect(v.nearby).toBeUndefined();
    expect(v.recommended).toBeUndefined();
    expect(v.searched).toBeDefined();
    expect(v.attendee).toBe(true);
  });

  const battery = (u: TestUser, level: number) =>
    t.app.inject({ method: 'PUT', url: `/api/users/social-battery?user_id=${u.user.id}&battery_level=${level}`, headers: u.headers });

  it('social battery 3 or lower (issue 18): hidden from strangers in nearby people and recommendations, not from a connection', async () => {
    const stranger = await pair();
    expect((await battery(stranger.target, 3)).statusCode).toBe(200);
    const v = await views(stranger.viewer, stranger.target.user.id, stranger.event.id, stranger.tagWord);
    expect(v.nearby).toBeUndefined();
    expect(v.recommended).toBeUndefined();
    // Still findable on purpose, and still an attendee.
    expect(v.searched).toBeDefined();
    expect(v.attendee).toBe(true);
    const friend = await pair({ connected: true });
    expect((await battery(friend.target, 2)).statusCode).toBe(200);
    const f = await views(friend.viewer, friend.target.user.id, friend.event.id, friend.tagWord);
    expect(f.nearby).toBeDefined();
    // (Recommendations never suggest someone the viewer is connected to already.)
    expect(f.recommended).toBeUndefined();
    // Back at 4 the stranger sees them again at once.
    expect((await battery(stranger.target, 4)).statusCode).toBe(200);
    const back = await views(stranger.viewer, stranger.target.user.id, stranger.event.id, stranger.tagWord);
    expect(back.nearby).toBeDefined();
    expect(back.recommended).toBeDefined();
  });

  it('social battery 3 or lower with quiet_when_low_battery off: shown as at any level', async () => {
    const s = await pair();
    await putPrivacy(t.app, s.target, { quiet_when_low_battery: false });
    expect((await battery(s.target, 1)).statusCode).toBe(200);
    const v = await views(s.viewer, s.target.user.id, s.event.id, s.tagWord);
    expect(v.nearby).toBeDefined();
    expect(v.recommended).toBeDefined();
  });

  async function inRestrictedZone(privacy: Record<string, unknown>) {
    const s = await pair();
    // A restricted wing holding the target's whole 200 m square: a smaller room hides nobody (issue 40, below).
    await addZone(t.db, s.event.id, { zone_type: 'restricted', latitude: LAT, longitude: LNG, radius_meters: 400 });
    await putPrivacy(t.app, s.target, privacy);
    const res = await reportLocation(t.app, s.target, s.event.id, LAT, LNG);
    expect(res.json().current_zone.zone_type).toBe('restricted');
    return { ...s, v: await views(s.viewer, s.target.user.id, s.event.id, s.tagWord) };
  }

  it('in a restricted zone with auto-hide on: hidden from nearby people and recommendations', async () => {
    const { v } = await inRestrictedZone({ auto_hide_in_restricted_zones: true });
    expect(v.nearby).toBeUndefined();
    expect(v.recommended).toBeUndefined();
    expect(v.searched).toBeDefined();
  });

  it('in a restricted zone with auto-hide off: shown', async () => {
    const { v } = await inRestrictedZone({ auto_hide_in_restricted_zones: false });
    expect(v.nearby).toBeDefined();
    expect(v.recommended).toBeDefined();
  });

  it('in a restricted zone with auto-hide on and the location hidden: still hidden, though nothing is stored', async () => {
    const { v, target, event, viewer, tagWord } = await inRestrictedZone({ auto_hide_in_restricted_zones: true, show_location: false });
    expect(v.nearby).toBeUndefined();
    const rows = await t.db
      .select()
      .from(userLocations)
      .where(and(eq(userLocations.userId, target.user.id), eq(userLocations.eventId, event.id)));
    expect(rows).toEqual([]);
    // Walking out shows them again.
    const out = north(LAT, LNG, 1000);
    await reportLocation(t.app, target, event.id, out.latitude, out.longitude);
    expect((await views(viewer, target.user.id, event.id, tagWord)).nearby).toBeDefined();
    expect(await presenceOf(target.user.id, event.id)).toEqual([]);
  });

  const presenceOf = (userId: string, eventId: string) =>
    t.db
      .select({ userId: restrictedPresence.userId })
      .from(restrictedPresence)
      .where(and(eq(restrictedPresence.userId, userId), eq(restrictedPresence.eventId, eventId)));

  it('in a restricted zone with the location hidden: only that fact is stored, so a fresh load (another instance, a restart) still hides them', async () => {
    const { target, event, viewer, tagWord } = await inRestrictedZone({ auto_hide_in_restricted_zones: true, show_location: false });
    expect(await presenceOf(target.user.id, event.id)).toEqual([{ userId: target.user.id }]);
    forgetEvent(t.db, event.id);
    expect((await views(viewer, target.user.id, event.id, tagWord)).nearby).toBeUndefined();
  });

  it('hiding the location while in a restricted zone keeps them hidden: the stored position becomes presence', async () => {
    const { target, event, viewer, tagWord, v } = await inRestrictedZone({ auto_hide_in_restricted_zones: true });
    expect(v.nearby).toBeUndefined();
    await putPrivacy(t.app, target, { show_location: false });
    const positions = await t.db.select().from(userLocations).where(eq(userLocations.userId, target.user.id));
    expect(positions).toEqual([]);
    expect(await presenceOf(target.user.id, event.id)).toEqual([{ userId: target.user.id }]);
    expect((await views(viewer, target.user.id, event.id, tagWord)).nearby).toBeUndefined();
    forgetEvent(t.db, event.id);
    expect((await views(viewer, target.user.id, event.id, tagWord)).nearby).toBeUndefined();
  });

  // Issue 40: it was shown (the smallest zone decided), which said "inside the 20 m room" to anyone reading the zones.
  it('a safe space inside a restricted area hides its people too: auto-hide goes by the whole square around them', async () => {
    const s = await pair();
    await addZone(t.db, s.event.id, { zone_type: 'restricted', latitude: LAT, longitude: LNG, radius_meters: 500 });
    await addZone(t.db, s.event.id, { zone_type: 'safe_space', latitude: LAT, longitude: LNG, radius_meters: 20 });
    await reportLocation(t.app, s.target, s.event.id, LAT, LNG);
    expect((await views(s.viewer, s.target.user.id, s.event.id, s.tagWord)).nearby).toBeUndefined();
  });

  // Issue 40: dropping out exactly while inside a 20 m room placed people in it.
  it('in a restricted room smaller than a square with auto-hide on: still shown (hiding would say where), also with the location hidden and after a fresh load', async () => {
    for (const show_location of [true, false]) {
      const s = await pair();
      await addZone(t.db, s.event.id, { zone_type: 'restricted', latitude: LAT, longitude: LNG, radius_meters: 20 });
      await putPrivacy(t.app, s.target, { show_location });
      const res = await reportLocation(t.app, s.target, s.event.id, LAT, LNG);
      expect(res.json().current_zone.zone_type).toBe('restricted');
      expect((await views(s.viewer, s.target.user.id, s.event.id, s.tagWord)).nearby).toBeDefined();
      forgetEvent(t.db, s.event.id);
      expect((await views(s.viewer, s.target.user.id, s.event.id, s.tagWord)).nearby).toBeDefined();
    }
  });

  async function inQuietZone(opts: { connected?: boolean; privacy?: Record<string, unknown>; radius?: number } = {}) {
    const s = await pair({ connected: opts.connected });
    // Unless told otherwise, a quiet garden holding the target's whole 200 m square (domain/nearby.ts quietMayBeTold).
    await addZone(t.db, s.event.id, { zone_type: 'safe_space', latitude: LAT, longitude: LNG, radius_meters: opts.radius ?? 400 });
    if (opts.privacy) await putPrivacy(t.app, s.target, opts.privacy);
    const res = await reportLocation(t.app, s.target, s.event.id, LAT, LNG);
    expect(res.json().current_zone.zone_type).toBe('safe_space');
    return s;
  }
  const rechargingSeen = async (viewer: TestUser, targetId: string, eventId: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/discover/${eventId}?user_id=${viewer.user.id}`, headers: viewer.headers });
    return NearbyListSchema.parse(res.json()).find((e) => e.user.id === targetId)?.recharging;
  };

  it('in a quiet zone (issue 18): still shown, with "Recharging" on the card, to strangers and connections alike', async () => {
    for (const connected of [false, true]) {
      const { viewer, target, event, tagWord } = await inQuietZone({ connected });
      const v = await views(viewer, target.user.id, event.id, tagWord);
      expect(v.nearby).toBeDefined();
      expect(await rechargingSeen(viewer, target.user.id, event.id)).toBe(true);
      // Another instance's fresh load reads it from the database.
      forgetEvent(t.db, event.id);
      expect(await rechargingSeen(viewer, target.user.id, event.id)).toBe(true);
    }
  });

  it('in a quiet room smaller than a square (issue 40): shown, but nobody is told, connections included, also after a fresh load', async () => {
    for (const connected of [false, true]) {
      const { viewer, target, event, tagWord } = await inQuietZone({ connected, radius: 30 });
      expect((await views(viewer, target.user.id, event.id, tagWord)).nearby).toBeDefined();
      expect(await rechargingSeen(viewer, target.user.id, event.id)).toBe(false);
      forgetEvent(t.db, event.id);
      expect(await rechargingSeen(viewer, target.user.id, event.id)).toBe(false);
    }
  });

  it('in a quiet zone with the location hidden: only connections are told (it says where they are)', async () => {
    const stranger = await inQuietZone({ privacy: { show_location: false } });
    expect(await rechargingSeen(stranger.viewer, stranger.target.user.id, stranger.event.id)).toBe(false);
    const friend = await inQuietZone({ connected: true, privacy: { show_location: false } });
    expect(await rechargingSeen(friend.viewer, friend.target.user.id, friend.event.id)).toBe(true);
    // No position is stored for either, only the presence.
    expect(await t.db.select().from(userLocations).where(eq(userLocations.userId, friend.target.user.id))).toEqual([]);
  });

  it('away (a break): absent from nearby people, recommendations, search and the attendee lists, and back the moment it ends', async () => {
    const { viewer, target, event, tagWord } = await pair();
    // Ends sooner than any kept copy expires, so the copies themselves must see it end.
    const until = new Date(t.clock.now().getTime() + 2_000).toISOString();
    const res = await t.app.inject({ method: 'PUT', url: `/api/users/status?user_id=${target.user.id}`, headers: target.headers, payload: { status: 'away', until } });
    expect(res.statusCode).toBe(200);
    const v = await views(viewer, target.user.id, event.id, tagWord);
    for (const u of everywhere(v)) expect(u).toBeUndefined();
    expect(v.attendee).toBe(false);
    expect(await attendeeCard(viewer, target.user.id, event.id)).toBeUndefined();
    // It ends by the clock alone: nothing is written, and every kept copy follows.
    t.clock.advance(2_000);
    const back = await views(viewer, target.user.id, event.id, tagWord);
    for (const u of everywhere(back)) expect(u).toBeDefined();
    expect(back.attendee).toBe(true);
    expect(await attendeeCard(viewer, target.user.id, event.id)).toBeDefined();
  });

  it('reported by three people within a day: absent from nearby people, recommendations and search (still an attendee) until a moderator reviews', async () => {
    const { viewer, target, event, tagWord } = await pair();
    const reporters = await Promise.all([0, 1, 2].map(() => registerUser(t.app)));
    for (const r of reporters) await joinEvent(t.app, r, event.id);
    const reportIds: string[] = [];
    for (const r of reporters) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/reports?user_id=${r.user.id}`,
        headers: r.headers,
        payload: { target_type: 'user', target_id: target.user.id, reason: 'harassment' },
      });
      expect(res.statusCode).toBe(200);
      reportIds.push(res.json().report_id);
    }
    const v = await views(viewer, target.user.id, event.id, tagWord);
    for (const u of everywhere(v)) expect(u).toBeUndefined();
    expect(v.attendee).toBe(true);
    expect(await attendeeCard(viewer, target.user.id, event.id)).toBeDefined();
    // Reviewed: shown again at once.
    const admin = await makeAdmin(t.app);
    const resolved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reports/${reportIds[0]}/resolve?admin_id=${admin.id}`,
      headers: admin.headers,
      payload: { action: 'dismiss', reason: 'Looked into it' },
    });
    expect(resolved.statusCode).toBe(200);
    for (const u of everywhere(await views(viewer, target.user.id, event.id, tagWord))) expect(u).toBeDefined();
  });

  it('a deactivated account vanishes everywhere', async () => {
    const { viewer, target, event, tagWord } = await pair();
    await t.app.inject({ method: 'PUT', url: `/api/auth/deactivate?user_id=${target.user.id}`, headers: target.headers });
    const v = await views(viewer, target.user.id, event.id, tagWord);
    for (const u of everywhere(v)) expect(u).toBeUndefined();
    expect(v.attendee).toBe(false);
  });
});

describe('fields left out', () => {
  it('show_interests off: no interests shown, none used for the score, none searchable', async () => {
    const { viewer, target, event, tagWord } = await pair();
    const before = await views(viewer, target.user.id, event.id, tagWord);
    expect(before.nearby!.interests).toEqual(['hiking', tagWord]);
    await putPrivacy(t.app, target, { show_interests: false });
    const res = await t.app.inject({ method: 'GET', url: `/api/discover/${event.id}?user_id=${viewer.user.id}`, headers: viewer.headers });
    const entry = NearbyListSchema.parse(res.json()).find((e) => e.user.id === target.user.id)!;
    expect(entry.user.interests).toEqual([]);
    expect(entry.compatibility.compatibility_reasons.join(' ')).not.toMatch(/hiking|enjoy/);
    expect(entry.ice_breakers.map((i) => i.category)).not.toContain('shared_interest');
    const after = await views(viewer, target.user.id, event.id, tagWord);
    expect(after.searched).toBeUndefined();
  });

  it('show_profile_picture off: no photo; on: the photo', async () => {
    const { viewer, target, event, tagWord } = await pair();
    await setUserColumns(t.db, target.user.id, { photoData: 'QUJD' });
    expireKeptCopies(t); // the photo was set behind the kept copy's back
    expect((await views(viewer, target.user.id, event.id, tagWord)).nearby!.photo_data).toBe('QUJD');
    await putPrivacy(t.app, target, { show_profile_picture: false });
    const v = await views(viewer, target.user.id, event.id, tagWord);
    expect(v.nearby!.photo_data).toBeNull();
    expect(v.searched!.photo_data).toBeNull();
  });

  it('show_location off: no distance and no stored position; on both sides: a distance', async () => {
    const { viewer, target, event, tagWord } = await pair();
    const p = north(LAT, LNG, 120);
    await reportLocation(t.app, viewer, event.id, LAT, LNG);
    await reportLocation(t.app, target, event.id, p.latitude, p.longitude);
    // A band between their 200 m squares (DESIGN 5: nothing locates closer than 50 m): close by.
    expect((await views(viewer, target.user.id, event.id, tagWord)).distance).toBe(300);
    await putPrivacy(t.app, target, { show_location: false });
    await reportLocation(t.app, target, event.id, p.latitude, p.longitude);
    const v = await views(viewer, target.user.id, event.id, tagWord);
    expect(v.nearby).toBeDefined();
    expect(v.distance).toBeNull();
    const rows = await t.db.select().from(userLocations).where(eq(userLocations.userId, target.user.id));
    expect(rows).toEqual([]);
  });

  it('the viewer hiding their own location sees no distances either', async () => {
    const { viewer, target, event, tagWord } = await pair();
    const p = north(LAT, LNG, 60);
    await reportLocation(t.app, target, event.id, p.latitude, p.longitude);
    await putPrivacy(t.app, viewer, { show_location: false });
    await reportLocation(t.app, viewer, event.id, LAT, LNG);
    expect((await views(viewer, target.user.id, event.id, tagWord)).distance).toBeNull();
  });
});

describe('shared spaces: who wrote, shared, liked or made it', () => {
  type Setting = 'public' | 'friends' | 'private' | 'anonymous' | 'anonymous_browsing';
  type Viewer = 'self' | 'connection' | 'stranger';
  const privacy: Record<Setting, Record<string, unknown>> = {
    public: { visibility_mode: 'public' },
    friends: { visibility_mode: 'friends' },
    private: { visibility_mode: 'private' },
    anonymous: { visibility_mode: 'anonymous' },
    anonymous_browsing: { anonymous_browsing: true },
  };
  // Who sees U by name and id; everyone else at the event gets "Anonymous attendee" and
  // no id (in the feed: "Someone" and no name). Private is no one but U, as in lists.
  const namedFor: Record<Setting, Viewer[]> = {
    public: ['self', 'connection', 'stranger'],
    friends: ['self', 'connection'],
    private: ['self'],
    anonymous: ['self', 'connection'],
    anonymous_browsing: ['self'],
  };
  const cases = (Object.keys(namedFor) as Setting[]).flatMap((setting) =>
    (['self', 'connection', 'stranger'] as Viewer[]).map((viewer) => [setting, viewer, namedFor[setting].includes(viewer)] as const),
  );

  const jpeg = async () => (await sharp({ create: { width: 8, height: 8, channels: 3, background: 'teal' } }).jpeg().toBuffer()).toString('base64');

  /**
   * U makes an event; a connection of U, a stranger and someone U has blocked join it,
   * each with a live socket in it; then U writes in the group chat, shares a photo and
   * likes the stranger's photo.
   */
  async function scene(setting: Setting) {
    const author = await registerUser(t.app, { name: uniqueName('Author ') });
    const connection = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const blocked = await registerUser(t.app);
    await connect(t.db, author.user.id, connection.user.id);
    await putPrivacy(t.app, author, privacy[setting]);
    const event = await createEvent(t, author, happeningNow(t.clock));
    for (const u of [connection, stranger, blocked]) await joinEvent(t.app, u, event.id);
    const blockRes = await t.app.inject({
      method: 'POST',
      url: `/api/users/block?user_id=${author.user.id}&block_user_id=${blocked.user.id}`,
      headers: author.headers,
    });
    expect(blockRes.statusCode).toBe(200);
    const people = { self: author, connection, stranger, blocked };
    const live = {} as Record<keyof typeof people, Live>;
    for (const [k, u] of Object.entries(people) as [keyof typeof people, TestUser][]) {
      live[k] = await openLive(t.app, u);
      await joinLive(t.app, live[k], u.user.id, event.id);
    }
    onTestFinished(() => Object.values(live).forEach((l) => l.close()));

    const chats = await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/group-chats?user_id=${author.user.id}`, headers: author.headers });
    const chatId = GroupChatSchema.array().parse(chats.json()).find((c) => c.community_id === null)!.id;
    const text = uniqueName('hello ');
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/group-chats/${chatId}/messages?user_id=${author.user.id}`,
      headers: author.headers,
      payload: { group_id: chatId, message: text },
    });
    expect(sent.statusCode).toBe(200);
    const share = async (u: TestUser) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/events/${event.id}/photos?user_id=${u.user.id}`,
        headers: u.headers,
        payload: { event_id: event.id, photo_data: await jpeg() },
      });
      expect(res.statusCode).toBe(200);
      return PhotoSchema.parse(res.json());
    };
    const photo = await share(author);
    const strangersPhoto = await share(stranger);
    const liked = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/photos/${strangersPhoto.id}/like?user_id=${author.user.id}`,
      headers: author.headers,
    });
    expect(liked.statusCode).toBe(200);
    return { people, live, event, chatId, text, sent: GroupMessageAnswerSchema.parse(sent.json()).message, photo, strangersPhoto };
  }

  type Scene = Awaited<ReturnType<typeof scene>>;

  /** Everything one viewer sees of U's doings, over HTTP and on their socket. */
  async function seenBy(s: Scene, who: keyof Scene['people']) {
    const v = s.people[who];
    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}user_id=${v.user.id}`, headers: v.headers });
      expect(res.statusCode, url).toBe(200);
      return res.json() as unknown;
    };
    const history = GroupMessageSchema.array().parse(await get(`/api/group-chats/${s.chatId}/messages`));
    const chats = GroupChatSchema.array().parse(await get(`/api/events/${s.event.id}/group-chats`));
    const photos = PhotoListSchema.parse(await get(`/api/events/${s.event.id}/photos`));
    const feed = FeedSchema.parse(await get(`/api/events/${s.event.id}/feed`));
    const events = EventListSchema.parse(await get('/api/events'));
    const one = EventSchema.parse(await get(`/api/events/${s.event.id}`));
    const inbox = ConversationsAnswerSchema.parse(await get('/api/conversations'));
    const live = s.live[who];
    await live.sync();
    return {
      message: history.find((m) => m.message === s.text),
      lastMessage: chats.find((c) => c.community_id === null)!.last_message,
      inboxMessage: inbox.conversations.find((c) => c.id === s.chatId)?.last_message,
      liveMessage: live.ofType('group_message').find((m) => m.message.message === s.text)?.message,
      photo: photos.find((p) => p.id === s.photo.id),
      livePhoto: live.ofType('new_photo').find((m) => m.photo.id === s.photo.id)?.photo,
      likes: photos.find((p) => p.id === s.strangersPhoto.id)!,
      feed: feed.find((e) => e.kind === 'photo' && e.subject_id === s.photo.id),
      liveFeed: live.ofType('event_feed').find((m) => m.feed.kind === 'photo' && m.feed.subject_id === s.photo.id)?.feed,
      listedCreator: events.find((e) => e.id === s.event.id)!.created_by,
      creator: one.created_by,
      // One copy each: a viewer never gets both the named and the anonymous frame.
      liveCopies: [
        live.ofType('group_message').filter((m) => m.message.message === s.text).length,
        live.ofType('new_photo').filter((m) => m.photo.id === s.photo.id).length,
      ],
      // The shared spaces' whole answers and everything the socket received.
      everything: JSON.stringify([history, chats, photos, feed, inbox, live.messages]),
    };
  }

  it.each(cases)('%s, seen by %s: named %s', async (setting, viewer, named) => {
    const s = await scene(setting);
    const u = s.people.self.user;
    const id = named ? u.id : null;
    const name = named ? u.name : ANONYMOUS_NAME;
    const v = await seenBy(s, viewer);
    const author = { from_user: id, from_name: name };
    expect.soft(v.message).toMatchObject(author);
    expect.soft(v.lastMessage).toMatchObject({ message: s.text, ...author });
    // The Chats inbox names the sender as the chat does, and signs the reader's own as 'You'.
    expect.soft(v.inboxMessage).toMatchObject({ message: s.text, from_name: viewer === 'self' ? 'You' : name });
    expect.soft(v.liveMessage).toMatchObject(author);
    if (viewer === 'self') expect.soft(s.sent).toMatchObject(author);
    expect.soft(v.photo?.user_id).toBe(id);
    expect.soft(v.livePhoto?.user_id).toBe(id);
    expect.soft(v.likes.likes).toEqual([{ user_id: id, name }]);
    expect.soft(v.likes.like_count).toBe(1);
    expect.soft(v.feed).toMatchObject({ actor_name: named ? u.name : null, text: `${named ? u.name : 'Someone'} shared a photo` });
    expect.soft(v.liveFeed).toMatchObject({ actor_name: named ? u.name : null, text: `${named ? u.name : 'Someone'} shared a photo` });
    expect.soft(v.listedCreator).toBe(id);
    expect.soft(v.creator).toBe(id);
    expect.soft(v.liveCopies).toEqual([1, 1]);
    // Nothing anywhere carries U's id or name to a viewer who may not see them.
    if (!named) {
      expect.soft(v.everything).not.toContain(u.id);
      expect.soft(v.everything).not.toContain(u.name);
    }
  });

  it.each(Object.keys(namedFor) as Setting[])('%s, seen by someone blocked: absent', async (setting) => {
    const s = await scene(setting);
    const v = await seenBy(s, 'blocked');
    expect.soft(v.message).toBeUndefined();
    expect.soft(v.lastMessage?.message).not.toBe(s.text);
    expect.soft(v.inboxMessage?.message).not.toBe(s.text);
    expect.soft(v.liveMessage).toBeUndefined();
    expect.soft(v.photo).toBeUndefined();
    expect.soft(v.livePhoto).toBeUndefined();
    expect.soft(v.likes).toMatchObject({ likes: [], like_count: 0 });
    expect.soft(v.feed).toBeUndefined();
    expect.soft(v.liveFeed).toBeUndefined();
    expect.soft(v.listedCreator).toBeNull();
    expect.soft(v.creator).toBeNull();
    expect.soft(v.liveCopies).toEqual([0, 0]);
    expect.soft(v.everything).not.toContain(s.people.self.user.id);
    expect.soft(v.everything).not.toContain(s.people.self.user.name);
  });
});

describe('organizer tools (issue 17): the organizer and co-organizers only', () => {
  type Caller = 'organizer' | 'co-organizer' | 'attendee' | 'stranger';
  /** Walks every organizer call (each on a fresh event, so a cancel or a cap never colours the next) as one caller. */
  async function walk(caller: Caller) {
    const { owner, event, guests } = await organizedEvent(t, 3);
    const [co, attendee, toAdd] = guests as [TestUser, TestUser, TestUser];
    await callAs(t.app, owner, 'POST', `/api/events/${event.id}/organizers`, { user_id_to_add: co.user.id });
    const zone = await placeZone(t.app, owner, event.id);
    const who = { organizer: owner, 'co-organizer': co, attendee, stranger: await registerUser(t.app) }[caller];
    const answers: Record<string, number> = {};
    for (const c of organizerCalls(event.id, zone.id, toAdd.user.id)) {
      const res = await callAs(t.app, who, c.method, c.url, c.body);
      answers[c.call] = res.statusCode;
      if (res.statusCode !== 200) expect(DetailSchema.parse(res.json())).toMatchObject(refusalOf(ORGANIZERS_ONLY));
    }
    const read = await callAs(t.app, who, 'GET', `/api/events/${event.id}/announcements`);
    answers['GET /events/{id}/announcements'] = read.statusCode;
    return answers;
  }
  const all = (status: number, announcements: number) => ({
    ...Object.fromEntries(organizerCalls('e', 'z', 'u').map((c) => [c.call, status])),
    'GET /events/{id}/announcements': announcements,
  });

  it.each([
    ['organizer', 200, 404],
    ['co-organizer', 200, 404],
    ['attendee', 403, 200],
    ['stranger', 403, 403],
  ] as const)('%s: organizer calls %d; reading announcements afterwards %d', async (caller, status, announcements) => {
    // An organizer's walk ends by cancelling the event, so their reading comes after it is gone.
    expect(await walk(caller)).toEqual(all(status, announcements));
  });
});

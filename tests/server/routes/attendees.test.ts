import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AttendeeWithPhotoSchema, type AttendeeWithPhoto } from '../../../contract/social';
import { ANONYMOUS_NAME } from '../../../server/domain/visibility';
import { registerUser, testApp, type TestApp, type TestUser } from '../helpers';
import { as, block, insertUsers, makeEvent, setUser, unknownId } from '../social-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const list = async (viewer: TestUser, eventId: string, extra = ''): Promise<AttendeeWithPhoto[]> => {
  const res = await as(t.app, viewer).get(`/api/events/${eventId}/attendees-with-photos?user_id=${viewer.user.id}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return z.array(AttendeeWithPhotoSchema).parse(res.json());
};
const request = (from: TestUser, to: string) =>
  as(t.app, from).post(`/api/connections/request?from_user_id=${from.user.id}`, { to_user_id: to });

describe('GET /api/events/{id}/attendees-with-photos', () => {
  it('lists the other attendees with the fields of SPEC 3 and none of the secrets', async () => {
    const me = await registerUser(t.app);
    const u = await registerUser(t.app, { age: 41, occupation: 'Potter', interests: ['clay', 'tea'], communication_style: 'introverted' });
    const stranger = await registerUser(t.app);
    await setUser(t.database.db, u.user.id, { photoData: 'cG90' });
    const event = await makeEvent(t.database.db, [me.user.id, u.user.id]);
    const people = await list(me, event.id);
    expect(people.map((p) => p.id)).toEqual([u.user.id]);
    expect(people[0]).toEqual({
      id: u.user.id,
      name: u.user.name,
      username: u.user.username,
      photo_data: 'cG90',
      age: 41,
      occupation: 'Potter',
      communication_style: 'introverted',
      interests: ['clay', 'tea'],
      connection_status: 'none',
    });
    expect(JSON.stringify(people)).not.toMatch(/email|password/);
    expect(people.some((p) => p.id === stranger.user.id)).toBe(false);
  });

  it('gives each attendee the connection status from the viewer’s side', async () => {
    const me = await registerUser(t.app);
    const [connected, sent, got, none] = await Promise.all([0, 1, 2, 3].map(() => registerUser(t.app)));
    const event = await makeEvent(t.database.db, [me.user.id, connected!.user.id, sent!.user.id, got!.user.id, none!.user.id]);
    await request(me, connected!.user.id);
    await request(connected!, me.user.id);
    await request(me, sent!.user.id);
    await request(got!, me.user.id);
    const status = Object.fromEntries((await list(me, event.id)).map((p) => [p.id, p.connection_status]));
    expect(status).toEqual({
      [connected!.user.id]: 'connected',
      [sent!.user.id]: 'request_sent',
      [got!.user.id]: 'request_received',
      [none!.user.id]: 'none',
    });
  });

  it('follows each person’s privacy settings (DESIGN 5)', async () => {
    const me = await registerUser(t.app);
    const [priv, friends, friendsConnected, anon, noInterests, noPhoto] = await Promise.all(
      [0, 1, 2, 3, 4, 5].map(() => registerUser(t.app)),
    );
    const ids = [priv, friends, friendsConnected, anon, noInterests, noPhoto].map((u) => u!.user.id);
    const event = await makeEvent(t.database.db, [me.user.id, ...ids]);
    await setUser(t.database.db, priv!.user.id, { visibilityMode: 'private' });
    await setUser(t.database.db, friends!.user.id, { visibilityMode: 'friends' });
    await setUser(t.database.db, friendsConnected!.user.id, { visibilityMode: 'friends' });
    await request(me, friendsConnected!.user.id);
    await request(friendsConnected!, me.user.id);
    await setUser(t.database.db, anon!.user.id, { visibilityMode: 'anonymous', photoData: 'eA==' });
    await setUser(t.database.db, noInterests!.user.id, { showInterests: false });
    await setUser(t.database.db, noPhoto!.user.id, { showProfilePicture: false, photoData: 'eA==' });

    const people = new Map((await list(me, event.id)).map((p) => [p.id, p]));
    expect(people.has(priv!.user.id)).toBe(false);
    expect(people.has(friends!.user.id)).toBe(false);
    expect(people.get(friendsConnected!.user.id)?.connection_status).toBe('connected');
    // An anonymous attendee is listed by their pseudonym at the event, not their own id (issue 40).
    expect(people.has(anon!.user.id)).toBe(false);
    const [anonymous] = [...people.values()].filter((p) => p.name === ANONYMOUS_NAME);
    expect(anonymous).toMatchObject({ username: null, photo_data: null, age: null, occupation: null });
    expect(people.get(noInterests!.user.id)?.interests).toEqual([]);
    expect(people.get(noPhoto!.user.id)?.photo_data).toBeNull();
  });

  it('leaves out people blocked either way, deactivated or banned', async () => {
    const me = await registerUser(t.app);
    const [blockedByMe, blockedMe, gone, banned, fine] = await Promise.all([0, 1, 2, 3, 4].map(() => registerUser(t.app)));
    const event = await makeEvent(t.database.db, [me, blockedByMe, blockedMe, gone, banned, fine].map((u) => u!.user.id));
    await block(t.database.db, me.user.id, blockedByMe!.user.id);
    await block(t.database.db, blockedMe!.user.id, me.user.id);
    await setUser(t.database.db, gone!.user.id, { isActive: false });
    await setUser(t.database.db, banned!.user.id, { isBanned: true, bannedUntil: new Date(t.clock.now().getTime() + 3_600_000) });
    expect((await list(me, event.id)).map((p) => p.id)).toEqual([fine!.user.id]);
    // A ban that has ended no longer hides, the moment it ends (kept copies included).
    t.clock.advance(3_600_000);
    expect((await list(me, event.id)).map((p) => p.id).sort()).toEqual([fine!.user.id, banned!.user.id].sort());
  });

  it('pages with limit and offset (at most 100)', async () => {
    const me = await registerUser(t.app);
    const others = await insertUsers(t.database.db, 120);
    const event = await makeEvent(t.database.db, [me.user.id, ...others]);
    const first = await list(me, event.id);
    expect(first).toHaveLength(100);
    const rest = await list(me, event.id, '&offset=100');
    expect(rest).toHaveLength(20);
    expect(new Set([...first, ...rest].map((p) => p.id)).size).toBe(120);
    const small = await list(me, event.id, '&limit=5&offset=2');
    expect(small.map((p) => p.id)).toEqual(first.slice(2, 7).map((p) => p.id));
    const over = await as(t.app, me).get(`/api/events/${event.id}/attendees-with-photos?user_id=${me.user.id}&limit=101`);
    expect(over.statusCode).toBe(400);
    expect(over.json().detail).toMatch(/^limit: /);
  });

  it('answers 401, 403 for someone else’s id or a non-attendee, 404 for an unknown event, 400 for a bad id', async () => {
    const me = await registerUser(t.app);
    const other = await registerUser(t.app);
    const event = await makeEvent(t.database.db, [other.user.id]);
    const url = (id: string, uid: string) => `/api/events/${id}/attendees-with-photos?user_id=${uid}`;
    expect((await t.app.inject({ method: 'GET', url: url(event.id, me.user.id) })).statusCode).toBe(401);
    expect((await as(t.app, me).get(url(event.id, other.user.id))).statusCode).toBe(403);
    const notAttending = await as(t.app, me).get(url(event.id, me.user.id));
    expect(notAttending.statusCode).toBe(403);
    expect(notAttending.json().detail).toBe('You need to join this event first');
    expect((await as(t.app, me).get(url(unknownId(), me.user.id))).statusCode).toBe(404);
    const bad = await as(t.app, me).get(url('nope', me.user.id));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/^id: /);
  });
});

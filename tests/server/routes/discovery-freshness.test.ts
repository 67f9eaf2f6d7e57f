/**
 * Nearby people come from a kept copy of the event's people
 * (server/cache/event-people.ts). Every change made through the app shows in the
 * very next answer, without waiting for the copy to expire: the clock never moves here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../../server/db/schema';
import { eventPeople, noteZonePresence } from '../../../server/cache/event-people';
import { keptReads, lifetime } from '../../../server/cache/kept';
import { tag } from '../../../server/cache/tags';
import { ANONYMOUS_NAME } from '../../../server/domain/visibility';
import { NEARBY_PAGE_DEFAULT } from '../../../contract/constants';
import { makeAdmin } from '../admin-helpers';
import { createEvent, discover, discoveryApp, happeningNow, joinEvent, putPrivacy, type DiscoveryTestApp } from '../discovery-helpers';
import { registerUser, type TestUser } from '../helpers';

let t: DiscoveryTestApp;
beforeAll(async () => {
  t = await discoveryApp();
});
afterAll(async () => t.close());

/** These people changed as 'user.changed' says: the kept copies that hold them read them again. */
const forgetUsers = (ids: string[]) => keptReads(t.db).changed(ids.map(tag.profile));


/** An event happening now with a viewer and `n` more attendees; the viewer's list is loaded once. */
async function scene(n = 1, over: Record<string, unknown> = {}) {
  const viewer = await registerUser(t.app, { interests: ['hiking', 'jazz', 'chess'] });
  const event = await createEvent(t, viewer, happeningNow(t.clock));
  const others: TestUser[] = [];
  for (let i = 0; i < n; i++) {
    const u = await registerUser(t.app, { interests: ['hiking'], ...over });
    await joinEvent(t.app, u, event.id);
    others.push(u);
  }
  await discover(t.app, viewer, event.id);
  return { viewer, event, others };
}

const ids = async (viewer: TestUser, eventId: string) => (await discover(t.app, viewer, eventId)).map((e) => e.user.id);

describe('nearby people show every change at once', () => {
  it('a profile edit: name and interests, and the score follows', async () => {
    const { viewer, event, others } = await scene();
    const [before] = await discover(t.app, viewer, event.id);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/profile?user_id=${others[0]!.user.id}`,
      headers: others[0]!.headers,
      payload: { name: 'New Name', interests: ['hiking', 'jazz', 'chess'] },
    });
    expect(res.statusCode).toBe(200);
    const [after] = await discover(t.app, viewer, event.id);
    expect(after!.user).toMatchObject({ name: 'New Name', interests: ['hiking', 'jazz', 'chess'] });
    expect(after!.compatibility.overall_score).toBeGreaterThan(before!.compatibility.overall_score);
  });

  it('the viewer’s own edit changes their scores at once', async () => {
    const { viewer, event } = await scene();
    const [before] = await discover(t.app, viewer, event.id);
    await t.app.inject({
      method: 'PUT',
      url: `/api/auth/profile?user_id=${viewer.user.id}`,
      headers: viewer.headers,
      payload: { interests: ['knitting'] },
    });
    const [after] = await discover(t.app, viewer, event.id);
    expect(after!.compatibility.overall_score).toBeLessThan(before!.compatibility.overall_score);
  });

  it('a new connection: someone friends-only appears, someone anonymous is named', async () => {
    const { viewer, event, others } = await scene(2);
    const [friendsOnly, anonymous] = others as [TestUser, TestUser];
    await putPrivacy(t.app, friendsOnly, { visibility_mode: 'friends' });
    await putPrivacy(t.app, anonymous, { visibility_mode: 'anonymous' });
    const before = await discover(t.app, viewer, event.id);
    // Named by their pseudonym at the event while anonymous (issue 40), by their own id once connected.
    expect(before).toHaveLength(1);
    expect(before[0]!.user.id).not.toBe(anonymous.user.id);
    expect(before[0]!.user.name).toBe(ANONYMOUS_NAME);
    for (const other of [friendsOnly, anonymous]) {
      const ask = await t.app.inject({
        method: 'POST',
        url: `/api/connections/request?from_user_id=${other.user.id}`,
        headers: other.headers,
        payload: { to_user_id: viewer.user.id, event_id: event.id },
      });
      expect(ask.json().status).toBe('request_sent');
      const back = await t.app.inject({
        method: 'POST',
        url: `/api/connections/request?from_user_id=${viewer.user.id}`,
        headers: viewer.headers,
        payload: { to_user_id: other.user.id, event_id: event.id },
      });
      expect(back.json().status).toBe('connected');
    }
    const after = await discover(t.app, viewer, event.id);
    expect(after.map((e) => e.user.id).sort()).toEqual([friendsOnly.user.id, anonymous.user.id].sort());
    expect(after.find((e) => e.user.id === anonymous.user.id)!.user).toMatchObject({ name: anonymous.user.name, is_anonymous: false });
  });

  it('deactivation hides at once, and signing in again brings them back at once', async () => {
    const { viewer, event, others } = await scene();
    const u = others[0]!;
    expect(await ids(viewer, event.id)).toEqual([u.user.id]);
    await t.app.inject({ method: 'PUT', url: `/api/auth/deactivate?user_id=${u.user.id}`, headers: u.headers });
    expect(await ids(viewer, event.id)).toEqual([]);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username_or_email: u.user.username, password: u.password } });
    expect(login.json().reactivated).toBe(true);
    expect(await ids(viewer, event.id)).toEqual([u.user.id]);
  });

  it('a ban hides at once and an unban brings them back at once', async () => {
    const { viewer, event, others } = await scene();
    const u = others[0]!;
    const admin = await makeAdmin(t.app);
    const ban = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${u.user.id}/ban?admin_id=${admin.id}`,
      headers: admin.headers,
      payload: { user_id: u.user.id, reason: 'Rude', ban_type: 'temporary', duration_days: 3 },
    });
    expect(ban.statusCode).toBe(200);
    expect(await ids(viewer, event.id)).toEqual([]);
    const unban = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${u.user.id}/unban?admin_id=${admin.id}&reason=${encodeURIComponent('Apologised')}`,
      headers: admin.headers,
    });
    expect(unban.statusCode).toBe(200);
    // Signed out by the ban, but listed again.
    expect(await ids(viewer, event.id)).toEqual([u.user.id]);
  });

  it('a deleted account vanishes at once', async () => {
    const { viewer, event, others } = await scene();
    const admin = await makeAdmin(t.app);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${others[0]!.user.id}?admin_id=${admin.id}&reason=${encodeURIComponent('Spam')}`,
      headers: admin.headers,
    });
    expect(del.statusCode).toBe(200);
    expect(await ids(viewer, event.id)).toEqual([]);
  });

  it('battery and availability', async () => {
    const { viewer, event, others } = await scene();
    const u = others[0]!;
    await t.app.inject({ method: 'PUT', url: `/api/users/social-battery?user_id=${u.user.id}&battery_level=5`, headers: u.headers });
    expect((await discover(t.app, viewer, event.id))[0]!.social_battery).toBe(5);
    // At 3 or lower a stranger no longer sees them (issue 18).
    await t.app.inject({ method: 'PUT', url: `/api/users/social-battery?user_id=${u.user.id}&battery_level=2`, headers: u.headers });
    expect(await ids(viewer, event.id)).toEqual([]);
    await t.app.inject({ method: 'PUT', url: `/api/users/social-battery?user_id=${u.user.id}&battery_level=6`, headers: u.headers });
    await t.app.inject({ method: 'PUT', url: `/api/users/availability?user_id=${u.user.id}&is_available=false`, headers: u.headers });
    expect(await ids(viewer, event.id)).toEqual([]);
  });
});

describe('the page', () => {
  it(`answers the best ${NEARBY_PAGE_DEFAULT} without a limit, up to 100 with one, and more with offset`, async () => {
    const { viewer, event } = await scene(NEARBY_PAGE_DEFAULT + 5);
    const first = await discover(t.app, viewer, event.id);
    expect(first).toHaveLength(NEARBY_PAGE_DEFAULT);
    const all = await discover(t.app, viewer, event.id, '&limit=100');
    expect(all).toHaveLength(NEARBY_PAGE_DEFAULT + 5);
    expect(first.map((e) => e.user.id)).toEqual(all.slice(0, NEARBY_PAGE_DEFAULT).map((e) => e.user.id));
    const rest = await discover(t.app, viewer, event.id, `&offset=${NEARBY_PAGE_DEFAULT}`);
    expect(rest.map((e) => e.user.id)).toEqual(all.slice(NEARBY_PAGE_DEFAULT).map((e) => e.user.id));
  });
});

describe('the kept copy of an event’s people', () => {
  it('reads again only the people who changed: everyone else keeps their prepared entry', async () => {
    const { event, others } = await scene(3);
    const before = (await eventPeople(t.db, event.id, t.clock.now()))!;
    const [changed, same] = others as [TestUser, TestUser];
    await t.db.update(users).set({ name: 'Changed' }).where(eq(users.id, changed.user.id));
    forgetUsers([changed.user.id]);
    const after = (await eventPeople(t.db, event.id, t.clock.now()))!;
    expect(after).not.toBe(before);
    expect(after.attendees.get(changed.user.id)!.candidate.name).toBe('Changed');
    expect(after.attendees.get(same.user.id)).toBe(before.attendees.get(same.user.id));
    expect(after.attendees.size).toBe(before.attendees.size);
    // The copy still in use by requests that began before is left as it was.
    expect(before.attendees.get(changed.user.id)!.candidate.name).not.toBe('Changed');
  });

  it('a change while the copy is still loading is read again for whoever asks after it, without loading everyone again', async () => {
    const { event, others } = await scene(2);
    const [u, same] = others as [TestUser, TestUser];
    keptReads(t.db).changed([tag.eventRow(event.id)]);
    const loading = eventPeople(t.db, event.id, t.clock.now());
    await t.db.update(users).set({ name: 'While loading' }).where(eq(users.id, u.user.id));
    forgetUsers([u.user.id]);
    const after = (await eventPeople(t.db, event.id, t.clock.now()))!;
    const first = (await loading)!;
    expect(after.attendees.get(u.user.id)!.candidate.name).toBe('While loading');
    // The others were not loaded a second time.
    expect(after.attendees.get(same.user.id)).toBe(first.attendees.get(same.user.id));
  });

  it('a reload under way takes in the changes and positions reported meanwhile', async () => {
    const { viewer, event, others } = await scene(1);
    const u = others[0]!;
    const start = t.clock.now().getTime();
    await eventPeople(t.db, event.id, t.clock.now());
    t.clock.advance(lifetime('eventPeople').ttlMs);
    // Expired: served on while the next copy loads...
    const served = (await eventPeople(t.db, event.id, t.clock.now()))!;
    // ...and meanwhile someone changes and someone reports a position.
    await t.db.update(users).set({ name: 'Meanwhile' }).where(eq(users.id, u.user.id));
    forgetUsers([u.user.id]);
    noteZonePresence(t.db, event.id, viewer.user.id, { at: t.clock.now().getTime(), fix: { latitude: 1, longitude: 2, at: 0 }, restricted: false, quietAt: null, quietTold: false });
    await keptReads(t.db).settleReloads();
    const fresh = (await eventPeople(t.db, event.id, t.clock.now()))!;
    expect(fresh).not.toBe(served);
    expect(fresh.attendees.get(u.user.id)!.candidate.name).toBe('Meanwhile');
    expect(fresh.attendees.get(viewer.user.id)!.location).toEqual({ latitude: 1, longitude: 2, at: 0 });
    expect(t.clock.now().getTime() - start).toBe(lifetime('eventPeople').ttlMs);
  });

  it('someone who joined through another instance is let in and listed', async () => {
    const { viewer, event } = await scene(0);
    const late = await registerUser(t.app);
    const { eventAttendees } = await import('../../../server/db/schema');
    await t.db.insert(eventAttendees).values({ eventId: event.id, userId: late.user.id });
    expect((await discover(t.app, late, event.id)).map((e) => e.user.id)).toEqual([viewer.user.id]);
    expect(await ids(viewer, event.id)).toEqual([late.user.id]);
  });
});

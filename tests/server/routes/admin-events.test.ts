/**
 * The admin Events and Analytics screens (issue 16): GET /api/admin/events, hiding,
 * showing again and deleting an event (audited, attendees told kindly, live and in their
 * notifications; a hidden event gone for attendees), and GET /api/admin/analytics.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ANALYTICS_DAYS_MAX,
  AdminEventsAnswerSchema,
  AnalyticsAnswerSchema,
  EVENT_TAKEN_DOWN,
  EventModerationAnswerSchema,
  EventRemovalAnswerSchema,
} from '../../../contract/admin-events';
import { EventListSchema } from '../../../contract/events';
import { adminActions, dailyActivity, events } from '../../../server/db/schema';
import { makeAdmin, type TestAdmin } from '../admin-helpers';
import { createEvent, happeningNow, joinEvent } from '../discovery-helpers';
import { registerUser, testApp, type TestApp, type TestUser } from '../helpers';
import { groupMessage, reported } from '../report-helpers';
import { as, notificationsOf, openLive } from '../social-helpers';

let t: TestApp;
let admin: TestAdmin;
beforeAll(async () => {
  t = await testApp();
});
beforeEach(async () => {
  admin = await makeAdmin(t.app);
});
afterAll(async () => t.close());

const DAY = 86_400_000;
const db = () => t.database.db;
const adminCall = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `${url}${url.includes('?') ? '&' : '?'}admin_id=${admin.id}`, headers: admin.headers, ...(payload ? { payload } : {}) });

async function eventWith(n: number) {
  const owner = await registerUser(t.app);
  const event = await createEvent(t, owner, happeningNow(t.clock));
  const people: TestUser[] = [owner];
  for (let i = 0; i < n; i++) {
    const u = await registerUser(t.app);
    await joinEvent(t.app, u, event.id);
    people.push(u);
  }
  return { event, owner, people };
}

async function allAdminEvents() {
  const first = AdminEventsAnswerSchema.parse((await adminCall('GET', '/api/admin/events?limit=100')).json());
  const list = [...first.events];
  for (let p = 2; (p - 1) * 100 < first.total; p++) {
    list.push(...AdminEventsAnswerSchema.parse((await adminCall('GET', `/api/admin/events?limit=100&page=${p}`)).json()).events);
  }
  return { list, total: first.total };
}

const listedFor = async (u: TestUser) =>
  EventListSchema.parse((await as(t.app, u).get(`/api/events?user_id=${u.user.id}`)).json()).map((e) => e.id);

describe('GET /api/admin/events', () => {
  it('lists every event with its maker, attendee count and open reports, newest start first, paged', async () => {
    const { event, owner, people } = await eventWith(2);
    await eventWith(0);
    const chats = await as(t.app, owner).get(`/api/events/${event.id}/group-chats?user_id=${owner.user.id}`);
    const chatId = (chats.json() as Array<{ id: string; community_id: string | null }>).find((c) => c.community_id === null)!.id;
    const said = await groupMessage(db(), chatId, people[1]!.user.id, 'spam spam', t.clock.now());
    await reported(t.app, people[2]!, { target_type: 'group_message', target_id: said, reason: 'spam' });
    const { list, total } = await allAdminEvents();
    expect(total).toBe(list.length);
    expect(list.find((e) => e.id === event.id)).toMatchObject({
      name: event.name,
      created_by: { id: owner.user.id, name: owner.user.name, username: owner.user.username },
      attendee_count: 3,
      open_reports: 1,
      is_hidden: false,
      hidden_reason: null,
    });
    const starts = list.map((e) => e.start_time);
    expect(starts).toEqual([...starts].sort().reverse());
    const page = AdminEventsAnswerSchema.parse((await adminCall('GET', '/api/admin/events?limit=1&page=2')).json());
    expect(page).toMatchObject({ page: 2, limit: 1 });
    expect(page.events).toHaveLength(1);
  });

  it('is for admins only (401)', async () => {
    const u = await registerUser(t.app);
    expect((await as(t.app, u).get(`/api/admin/events?admin_id=${admin.id}`)).statusCode).toBe(401);
  });
});

describe('POST /api/admin/events/{id}/hide and /unhide', () => {
  it('takes the event out of sight for attendees, tells them kindly (not the reason), and is audited', async () => {
    const { event, people } = await eventWith(1);
    const [owner, guest] = people as [TestUser, TestUser];
    const chats = await as(t.app, guest).get(`/api/events/${event.id}/group-chats?user_id=${guest.user.id}`);
    const chatId = (chats.json() as Array<{ id: string; community_id: string | null }>).find((c) => c.community_id === null)!.id;
    // The chat is in the guest's inbox before.
    const before = (await as(t.app, guest).get(`/api/conversations?user_id=${guest.user.id}`)).json() as { conversations: Array<{ id: string }> };
    expect(before.conversations.map((c) => c.id)).toContain(chatId);
    const live = await openLive(t.app, guest);
    try {
      const res = await adminCall('POST', `/api/admin/events/${event.id}/hide`, { reason: 'A scam posing as a meetup' });
      expect(res.statusCode, res.body).toBe(200);
      const answer = EventModerationAnswerSchema.parse(res.json());
      expect(answer).toMatchObject({ attendees_told: 2, event: { is_hidden: true, hidden_reason: 'A scam posing as a meetup', hidden_at: t.clock.now().toISOString() } });
      const note = await live.next('notification');
      expect(note.notification).toMatchObject({ title: EVENT_TAKEN_DOWN.hidden.title.english({ name: event.name }), content: EVENT_TAKEN_DOWN.hidden.content.english({ name: event.name }) });
      expect(note.notification.content).not.toContain('scam');
    } finally {
      live.close();
    }
    for (const u of [owner, guest]) {
      expect((await notificationsOf(db(), u.user.id)).filter((n) => n.kind === 'event_taken_down')).toHaveLength(1);
      expect(await listedFor(u)).not.toContain(event.id);
      expect((await as(t.app, u).get(`/api/events/${event.id}?user_id=${u.user.id}`)).statusCode).toBe(404);
      expect((await as(t.app, u).get(`/api/discover/${event.id}?user_id=${u.user.id}`)).statusCode).toBe(404);
    }
    const outsider = await registerUser(t.app);
    expect((await as(t.app, outsider).post(`/api/events/${event.id}/join?user_id=${outsider.user.id}`)).statusCode).toBe(404);
    // Its group chat goes with it: not in the inbox, and unknown by its id.
    const inbox = (await as(t.app, guest).get(`/api/conversations?user_id=${guest.user.id}`)).json() as { conversations: Array<{ id: string }> };
    expect(inbox.conversations.map((c) => c.id)).not.toContain(chatId);
    expect((await as(t.app, guest).get(`/api/group-chats/${chatId}/messages?user_id=${guest.user.id}`)).statusCode).toBe(404);
    const post = await as(t.app, guest).post(`/api/group-chats/${chatId}/messages?user_id=${guest.user.id}`, { group_id: chatId, message: 'anyone?' });
    expect(post.statusCode).toBe(404);
    const audit = await db().select().from(adminActions).where(eq(adminActions.adminId, admin.id));
    expect(audit.map((a) => [a.actionType, a.reason, a.targetDisplayName])).toEqual([['hide_event', 'A scam posing as a meetup', event.name]]);
    expect((await adminCall('POST', `/api/admin/events/${event.id}/hide`, { reason: 'again' })).statusCode).toBe(409);

    // Shown again: back for its attendees as it was, nobody notified.
    const shown = await adminCall('POST', `/api/admin/events/${event.id}/unhide`, { reason: 'The organiser proved who they are' });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(EventModerationAnswerSchema.parse(shown.json())).toMatchObject({ attendees_told: 0, event: { is_hidden: false, hidden_at: null } });
    expect(await listedFor(guest)).toContain(event.id);
    const back = (await as(t.app, guest).get(`/api/conversations?user_id=${guest.user.id}`)).json() as { conversations: Array<{ id: string }> };
    expect(back.conversations.map((c) => c.id)).toContain(chatId);
    expect((await notificationsOf(db(), guest.user.id)).filter((n) => n.kind === 'event_taken_down')).toHaveLength(1);
    expect((await adminCall('POST', `/api/admin/events/${event.id}/unhide`, { reason: 'again' })).statusCode).toBe(409);
  });

  it('answers 404 for an unknown event, 400 without a reason, 401 for an attendee', async () => {
    const { event, owner } = await eventWith(0);
    expect((await adminCall('POST', '/api/admin/events/00000000-0000-4000-8000-000000000999/hide', { reason: 'x' })).statusCode).toBe(404);
    const bad = await adminCall('POST', `/api/admin/events/${event.id}/hide`, { reason: '  ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/^reason: /);
    const asUser = await as(t.app, owner).post(`/api/admin/events/${event.id}/hide?admin_id=${admin.id}`, { reason: 'x' });
    expect(asUser.statusCode).toBe(401);
    expect((await db().select().from(events).where(eq(events.id, event.id)))[0]!.hiddenAt).toBeNull();
  });
});

describe('DELETE /api/admin/events/{id}', () => {
  it('deletes the event, tells its attendees kindly, and is audited', async () => {
    const { event, people } = await eventWith(1);
    const res = await adminCall('DELETE', `/api/admin/events/${event.id}?reason=${encodeURIComponent('Duplicate of another event')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(EventRemovalAnswerSchema.parse(res.json())).toEqual({ success: true, attendees_told: 2 });
    expect(await db().select().from(events).where(eq(events.id, event.id))).toEqual([]);
    for (const u of people) {
      const [note] = (await notificationsOf(db(), u.user.id)).filter((n) => n.kind === 'event_taken_down');
      expect(note).toMatchObject({ title: EVENT_TAKEN_DOWN.removed.title.english({ name: event.name }), content: EVENT_TAKEN_DOWN.removed.content.english({ name: event.name }) });
      expect(await listedFor(u)).not.toContain(event.id);
    }
    const audit = await db().select().from(adminActions).where(eq(adminActions.adminId, admin.id));
    expect(audit.map((a) => [a.actionType, a.reason])).toEqual([['delete_event', 'Duplicate of another event']]);
    expect((await adminCall('DELETE', `/api/admin/events/${event.id}?reason=x`)).statusCode).toBe(404);
    expect((await adminCall('DELETE', `/api/admin/events/${event.id}`)).statusCode).toBe(400);
  });
});

describe('GET /api/admin/analytics', () => {
  it('counts per UTC day: sign-ups, active people, requests sent and accepted, reports', async () => {
    const fresh = await testApp();
    try {
      let boss = await makeAdmin(fresh.app);
      const get = async (q = '') => {
        const res = await fresh.app.inject({ method: 'GET', url: `/api/admin/analytics?admin_id=${boss.id}${q}`, headers: boss.headers });
        expect(res.statusCode, res.body).toBe(200);
        return AnalyticsAnswerSchema.parse(res.json()).per_day;
      };
      const today = fresh.clock.now().toISOString().slice(0, 10);
      const [a, b, c] = [await registerUser(fresh.app), await registerUser(fresh.app), await registerUser(fresh.app)];
      const owner = a;
      const event = await createEvent(fresh, owner, happeningNow(fresh.clock));
      for (const u of [b, c]) await joinEvent(fresh.app, u, event.id);
      const ask = (from: TestUser, to: TestUser) =>
        as(fresh.app, from).post(`/api/connections/request?from_user_id=${from.user.id}`, { to_user_id: to.user.id, event_id: event.id });
      await ask(a, b);
      await ask(a, c);
      await ask(b, a); // connects: a request sent and one accepted
      await reported(fresh.app, c, { target_type: 'user', target_id: a.user.id, reason: 'spam' });
      // Tomorrow, one of them comes back.
      fresh.clock.advance(DAY);
      await as(fresh.app, c).get(`/api/events?user_id=${c.user.id}`);
      boss = await makeAdmin(fresh.app); // an admin session lasts hours, not a day
      const days = await get('&days=3');
      expect(days.map((d) => d.date)).toHaveLength(3);
      expect(days[2]!.date).toBe(fresh.clock.now().toISOString().slice(0, 10));
      expect(days.find((d) => d.date === today)).toEqual({ date: today, sign_ups: 3, active_people: 3, requests_sent: 3, requests_accepted: 1, reports: 1 });
      expect(days[2]).toMatchObject({ sign_ups: 0, active_people: 1, requests_sent: 0, reports: 0 });
      expect(days[0]).toMatchObject({ sign_ups: 0, active_people: 0 });
      expect(await get()).toHaveLength(30);
      const bad = await fresh.app.inject({ method: 'GET', url: `/api/admin/analytics?admin_id=${boss.id}&days=400`, headers: boss.headers });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().detail).toMatch(/^days: /);
      // A year on, the days the analytics can no longer show are forgotten: no one's days of use are kept.
      fresh.clock.advance(ANALYTICS_DAYS_MAX * DAY);
      const later = await registerUser(fresh.app);
      await as(fresh.app, later).get(`/api/events?user_id=${later.user.id}`);
      const kept = await fresh.database.db.select().from(dailyActivity);
      expect(kept.map((r) => [r.day, r.userId])).toEqual([[fresh.clock.now().toISOString().slice(0, 10), later.user.id]]);
    } finally {
      await fresh.close();
    }
  });
});

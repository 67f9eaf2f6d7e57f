/**
 * Issue 40 item 6, DESIGN 5: an anonymous attendee has a separate pseudonymous id per
 * event. Strangers see them under their pseudonym at the event they meet them at, never
 * their own id (which would link their events); every call that takes a person's id takes
 * that pseudonym and answers with it; another event's pseudonym answers as an unknown person.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventAttendees } from '../../../server/db/schema';
import { registerUser, testApp, type TestApp, type TestUser } from '../helpers';
import { as, makeEvent, setUser, unknownId } from '../social-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

async function pseudonymOf(userId: string, eventId: string): Promise<string> {
  const [row] = await t.database.db
    .select({ pseudonym: eventAttendees.pseudonym })
    .from(eventAttendees)
    .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, userId)));
  return row!.pseudonym;
}

/**
 * An anonymous person and a stranger who both attend two events going on now (the second
 * started later), and a third person who attends only the second.
 */
async function scene() {
  const anon = await registerUser(t.app);
  const viewer = await registerUser(t.app);
  const onlySecond = await registerUser(t.app);
  await setUser(t.database.db, anon.user.id, { visibilityMode: 'anonymous' });
  const first = await makeEvent(t.database.db, [anon.user.id, viewer.user.id], { start: new Date('2026-11-22T08:00:00Z') });
  const second = await makeEvent(t.database.db, [anon.user.id, viewer.user.id, onlySecond.user.id], { start: new Date('2026-11-22T09:00:00Z') });
  return {
    anon,
    viewer,
    onlySecond,
    first: { id: first.id, pseudonym: await pseudonymOf(anon.user.id, first.id) },
    second: { id: second.id, pseudonym: await pseudonymOf(anon.user.id, second.id) },
  };
}

const discover = async (u: TestUser, eventId: string) => {
  const res = await as(t.app, u).get(`/api/discover/${eventId}?user_id=${u.user.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, ids: (res.json() as Array<{ user: { id: string; name: string } }>).map((e) => e.user.id) };
};

const send = (from: TestUser, to: string, eventId: string | null) =>
  as(t.app, from).post(`/api/chat/send?user_id=${from.user.id}`, { to_user: to, message: 'Hello there', event_id: eventId });

const UNKNOWN_PERSON = { detail: 'User not found', code: 'error.userNotFound', params: {} };

describe('an anonymous attendee in the lists', () => {
  it('is seen by a stranger under a different id at each event, neither their own', async () => {
    const s = await scene();
    const atFirst = await discover(s.viewer, s.first.id);
    const atSecond = await discover(s.viewer, s.second.id);
    expect(atFirst.ids).toEqual([s.first.pseudonym]);
    expect(atSecond.ids).toContain(s.second.pseudonym);
    expect(s.first.pseudonym).not.toBe(s.second.pseudonym);
    expect([s.first.pseudonym, s.second.pseudonym]).not.toContain(s.anon.user.id);
    expect(atFirst.body + atSecond.body).not.toContain(s.anon.user.id);

    for (const e of [s.first, s.second]) {
      const event = await as(t.app, s.viewer).get(`/api/events/${e.id}`);
      expect(event.statusCode, event.body).toBe(200);
      expect((event.json() as { attendees: string[] }).attendees).toContain(e.pseudonym);
      const listed = await as(t.app, s.viewer).get(`/api/events/${e.id}/attendees-with-photos?user_id=${s.viewer.user.id}`);
      expect((listed.json() as Array<{ id: string }>).map((p) => p.id)).toContain(e.pseudonym);
      expect(event.body + listed.body).not.toContain(s.anon.user.id);
    }
  });

  it('is counted in the event analytics as in its attendees', async () => {
    const s = await scene();
    const event = (await as(t.app, s.viewer).get(`/api/events/${s.first.id}`)).json() as { attendees: string[]; attendee_count: number };
    const analytics = await as(t.app, s.viewer).get(`/api/events/${s.first.id}/analytics?user_id=${s.viewer.user.id}`);
    expect(analytics.statusCode, analytics.body).toBe(200);
    expect((analytics.json() as { total_attendees: number }).total_attendees).toBe(event.attendee_count);
    expect(event.attendees).toHaveLength(2);
  });

  it('is seen by themself and by their connections under their own id', async () => {
    const s = await scene();
    const own = await as(t.app, s.anon).get(`/api/events/${s.first.id}`);
    expect((own.json() as { attendees: string[] }).attendees).toContain(s.anon.user.id);

    // The viewer asks with the pseudonym; the anonymous person accepts: now they are connected.
    const asked = await as(t.app, s.viewer).post(`/api/connections/request?from_user_id=${s.viewer.user.id}`, {
      to_user_id: s.first.pseudonym,
      event_id: s.first.id,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const received = await as(t.app, s.anon).get(`/api/connections/requests/received?user_id=${s.anon.user.id}`);
    const [request] = received.json() as Array<{ id: string; sender: { id: string } }>;
    expect(request!.sender.id).toBe(s.viewer.user.id);
    const accepted = await as(t.app, s.anon).post(`/api/connections/requests/respond?user_id=${s.anon.user.id}`, {
      request_id: request!.id,
      action: 'accept',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await discover(s.viewer, s.first.id)).ids).toEqual([s.anon.user.id]);

    // A meeting (between connections) still takes the pseudonym, and answers with it.
    const meeting = await as(t.app, s.viewer).post(`/api/meetings?user_id=${s.viewer.user.id}`, {
      with_user_id: s.first.pseudonym,
      event_id: s.first.id,
      start_time: '2026-11-22T11:00:00.000Z',
      duration_minutes: 15,
      place: 'Bar',
    });
    expect(meeting.statusCode, meeting.body).toBe(200);
    expect((meeting.json() as { with: { id: string } }).with.id).toBe(s.first.pseudonym);
    expect(meeting.body).not.toContain(s.anon.user.id);
    const wrongEvent = await as(t.app, s.viewer).post(`/api/meetings?user_id=${s.viewer.user.id}`, {
      with_user_id: s.first.pseudonym,
      event_id: s.second.id,
      start_time: '2026-11-22T11:30:00.000Z',
      duration_minutes: 15,
      place: 'Bar',
    });
    expect(wrongEvent.statusCode).toBe(404);
    expect(wrongEvent.json()).toEqual(UNKNOWN_PERSON);
  });
});

describe('calls that take a person id', () => {
  it('chat with the pseudonym, and answer with it', async () => {
    const s = await scene();
    const sent = await send(s.viewer, s.first.pseudonym, s.first.id);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((sent.json() as { message: { to_user: string } }).message.to_user).toBe(s.first.pseudonym);
    expect(sent.body).not.toContain(s.anon.user.id);

    const history = await as(t.app, s.viewer).get(`/api/chat/${s.first.pseudonym}?user_id=${s.viewer.user.id}`);
    expect(history.statusCode, history.body).toBe(200);
    expect((history.json() as Array<{ to_user: string }>).map((m) => m.to_user)).toEqual([s.first.pseudonym]);
    expect(history.body).not.toContain(s.anon.user.id);

    const partner = await as(t.app, s.viewer).get(`/api/chat/${s.first.pseudonym}/partner?user_id=${s.viewer.user.id}`);
    expect(partner.statusCode, partner.body).toBe(200);
    expect(partner.json()).toMatchObject({ id: s.first.pseudonym, is_anonymous: true, can_message: true });

    const breakers = await as(t.app, s.viewer).get(`/api/ice-breakers/${s.first.pseudonym}?user_id=${s.viewer.user.id}&event_id=${s.first.id}`);
    expect(breakers.statusCode, breakers.body).toBe(200);
    // Without an event, a pseudonym's suggestions are its event's: no ids shared between the person's pseudonyms.
    const idsOf = async (pseudonym: string) =>
      ((await as(t.app, s.viewer).get(`/api/ice-breakers/${pseudonym}?user_id=${s.viewer.user.id}`)).json() as Array<{ id: string }>).map((b) => b.id);
    const [firstIds, secondIds] = [await idsOf(s.first.pseudonym), await idsOf(s.second.pseudonym)];
    expect(firstIds.length).toBeGreaterThan(0);
    expect(firstIds.filter((id) => secondIds.includes(id))).toEqual([]);
    expect(firstIds).toEqual((breakers.json() as Array<{ id: string }>).map((b) => b.id));
    // And a message may use one of them, as the chat offered it (with no event named).
    const used = await as(t.app, s.viewer).post(`/api/chat/send?user_id=${s.viewer.user.id}`, {
      to_user: s.first.pseudonym,
      message: 'Hi!',
      message_type: 'ice_breaker',
      ice_breaker_id: firstIds[0],
    });
    expect(used.statusCode, used.body).toBe(200);

    // The anonymous person reads the chat with the viewer's own id: the viewer is not anonymous.
    const theirs = await as(t.app, s.anon).get(`/api/chat/${s.viewer.user.id}?user_id=${s.anon.user.id}`);
    expect(new Set((theirs.json() as Array<{ to_user: string }>).map((m) => m.to_user))).toEqual(new Set([s.anon.user.id]));
  });

  it('take a break from a chat, list its mute and end it by the pseudonym', async () => {
    const s = await scene();
    const taken = await as(t.app, s.viewer).post(`/api/chat/break?user_id=${s.viewer.user.id}`, {
      to_user: s.second.pseudonym,
      line_id: 'recharge',
      mute_minutes: 30,
      event_id: s.second.id,
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.body).not.toContain(s.anon.user.id);
    const muted = await as(t.app, s.viewer).get(`/api/chat/mutes?user_id=${s.viewer.user.id}`);
    expect((muted.json() as Array<{ user_id: string }>).map((m) => m.user_id)).toEqual([s.second.pseudonym]);
    const ended = await as(t.app, s.viewer).delete(`/api/chat/${s.second.pseudonym}/mute?user_id=${s.viewer.user.id}`);
    expect(ended.statusCode, ended.body).toBe(200);
  });

  it('names the anonymous person in the inbox, its toast and its notification by one pseudonym, which opens the same chat', async () => {
    const s = await scene();
    const first = await send(s.anon, s.viewer.user.id, s.first.id);
    expect(first.statusCode, first.body).toBe(200);
    const inbox = await as(t.app, s.viewer).get(`/api/conversations?user_id=${s.viewer.user.id}`);
    expect(inbox.statusCode, inbox.body).toBe(200);
    const direct = (inbox.json() as { conversations: Array<{ kind: string; id: string }> }).conversations.filter((c) => c.kind === 'direct');
    // The latest event the two share names them in one-to-one spaces.
    expect(direct.map((c) => c.id)).toEqual([s.second.pseudonym]);
    expect(inbox.body).not.toContain(s.anon.user.id);
    const opened = await as(t.app, s.viewer).get(`/api/chat/${direct[0]!.id}?user_id=${s.viewer.user.id}`);
    expect((opened.json() as Array<{ from_user: string }>).map((m) => m.from_user)).toEqual([s.second.pseudonym]);
    const read = await as(t.app, s.viewer).put(`/api/conversations/read?user_id=${s.viewer.user.id}`, { kind: 'direct', id: direct[0]!.id });
    expect(read.statusCode, read.body).toBe(200);

    const notes = await as(t.app, s.viewer).get(`/api/notifications/${s.viewer.user.id}`);
    const chatNotes = (notes.json() as Array<{ about_user_id: string | null; link: string | null }>).filter((n) => n.link?.startsWith('/chats/'));
    expect(chatNotes.map((n) => [n.about_user_id, n.link])).toEqual([[s.second.pseudonym, `/chats/${s.second.pseudonym}`]]);
    expect(notes.body).not.toContain(s.anon.user.id);
  });

  it('answer a pseudonym from another event, or of an event the caller never attended, as an unknown person', async () => {
    const s = await scene();
    const unknown = await send(s.viewer, unknownId(), null);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(UNKNOWN_PERSON);

    const otherEvent = await send(s.viewer, s.first.pseudonym, s.second.id);
    expect(otherEvent.statusCode).toBe(404);
    expect(otherEvent.json()).toEqual(UNKNOWN_PERSON);

    // Attends only the second event: the first event's pseudonym names nobody to them.
    for (const res of [
      await send(s.onlySecond, s.first.pseudonym, null),
      await as(t.app, s.onlySecond).get(`/api/chat/${s.first.pseudonym}/partner?user_id=${s.onlySecond.user.id}`),
      await as(t.app, s.onlySecond).post(`/api/users/block?user_id=${s.onlySecond.user.id}&block_user_id=${s.first.pseudonym}`),
      await as(t.app, s.onlySecond).post(`/api/connections/request?from_user_id=${s.onlySecond.user.id}`, { to_user_id: s.first.pseudonym }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual(UNKNOWN_PERSON);
    }
    // Their own pseudonym at the second event works for them.
    expect((await send(s.onlySecond, s.second.pseudonym, s.second.id)).statusCode).toBe(200);
  });

  it('share contact details, report and block by the pseudonym', async () => {
    const s = await scene();
    const shared = await as(t.app, s.viewer).post(`/api/contact-exchange?user_id=${s.viewer.user.id}`, {
      to_user: s.first.pseudonym,
      exchange_type: 'social_media',
      contact_data: { instagram: '@viewer' },
      event_id: s.first.id,
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect((shared.json() as { exchange: { to_user: string } }).exchange.to_user).toBe(s.first.pseudonym);
    expect(shared.body).not.toContain(s.anon.user.id);
    const mine = await as(t.app, s.viewer).get(`/api/cards/shared?user_id=${s.viewer.user.id}`);
    expect((mine.json() as Array<{ to_user: string }>).map((c) => c.to_user)).toEqual([s.first.pseudonym]);

    const report = await as(t.app, s.viewer).post(`/api/reports?user_id=${s.viewer.user.id}`, {
      target_type: 'user',
      target_id: s.first.pseudonym,
      reason: 'spam',
    });
    expect(report.statusCode, report.body).toBe(200);
    const reports = await as(t.app, s.viewer).get(`/api/reports/mine?user_id=${s.viewer.user.id}`);
    expect((reports.json() as Array<{ target_id: string }>).map((r) => r.target_id)).toEqual([s.first.pseudonym]);
    expect(reports.body).not.toContain(s.anon.user.id);

    const blocked = await as(t.app, s.viewer).post(`/api/users/block?user_id=${s.viewer.user.id}&block_user_id=${s.second.pseudonym}`);
    expect(blocked.statusCode, blocked.body).toBe(200);
    // The block holds: the anonymous person is gone from both events' lists.
    expect((await discover(s.viewer, s.first.id)).ids).toEqual([]);
    const list = await as(t.app, s.viewer).get(`/api/users/blocked?user_id=${s.viewer.user.id}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).not.toContain(s.anon.user.id);
    expect(list.body).toContain(s.second.pseudonym);
    const unblocked = await as(t.app, s.viewer).delete(`/api/users/block/${s.second.pseudonym}?user_id=${s.viewer.user.id}`);
    expect(unblocked.statusCode, unblocked.body).toBe(200);
    expect((await discover(s.viewer, s.first.id)).ids).toEqual([s.first.pseudonym]);
  });
});

/**
 * Issue 40, items 3 and 4 (DESIGN 5): strangers do not learn who attends an event, and
 * reads about a person (a chat's partner, ice breakers) need the two to know of each
 * other: a shared event (past or present), a one-to-one conversation, a pending request
 * either way, or a connection. An event's `attendees` holds only whom the viewer may see
 * (themself included when they attend), and `attendee_count` and analytics'
 * `total_attendees` count exactly those, so no count reveals one hidden person.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventListSchema, EventSchema, type Event } from '../../contract/events';
import { EventAnalyticsSchema } from '../../contract/media';
import { UserSearchAnswerSchema } from '../../contract/discovery';
import { keptReads } from '../../server/cache/kept';
import { tag } from '../../server/cache/tags';
import { chatMessages, connectionRequests } from '../../server/db/schema';
import { connect, createEvent, discoveryApp, happeningNow, joinEvent, putPrivacy, type DiscoveryTestApp } from './discovery-helpers';
import { queriesDuring, registerUser, type TestUser } from './helpers';
import { as, block, makeEvent, meet, setUser, unknownId } from './social-helpers';

let t: DiscoveryTestApp;
beforeAll(async () => {
  t = await discoveryApp();
});
afterAll(async () => t.close());

const HOUR = 3_600_000;

async function listed(viewer: TestUser, eventId: string): Promise<Event> {
  const res = await as(t.app, viewer).get(`/api/events?user_id=${viewer.user.id}`);
  expect(res.statusCode).toBe(200);
  return EventListSchema.parse(res.json()).find((e) => e.id === eventId)!;
}

async function single(viewer: TestUser, eventId: string): Promise<Event> {
  const res = await as(t.app, viewer).get(`/api/events/${eventId}`);
  expect(res.statusCode).toBe(200);
  return EventSchema.parse(res.json());
}

async function totalAttendees(viewer: TestUser, eventId: string): Promise<number> {
  const res = await as(t.app, viewer).get(`/api/events/${eventId}/analytics?user_id=${viewer.user.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return EventAnalyticsSchema.parse(res.json()).total_attendees;
}

const sorted = (ids: readonly string[]) => [...ids].sort();

/**
 * An event made by `owner` (who sees it as an attendee) with one attendee of each kind:
 * public, unavailable, private, away (on a break), friends-only (a stranger to the
 * owner) and blocked by the owner.
 */
async function crowd() {
  const owner = await registerUser(t.app);
  const event = await createEvent(t, owner, happeningNow(t.clock));
  const [open, unavailable, hidden, away, friendsOnly, blocked] = await Promise.all(Array.from({ length: 6 }, () => registerUser(t.app)));
  for (const u of [open, unavailable, hidden, away, friendsOnly, blocked]) await joinEvent(t.app, u!, event.id);
  await putPrivacy(t.app, hidden!, { visibility_mode: 'private' });
  await putPrivacy(t.app, friendsOnly!, { visibility_mode: 'friends' });
  const avail = await as(t.app, unavailable!).put(`/api/users/availability?user_id=${unavailable!.user.id}&is_available=false`);
  expect(avail.statusCode, avail.body).toBe(200);
  const brk = await as(t.app, away!).put(`/api/users/status?user_id=${away!.user.id}`, { status: 'away', until: new Date(t.clock.now().getTime() + HOUR).toISOString() });
  expect(brk.statusCode, brk.body).toBe(200);
  await block(t.db, owner.user.id, blocked!.user.id);
  return { owner, event, open: open!, unavailable: unavailable!, hidden: hidden!, away: away!, friendsOnly: friendsOnly!, blocked: blocked! };
}

describe("an event's attendees and attendee_count", () => {
  it('tells a stranger who did not join none of its attendees, in the list and the single event', async () => {
    const { event } = await crowd();
    const stranger = await registerUser(t.app);
    for (const seen of [await listed(stranger, event.id), await single(stranger, event.id)]) {
      expect(seen).toMatchObject({ attendees: [], attendee_count: 0, is_attending: false });
    }
  });

  it("tells someone who did not join only their connections there who may be seen", async () => {
    const { event, open, hidden, friendsOnly } = await crowd();
    const friend = await registerUser(t.app);
    for (const u of [open, hidden, friendsOnly]) await connect(t.db, friend.user.id, u.user.id);
    const seen = await listed(friend, event.id);
    // A private connection hides from lists too (DESIGN 5); friends-only shows to a connection.
    expect(sorted(seen.attendees)).toEqual(sorted([open.user.id, friendsOnly.user.id]));
    expect(seen.attendee_count).toBe(2);
    expect(await single(friend, event.id)).toMatchObject({ attendees: seen.attendees, attendee_count: 2 });
  });

  it('lists to an attendee those the attendees list shows them and themself; private, away, friends-only and blocked are neither listed nor counted', async () => {
    const { owner, event, open, unavailable } = await crowd();
    const expected = sorted([owner.user.id, open.user.id, unavailable.user.id]);
    const seen = await listed(owner, event.id);
    expect(sorted(seen.attendees)).toEqual(expected);
    expect(seen.attendee_count).toBe(3);
    expect(await single(owner, event.id)).toMatchObject({ attendee_count: 3, is_attending: true });
    expect(sorted((await single(owner, event.id)).attendees)).toEqual(expected);
    // The same people as the attendees list (which leaves the viewer out).
    const res = await as(t.app, owner).get(`/api/events/${event.id}/attendees-with-photos?user_id=${owner.user.id}`);
    const cards = (res.json() as Array<{ id: string }>).map((a) => a.id);
    expect(sorted([owner.user.id, ...cards])).toEqual(expected);
  });

  it('always lists and counts the viewer who attends, even when they hide', async () => {
    const { event, hidden, open, unavailable, owner, blocked } = await crowd();
    const seen = await listed(hidden, event.id);
    // The owner's block is between the owner and the blocked one only.
    expect(sorted(seen.attendees)).toEqual(sorted([owner.user.id, open.user.id, unavailable.user.id, blocked.user.id, hidden.user.id]));
    expect(seen).toMatchObject({ attendee_count: 5, is_attending: true });
  });

  it('answers a new event with its maker listed and counted', async () => {
    const owner = await registerUser(t.app);
    const event = await createEvent(t, owner);
    expect(event).toMatchObject({ attendees: [owner.user.id], attendee_count: 1, is_attending: true });
  });

  it("counts in analytics' total_attendees what the viewer's attendee_count counts, organizer included", async () => {
    const { owner, event, open, blocked, friendsOnly } = await crowd();
    expect(await totalAttendees(owner, event.id)).toBe(3);
    // Blocked the other way, the same: the blocked person does not count the blocker.
    expect(await totalAttendees(blocked, event.id)).toBe((await listed(blocked, event.id)).attendee_count);
    expect((await listed(blocked, event.id)).attendees).not.toContain(owner.user.id);
    // A connection of the friends-only attendee counts them, as their list shows them.
    await connect(t.db, open.user.id, friendsOnly.user.id);
    const openSees = await listed(open, event.id);
    expect(openSees.attendees).toContain(friendsOnly.user.id);
    expect(await totalAttendees(open, event.id)).toBe(openSees.attendee_count);
    expect(await totalAttendees(owner, event.id)).toBe(3);
  });
});

describe('POST /api/users/search', () => {
  it('finds a public person by name but never says which events they attend', async () => {
    const { event, open } = await crowd();
    const stranger = await registerUser(t.app);
    const res = await as(t.app, stranger).post(`/api/users/search?user_id=${stranger.user.id}`, { query: open.user.username });
    expect(res.statusCode).toBe(200);
    const found = UserSearchAnswerSchema.parse(res.json()).find((u) => u.id === open.user.id)!;
    expect(found).toBeDefined();
    expect(found.can_message).toBe(false);
    expect(res.body).not.toContain(event.id);
    expect(Object.keys(found).filter((k) => /event/i.test(k))).toEqual([]);
  });
});

describe('GET /api/chat/{id}/partner and GET /api/ice-breakers/{id}', () => {
  const partner = (me: TestUser, otherId: string) => as(t.app, me).get(`/api/chat/${otherId}/partner?user_id=${me.user.id}`);
  const breakers = (me: TestUser, otherId: string) => as(t.app, me).get(`/api/ice-breakers/${otherId}?user_id=${me.user.id}`);
  const both = async (me: TestUser, otherId: string) => [await partner(me, otherId), await breakers(me, otherId)];

  async function twoStrangers() {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app, { name: 'Bea Known', occupation: 'Cartographer', interests: ['maps'] });
    return { a, b };
  }

  it('answers a stranger with no shared event the same 404 as an unknown user, saying nothing of them', async () => {
    const { a, b } = await twoStrangers();
    // b attends an event a does not.
    await makeEvent(t.db, [b.user.id]);
    const unknown = await both(a, unknownId());
    const stranger = await both(a, b.user.id);
    for (const [i, res] of stranger.entries()) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(unknown[i]!.json());
      expect(res.body).not.toMatch(/Bea Known|Cartographer|maps/);
    }
  });

  const relations: Array<[string, (a: TestUser, b: TestUser) => Promise<void>]> = [
    ['an event both attend now', async (a, b) => void (await meet(t.db, a, b))],
    ['an event both attended long ago', async (a, b) => void (await makeEvent(t.db, [a.user.id, b.user.id], { start: new Date('2025-01-10T09:00:00Z') }))],
    [
      'a one-to-one conversation',
      async (a, b) => {
        await t.db.insert(chatMessages).values({ fromUser: b.user.id, toUser: a.user.id, message: 'Hello again', createdAt: t.clock.now() });
        keptReads(t.db).changed([tag.chat(a.user.id, b.user.id), tag.inbox(a.user.id), tag.inbox(b.user.id)]);
      },
    ],
    ['a request the viewer sent', async (a, b) => request(a, b)],
    ['a request the viewer received', async (a, b) => request(b, a)],
    ['a connection', async (a, b) => connect(t.db, a.user.id, b.user.id)],
  ];

  async function request(from: TestUser, to: TestUser) {
    await t.db.insert(connectionRequests).values({ fromUser: from.user.id, toUser: to.user.id, createdAt: t.clock.now() });
    keptReads(t.db).changed([tag.requests(from.user.id), tag.requests(to.user.id)]);
  }

  it.each(relations)('answers 200 given %s', async (_name, relate) => {
    const { a, b } = await twoStrangers();
    // Asked once before, so a kept "no" must give way to the new relation.
    expect((await partner(a, b.user.id)).statusCode).toBe(404);
    await relate(a, b);
    const [p, ib] = await both(a, b.user.id);
    expect(p!.statusCode, p!.body).toBe(200);
    expect(p!.json()).toMatchObject({ id: b.user.id, name: 'Bea Known' });
    expect(ib!.statusCode, ib!.body).toBe(200);
    expect((ib!.json() as unknown[]).length).toBeGreaterThan(0);
  });

  it('still answers 404 across a block, whatever else the two share', async () => {
    const { a, b } = await twoStrangers();
    await meet(t.db, a, b);
    await block(t.db, b.user.id, a.user.id);
    for (const res of await both(a, b.user.id)) expect(res.statusCode).toBe(404);
  });

  it('a lapsed request no longer lets them know of each other', async () => {
    const { a, b } = await twoStrangers();
    await request(a, b);
    expect((await partner(a, b.user.id)).statusCode).toBe(200);
    t.clock.advance(49 * HOUR);
    for (const res of await both(a, b.user.id)) expect(res.statusCode).toBe(404);
  });

  it('is asked of kept copies: a second read of a known pair costs no query', async () => {
    const { a, b } = await twoStrangers();
    await meet(t.db, a, b);
    await setUser(t.db, b.user.id, { occupation: 'Surveyor' });
    expect((await partner(a, b.user.id)).statusCode).toBe(200);
    const queries = await queriesDuring(t.db, () => partner(a, b.user.id));
    expect(queries.filter((q) => /event_attendees|chat_messages|connection_requests/.test(q))).toEqual([]);
  });
});

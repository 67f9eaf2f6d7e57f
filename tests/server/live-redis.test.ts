/**
 * Two app instances on one PostgreSQL database and one Redis: what is sent through one
 * reaches sockets held by the other. Runs in the server-postgres project when
 * TEST_REDIS_URL is set (PGlite is one process: several instances cannot share it).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { and, eq } from 'drizzle-orm';
import { eventAttendees } from '../../server/db/schema';
import type { FastifyInstance } from 'fastify';
import { LIVE_CLOSE } from '../../contract/live';
import type { Database } from '../../server/db/client';
import { FakeClock, registerUser } from './helpers';
import { redisInstances, type RedisInstances } from './instances-helpers';
import { joinEvent, makeCommunity, makeEvent, meet, notificationsOf, openLive } from './social-helpers';

const redisUrl = process.env.TEST_REDIS_URL;
const enabled = process.env.WF_TEST_DB === 'postgres' && !!redisUrl;
const why = enabled ? '' : ' (skipped: needs TEST_DATABASE_URL and TEST_REDIS_URL, runs in the server-postgres project)';

let database: Database;
let instances: RedisInstances;
let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  if (!enabled) return;
  instances = await redisInstances(redisUrl!, new FakeClock());
  ({ a, b, database } = instances);
});

afterAll(async () => {
  if (enabled) await instances.close();
});

describe('two instances, one PostgreSQL, one Redis', () => {
  it.skipIf(!enabled)(`a chat sent through one instance reaches a socket held by the other${why}`, async () => {
    const alice = await registerUser(a);
    const bob = await registerUser(a);
    await meet(database.db, alice, bob);
    const bobLive = await openLive(b, bob); // the session is in the shared database
    const aliceLive = await openLive(b, alice);
    const res = await a.inject({
      method: 'POST',
      url: `/api/chat/send?user_id=${alice.user.id}`,
      headers: alice.headers,
      payload: { to_user: bob.user.id, message: 'Across instances' },
    });
    expect(res.statusCode).toBe(200);
    expect((await bobLive.next('new_message')).message.message).toBe('Across instances');
    expect((await aliceLive.next('new_message')).message.id).toBe(res.json().message.id);
  });

  it.skipIf(!enabled)(`a group message reaches the joined sockets on the other instance${why}`, async () => {
    const alice = await registerUser(a);
    const bob = await registerUser(a);
    const event = await makeEvent(database.db, [alice.user.id, bob.user.id]);
    const bobLive = await openLive(b, bob);
    await joinEvent(b, bobLive, bob.user.id, event.id);
    const res = await a.inject({
      method: 'POST',
      url: `/api/group-chats/${event.chatId}/messages?user_id=${alice.user.id}`,
      headers: alice.headers,
      payload: { group_id: event.chatId, message: 'Hello room' },
    });
    expect(res.statusCode).toBe(200);
    expect((await bobLive.next('group_message')).message.message).toBe('Hello room');
  });

  it.skipIf(!enabled)(`a listener counted through one instance is counted at once on the other, and hears the chat there (issue 18)${why}`, async () => {
    const alice = await registerUser(a);
    const bob = await registerUser(a);
    const event = await makeEvent(database.db, [alice.user.id, bob.user.id]);
    const group = await makeCommunity(database.db, event.id, [alice.user.id]);
    const call = (app: FastifyInstance, u: typeof alice, method: 'GET' | 'POST', path: string, payload?: object) =>
      app.inject({ method, url: `/api/group-chats/${group.chatId}/${path}?user_id=${u.user.id}`, headers: u.headers, ...(payload ? { payload } : {}) });
    // b keeps the chat's people (nobody listening) and refuses bob its messages.
    expect((await call(b, alice, 'GET', 'people')).json()).toMatchObject({ listening: 0 });
    expect((await call(b, bob, 'GET', 'messages')).statusCode).toBe(403);
    const [aliceLive, bobLive] = await Promise.all([openLive(b, alice), openLive(b, bob)]);

    expect((await call(a, bob, 'POST', 'listen')).statusCode).toBe(200);
    expect(await aliceLive.next('group_chat_people')).toMatchObject({ group_id: group.chatId, listening: 1, member_count: 1 });
    await vi.waitFor(async () => expect((await call(b, alice, 'GET', 'people')).json()).toMatchObject({ listening: 1, me: 'member' }));
    expect((await call(b, bob, 'GET', 'messages')).statusCode).toBe(200);

    expect((await call(a, alice, 'POST', 'messages', { group_id: group.chatId, message: 'Knit night' })).statusCode).toBe(200);
    expect((await bobLive.next('group_message')).message.message).toBe('Knit night');
  });

  it.skipIf(!enabled)(`presence spans instances: no chat notification for someone online elsewhere${why}`, async () => {
    const alice = await registerUser(a);
    const bob = await registerUser(a);
    const carol = await registerUser(a);
    await meet(database.db, alice, bob, carol);
    const bobLive = await openLive(b, bob);
    await vi.waitFor(async () => expect(await a.realtime.isOnline!(bob.user.id)).toBe(true));
    expect(await a.realtime.isOnline!(carol.user.id)).toBe(false);
    for (const to of [bob, carol]) {
      await a.inject({
        method: 'POST',
        url: `/api/chat/send?user_id=${alice.user.id}`,
        headers: alice.headers,
        payload: { to_user: to.user.id, message: 'Are you there?' },
      });
    }
    await bobLive.next('new_message');
    expect(await notificationsOf(database.db, bob.user.id)).toHaveLength(0);
    expect(await notificationsOf(database.db, carol.user.id)).toHaveLength(1);
    bobLive.close();
    await vi.waitFor(async () => expect(await a.realtime.isOnline!(bob.user.id)).toBe(false));
  });

  it.skipIf(!enabled)(`ending a user's sessions on one instance closes their sockets on the other${why}`, async () => {
    const alice = await registerUser(a);
    const aliceLive = await openLive(b, alice);
    a.lifecycle.emit('user.sessionsEnded', alice.user.id);
    expect((await aliceLive.closed).code).toBe(LIVE_CLOSE.sessionEnded);
  });

  it.skipIf(!enabled)(`logging out on one instance closes that session's sockets on the other, and only those${why}`, async () => {
    const alice = await registerUser(a);
    const login = await a.inject({ method: 'POST', url: '/api/auth/login', payload: { username_or_email: alice.user.username, password: alice.password } });
    const phoneCookie = login.cookies.find((c) => c.name === 'wf_session')!;
    const phone = { ...alice, cookie: `wf_session=${phoneCookie.value}`, headers: { cookie: `wf_session=${phoneCookie.value}` } };
    const [laptopLive, phoneLive] = await Promise.all([openLive(b, alice), openLive(b, phone)]);
    const res = await a.inject({ method: 'POST', url: `/api/auth/logout?user_id=${alice.user.id}`, headers: alice.headers });
    expect(res.statusCode).toBe(200);
    expect((await laptopLive.closed).code).toBe(LIVE_CLOSE.sessionEnded);
    await phoneLive.sync();
    expect(phoneLive.ws.readyState).toBe(phoneLive.ws.OPEN);
    // The other instance no longer accepts the session it kept a moment ago.
    expect((await b.inject({ method: 'GET', url: '/api/auth/me', headers: alice.headers })).statusCode).toBe(401);
    expect((await b.inject({ method: 'GET', url: '/api/auth/me', headers: phone.headers })).statusCode).toBe(200);
    phoneLive.close();
  });

  it.skipIf(!enabled)(`a ban on one instance ends the sessions the other instance keeps, at once${why}`, async () => {
    const alice = await registerUser(a);
    expect((await b.inject({ method: 'GET', url: '/api/auth/me', headers: alice.headers })).statusCode).toBe(200);
    const { users, sessions } = await import('../../server/db/schema');
    const { eq } = await import('drizzle-orm');
    await database.db.update(users).set({ isBanned: true }).where(eq(users.id, alice.user.id));
    await database.db.delete(sessions).where(eq(sessions.userId, alice.user.id));
    a.lifecycle.emit('user.sessionsEnded', alice.user.id);
    await vi.waitFor(async () => expect((await b.inject({ method: 'GET', url: '/api/auth/me', headers: alice.headers })).statusCode).toBe(401));
  });

  it.skipIf(!enabled)(`changes made through one instance show at once in nearby people and sessions on the other${why}`, async () => {
    const viewer = await registerUser(a, { interests: ['hiking'] });
    const other = await registerUser(a, { interests: ['hiking'] });
    const event = await makeEvent(database.db, [viewer.user.id, other.user.id]);
    const nearby = async () => {
      const res = await b.inject({ method: 'GET', url: `/api/discover/${event.id}?user_id=${viewer.user.id}`, headers: viewer.headers });
      expect(res.statusCode).toBe(200);
      return res.json() as Array<{ user: { id: string; name: string } }>;
    };
    // Instance b keeps a copy of the event and of both sessions.
    expect((await nearby()).map((e) => e.user.name)).toEqual([other.user.name]);
    expect((await b.inject({ method: 'GET', url: `/api/users/privacy?user_id=${other.user.id}`, headers: other.headers })).json().visibility_mode).toBe('public');

    // A profile edit through a: b's copy and b's kept session follow (the clock never moves here).
    await a.inject({ method: 'PUT', url: `/api/auth/profile?user_id=${other.user.id}`, headers: other.headers, payload: { name: 'Edited on a' } });
    await vi.waitFor(async () => expect((await nearby()).map((e) => e.user.name)).toEqual(['Edited on a']));

    // Someone joining through a is listed on b.
    const late = await registerUser(a);
    await a.inject({ method: 'POST', url: `/api/events/${event.id}/join?user_id=${late.user.id}`, headers: late.headers });
    await vi.waitFor(async () => expect((await nearby()).map((e) => e.user.id).sort()).toEqual([other.user.id, late.user.id].sort()));

    // A privacy change through a: gone from b's list, and b's kept session has it too.
    await a.inject({ method: 'PUT', url: `/api/users/privacy?user_id=${other.user.id}`, headers: other.headers, payload: { visibility_mode: 'private' } });
    await vi.waitFor(async () => expect((await nearby()).map((e) => e.user.id)).toEqual([late.user.id]));
    expect((await b.inject({ method: 'GET', url: `/api/users/privacy?user_id=${other.user.id}`, headers: other.headers })).json().visibility_mode).toBe('private');

    // A block through a: they vanish from each other on b.
    await a.inject({ method: 'POST', url: `/api/users/block?user_id=${late.user.id}&block_user_id=${viewer.user.id}`, headers: late.headers });
    await vi.waitFor(async () => expect(await nearby()).toEqual([]));
  });

  it.skipIf(!enabled)(`reads kept on one instance follow writes made through the other at once${why}`, async () => {
    const alice = await registerUser(a);
    const bob = await registerUser(a);
    const event = await makeEvent(database.db, [alice.user.id, bob.user.id]);
    const onB = async (path: string) => {
      const res = await b.inject({ method: 'GET', url: `${path}${path.includes('?') ? '&' : '?'}user_id=${bob.user.id}`, headers: bob.headers });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    // b keeps bob's inbox, notifications, the event's group chats and feed.
    expect((await onB('/api/conversations')).unread_total).toBe(0);
    expect(await onB(`/api/notifications/${bob.user.id}`)).toEqual([]);
    expect((await onB(`/api/events/${event.id}/group-chats`))[0].last_message).toBeNull();

    const send = (url: string, payload: object) => a.inject({ method: 'POST', url: `${url}?user_id=${alice.user.id}`, headers: alice.headers, payload });
    expect((await send('/api/chat/send', { to_user: bob.user.id, message: 'Hi Bob' })).statusCode).toBe(200);
    expect((await send(`/api/group-chats/${event.chatId}/messages`, { group_id: event.chatId, message: 'Hello room' })).statusCode).toBe(200);
    const asked = await a.inject({
      method: 'POST',
      url: `/api/connections/request?from_user_id=${alice.user.id}`,
      headers: alice.headers,
      payload: { to_user_id: bob.user.id, event_id: event.id },
    });
    expect(asked.statusCode, asked.body).toBe(200);

    await vi.waitFor(async () => {
      const inbox = (await onB('/api/conversations')) as { conversations: Array<{ id: string; last_message: { message: string } | null }> };
      expect(inbox.conversations.find((c) => c.id === alice.user.id)?.last_message?.message).toBe('Hi Bob');
      expect(inbox.conversations.find((c) => c.id === event.chatId)?.last_message?.message).toBe('Hello room');
    });
    await vi.waitFor(async () => expect((await onB(`/api/events/${event.id}/group-chats`))[0].last_message.message).toBe('Hello room'));
    await vi.waitFor(async () => expect((await onB('/api/connections/requests/received')).map((r: { sender: { id: string } }) => r.sender.id)).toEqual([alice.user.id]));
    await vi.waitFor(async () => expect((await onB(`/api/notifications/${bob.user.id}`)).length).toBeGreaterThan(0));

    // A read mark set through a (kept there in place) is read again on b. (The clock never
    // moves here, so the group message is no later than bob's joining: only the chat is unread.)
    expect((await onB('/api/conversations')).unread_total).toBe(1);
    const mark = (kind: string, id: string) =>
      a.inject({ method: 'PUT', url: `/api/conversations/read?user_id=${bob.user.id}`, headers: bob.headers, payload: { kind, id } });
    // a keeps bob's inbox too, so the mark is made in place there.
    const onA = await a.inject({ method: 'GET', url: `/api/conversations?user_id=${bob.user.id}`, headers: bob.headers });
    expect(onA.json()).toMatchObject({ unread_total: 1 });
    expect((await mark('direct', alice.user.id)).json()).toMatchObject({ unread_total: 0 });
    await vi.waitFor(async () => expect((await onB('/api/conversations')).unread_total).toBe(0));
  });

  it.skipIf(!enabled)(`a break, and a hold for review after reports, taken through one instance hide at once on the other${why}`, async () => {
    const viewer = await registerUser(a, { interests: ['hiking'] });
    const other = await registerUser(a, { interests: ['hiking'] });
    const reporters = await Promise.all([0, 1, 2].map(() => registerUser(a)));
    const event = await makeEvent(database.db, [viewer.user.id, other.user.id, ...reporters.map((r) => r.user.id)]);
    const nearby = async () => {
      const res = await b.inject({ method: 'GET', url: `/api/discover/${event.id}?user_id=${viewer.user.id}`, headers: viewer.headers });
      expect(res.statusCode).toBe(200);
      return (res.json() as Array<{ user: { id: string } }>).map((e) => e.user.id).filter((id) => id === other.user.id);
    };
    expect(await nearby()).toEqual([other.user.id]);
    await a.inject({ method: 'PUT', url: `/api/users/status?user_id=${other.user.id}`, headers: other.headers, payload: { status: 'away' } });
    await vi.waitFor(async () => expect(await nearby()).toEqual([]));
    await a.inject({ method: 'PUT', url: `/api/users/status?user_id=${other.user.id}`, headers: other.headers, payload: { status: 'available' } });
    await vi.waitFor(async () => expect(await nearby()).toEqual([other.user.id]));
    for (const r of reporters) {
      const res = await a.inject({
        method: 'POST',
        url: `/api/reports?user_id=${r.user.id}`,
        headers: r.headers,
        payload: { target_type: 'user', target_id: other.user.id, reason: 'harassment' },
      });
      expect(res.statusCode).toBe(200);
    }
    await vi.waitFor(async () => expect(await nearby()).toEqual([]));
  });

  it.skipIf(!enabled)(`an instance cut off from the bus reads its kept copies again once it hears the bus again${why}`, async () => {
    const viewer = await registerUser(a);
    const other = await registerUser(a);
    const event = await makeEvent(database.db, [viewer.user.id, other.user.id]);
    const nearby = async () => {
      const res = await b.inject({ method: 'GET', url: `/api/discover/${event.id}?user_id=${viewer.user.id}`, headers: viewer.headers });
      expect(res.statusCode).toBe(200);
      return (res.json() as Array<{ user: { id: string } }>).map((e) => e.user.id);
    };
    expect(await nearby()).toEqual([other.user.id]);
    // A change b hears nothing of (made outside the app, as if its announcement were lost): b's copy still holds them.
    await database.db.delete(eventAttendees).where(and(eq(eventAttendees.eventId, event.id), eq(eventAttendees.userId, other.user.id)));
    expect(await nearby()).toEqual([other.user.id]);
    // b's subscriber is cut off and comes back: what it kept is read again, with no time passing.
    const admin = new Redis(redisUrl!);
    try {
      const list = (await admin.client('LIST')) as string;
      const id = list.split('\n').find((line) => line.includes(` name=${instances.channel}:b:sub `))!.match(/^id=(\d+)/)![1]!;
      await admin.client('KILL', 'ID', id);
    } finally {
      admin.disconnect();
    }
    await vi.waitFor(async () => expect(await nearby()).toEqual([]));
  });
});

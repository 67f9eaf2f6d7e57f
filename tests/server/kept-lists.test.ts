/**
 * The calm features' and meetings' own lists are kept in memory (issue 15: every read
 * fast): muted chats, cards received and shared, meetings. A list read before a change
 * must be read afresh after it: here each list is read, changed by a write, and read
 * again — on one instance, and (server-postgres with TEST_REDIS_URL) with the write on
 * one instance and the reads on another, which hears of the change over the live bus.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { tag } from '../../server/cache/tags';
import type { ChatMessage } from '../../contract/social';
import type { Database } from '../../server/db/client';
import { connect } from './discovery-helpers';
import { FakeClock, queriesDuring, registerUser, testApp, type TestApp, type TestUser } from './helpers';
import { instancesForTests, twoInstances, whySkipped, type RedisInstances } from './instances-helpers';
import { as, makeEvent } from './social-helpers';


/** The event runs 09:00-13:00 UTC on 22 November; the clock stands at 10:00. */
const at = (hhmm: string) => `2026-11-22T${hhmm}:00.000Z`;

/** Every list read on `reader` before and after each write made on `writer`. */
async function listsFollowWrites(writer: FastifyInstance, reader: FastifyInstance, database: Database, clock: FakeClock) {
  const [ann, ben, cal] = (await Promise.all([registerUser(writer), registerUser(writer), registerUser(writer)])) as [TestUser, TestUser, TestUser];
  const { id: eventId } = await makeEvent(database.db, [ann.user.id, ben.user.id, cal.user.id], { start: new Date(at('09:00')) });
  await connect(database.db, ann.user.id, ben.user.id);
  for (const app of [writer, reader]) app.lifecycle.emit('relation.changed', ann.user.id, ben.user.id);
  const write = (u: TestUser) => as(writer, u);
  const read = async (u: TestUser, path: string) => {
    const res = await as(reader, u).get(`${path}?user_id=${u.user.id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** Resolves once the reader has heard that `changed` changed. */
  const hearing = (changed: string) =>
    new Promise<void>((resolve) => {
      const hear = (tags: string[]) => {
        if (!tags.includes(changed)) return;
        reader.lifecycle.off('kept.changed', hear);
        resolve();
      };
      reader.lifecycle.on('kept.changed', hear);
    });
  /** Makes the write, then waits until the reader has heard that `changed` changed (at once on one instance). */
  const ok = async <R extends { statusCode: number; body: string }>(changed: string, made: () => Promise<R>): Promise<R> => {
    const heard = hearing(changed);
    const res = await made();
    expect(res.statusCode, res.body).toBe(200);
    await heard;
    return res;
  };

  // Cards: offered, declined privately, taken back.
  expect(await read(ben, '/api/cards')).toEqual([]);
  expect(await read(ann, '/api/cards/shared')).toEqual([]);
  await ok(tag.cards(ben.user.id), () =>
    write(ann).post(`/api/contact-exchange?user_id=${ann.user.id}`, {
      to_user: ben.user.id,
      exchange_type: 'email',
      contact_data: { email: 'ann@example.com' },
      event_id: eventId,
    }),
  );
  const [card] = (await read(ben, '/api/cards')) as Array<{ id: string }>;
  expect(card).toBeDefined();
  expect(await read(ann, '/api/cards/shared')).toHaveLength(1);
  await ok(tag.cards(ben.user.id), () => write(ben).post(`/api/cards/${card!.id}/decline?user_id=${ben.user.id}`));
  expect(await read(ben, '/api/cards')).toEqual([]);
  expect(await read(ann, '/api/cards/shared')).toHaveLength(1);
  await ok(tag.cards(ann.user.id), () => write(ann).delete(`/api/cards/${card!.id}?user_id=${ann.user.id}`));
  expect(await read(ann, '/api/cards/shared')).toEqual([]);

  // Muted chats: a break mutes, an unmute ends it.
  expect(await read(ann, '/api/chat/mutes')).toEqual([]);
  await ok(tag.mutes(ann.user.id), () =>
    write(ann).post(`/api/chat/break?user_id=${ann.user.id}`, { to_user: ben.user.id, line_id: 'later', mute_minutes: 30 }),
  );
  expect(await read(ann, '/api/chat/mutes')).toEqual([{ user_id: ben.user.id, until: at('10:30') }]);
  await ok(tag.mutes(ann.user.id), () => write(ann).delete(`/api/chat/${ben.user.id}/mute?user_id=${ann.user.id}`));
  expect(await read(ann, '/api/chat/mutes')).toEqual([]);

  // Meetings: proposed, accepted, called off; both people's lists follow.
  const count = async (u: TestUser) => {
    const m = (await read(u, '/api/meetings')) as Record<string, unknown[]>;
    return Object.fromEntries(Object.entries(m).map(([k, v]) => [k, v.length]));
  };
  expect(await count(ben)).toEqual({ proposed_to_me: 0, proposed_by_me: 0, accepted: 0, past: 0 });
  const proposed = await ok(tag.meetings(ben.user.id), () =>
    write(ann).post(`/api/meetings?user_id=${ann.user.id}`, {
      with_user_id: ben.user.id,
      event_id: eventId,
      start_time: at('11:00'),
      duration_minutes: 15,
      place: 'By the coffee bar',
    }),
  );
  const meetingId = (proposed.json() as { id: string }).id;
  expect(await count(ben)).toEqual({ proposed_to_me: 1, proposed_by_me: 0, accepted: 0, past: 0 });
  expect(await count(ann)).toEqual({ proposed_to_me: 0, proposed_by_me: 1, accepted: 0, past: 0 });
  const freeAt11 = async () => {
    const res = await as(reader, ben).get(`/api/meetings/free-slots?user_id=${ben.user.id}&with_user_id=${ann.user.id}&event_id=${eventId}&duration_minutes=15`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { slots: string[] }).slots.includes(at('11:00'));
  };
  expect(await freeAt11()).toBe(true);
  await ok(tag.meetings(ann.user.id), () => write(ben).post(`/api/meetings/${meetingId}/respond?user_id=${ben.user.id}`, { action: 'accept' }));
  expect(await count(ann)).toEqual({ proposed_to_me: 0, proposed_by_me: 0, accepted: 1, past: 0 });
  expect(await freeAt11()).toBe(false);
  await ok(tag.meetings(ben.user.id), () => write(ann).delete(`/api/meetings/${meetingId}?user_id=${ann.user.id}`));
  expect(await count(ben)).toEqual({ proposed_to_me: 0, proposed_by_me: 0, accepted: 0, past: 1 });

  // Connection requests ('request.changed'): the received list, and where the two stand
  // in nearby people, follow a request and its decline.
  const requested = (made: () => Promise<{ statusCode: number; body: string }>) => {
    const heard = new Promise<void>((resolve) => {
      const hear = (a: string, b: string) => {
        if (a !== cal.user.id && b !== cal.user.id) return;
        reader.lifecycle.off('request.changed', hear);
        resolve();
      };
      reader.lifecycle.on('request.changed', hear);
    });
    return made().then(async (res) => {
      expect(res.statusCode, res.body).toBe(200);
      await heard;
    });
  };
  const standing = async () => {
    const people = (await read(cal, `/api/discover/${eventId}`)) as Array<{ user: { id: string }; connection_status: string }>;
    return people.find((p) => p.user.id === ann.user.id)?.connection_status;
  };
  expect(await read(ann, '/api/connections/requests/received')).toEqual([]);
  expect(await standing()).toBe('none');
  await requested(() => write(cal).post(`/api/connections/request?from_user_id=${cal.user.id}`, { to_user_id: ann.user.id, event_id: eventId }));
  const [received] = (await read(ann, '/api/connections/requests/received')) as Array<{ id: string }>;
  expect(received).toBeDefined();
  expect(await standing()).toBe('request_sent');
  await requested(() =>
    write(ann).post(`/api/connections/requests/respond?user_id=${ann.user.id}`, { request_id: received!.id, action: 'decline' }),
  );
  expect(await read(ann, '/api/connections/requests/received')).toEqual([]);
  // A decline is never shown: the sender still sees their request standing.
  expect(await standing()).toBe('request_sent');

  // One-to-one messages ('chat.sent'): both inboxes show the newest message with what is
  // unread, and the chat its messages. Every instance's kept inboxes take each message in
  // place (the first is new to them, so they are read again), the other instance's from
  // the message the bus carries.
  type Inbox = { conversations: Array<{ kind: string; id: string; last_message: { message: string; from_name: string } | null; unread: number }> };
  const chatWith = async (u: TestUser, other: TestUser) => {
    const c = ((await read(u, '/api/conversations')) as Inbox).conversations.find((x) => x.kind === 'direct' && x.id === other.user.id);
    return c && [c.last_message?.message, c.last_message?.from_name === 'You', c.unread];
  };
  const history = async (u: TestUser, other: TestUser) => ((await read(u, `/api/chat/${other.user.id}`)) as Array<{ message: string }>).map((m) => m.message);
  const sent = async (from: TestUser, to: TestUser, message: string) => {
    clock.advance(1000); // a chat's messages a second apart: the newest is the last one sent
    const heard =
      writer === reader
        ? null
        : new Promise<void>((resolve) => {
            const hear = (m: ChatMessage) => {
              if (m.to_user !== to.user.id || m.message !== message) return;
              reader.lifecycle.off('chat.sent', hear);
              resolve();
            };
            reader.lifecycle.on('chat.sent', hear);
          });
    const res = await write(from).post(`/api/chat/send?user_id=${from.user.id}`, { to_user: to.user.id, message, event_id: eventId });
    expect(res.statusCode, res.body).toBe(200);
    await heard;
  };
  expect(await chatWith(ben, cal)).toBeUndefined();
  expect(await chatWith(cal, ben)).toBeUndefined();
  await sent(ben, cal, 'Hello Cal');
  expect(await chatWith(cal, ben)).toEqual(['Hello Cal', false, 1]);
  expect(await chatWith(ben, cal)).toEqual(['Hello Cal', true, 0]);
  expect(await history(cal, ben)).toEqual(['Hello Cal']);
  await sent(ben, cal, 'Coffee at 11?');
  // Taken in place: the inbox is not read from the database again.
  let answer: unknown;
  const asked = await queriesDuring(reader.db, async () => {
    answer = await chatWith(cal, ben);
  });
  expect(answer).toEqual(['Coffee at 11?', false, 2]);
  expect(asked.filter((q) => q.includes('chat_messages'))).toEqual([]);
  expect(await chatWith(ben, cal)).toEqual(['Coffee at 11?', true, 0]);
  const marked = new Promise<void>((resolve) => {
    const hear = (readerId: string) => {
      if (readerId !== cal.user.id) return;
      reader.lifecycle.off('conversation.read', hear);
      resolve();
    };
    reader.lifecycle.on('conversation.read', hear);
  });
  const mark = await write(cal).put(`/api/conversations/read?user_id=${cal.user.id}`, { kind: 'direct', id: ben.user.id });
  expect(mark.statusCode, mark.body).toBe(200);
  await marked;
  expect(await chatWith(cal, ben)).toEqual(['Coffee at 11?', false, 0]);
  await sent(cal, ben, 'Yes!');
  expect(await chatWith(ben, cal)).toEqual(['Yes!', false, 1]);
  expect(await chatWith(cal, ben)).toEqual(['Yes!', true, 0]);
  expect(await history(cal, ben)).toEqual(['Hello Cal', 'Coffee at 11?', 'Yes!']);
}

describe('kept lists follow the writes that change them', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ clock: new FakeClock() });
    t.clock.set(new Date(at('10:00')));
  });
  afterAll(async () => t.close());

  it('on one instance: cards, muted chats, meetings, requests and inboxes follow each change', async () => {
    await listsFollowWrites(t.app, t.app, t.database, t.clock);
  });
});

describe('kept lists across two instances, one PostgreSQL, one Redis', () => {
  const clock = new FakeClock();
  clock.set(new Date(at('10:00')));
  let instances: RedisInstances;
  instancesForTests(clock, (made) => (instances = made));

  it.skipIf(!twoInstances)(`a write on one instance retires the other's kept lists${whySkipped}`, async () => {
    await listsFollowWrites(instances.a, instances.b, instances.database, clock);
  });
});

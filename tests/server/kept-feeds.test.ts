/**
 * The calendar feed (issue 42) and the recap with its vCard file (issue 43) are kept reads
 * (cache/kept.ts): each is read, changed by a write through the app, and read again, and
 * must show the change — on one instance, and (server-postgres with TEST_REDIS_URL) with
 * the write on one instance and the reads on another, which hears of it over the live bus.
 * Every step reads before its change, so a tag forgotten leaves a stale copy and fails it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { CalendarFeedSchema } from '../../contract/calendar';
import { MeetingSchema } from '../../contract/meetings';
import { RecapSchema } from '../../contract/recap';
import { tag } from '../../server/cache/tags';
import type { Database } from '../../server/db/client';
import { connect, createEvent } from './discovery-helpers';
import { FakeClock, registerUser, testApp, type TestApp, type TestUser } from './helpers';
import { instancesForTests, twoInstances, whySkipped, type RedisInstances } from './instances-helpers';
import { as } from './social-helpers';

/** The clock stands at 10:00 UTC on 22 November; the event runs 11:00-14:00. */
const at = (hhmm: string) => `2026-11-22T${hhmm}:00.000Z`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each matcher takes its event's arguments
type Heard = (...args: any[]) => boolean;

async function feedsFollowWrites(writer: FastifyInstance, reader: FastifyInstance, database: Database, clock: FakeClock) {
  const [ann, ben, cal] = (await Promise.all([registerUser(writer), registerUser(writer), registerUser(writer)])) as [TestUser, TestUser, TestUser];
  const write = (u: TestUser) => as(writer, u);
  /** Resolves once the reader has heard one of `names` answering `match` (at once on one instance). */
  const hearing = (names: string[], match: Heard) =>
    new Promise<void>((resolve) => {
      const lifecycle = reader.lifecycle as EventEmitter;
      const hear = (...args: unknown[]) => {
        if (!match(...args)) return;
        for (const name of names) lifecycle.off(name, hear);
        resolve();
      };
      for (const name of names) lifecycle.on(name, hear);
    });
  const keptTag = (changed: string): [string[], Heard] => [['kept.changed'], (tags: string[]) => tags.includes(changed)];
  /** Makes the write (200), then waits until the reader has heard of it. */
  const ok = async (heard: [string[], Heard], made: () => Promise<{ statusCode: number; body: string }>) => {
    const done = hearing(...heard);
    const res = await made();
    expect(res.statusCode, res.body).toBe(200);
    await done;
    return res;
  };
  const related = async (a: TestUser, b: TestUser) => {
    await connect(database.db, a.user.id, b.user.id);
    for (const app of new Set([writer, reader])) app.lifecycle.emit('relation.changed', a.user.id, b.user.id);
  };

  const event = await createEvent({ app: writer, clock }, ann, { name: 'Quiet coffee', location: 'Hall one' });
  for (const u of [ben, cal]) await ok([['event.joined'], (_e: string, id: string) => id === u.user.id], () => write(u).post(`/api/events/${event.id}/join?user_id=${u.user.id}`));
  await related(ann, ben);

  const feedUrl = (u: TestUser, path: string) => write(u).get(`${path}?user_id=${u.user.id}`).then((r) => new URL(CalendarFeedSchema.parse(r.json()).url).pathname);
  let benFeed = await feedUrl(ben, '/api/calendar/feed');
  const feed = async (path = benFeed) => {
    const res = await reader.inject({ method: 'GET', url: path });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };
  const recap = async () => {
    const res = await as(reader, ben).get(`/api/events/${event.id}/recap?user_id=${ben.user.id}`);
    expect(res.statusCode, res.body).toBe(200);
    return RecapSchema.parse(res.json()).people.map((p) => ({ id: p.user.id, name: p.user.name, how: p.how, note: p.note }));
  };
  const vcf = async () => {
    const res = await as(reader, ben).get(`/api/events/${event.id}/recap.vcf?user_id=${ben.user.id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };
  const meeting = async (from: TestUser, hhmm: string) => {
    const res = await write(from).post(`/api/meetings?user_id=${from.user.id}`, {
      with_user_id: ben.user.id,
      event_id: event.id,
      start_time: at(hhmm),
      duration_minutes: 15,
      place: 'By the window',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = MeetingSchema.parse(res.json());
    await ok(keptTag(tag.meetings(ben.user.id)), () => write(ben).post(`/api/meetings/${id}/respond?user_id=${ben.user.id}`, { action: 'accept' }));
    return id;
  };

  expect(await feed()).toContain('SUMMARY:Quiet coffee');
  expect(await recap()).toEqual([]);
  expect(await vcf()).toBe('');

  // A message at the event: chatted.
  await ok([['chat.sent'], () => true], () => write(ann).post(`/api/chat/send?user_id=${ann.user.id}`, { to_user: ben.user.id, message: 'Hello', event_id: event.id }));
  expect(await recap()).toEqual([{ id: ann.user.id, name: ann.user.name, how: ['chatted'], note: null }]);

  // A meeting accepted: in the feed, and met.
  const meetingId = await meeting(ann, '11:30');
  expect(await feed()).toContain(`SUMMARY:Meeting with ${ann.user.name}`);
  expect((await recap())[0]!.how).toEqual(['chatted', 'met']);

  // Details shared, then taken back.
  await ok(keptTag(tag.cards(ben.user.id)), () =>
    write(ann).post(`/api/contact-exchange?user_id=${ann.user.id}`, { to_user: ben.user.id, exchange_type: 'email', contact_data: { email: 'ann@example.com' }, event_id: event.id }),
  );
  expect((await recap())[0]!.how).toEqual(['chatted', 'met', 'exchanged']);
  expect(await vcf()).toContain('EMAIL:ann@example.com');
  const [card] = (await write(ann).get(`/api/cards/shared?user_id=${ann.user.id}`)).json() as Array<{ id: string }>;
  await ok(keptTag(tag.cards(ben.user.id)), () => write(ann).delete(`/api/cards/${card!.id}?user_id=${ann.user.id}`));
  expect(await vcf()).not.toContain('ann@example.com');

  // A note of the reader's.
  await ok(keptTag(tag.recapNotes(ben.user.id)), () => write(ben).put(`/api/events/${event.id}/recap/notes/${ann.user.id}?user_id=${ben.user.id}`, { note: 'Sourdough' }));
  expect((await recap())[0]!.note).toBe('Sourdough');

  // The event edited: its title and place.
  await ok([['event.changed'], (id: string) => id === event.id], () => write(ann).put(`/api/events/${event.id}?user_id=${ann.user.id}`, { name: 'Calm tea', location: 'Room two' }));
  const edited = await feed();
  expect(edited).toContain('SUMMARY:Calm tea');
  expect(edited).toContain('LOCATION:Room two');

  // The other person's profile and business card.
  await ok([['user.changed'], (id: string) => id === ann.user.id], () => write(ann).put(`/api/auth/profile?user_id=${ann.user.id}`, { name: 'Annie Calm' }));
  expect(await feed()).toContain('SUMMARY:Meeting with Annie Calm');
  expect((await recap())[0]!.name).toBe('Annie Calm');
  await ok(keptTag(tag.user(ann.user.id)), () => write(ann).put(`/api/business-card?user_id=${ann.user.id}`, { company: 'Calm Co', email: 'card@example.com' }));
  expect(await vcf()).toContain('EMAIL:card@example.com');

  // The meeting cancelled.
  await ok(keptTag(tag.meetings(ben.user.id)), () => write(ann).delete(`/api/meetings/${meetingId}?user_id=${ann.user.id}`));
  expect(await feed()).toMatch(/STATUS:CANCELLED/);

  // A block: the other person leaves the recap, and their meetings the feed.
  await ok([['relation.changed'], () => true], () => write(ben).post(`/api/users/block?user_id=${ben.user.id}&block_user_id=${ann.user.id}`));
  expect(await recap()).toEqual([]);
  expect(await vcf()).toBe('');
  expect(await feed()).not.toContain('Annie Calm');

  // Another event joined.
  const later = await createEvent({ app: writer, clock }, cal, { name: 'Later talk' });
  await ok([['event.joined'], (id: string, who: string) => id === later.id && who === ben.user.id], () => write(ben).post(`/api/events/${later.id}/join?user_id=${ben.user.id}`));
  expect(await feed()).toContain('SUMMARY:Later talk');
  // Edited, with no meeting in it: only the event's own tag retires the feed.
  await ok([['event.changed'], (id: string) => id === later.id], () => write(cal).put(`/api/events/${later.id}?user_id=${cal.user.id}`, { name: 'Later walk' }));
  expect(await feed()).toContain('SUMMARY:Later walk');

  // Someone met erases their account: the meeting is cancelled and they leave the recap.
  await related(cal, ben);
  await meeting(cal, '12:00');
  expect(await feed()).toContain(`SUMMARY:Meeting with ${cal.user.name}`);
  expect((await recap()).map((p) => p.id)).toEqual([cal.user.id]);
  await ok(keptTag(tag.meetings(ben.user.id)), () =>
    writer.inject({ method: 'DELETE', url: `/api/account?user_id=${cal.user.id}`, headers: cal.headers, payload: { password: cal.password } }),
  );
  expect(await feed()).not.toContain(cal.user.name);
  expect(await recap()).toEqual([]);

  // A reset: the old address ends at once.
  const old = benFeed;
  await ok(keptTag(tag.calendarFeed(ben.user.id)), async () => {
    const res = await write(ben).post(`/api/calendar/feed/reset?user_id=${ben.user.id}`, {});
    benFeed = new URL(CalendarFeedSchema.parse(res.json()).url).pathname;
    return res;
  });
  expect((await reader.inject({ method: 'GET', url: old })).statusCode).toBe(404);
  expect(await feed()).toContain('SUMMARY:Later walk');

  // Deactivating ends the feed (another instance hears it as a change of the person).
  await ok([['user.sessionsEnded', 'user.changed'], (id: string) => id === ben.user.id], () => write(ben).put(`/api/auth/deactivate?user_id=${ben.user.id}`));
  expect((await reader.inject({ method: 'GET', url: benFeed })).statusCode).toBe(404);
}

describe('the calendar feed and the recap follow the writes that change them', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ clock: new FakeClock() });
    t.clock.set(new Date(at('10:00')));
  });
  afterAll(async () => t.close());

  it('on one instance: meetings, the event, profiles, cards, notes, blocks, joins, erasure, reset and deactivation', async () => {
    await feedsFollowWrites(t.app, t.app, t.database, t.clock);
  }, 180_000);
});

describe('the calendar feed and the recap across two instances, one PostgreSQL, one Redis', () => {
  const clock = new FakeClock();
  clock.set(new Date(at('10:00')));
  let instances: RedisInstances;
  instancesForTests(clock, (made) => (instances = made));

  it.skipIf(!twoInstances)(`a write on one instance retires the other's kept feed and recap${whySkipped}`, async () => {
    await feedsFollowWrites(instances.a, instances.b, instances.database, clock);
  }, 180_000);
});

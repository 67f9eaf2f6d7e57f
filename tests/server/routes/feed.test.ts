import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedSchema, type FeedEntry } from '../../../contract/media';
import { recordFeed, type FeedKind } from '../../../server/db/repositories/feed';
import { publishFeedEntry } from '../../../server/use-cases/feed';
import { microCommunities } from '../../../server/db/schema';
import { registerUser, type TestUser } from '../helpers';
import { attend, block, connect, insertEvent, mediaTestApp, sentTo, updateUser, type MediaTestApp } from '../media-helpers';

let t: MediaTestApp;
beforeAll(async () => {
  t = await mediaTestApp();
});
afterAll(async () => t.close());

const at = (hhmm: string) => new Date(`2026-11-22T${hhmm}:00.000Z`);

const feed = (u: TestUser, eventId: string, userId: string | null = u.user.id) =>
  t.app.inject({
    method: 'GET',
    url: `/api/events/${eventId}/feed${userId ? `?user_id=${userId}` : ''}`,
    headers: u.headers,
  });

async function read(u: TestUser, eventId: string): Promise<FeedEntry[]> {
  const res = await feed(u, eventId);
  expect(res.statusCode, res.body).toBe(200);
  return FeedSchema.parse(res.json());
}

async function entry(eventId: string, actorId: string | null, kind: FeedKind, time: string, subjectId?: string) {
  return recordFeed(t.db, { eventId, actorId, kind, subjectId: subjectId ?? null, at: at(time) });
}

async function community(eventId: string, name: string): Promise<string> {
  const [row] = await t.db
    .insert(microCommunities)
    .values({ eventId, name, description: '', interestTag: 'photography' })
    .returning({ id: microCommunities.id });
  return row!.id;
}

describe('GET /api/events/:id/feed', () => {
  it('tells what happened, newest first, with connections only as counts per hour', async () => {
    const viewer = await registerUser(t.app, { name: 'Vic' });
    const maya = await registerUser(t.app, { name: 'Maya' });
    const ben = await registerUser(t.app, { name: 'Ben' });
    const eventId = await insertEvent(t.db);
    await attend(t.db, eventId, viewer.user.id, maya.user.id, ben.user.id);
    const walkers = await community(eventId, 'Photo walkers');
    const photoId = crypto.randomUUID();

    const joined = await entry(eventId, maya.user.id, 'joined', '08:05');
    await entry(eventId, maya.user.id, 'connection', '08:20');
    const shared = await entry(eventId, maya.user.id, 'photo', '08:40', photoId);
    const joinedGroup = await entry(eventId, ben.user.id, 'community_join', '09:02', walkers);
    for (const time of ['09:05', '09:10', '09:15']) await entry(eventId, ben.user.id, 'connection', time);

    const lines = await read(viewer, eventId);
    expect(lines).toEqual([
      {
        id: 'connections-2026-11-22T09:00:00.000Z',
        kind: 'connection',
        text: '3 new connections were made',
        code: 'feed.connections',
        params: { count: 3 },
        actor_name: null,
        created_at: '2026-11-22T09:15:00.000Z',
        subject_id: null,
      },
      {
        id: joinedGroup.id,
        kind: 'community_join',
        text: 'Ben joined Photo walkers',
        code: 'feed.joinedGroup',
        params: { who: { id: 'said.asWritten', message: 'Ben', values: { text: 'Ben' } }, group: 'Photo walkers' },
        actor_name: 'Ben',
        created_at: '2026-11-22T09:02:00.000Z',
        subject_id: walkers,
      },
      {
        id: shared.id,
        kind: 'photo',
        text: 'Maya shared a photo',
        code: 'feed.sharedPhoto',
        params: { who: { id: 'said.asWritten', message: 'Maya', values: { text: 'Maya' } } },
        actor_name: 'Maya',
        created_at: '2026-11-22T08:40:00.000Z',
        subject_id: photoId,
      },
      {
        id: 'connections-2026-11-22T08:00:00.000Z',
        kind: 'connection',
        text: '1 new connection was made',
        code: 'feed.connections',
        params: { count: 1 },
        actor_name: null,
        created_at: '2026-11-22T08:20:00.000Z',
        subject_id: null,
      },
      {
        id: joined.id,
        kind: 'joined',
        text: 'Maya joined the event',
        code: 'feed.joinedEvent',
        params: { who: { id: 'said.asWritten', message: 'Maya', values: { text: 'Maya' } } },
        actor_name: 'Maya',
        created_at: '2026-11-22T08:05:00.000Z',
        subject_id: null,
      },
    ]);
  });

  it('never says who connected with whom', async () => {
    const viewer = await registerUser(t.app, { name: 'Vic' });
    const maya = await registerUser(t.app, { name: 'Maya Quill' });
    const eventId = await insertEvent(t.db);
    await attend(t.db, eventId, viewer.user.id, maya.user.id);
    await connect(t.db, viewer.user.id, maya.user.id, eventId, at('09:30'));
    await entry(eventId, maya.user.id, 'connection', '09:30', crypto.randomUUID());
    const res = await feed(viewer, eventId);
    expect(res.body).not.toContain('Maya');
    expect(res.body).not.toContain(maya.user.id);
    expect(FeedSchema.parse(res.json())).toMatchObject([{ kind: 'connection', text: '1 new connection was made' }]);
  });

  it('says "Someone" for anonymous browsing, anonymous or private visibility, and friends-only strangers', async () => {
    const viewer = await registerUser(t.app, { name: 'Vic' });
    const names = ['Ana', 'Avery', 'Pia', 'Fay', 'Finn'];
    const people = await Promise.all(names.map((name) => registerUser(t.app, { name })));
    const [browsesAnonymously, anonymousMode, privateMode, friendsStranger, friendsConnected] = people;
    const eventId = await insertEvent(t.db);
    await attend(t.db, eventId, viewer.user.id, ...people.map((p) => p.user.id));
    await updateUser(t.db, browsesAnonymously!.user.id, { anonymousBrowsing: true });
    await updateUser(t.db, anonymousMode!.user.id, { visibilityMode: 'anonymous' });
    await updateUser(t.db, privateMode!.user.id, { visibilityMode: 'private' });
    await updateUser(t.db, friendsStranger!.user.id, { visibilityMode: 'friends' });
    await updateUser(t.db, friendsConnected!.user.id, { visibilityMode: 'friends' });
    await connect(t.db, viewer.user.id, friendsConnected!.user.id, null);
    for (const [i, p] of people.entries()) await entry(eventId, p.user.id, 'joined', `09:0${i}`);

    const lines = await read(viewer, eventId);
    expect(lines.map((l) => [l.text, l.actor_name])).toEqual([
      ['Finn joined the event', 'Finn'],
      ['Someone joined the event', null],
      ['Someone joined the event', null],
      ['Someone joined the event', null],
      ['Someone joined the event', null],
    ]);
    for (const name of names.slice(0, 4)) expect(JSON.stringify(lines)).not.toContain(name);
  });

  it('shows people their own name even when they browse anonymously', async () => {
    const ana = await registerUser(t.app, { name: 'Ana' });
    const eventId = await insertEvent(t.db);
    await attend(t.db, eventId, ana.user.id);
    await updateUser(t.db, ana.user.id, { anonymousBrowsing: true });
    await entry(eventId, ana.user.id, 'photo', '09:00', crypto.randomUUID());
    expect((await read(ana, eventId)).map((l) => l.text)).toEqual(['Ana shared a photo']);
  });

  it('leaves out what people blocked either way did', async () => {
    const viewer = await registerUser(t.app, { name: 'Vic' });
    const blockedByViewer = await registerUser(t.app, { name: 'Blake' });
    const blockedViewer = await registerUser(t.app, { name: 'Bree' });
    const eventId = await insertEvent(t.db);
    await attend(t.db, eventId, viewer.user.id, blockedByViewer.user.id, blockedViewer.user.id);
    await block(t.db, viewer.user.id, blockedByViewer.user.id);
    await block(t.db, blockedViewer.user.id, viewer.user.id);
    await entry(eventId, blockedByViewer.user.id, 'joined', '09:00');
    await entry(eventId, blockedViewer.user.id, 'photo', '09:01', crypto.randomUUID());
    await entry(eventId, viewer.user.id, 'joined', '09:02');
    await entry(eventId, null, 'joined', '09:03'); // no actor on record: a block cannot apply
    expect((await read(viewer, eventId)).map((l) => l.text)).toEqual(['Someone joined the event', 'Vic joined the event']);
    // The other side sees Vic only where no block stands between them.
    expect((await read(blockedViewer, eventId)).map((l) => l.text)).toEqual([
      'Someone joined the event',
      'Bree shared a photo',
      'Blake joined the event',
    ]);
  });

  it('keeps only the 50 newest lines', async () => {
    const viewer = await registerUser(t.app, { name: 'Vic' });
    const eventId = await insertEvent(t.db);
    await attend(t.db, eventId, viewer.user.id);
    for (let i = 0; i < 55; i++) {
      await recordFeed(t.db, { eventId, actorId: viewer.user.id, kind: 'joined', at: new Date(at('08:00').getTime() + i * 1000) });
    }
    const lines = await read(viewer, eventId);
    expect(lines).toHaveLength(50);
    expect(lines[0]!.created_at).toBe('2026-11-22T08:00:54.000Z');
    expect(lines[49]!.created_at).toBe('2026-11-22T08:00:05.000Z');
  });

  it('shows only this event', async () => {
    const viewer = await registerUser(t.app, { name: 'Vic' });
    const eventId = await insertEvent(t.db);
    const other = await insertEvent(t.db);
    await attend(t.db, eventId, viewer.user.id);
    await attend(t.db, other, viewer.user.id);
    await entry(other, viewer.user.id, 'joined', '09:00');
    await entry(other, null, 'connection', '09:00');
    expect(await read(viewer, eventId)).toEqual([]);
  });

  it('answers 401 without a session, 403 for another acting id or a non-attendee, 404 for an unknown event', async () => {
    const viewer = await registerUser(t.app);
    const other = await registerUser(t.app);
    const eventId = await insertEvent(t.db);
    await attend(t.db, eventId, viewer.user.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/events/${eventId}/feed` })).statusCode).toBe(401);
    expect((await feed(viewer, eventId, other.user.id)).statusCode).toBe(403);
    const outsider = await feed(other, eventId);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().detail).toMatch(/join the event/i);
    expect((await feed(viewer, crypto.randomUUID())).statusCode).toBe(404);
    const bad = await feed(viewer, 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/^id: /);
    // The SPEC's call sends no acting id: the session is enough.
    expect((await feed(viewer, eventId, null)).statusCode).toBe(200);
  });
});

describe('publishFeedEntry (the live event_feed)', () => {
  it('sends each attendee the line as their feed shows it, and nothing to those blocked either way', async () => {
    const ana = await registerUser(t.app, { name: 'Ana' });
    const friend = await registerUser(t.app, { name: 'Fay' });
    const stranger = await registerUser(t.app, { name: 'Sam' });
    const blocker = await registerUser(t.app, { name: 'Bo' });
    const outsider = await registerUser(t.app, { name: 'Olu' });
    const eventId = await insertEvent(t.db);
    await attend(t.db, eventId, ana.user.id, friend.user.id, stranger.user.id, blocker.user.id);
    await updateUser(t.db, ana.user.id, { visibilityMode: 'friends' });
    await connect(t.db, ana.user.id, friend.user.id, null);
    await block(t.db, blocker.user.id, ana.user.id);
    const row = await entry(eventId, ana.user.id, 'joined', '09:00');
    t.published.length = 0;
    await publishFeedEntry(t.db, t.app.realtime, row, t.clock.now());

    expect(sentTo(t.published, friend.user.id, 'event_feed')).toEqual([
      { type: 'event_feed', event_id: eventId, feed: expect.objectContaining({ id: row.id, text: 'Ana joined the event' }) },
    ]);
    expect(sentTo(t.published, stranger.user.id, 'event_feed')).toEqual([
      { type: 'event_feed', event_id: eventId, feed: expect.objectContaining({ text: 'Someone joined the event', actor_name: null }) },
    ]);
    expect(sentTo(t.published, ana.user.id, 'event_feed')).toHaveLength(1);
    expect(sentTo(t.published, blocker.user.id, 'event_feed')).toEqual([]);
    expect(sentTo(t.published, outsider.user.id, 'event_feed')).toEqual([]);
  });

  it('sends a new connection as its hour count, with the id the list uses', async () => {
    const viewer = await registerUser(t.app, { name: 'Vic' });
    const eventId = await insertEvent(t.db);
    await attend(t.db, eventId, viewer.user.id);
    await entry(eventId, null, 'connection', '09:10');
    const row = await entry(eventId, null, 'connection', '09:40');
    t.published.length = 0;
    await publishFeedEntry(t.db, t.app.realtime, row, t.clock.now());
    const [message] = sentTo(t.published, viewer.user.id, 'event_feed');
    const [listed] = await read(viewer, eventId);
    expect(message).toEqual({ type: 'event_feed', event_id: eventId, feed: listed });
    expect(listed).toMatchObject({ text: '2 new connections were made', created_at: '2026-11-22T09:40:00.000Z' });
  });
});

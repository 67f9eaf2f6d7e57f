/**
 * 1:1 meetings (issue 19): who may meet whom and when, a private decline, another time
 * suggested, no overlapping accepted meetings, free slots, calling off, the calendar
 * file, and reminders sent once by whichever instance claims them, also after a restart.
 * Runs on PGlite and (server-postgres) on PostgreSQL, with a fake clock.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MEETING_WORDS, MeetingSchema, MyMeetingsSchema, type Meeting } from '../../../contract/meetings';
import { buildApp } from '../../../server/app';
import { configFromEnv } from '../../../server/config';
import { meetingReminders, notifications } from '../../../server/db/schema';
import { sendDueReminders } from '../../../server/use-cases/meetings';
import { addZone, connect, reportLocation } from '../discovery-helpers';
import { FakeClock, registerUser, testApp, type TestApp, type TestUser } from '../helpers';
import { as, block, makeEvent, openLive } from '../social-helpers';
import { refusalOf } from '../../../contract/said';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ clock: new FakeClock() });
});
afterAll(async () => t.close());

/** The event runs 09:00-13:00 UTC on 22 November; the clock starts at 10:00. */
const at = (hhmm: string) => `2026-11-22T${hhmm}:00.000Z`;

let ann: TestUser;
let ben: TestUser;
let cat: TestUser;
let eventId: string;
beforeEach(async () => {
  t.clock.set(new Date(at('10:00')));
  [ann, ben, cat] = await Promise.all([registerUser(t.app), registerUser(t.app), registerUser(t.app)]);
  eventId = (await makeEvent(t.database.db, [ann.user.id, ben.user.id, cat.user.id], { start: new Date(at('09:00')) })).id;
  await connect(t.database.db, ann.user.id, ben.user.id);
  await connect(t.database.db, ann.user.id, cat.user.id);
  await connect(t.database.db, ben.user.id, cat.user.id);
});

const propose = (from: TestUser, to: TestUser, over: Record<string, unknown> = {}) =>
  as(t.app, from).post(`/api/meetings?user_id=${from.user.id}`, {
    with_user_id: to.user.id,
    event_id: eventId,
    start_time: at('11:00'),
    duration_minutes: 15,
    place: 'By the coffee bar',
    ...over,
  });
const respond = (u: TestUser, id: string, body: Record<string, unknown>) => as(t.app, u).post(`/api/meetings/${id}/respond?user_id=${u.user.id}`, body);
const cancel = (u: TestUser, id: string) => t.app.inject({ method: 'DELETE', url: `/api/meetings/${id}?user_id=${u.user.id}`, headers: u.headers });
const mine = async (u: TestUser) => MyMeetingsSchema.parse((await as(t.app, u).get(`/api/meetings?user_id=${u.user.id}`)).json());
const titlesOf = async (u: TestUser) =>
  (await t.database.db.select().from(notifications).where(eq(notifications.userId, u.user.id))).map((n) => n.title);

async function proposed(from: TestUser, to: TestUser, over: Record<string, unknown> = {}): Promise<Meeting> {
  const res = await propose(from, to, over);
  expect(res.statusCode, res.body).toBe(200);
  return MeetingSchema.parse(res.json());
}
async function accepted(from: TestUser, to: TestUser, over: Record<string, unknown> = {}): Promise<Meeting> {
  const m = await proposed(from, to, over);
  const res = await respond(to, m.id, { action: 'accept' });
  expect(res.statusCode, res.body).toBe(200);
  return MeetingSchema.parse(res.json());
}

describe('POST /api/meetings', () => {
  it('suggests a meeting to a connection: waiting for them, told live and in their notifications', async () => {
    const live = await openLive(t.app, ben);
    try {
      const m = await proposed(ann, ben);
      expect(m).toMatchObject({ status: 'proposed', waiting_for: 'them', proposed_by_me: true, duration_minutes: 15, place: 'By the coffee bar' });
      expect(m.end_time).toBe(at('11:15'));
      expect(m.with.id).toBe(ben.user.id);
      await live.next('meeting_changed', (x) => x.meeting_id === m.id);
    } finally {
      live.close();
    }
    expect((await mine(ben)).proposed_to_me.map((x) => [x.waiting_for, x.with.id])).toEqual([['me', ann.user.id]]);
    expect((await mine(ann)).proposed_by_me).toHaveLength(1);
    expect(await titlesOf(ben)).toContain(MEETING_WORDS.proposed.title.message);
  });

  it('places it in a safe zone named by its name', async () => {
    const zone = await addZone(t.database.db, eventId, { name: 'Quiet room', zone_type: 'safe_space' });
    const m = await proposed(ann, ben, { place: 'quiet room' });
    expect(m).toMatchObject({ place: 'Quiet room', zone_id: zone.id });
  });

  it('refuses a stranger, a past time, a time outside the event, a wrong length or place, and oneself', async () => {
    const stranger = await registerUser(t.app);
    await makeEvent(t.database.db, [stranger.user.id]);
    expect((await propose(stranger, ann)).statusCode).toBe(403);
    expect((await propose(stranger, ann)).json()).toMatchObject(refusalOf(MEETING_WORDS.connectionsOnly));
    expect((await propose(ann, ben, { start_time: at('09:30') })).json().detail).toBe(`start_time: ${MEETING_WORDS.inThePast.message}`);
    const late = await propose(ann, ben, { start_time: at('12:50') });
    expect([late.statusCode, late.json().detail]).toEqual([400, `start_time: ${MEETING_WORDS.outsideEvent.message}`]);
    expect((await propose(ann, ben, { duration_minutes: 20 })).json().detail).toMatch(/^duration_minutes: /);
    expect((await propose(ann, ben, { place: 'x'.repeat(81) })).statusCode).toBe(400);
    expect((await propose(ann, ben, { place: '   ' })).statusCode).toBe(400);
    expect((await propose(ann, ben, { start_time: 'soon' })).statusCode).toBe(400);
    expect((await propose(ann, ann)).statusCode).toBe(400);
  });

  it('refuses a second open proposal to the same person, kindly', async () => {
    await proposed(ann, ben);
    const again = await propose(ann, ben, { start_time: at('12:00') });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/^You already suggested a meeting to /);
  });

  it('needs both at the event', async () => {
    const dan = await registerUser(t.app);
    await connect(t.database.db, ann.user.id, dan.user.id);
    const res = await propose(ann, dan);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^with_user_id: /);
  });
});

describe('answering', () => {
  it('declines privately: the proposer keeps seeing "proposed" until it lapses at its start', async () => {
    const m = await proposed(ann, ben);
    const before = await titlesOf(ann);
    const res = await respond(ben, m.id, { action: 'decline' });
    expect(res.json()).toMatchObject({ status: 'declined', waiting_for: null });
    expect((await mine(ann)).proposed_by_me.map((x) => [x.id, x.status, x.waiting_for])).toEqual([[m.id, 'proposed', 'them']]);
    expect(await titlesOf(ann)).toEqual(before);
    expect((await mine(ben)).past.map((x) => x.status)).toEqual(['declined']);
    // At its start it has lapsed, for both alike.
    t.clock.set(new Date(at('11:00')));
    expect((await mine(ann)).past.map((x) => x.status)).toEqual(['lapsed']);
    expect((await mine(ann)).proposed_by_me).toEqual([]);
  });

  it('suggests another time: it waits for the proposer then, who may accept', async () => {
    const m = await proposed(ann, ben);
    const moved = await respond(ben, m.id, { action: 'suggest', start_time: at('11:30') });
    expect(moved.json()).toMatchObject({ start_time: at('11:30'), waiting_for: 'them' });
    expect(await titlesOf(ann)).toContain(MEETING_WORDS.suggested.title.message);
    // Ben cannot answer his own suggestion; Ann can.
    expect((await respond(ben, m.id, { action: 'accept' })).statusCode).toBe(409);
    const ok = await respond(ann, m.id, { action: 'accept' });
    expect(ok.json()).toMatchObject({ status: 'accepted', start_time: at('11:30') });
    expect(await titlesOf(ben)).toContain(MEETING_WORDS.accepted.title.message);
    expect((await mine(ben)).accepted.map((x) => x.id)).toEqual([m.id]);
  });

  it('refuses a suggestion without a time, at the same time, or in the past', async () => {
    const m = await proposed(ann, ben);
    expect((await respond(ben, m.id, { action: 'suggest' })).json()).toMatchObject(refusalOf(MEETING_WORDS.suggestNeedsTime));
    expect((await respond(ben, m.id, { action: 'suggest', start_time: at('11:00') })).json()).toMatchObject(refusalOf(MEETING_WORDS.sameTime));
    expect((await respond(ben, m.id, { action: 'suggest', start_time: at('09:15') })).statusCode).toBe(400);
    expect((await respond(ben, m.id, { action: 'maybe' })).statusCode).toBe(400);
  });

  it('is for the two alone: anyone else, or after a block, finds no such meeting', async () => {
    const m = await proposed(ann, ben);
    expect((await respond(cat, m.id, { action: 'accept' })).statusCode).toBe(404);
    await block(t.database.db, ben.user.id, ann.user.id);
    expect((await respond(ben, m.id, { action: 'accept' })).statusCode).toBe(404);
    expect((await mine(ann)).proposed_by_me).toEqual([]);
  });
});

describe('no overlapping accepted meetings', () => {
  it('names my own clash kindly, and never describes theirs', async () => {
    await accepted(ann, ben, { start_time: at('11:00') });
    // Ann's own clash, as she suggests a time.
    const own = await propose(ann, cat, { start_time: at('11:10') });
    expect(own.statusCode).toBe(409);
    expect(own.json().detail).toBe(MEETING_WORDS.ownClash({ name: ben.user.name, from: '11:00', to: '11:15' }).message);
    // Cat suggests 11:10 to Ann; Ann accepting it clashes with her own.
    const m = await proposed(cat, ann, { start_time: at('11:10') });
    const res = await respond(ann, m.id, { action: 'accept' });
    expect([res.statusCode, res.json().detail]).toEqual([409, MEETING_WORDS.ownClash({ name: ben.user.name, from: '11:00', to: '11:15' }).message]);
    expect((await mine(ann)).accepted).toHaveLength(1);
  });

  it('refuses an accept when the other person has since accepted another meeting then', async () => {
    const m = await proposed(cat, ann, { start_time: at('12:00') });
    await accepted(ben, cat, { start_time: at('12:00') });
    const res = await respond(ann, m.id, { action: 'accept' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject(refusalOf(MEETING_WORDS.theirClash));
  });

  it('lets meetings touch end to start', async () => {
    await accepted(ann, ben, { start_time: at('11:00') });
    await accepted(ann, cat, { start_time: at('11:15') });
    expect((await mine(ann)).accepted).toHaveLength(2);
  });
});

describe('GET /api/meetings/free-slots', () => {
  it('offers start times on a 15-minute grid while both are free, and nothing about why not', async () => {
    await accepted(ben, cat, { start_time: at('11:00'), duration_minutes: 30 });
    const res = await as(t.app, ann).get(`/api/meetings/free-slots?user_id=${ann.user.id}&with_user_id=${ben.user.id}&event_id=${eventId}&duration_minutes=15`);
    expect(res.statusCode).toBe(200);
    const slots: string[] = res.json().slots;
    expect(slots[0]).toBe(at('10:15'));
    expect(slots).toContain(at('10:45'));
    expect(slots).not.toContain(at('11:00'));
    expect(slots).not.toContain(at('11:15'));
    expect(slots).toContain(at('11:30'));
    expect(slots.at(-1)).toBe(at('12:45'));
    expect(Object.keys(res.json())).toEqual(['slots']);
    const wrong = await as(t.app, ann).get(`/api/meetings/free-slots?user_id=${ann.user.id}&with_user_id=${ben.user.id}&event_id=${eventId}&duration_minutes=7`);
    expect(wrong.statusCode).toBe(400);
  });
});

describe('calling off', () => {
  it('tells the other kindly, and no reminder comes', async () => {
    const m = await accepted(ann, ben);
    const res = await cancel(ben, m.id);
    expect(res.json()).toMatchObject({ status: 'cancelled' });
    expect(await titlesOf(ann)).toContain(MEETING_WORDS.cancelled.title.message);
    expect(await t.database.db.select().from(meetingReminders).where(eq(meetingReminders.meetingId, m.id))).toEqual([]);
    expect((await cancel(ann, m.id)).statusCode).toBe(409);
  });

  it('by the one a proposal waits for is a private decline', async () => {
    const m = await proposed(ann, ben);
    const res = await cancel(ben, m.id);
    expect(res.json()).toMatchObject({ status: 'declined' });
    expect(await titlesOf(ann)).not.toContain(MEETING_WORDS.cancelled.title.message);
    expect((await mine(ann)).proposed_by_me.map((x) => x.status)).toEqual(['proposed']);
  });
});

describe('GET /api/meetings/{id}/calendar.ics', () => {
  it('answers an iCalendar file for the two, and 404 to anyone else', async () => {
    const m = await accepted(ann, ben, { place: 'Café; upstairs, by the window' });
    const res = await as(t.app, ann).get(`/api/meetings/${m.id}/calendar.ics?user_id=${ann.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const text = res.body;
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text).toContain('DTSTART:20261122T110000Z\r\n');
    expect(text).toContain('DTEND:20261122T111500Z\r\n');
    expect(text).toContain('LOCATION:Café\\; upstairs\\, by the window\r\n');
    expect(text).toContain('STATUS:CONFIRMED');
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect((await as(t.app, cat).get(`/api/meetings/${m.id}/calendar.ics?user_id=${cat.user.id}`)).statusCode).toBe(404);
  });
});

describe('reminders, 5 minutes before', () => {
  const reminders = async (u: TestUser) => (await titlesOf(u)).filter((x) => x === MEETING_WORDS.reminder.title.message);

  it('come once to each, claimed by one instance even when two sweep at once, and also after a restart', async () => {
    await accepted(ann, ben, { start_time: at('11:00') });
    t.clock.set(new Date(at('10:54')));
    await sendDueReminders(t.app);
    expect(await reminders(ann)).toEqual([]);
    t.clock.set(new Date(at('10:55')));
    // A second instance on the same database (also what a restart is).
    const other: FastifyInstance = await buildApp({
      config: { ...configFromEnv({}), staticDir: null, seedDemo: false },
      database: { ...t.database, close: async () => {} },
      clock: t.clock.now,
    });
    try {
      // (Other tests' meetings may be due too: only Ann's and Ben's are counted.)
      await Promise.all([sendDueReminders(t.app), sendDueReminders(other)]);
      await sendDueReminders(other);
    } finally {
      await other.close();
    }
    expect(await reminders(ann)).toHaveLength(1);
    expect(await reminders(ben)).toHaveLength(1);
    const [note] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ann.user.id), eq(notifications.title, MEETING_WORDS.reminder.title.message)));
    expect(note!.content).toBe(MEETING_WORDS.reminder.content.english({ name: ben.user.name, when: '11:00', place: 'By the coffee bar' }));
  });

  it('a reminder missed while every instance was down still comes before the meeting ends, and not after', async () => {
    await accepted(ann, ben, { start_time: at('11:00') });
    await accepted(ann, cat, { start_time: at('12:00') });
    t.clock.set(new Date(at('11:10')));
    await sendDueReminders(t.app);
    expect(await reminders(ben)).toHaveLength(1);
    t.clock.set(new Date(at('12:30')));
    // The 12:00 meeting is over: its reminders are claimed, not sent.
    await sendDueReminders(t.app);
    expect(await reminders(cat)).toEqual([]);
    expect(await reminders(ann)).toHaveLength(1);
  });

  it('come through the live channel with a toast even in a quiet zone', async () => {
    await accepted(ann, ben, { start_time: at('11:00') });
    t.clock.set(new Date(at('10:56')));
    const zone = await addZone(t.database.db, eventId, { name: 'Quiet room', zone_type: 'safe_space' });
    const report = await reportLocation(t.app, ann, eventId, zone.latitude, zone.longitude);
    expect(report.json().current_zone.id).toBe(zone.id);
    const live = await openLive(t.app, ann);
    try {
      await sendDueReminders(t.app);
      const m = await live.next('notification', (x) => x.notification.title === MEETING_WORDS.reminder.title.message);
      expect(m.quiet).toBeUndefined();
    } finally {
      live.close();
    }
  });
});

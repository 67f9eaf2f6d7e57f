/**
 * The calendar feed (issue 42 item 3), read as a calendar app reads it (no cookie) and
 * parsed with ical.js: joined events and accepted meetings in their event's time zone,
 * the other person as the reader sees them, cancellations that follow, an address that
 * holds until reset, and ends with a ban, a deactivation or a deletion.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CalendarFeedSchema } from '../../../contract/calendar';
import { MeetingSchema, type Meeting } from '../../../contract/meetings';
import { appSettings, calendarFeeds, connections, events, users } from '../../../server/db/schema';
import { safePath } from '../../../server/plugins/logging';
import { connect } from '../discovery-helpers';
import { FakeClock, queriesDuring, registerUser, testApp, type TestApp, type TestUser } from '../helpers';
import { as, changedOutside, makeEvent } from '../social-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ clock: new FakeClock(), config: { publicUrl: 'https://wallflower.example' } });
});
afterAll(async () => t.close());

const at = (hhmm: string) => `2026-11-22T${hhmm}:00.000Z`;

let ann: TestUser;
let ben: TestUser;
let eventId: string;
beforeEach(async () => {
  t.clock.set(new Date(at('10:00')));
  [ann, ben] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
  eventId = (await makeEvent(t.database.db, [ann.user.id, ben.user.id], { start: new Date(at('09:00')), name: 'Quiet Conf' })).id;
  await t.database.db.update(events).set({ timeZone: 'Europe/Berlin' }).where(eq(events.id, eventId));
  await connect(t.database.db, ann.user.id, ben.user.id);
});

const address = async (u: TestUser) => CalendarFeedSchema.parse((await as(t.app, u).get(`/api/calendar/feed?user_id=${u.user.id}`)).json());
const reset = async (u: TestUser) => CalendarFeedSchema.parse((await as(t.app, u).post(`/api/calendar/feed/reset?user_id=${u.user.id}`, {})).json());
/** Reads the feed as a calendar app does: by its address alone, no cookie. */
const read = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

async function meeting(from: TestUser, to: TestUser, hhmm: string, accept: boolean): Promise<Meeting> {
  const res = await as(t.app, from).post(`/api/meetings?user_id=${from.user.id}`, {
    with_user_id: to.user.id,
    event_id: eventId,
    start_time: at(hhmm),
    duration_minutes: 15,
    place: 'By the window',
  });
  expect(res.statusCode, res.body).toBe(200);
  const m = MeetingSchema.parse(res.json());
  if (!accept) return m;
  const ok = await as(t.app, to).post(`/api/meetings/${m.id}/respond?user_id=${to.user.id}`, { action: 'accept' });
  expect(ok.statusCode, ok.body).toBe(200);
  return MeetingSchema.parse(ok.json());
}

function parse(ics: string) {
  const vcalendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of vcalendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return vcalendar.getAllSubcomponents('vevent').map((c) => {
    const e = new ICAL.Event(c);
    return {
      uid: e.uid,
      summary: e.summary,
      zone: e.startDate.zone?.tzid,
      start: e.startDate.toJSDate().toISOString(),
      end: e.endDate.toJSDate().toISOString(),
      status: c.getFirstPropertyValue('status'),
    };
  });
}

describe('the calendar feed', () => {
  it('gives one secret address, the same each time, and keeps only its hash', async () => {
    const first = await address(ann);
    expect(first.url).toMatch(/^https:\/\/wallflower\.example\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(first.webcal_url).toBe(first.url.replace('https:', 'webcal:'));
    expect(await address(ann)).toEqual(first);
    expect((await address(ben)).url).not.toBe(first.url);
    const token = /calendar\/(.+)\.ics$/.exec(first.url)![1]!;
    const kept = JSON.stringify([await t.database.db.select().from(calendarFeeds), await t.database.db.select().from(appSettings)]);
    expect(kept).not.toContain(token);
    expect(safePath(new URL(first.url).pathname)).toBe('/api/calendar/[redacted]');
    expect(safePath('/api/calendar/feed')).toBe('/api/calendar/feed');
  });

  it('reads the feed key once per database, not at every address request', async () => {
    await address(ann);
    const asked = await queriesDuring(t.database.db, async () => {
      await address(ann);
      await address(ben);
      await reset(ben);
    });
    expect(asked.filter((q) => /app_settings/.test(q))).toEqual([]);
    // And the addresses still hold: one asked again is the same.
    expect(await address(ben)).toEqual(await address(ben));
  });

  it('holds joined events and accepted meetings in the event\'s time zone, and follows a cancellation', async () => {
    const kept = await meeting(ann, ben, '11:00', true);
    await meeting(ann, ben, '12:00', false);
    const feed = await address(ben);
    const res = await read(feed.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const entries = parse(res.body);
    expect(entries).toEqual([
      { uid: `${eventId}@wallflower`, summary: 'Quiet Conf', zone: 'Europe/Berlin', start: at('09:00'), end: at('13:00'), status: 'CONFIRMED' },
      { uid: `${kept.id}@wallflower`, summary: `Meeting with ${ann.user.name}`, zone: 'Europe/Berlin', start: at('11:00'), end: at('11:15'), status: 'CONFIRMED' },
    ]);
    expect(res.body).toContain('DTSTART;TZID=Europe/Berlin:20261122T120000');

    const off = await t.app.inject({ method: 'DELETE', url: `/api/meetings/${kept.id}?user_id=${ann.user.id}`, headers: ann.headers });
    expect(off.statusCode, off.body).toBe(200);
    expect(parse((await read(feed.url)).body).find((e) => e.uid === `${kept.id}@wallflower`)?.status).toBe('CANCELLED');
  });

  it('names the other person only as the reader sees them', async () => {
    await meeting(ann, ben, '11:00', true);
    await t.database.db.update(users).set({ visibilityMode: 'private' }).where(eq(users.id, ann.user.id));
    await t.database.db.delete(connections);
    // As the app's own changes do: the kept reads of both follow.
    t.app.lifecycle.emit('user.changed', ann.user.id);
    t.app.lifecycle.emit('relation.changed', ann.user.id, ben.user.id);
    const summaries = parse((await read((await address(ben)).url)).body).map((e) => e.summary);
    expect(summaries).not.toContain(`Meeting with ${ann.user.name}`);
  });

  it('answers 404 at the old address once reset, and at any address of someone banned, deactivated or gone', async () => {
    const old = await address(ann);
    const fresh = await reset(ann);
    expect(fresh.url).not.toBe(old.url);
    expect((await read(old.url)).statusCode).toBe(404);
    expect((await read(fresh.url)).statusCode).toBe(200);
    expect(await address(ann)).toEqual(fresh);

    // Changed outside the app, then announced as the app's own changes are (the feed is kept).
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, ann.user.id));
    changedOutside(t.database.db, { users: [ann.user.id] });
    expect((await read(fresh.url)).statusCode).toBe(404);
    await t.database.db.update(users).set({ isActive: true, isBanned: true, bannedUntil: null }).where(eq(users.id, ann.user.id));
    changedOutside(t.database.db, { users: [ann.user.id] });
    expect((await read(fresh.url)).statusCode).toBe(404);

    const benFeed = await address(ben);
    expect((await read(benFeed.url)).statusCode).toBe(200);
    await t.database.db.delete(users).where(eq(users.id, ben.user.id));
    changedOutside(t.database.db, { users: [ben.user.id] });
    expect((await read(benFeed.url)).statusCode).toBe(404);
    expect((await read('https://x/api/calendar/not-a-real-address-at-all-0123456789.ics')).statusCode).toBe(404);
  });

  it('needs the session for the address, not for the feed', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/calendar/feed?user_id=${ann.user.id}` })).statusCode).toBe(401);
    expect((await as(t.app, ben).get(`/api/calendar/feed?user_id=${ann.user.id}`)).statusCode).toBe(403);
  });
});

/**
 * Quiet zones are quiet (issue 18 item 2): inside a zone of the safe-space kind every
 * live ping comes quietly (listed, no toast or system notification); leaving brings one
 * calm summary of what came in; others see "Recharging — please don't approach" on the
 * person's card, in a zone large enough that saying so does not place them closer than
 * 50 m (issue 40). Driven by the 10-second position report, with a fake clock.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { QUIET_PRESENCE_FRESH_MS, QUIET_SUMMARY } from '../../../contract/safety-words';
import { notifications, quietPresence } from '../../../server/db/schema';
import { PRESENCE_REASONS } from '../../../contract/presence-words';
import { addZone, connect, discover, north, putPrivacy, reportLocation, setUserColumns } from '../discovery-helpers';
import { FakeClock, registerUser, testApp, type TestApp, type TestUser } from '../helpers';
import { as, makeEvent, openLive, type Live } from '../social-helpers';

const QUIET = { latitude: 52.52, longitude: 13.405 };
// Outside the quiet room, a walk of ten seconds away (a jump is not used, DESIGN 5).
const HALL = north(QUIET.latitude, QUIET.longitude, 45);
// A quiet garden 400 m across, 5 km away: the 200 m square around its middle lies wholly inside it.
const GARDEN = north(QUIET.latitude, QUIET.longitude, 5000);
// Out of the garden: a jump, so the position kept for distances stays, but the zone answered goes.
const STREET = north(QUIET.latitude, QUIET.longitude, 6000);

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ clock: new FakeClock() });
});
afterAll(async () => t.close());

let me: TestUser;
let friend: TestUser;
let stranger: TestUser;
let eventId: string;
beforeEach(async () => {
  t.clock.set(new Date('2026-11-22T10:00:00Z'));
  [me, friend, stranger] = await Promise.all([registerUser(t.app), registerUser(t.app), registerUser(t.app)]);
  const event = await makeEvent(t.database.db, [me.user.id, friend.user.id, stranger.user.id], { start: new Date('2026-11-22T09:00:00Z') });
  eventId = event.id;
  await addZone(t.database.db, eventId, { name: 'Quiet room', zone_type: 'safe_space', ...QUIET, radius_meters: 30 });
  await addZone(t.database.db, eventId, { name: 'Quiet garden', zone_type: 'safe_space', ...GARDEN, radius_meters: 400 });
  await connect(t.database.db, me.user.id, friend.user.id);
});

const at = (u: TestUser, p: { latitude: number; longitude: number }) => reportLocation(t.app, u, eventId, p.latitude, p.longitude);
const write = (from: TestUser, to: TestUser, message: string) =>
  as(t.app, from).post(`/api/chat/send?user_id=${from.user.id}`, { to_user: to.user.id, message, event_id: eventId });
const ask = (from: TestUser, to: TestUser) =>
  as(t.app, from).post(`/api/connections/request?from_user_id=${from.user.id}`, { to_user_id: to.user.id, event_id: eventId });
const summaries = async (u: TestUser) =>
  t.database.db.select().from(notifications).where(and(eq(notifications.userId, u.user.id), eq(notifications.kind, 'quiet_summary')));
const rechargingAs = async (viewer: TestUser, u: TestUser) => (await discover(t.app, viewer, eventId)).find((e) => e.user.id === u.user.id)?.recharging;

async function withLive<T>(u: TestUser, run: (live: Live) => Promise<T>): Promise<T> {
  const live = await openLive(t.app, u);
  try {
    return await run(live);
  } finally {
    live.close();
  }
}

describe('inside a quiet zone', () => {
  it('holds every ping — a friend’s message, a stranger’s request — and leaving brings one calm summary', async () => {
    expect((await at(me, QUIET)).json().current_zone).toMatchObject({ name: 'Quiet room', zone_type: 'safe_space' });
    await withLive(me, async (live) => {
      expect((await write(friend, me, 'Coffee later?')).statusCode).toBe(200);
      expect((await ask(stranger, me)).statusCode).toBe(200);
      await live.sync();
      // Both arrive, listed, without a toast: a friend's message is held like anyone's.
      expect(live.ofType('new_message').map((m) => [m.message.message, m.quiet])).toEqual([['Coffee later?', true]]);
      expect(live.ofType('notification').map((m) => [m.notification.title, m.quiet])).toEqual([['New connection request', true]]);
      expect(live.ofType('connection_request')).toHaveLength(1);

      t.clock.advance(10_000);
      await at(me, HALL);
      await live.sync();
      const told = live.ofType('notification').filter((m) => m.notification.title === QUIET_SUMMARY.title.message);
      expect(told).toHaveLength(1);
      expect(told[0]!.quiet).toBeUndefined();
      expect(told[0]!.notification.content).toBe(
        "1 message and 1 connection request came in. Everything is in your chats and alerts, whenever you're ready.",
      );

      // Out of the zone, pings are loud again, and a second report outside tells nothing twice.
      await write(friend, me, 'Found a table by the window');
      t.clock.advance(10_000);
      await at(me, HALL);
      await live.sync();
      expect(live.ofType('new_message').at(-1)).toMatchObject({ message: { message: 'Found a table by the window' } });
      expect(live.ofType('new_message').at(-1)!.quiet).toBeUndefined();
    });
    expect(await summaries(me)).toHaveLength(1);
  });

  it('tells nothing on leaving when nothing came in, and forgets the presence', async () => {
    await at(me, QUIET);
    expect(await t.database.db.select().from(quietPresence).where(eq(quietPresence.userId, me.user.id))).toHaveLength(1);
    t.clock.advance(10_000);
    await at(me, HALL);
    expect(await t.database.db.select().from(quietPresence).where(eq(quietPresence.userId, me.user.id))).toHaveLength(0);
    expect(await summaries(me)).toHaveLength(0);
  });

  it('counts from the first report inside: staying does not restart what is held', async () => {
    await at(me, QUIET);
    await write(friend, me, 'One');
    for (let i = 0; i < 3; i++) {
      t.clock.advance(10_000);
      await at(me, QUIET);
    }
    await write(friend, me, 'Two');
    t.clock.advance(10_000);
    await at(me, HALL);
    const [summary] = await summaries(me);
    expect(summary!.content).toMatch(/^2 messages came in\./);
  });

  it('holds nothing once the reports stop (the app closed in the quiet garden)', async () => {
    await at(me, GARDEN);
    t.clock.advance(QUIET_PRESENCE_FRESH_MS + 1);
    await withLive(me, async (live) => {
      await write(friend, me, 'Still there?');
      await live.sync();
      expect(live.ofType('new_message')[0]!.quiet).toBeUndefined();
    });
    expect(await rechargingAs(friend, me)).toBe(false);
  });

  it('does not begin once the event is over', async () => {
    t.clock.set(new Date('2026-11-22T13:30:00Z'));
    await at(me, QUIET);
    expect(await t.database.db.select().from(quietPresence).where(eq(quietPresence.userId, me.user.id))).toHaveLength(0);
  });
});

describe('the card of someone in a quiet zone', () => {
  it('says so to others in a zone holding their whole 200 m square, and stops saying so when they leave', async () => {
    expect(await rechargingAs(friend, me)).toBe(false);
    await at(me, GARDEN);
    expect(await rechargingAs(friend, me)).toBe(true);
    expect(await rechargingAs(stranger, me)).toBe(true);
    // Never of oneself, and never of someone outside.
    expect(await rechargingAs(me, friend)).toBe(false);
    t.clock.advance(10_000);
    await at(me, STREET);
    expect(await rechargingAs(friend, me)).toBe(false);
    expect(await rechargingAs(stranger, me)).toBe(false);
  });

  // Issue 40: told of a 30 m room, anyone reading the zones placed the person within it.
  it('tells nobody, connections included, in a quiet room smaller than a square, nor holds "Happy to be approached"; presence says so', async () => {
    await setUserColumns(t.database.db, me.user.id, { openToHello: true });
    await at(me, QUIET);
    for (const viewer of [friend, stranger]) {
      const entry = (await discover(t.app, viewer, eventId)).find((e) => e.user.id === me.user.id)!;
      expect([entry.recharging, entry.open_to_hello]).toEqual([false, true]);
    }
    const presence = (await as(t.app, me).get(`/api/users/presence?user_id=${me.user.id}`)).json() as {
      reasons: Array<{ code: string; text: string }>;
      open_to_hello_shown: boolean;
    };
    expect(presence.reasons).toEqual([{ code: 'quiet_zone_untold', text: PRESENCE_REASONS.quiet_zone_untold.message }]);
    expect(presence.open_to_hello_shown).toBe(true);
    // The pings are held all the same.
    await withLive(me, async (live) => {
      await write(friend, me, 'Take your time');
      await live.sync();
      expect(live.ofType('new_message')[0]!.quiet).toBe(true);
    });
    // Walked to the garden (a jump would keep the room's position for distances), the badge is held, and presence says others see them recharging.
    t.clock.advance(2_000_000);
    await at(me, GARDEN);
    expect((await discover(t.app, stranger, eventId)).find((e) => e.user.id === me.user.id)!.open_to_hello).toBe(false);
    const there = (await as(t.app, me).get(`/api/users/presence?user_id=${me.user.id}`)).json() as { reasons: Array<{ code: string }>; open_to_hello_shown: boolean };
    expect([there.reasons.map((r) => r.code), there.open_to_hello_shown]).toEqual([['quiet_zone'], false]);
  });

  it('tells only connections when the person hides their location (it would say where they are), and only of a zone a square wide', async () => {
    await putPrivacy(t.app, me, { show_location: false });
    await at(me, QUIET);
    expect(await rechargingAs(friend, me)).toBe(false);
    t.clock.advance(10_000);
    await at(me, GARDEN);
    expect(await rechargingAs(friend, me)).toBe(true);
    expect(await rechargingAs(stranger, me)).toBe(false);
    // The pings are held all the same.
    await withLive(me, async (live) => {
      await write(friend, me, 'Take your time');
      await live.sync();
      expect(live.ofType('new_message')[0]!.quiet).toBe(true);
    });
  });

  it('is in recommendations too', async () => {
    await at(me, GARDEN);
    const res = await as(t.app, stranger).get(`/api/recommendations/${eventId}?user_id=${stranger.user.id}`);
    expect(res.statusCode).toBe(200);
    const entry = (res.json() as { people: Array<{ user: { id: string }; recharging: boolean }> }).people.find((e) => e.user.id === me.user.id);
    expect(entry?.recharging).toBe(true);
  });
});

describe('zones of other kinds', () => {
  it('hold nothing', async () => {
    const spot = north(QUIET.latitude, QUIET.longitude, 500);
    await addZone(t.database.db, eventId, { name: 'Snack bar', zone_type: 'other', ...spot, radius_meters: 30 });
    await at(me, spot);
    await withLive(me, async (live) => {
      await write(friend, me, 'Hello');
      await live.sync();
      expect(live.ofType('new_message')[0]!.quiet).toBeUndefined();
    });
    expect(await rechargingAs(friend, me)).toBe(false);
  });
});

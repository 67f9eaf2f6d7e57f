/**
 * Issue 43 item 4: GET /api/events/{id}/recap, PUT .../recap/notes/{userId}, GET .../recap.vcf,
 * and the nudge the day after the event (a fake clock, the sweep's function called directly).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RecapSchema } from '../../../contract/recap';
import { connections, eventAttendees, meetings, users } from '../../../server/db/schema';
import { sendDueRecapNudges } from '../../../server/use-cases/recap';
import ICAL from 'ical.js';
import { vcard } from '../../../server/domain/vcard';
import { registerUser, testApp, type TestApp, type TestUser } from '../helpers';
import { as, block, changedOutside, HOUR, makeEvent, notificationsOf, setUser, unknownId } from '../social-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

/** An event going on at the test clock, joined by these people now (by the fake clock). */
async function event(...people: TestUser[]) {
  const start = new Date(t.clock.now().getTime() - HOUR);
  const e = await makeEvent(t.database.db, [], { start });
  await t.database.db.insert(eventAttendees).values(people.map((p) => ({ eventId: e.id, userId: p.user.id, joinedAt: t.clock.now() })));
  changedOutside(t.database.db, { users: people.map((p) => p.user.id), events: [e.id] });
  return e;
}
const recap = (me: TestUser, eventId: string) => as(t.app, me).get(`/api/events/${eventId}/recap?user_id=${me.user.id}`);
const people = async (me: TestUser, eventId: string) => RecapSchema.parse((await recap(me, eventId)).json()).people;
const note = (me: TestUser, eventId: string, who: string, text: unknown) =>
  as(t.app, me).put(`/api/events/${eventId}/recap/notes/${who}?user_id=${me.user.id}`, { note: text });
const vcf = (me: TestUser, eventId: string) => as(t.app, me).get(`/api/events/${eventId}/recap.vcf?user_id=${me.user.id}`);
const chat = (from: TestUser, to: TestUser, eventId: string | null, message = 'hello') =>
  as(t.app, from).post(`/api/chat/send?user_id=${from.user.id}`, { to_user: to.user.id, message, event_id: eventId });
const share = (from: TestUser, to: TestUser, eventId: string, exchange_type: string, contact_data: Record<string, string>) =>
  as(t.app, from).post(`/api/contact-exchange?user_id=${from.user.id}`, { to_user: to.user.id, exchange_type, contact_data, event_id: eventId });
async function connect(a: TestUser, b: TestUser, eventId: string) {
  await t.database.db.insert(connections).values({ user1: a.user.id, user2: b.user.id, eventId, createdAt: t.clock.now() });
  changedOutside(t.database.db, { users: [a.user.id, b.user.id] });
}

describe('GET /api/events/{id}/recap', () => {
  it('lists whom the person connected with, chatted with, met or exchanged details with, and how', async () => {
    const [me, ana, ben, cy, dee, outsider] = await Promise.all([1, 2, 3, 4, 5, 6].map(() => registerUser(t.app)));
    const e = await event(me!, ana!, ben!, cy!, dee!);
    await connect(me!, ana!, e.id);
    expect((await chat(ben!, me!, e.id)).statusCode).toBe(200);
    await t.database.db.insert(meetings).values({
      eventId: e.id, proposerId: cy!.user.id, inviteeId: me!.user.id, proposedBy: cy!.user.id, startTime: t.clock.now(),
      durationMinutes: 15, place: 'Cafe', status: 'accepted', createdAt: t.clock.now(),
    } as never);
    expect((await share(dee!, me!, e.id, 'email', { email: 'dee@example.org' })).statusCode).toBe(200);
    const got = await people(me!, e.id);
    const byId = new Map(got.map((p) => [p.user.id, p]));
    expect(byId.get(ana!.user.id)?.how).toEqual(['connected']);
    expect(byId.get(ben!.user.id)?.how).toEqual(['chatted']);
    expect(byId.get(cy!.user.id)?.how).toEqual(['met']);
    expect(byId.get(dee!.user.id)).toMatchObject({ how: ['exchanged'], has_card: true, note: null });
    expect(got).toHaveLength(4);
    expect(byId.has(outsider!.user.id)).toBe(false);
  });

  it('counts only what came after the person joined', async () => {
    const [me, ana] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    const e = await event(me!, ana!);
    await t.database.db.insert(connections).values({ user1: me!.user.id, user2: ana!.user.id, eventId: e.id, createdAt: new Date(t.clock.now().getTime() - HOUR) });
    changedOutside(t.database.db, { users: [me!.user.id, ana!.user.id] });
    expect(await people(me!, e.id)).toEqual([]);
  });

  it('answers 404 to a non-attendee and for an unknown event, 400 for a bad id, 403 for someone else\'s user_id', async () => {
    const [me, ana] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    const e = await event(ana!);
    expect((await recap(me!, e.id)).statusCode).toBe(404);
    expect((await vcf(me!, e.id)).statusCode).toBe(404);
    expect((await note(me!, e.id, ana!.user.id, 'hi')).statusCode).toBe(404);
    expect((await recap(me!, unknownId())).statusCode).toBe(404);
    const bad = await as(t.app, me!).get(`/api/events/nope/recap?user_id=${me!.user.id}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/^id: /);
    expect((await as(t.app, me!).get(`/api/events/${e.id}/recap?user_id=${ana!.user.id}`)).statusCode).toBe(403);
  });

  it('shows an anonymous attendee by their pseudonym at this event, and takes notes by it', async () => {
    const [me, anon] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    const e = await event(me!, anon!);
    await setUser(t.database.db, anon!.user.id, { visibilityMode: 'anonymous' });
    expect((await chat(anon!, me!, e.id)).statusCode).toBe(200);
    const [p] = await people(me!, e.id);
    const [row] = await t.database.db.select().from(eventAttendees).where(eq(eventAttendees.userId, anon!.user.id));
    expect(p!.user).toMatchObject({ id: row!.pseudonym, name: 'Anonymous attendee', is_anonymous: true });
    expect((await note(me!, e.id, p!.user.id, 'Talked about owls')).json()).toEqual({ success: true, note: 'Talked about owls' });
    expect((await people(me!, e.id))[0]!.note).toBe('Talked about owls');
  });

  it('leaves out people blocked either way and deleted people', async () => {
    const [me, blockedByMe, blocker, gone, stays] = await Promise.all([1, 2, 3, 4, 5].map(() => registerUser(t.app)));
    const e = await event(me!, blockedByMe!, blocker!, gone!, stays!);
    for (const p of [blockedByMe!, blocker!, gone!, stays!]) expect((await chat(p, me!, e.id)).statusCode).toBe(200);
    await block(t.database.db, me!.user.id, blockedByMe!.user.id);
    await block(t.database.db, blocker!.user.id, me!.user.id);
    await t.database.db.delete(users).where(eq(users.id, gone!.user.id));
    changedOutside(t.database.db, { users: [gone!.user.id] });
    expect((await people(me!, e.id)).map((p) => p.user.id)).toEqual([stays!.user.id]);
  });
});

describe('PUT /api/events/{id}/recap/notes/{userId}', () => {
  it('keeps a note only the writer sees; an empty note clears it', async () => {
    const [me, ana] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    const e = await event(me!, ana!);
    await connect(me!, ana!, e.id);
    expect((await note(me!, e.id, ana!.user.id, '  Send her the paper  ')).json()).toEqual({ success: true, note: 'Send her the paper' });
    expect((await people(me!, e.id))[0]!.note).toBe('Send her the paper');
    // Ana's recap of me shows no note: it was mine.
    expect((await people(ana!, e.id))[0]).toMatchObject({ user: { id: me!.user.id }, note: null });
    expect((await vcf(me!, e.id)).body).not.toContain('paper');
    expect((await note(me!, e.id, ana!.user.id, '')).json()).toEqual({ success: true, note: null });
    expect((await people(me!, e.id))[0]!.note).toBeNull();
  });

  it.each([
    [{ note: 'x'.repeat(1001) }, /^note: must be at most 1000 characters/],
    [{ note: 5 }, /^note: /],
    [{}, /^note: /],
  ])('refuses %j with 400', async (body, detail) => {
    const [me, ana] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    const e = await event(me!, ana!);
    await connect(me!, ana!, e.id);
    const res = await as(t.app, me!).put(`/api/events/${e.id}/recap/notes/${ana!.user.id}?user_id=${me!.user.id}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(detail);
  });

  it('answers 404 about someone not in the recap', async () => {
    const [me, ana] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    const e = await event(me!, ana!);
    expect((await note(me!, e.id, ana!.user.id, 'hi')).statusCode).toBe(404);
    expect((await note(me!, e.id, unknownId(), 'hi')).statusCode).toBe(404);
  });
});

describe('GET /api/events/{id}/recap.vcf', () => {
  it('holds only what each person shared with the reader and has not taken back, escaped', async () => {
    const [me, ana, ben, cy] = await Promise.all([1, 2, 3, 4].map(() => registerUser(t.app, { name: 'Plain' })));
    await setUser(t.database.db, ana!.user.id, { name: 'Ana; Smith, Jr.' });
    const e = await event(me!, ana!, ben!, cy!);
    expect((await share(ana!, me!, e.id, 'phone', { phone: '+49 30 1234' })).statusCode).toBe(200);
    expect((await share(ana!, me!, e.id, 'business_card', { company: 'Owls, Inc; Berlin' })).statusCode).toBe(200);
    // Ben shared with me, then took it back; Cy only chatted; I shared with Cy (not Cy's details).
    const benCard = (await share(ben!, me!, e.id, 'email', { email: 'ben@example.org' })).json().exchange.id;
    expect((await as(t.app, ben!).delete(`/api/cards/${benCard}?user_id=${ben!.user.id}`)).statusCode).toBe(200);
    expect((await chat(cy!, me!, e.id)).statusCode).toBe(200);
    expect((await share(me!, cy!, e.id, 'email', { email: 'me@example.org' })).statusCode).toBe(200);
    const res = await vcf(me!, e.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/vcard; charset=utf-8');
    const cards = res.body.split('BEGIN:VCARD').slice(1);
    expect(cards).toHaveLength(1);
    expect(res.body).toContain('FN:Ana; Smith\\, Jr.\r\n');
    expect(res.body).toContain('N:;Ana\\; Smith\\, Jr.;;;\r\n');
    expect(res.body).toContain('TEL;VALUE=TEXT:+49 30 1234\r\n');
    expect(res.body).toContain('ORG:Owls\\, Inc\\; Berlin\r\n');
    expect(res.body).not.toMatch(/ben@example|me@example|EMAIL/);
    expect(res.body.startsWith('BEGIN:VCARD\r\nVERSION:4.0\r\n')).toBe(true);
  });

  it('escapes and folds by RFC 6350, and reads back as written', () => {
    const note = `${'ü'.repeat(60)}\r\nback\\slash, comma; semicolon`;
    const card = vcard('Ana; Smith, Jr.', [
      { name: 'N', value: ['', 'Ana; Smith, Jr.', '', '', ''] },
      { name: 'ORG', value: ['Owls, Inc; Berlin'] },
      { name: 'NOTE', value: note },
      { name: 'URL', params: { type: 'linkedin' }, value: { uri: 'https://example.org/in/ana\r\nX-EVIL:1' } },
      { name: 'EMAIL', value: '' },
    ]);
    const lines = card.split('\r\n');
    expect(lines.at(-1)).toBe('');
    for (const l of lines) expect(Buffer.byteLength(l)).toBeLessThanOrEqual(75);
    // No line break but CRLF, and nothing a value held becomes a line of its own.
    expect(card.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(lines.some((l) => l.startsWith('X-EVIL'))).toBe(false);
    expect(card).toContain('ORG:Owls\\, Inc\\; Berlin\r\n');
    expect(card).not.toContain('EMAIL');
    const back = ICAL.Component.fromString(card);
    expect(back.getFirstPropertyValue('fn')).toBe('Ana; Smith, Jr.');
    expect(back.getFirstPropertyValue('note')).toBe(note.replace('\r\n', '\n'));
    expect(back.getFirstProperty('org')!.getValues()).toEqual(['Owls, Inc; Berlin']);
  });
});

describe('the recap nudge', () => {
  it('comes once, a day after the event ends, to people with someone in their recap', async () => {
    const [me, ana, lonely] = await Promise.all([1, 2, 3].map(() => registerUser(t.app)));
    const e = await event(me!, ana!, lonely!);
    expect((await chat(ana!, me!, e.id)).statusCode).toBe(200);
    const saved = t.clock.now();
    try {
      // The event ends 3 hours after the clock's start; a day after that, not before.
      t.clock.advance(3 * HOUR + 23 * HOUR);
      await sendDueRecapNudges(t.app);
      expect((await notificationsOf(t.database.db, me!.user.id)).filter((n) => n.kind === 'event_recap')).toHaveLength(0);
      t.clock.advance(2 * HOUR);
      await sendDueRecapNudges(t.app);
      await sendDueRecapNudges(t.app);
      const mine = (await notificationsOf(t.database.db, me!.user.id)).filter((n) => n.kind === 'event_recap');
      expect(mine).toHaveLength(1);
      expect(mine[0]!.link).toBe(`/events/${e.id}`);
      expect((await notificationsOf(t.database.db, lonely!.user.id)).filter((n) => n.kind === 'event_recap')).toHaveLength(0);
    } finally {
      t.clock.set(saved);
    }
  });
});

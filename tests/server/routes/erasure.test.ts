/**
 * Delete for good (issue 42 item 2): every table and person column is covered by the
 * erasure; a wrong password changes nothing; the right one erases the person from every
 * place they appeared while what others hold stays theirs, from "Former attendee"; the
 * username and email are free again (a banned email only once the ban would have ended);
 * reports about them go after 30 days.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, or } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../../server/db/schema';
import { ERASE, REPORTS_KEPT_MS, purgeErasedReports } from '../../../server/use-cases/erasure';
import { personTables } from '../../../server/use-cases/export';
import { connect, search } from '../discovery-helpers';
import { FakeClock, registerUser, testApp, type TestApp, type TestUser } from '../helpers';
import { instancesForTests, twoInstances, whySkipped, type RedisInstances } from '../instances-helpers';
import { makeAdmin } from '../admin-helpers';
import { HOUR, as, block, meet, openLive } from '../social-helpers';

const { users, sessions, meetings, reports, photos, photoLikes, userLocations, businessCards, events, notifications, connections } = schema;

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const erase = (u: TestUser, password: string, userId = u.user.id) =>
  t.app.inject({ method: 'DELETE', url: `/api/account?user_id=${userId}`, headers: u.headers, payload: { password } });
const login = (u: TestUser, name = u.user.username) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username_or_email: name, password: u.password } });
const me = (u: TestUser) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: u.headers });

/** A table's person columns: a foreign key to users, or a name that says so (as personTables finds them). */
function personColumns(table: (typeof ERASE)[number]['table']): string[] {
  const config = getTableConfig(table);
  const names = new Set<string>();
  for (const fk of config.foreignKeys) {
    const ref = fk.reference();
    if (getTableConfig(ref.foreignTable).name === 'users') for (const c of ref.columns) names.add(c.name);
  }
  for (const c of config.columns) if (/(^|_)user(_id)?$|^user[12]$|_user$/.test(c.name)) names.add(c.name);
  return [...names];
}

describe('what the erasure covers', () => {
  it('names every table with a person column, and says for every such column what happens to it', () => {
    const covered = ERASE.map((e) => getTableConfig(e.table).name);
    expect(personTables().filter((name) => !covered.includes(name))).toEqual([]);
    expect(new Set(covered).size).toBe(covered.length);
    for (const e of ERASE) {
      const said = new Set([...(e.remove ?? []), ...(e.clear ?? []), ...(e.keep?.columns ?? [])].map((c: PgColumn) => c.name));
      const name = getTableConfig(e.table).name;
      expect(personColumns(e.table).filter((c) => !said.has(c)), name).toEqual([]);
      if (e.keep) expect(e.keep.why.length, name).toBeGreaterThan(20);
    }
  });
});

describe('DELETE /api/account', () => {
  it('is for the person themself, with their password; a wrong one changes nothing', async () => {
    const [ann, ben] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/account?user_id=${ann.user.id}`, payload: { password: ann.password } })).statusCode).toBe(401);
    expect((await erase(ben, ben.password, ann.user.id)).statusCode).toBe(403);
    const missing = await t.app.inject({ method: 'DELETE', url: `/api/account?user_id=${ann.user.id}`, headers: ann.headers, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toMatch(/^password: /);
    const wrong = await erase(ann, 'not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe('password: the current password is not correct');
    expect((await me(ann)).statusCode).toBe(200);
    expect((await login(ann)).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, ann.user.id));
    expect(row).toMatchObject({ name: ann.user.name, erasedAt: null, isActive: true });
  });

  it('erases the person from every place they appeared; others keep what is theirs, from "Former attendee"', async () => {
    const [ann, ben, cat] = await Promise.all([registerUser(t.app), registerUser(t.app), registerUser(t.app)]);
    const event = await meet(t.database.db, ann, ben, cat);
    // An event Ann made, which Ben attends.
    const [made] = await t.database.db
      .insert(events)
      .values({ name: 'Ann’s picnic', description: 'Bring a rug', location: 'Park', eventType: 'social', startTime: t.clock.now(), endTime: new Date(t.clock.now().getTime() + 4 * HOUR), createdBy: ann.user.id })
      .returning();
    await t.database.db.insert(schema.eventAttendees).values([{ eventId: made!.id, userId: ben.user.id }]);
    await connect(t.database.db, ann.user.id, ben.user.id);
    const say = (from: TestUser, to: TestUser, message: string) =>
      as(t.app, from).post(`/api/chat/send?user_id=${from.user.id}`, { to_user: to.user.id, message, event_id: event.id });
    expect((await say(ann, ben, 'Hello Ben, tea later?')).statusCode).toBe(200);
    expect((await say(ben, ann, 'Yes please')).statusCode).toBe(200);
    expect((await as(t.app, ann).post(`/api/connections/request?from_user_id=${ann.user.id}`, { to_user_id: cat.user.id, event_id: event.id })).statusCode).toBe(200);
    await t.database.db.insert(userLocations).values({ userId: ann.user.id, eventId: event.id, latitude: 52.5, longitude: 13.4 });
    const [photo] = await t.database.db.insert(photos).values({ userId: ann.user.id, eventId: event.id, photoData: 'aGVsbG8=', caption: 'The hall' }).returning();
    await t.database.db.insert(photoLikes).values({ userId: ben.user.id, photoId: photo!.id });
    await t.database.db.insert(businessCards).values({ userId: ann.user.id, name: 'Ann', email: 'ann@work.example' });
    await t.database.db.insert(reports).values({ reporterId: cat.user.id, targetType: 'user', targetId: ann.user.id, reportedUserId: ann.user.id, reason: 'spam', note: 'about ann' });
    await block(t.database.db, ann.user.id, cat.user.id);
    await t.database.db.insert(schema.recapNotes).values([
      { eventId: event.id, writerId: ben.user.id, subjectId: ann.user.id, note: 'Knows about moths' },
      { eventId: event.id, writerId: ann.user.id, subjectId: ben.user.id, note: 'Tea with Ben' },
    ]);
    const start = new Date(t.clock.now().getTime() + 2 * HOUR);
    const [meeting] = await t.database.db
      .insert(meetings)
      .values({ eventId: event.id, proposerId: ben.user.id, inviteeId: ann.user.id, proposedBy: ben.user.id, startTime: start, durationMinutes: 15, place: 'The café', status: 'accepted' })
      .returning();
    // Before: Ben finds her.
    expect((await search(t.app, ben, { query: ann.user.name })).map((p) => p.id)).toContain(ann.user.id);
    const attendees = async () =>
      ((await as(t.app, ben).get(`/api/events/${event.id}/attendees-with-photos?user_id=${ben.user.id}`)).json() as { id: string }[]).map((p) => p.id);
    expect(await attendees()).toContain(ann.user.id);
    const mutual = async () => (await as(t.app, ben).get(`/api/connections/mutual?user_id=${ben.user.id}`)).json() as unknown[];
    expect(await mutual()).toHaveLength(1);

    expect((await as(t.app, ann).put(`/api/users/opening-moves?user_id=${ann.user.id}`, { prompts: ['Ask me about lichen'] })).statusCode).toBe(200);
    const res = await erase(ann, ann.password);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(String(res.headers['set-cookie'])).toMatch(/wf_session=;/);

    // She cannot come back in: no session, no sign-in by name or email.
    expect((await me(ann)).statusCode).toBe(401);
    expect((await login(ann)).statusCode).toBe(401);
    expect((await login(ann, ann.user.email)).statusCode).toBe(401);
    expect((await login(ann, `former:${ann.user.id}`)).statusCode).toBe(401);
    // Gone from search, attendees and connections.
    expect((await search(t.app, ben, { query: ann.user.name })).map((p) => p.id)).not.toContain(ann.user.id);
    expect(await attendees()).not.toContain(ann.user.id);
    expect(await mutual()).toHaveLength(0);
    // Ben keeps the conversation, from "Former attendee", with no photo or profile.
    const history = (await as(t.app, ben).get(`/api/chat/${ann.user.id}?user_id=${ben.user.id}`)).json() as { message: string }[];
    expect(history.map((m) => m.message).sort()).toEqual(['Hello Ben, tea later?', 'Yes please']);
    const partner = await as(t.app, ben).get(`/api/chat/${ann.user.id}/partner?user_id=${ben.user.id}`);
    expect(partner.statusCode, partner.body).toBe(200);
    expect(partner.json()).toMatchObject({ name: 'Former attendee', photo_data: null, username: null });
    const inbox = ((await as(t.app, ben).get(`/api/conversations?user_id=${ben.user.id}`)).json() as { conversations: { id: string }[] }).conversations;
    expect(JSON.stringify(inbox)).not.toContain(ann.user.name);
    expect(inbox.find((c) => c.id === ann.user.id)).toMatchObject({ kind: 'direct', title: 'Former attendee', title_code: 'people.former', partner: { photo_data: null } });
    // Their meeting is off, and Ben is told without a name.
    const [after] = await t.database.db.select().from(meetings).where(eq(meetings.id, meeting!.id));
    expect(after!.status).toBe('cancelled');
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, ben.user.id));
    expect(told.map((n) => n.content)).toContainEqual(expect.stringMatching(/has left Wallflower, so the meeting is off/));
    expect(JSON.stringify(told)).not.toContain(ann.user.name);
    // Her event stays for Ben, with no organizer named.
    const [picnic] = await t.database.db.select().from(events).where(eq(events.id, made!.id));
    expect(picnic).toMatchObject({ name: 'Ann’s picnic', createdBy: null });
    // Nothing of hers is left: photos and likes on them, cards, positions, sessions, connections, blocks, requests.
    const of = async (table: PgTable, column: PgColumn) => (await t.database.db.select().from(table).where(eq(column, ann.user.id))).length;
    expect(await of(photos, photos.userId)).toBe(0);
    expect(await t.database.db.select().from(photoLikes).where(eq(photoLikes.photoId, photo!.id))).toEqual([]);
    expect(await of(userLocations, userLocations.userId)).toBe(0);
    expect(await of(businessCards, businessCards.userId)).toBe(0);
    expect(await of(sessions, sessions.userId)).toBe(0);
    expect(await t.database.db.select().from(connections).where(or(eq(connections.user1, ann.user.id), eq(connections.user2, ann.user.id)))).toEqual([]);
    expect(await t.database.db.select().from(schema.blocks).where(eq(schema.blocks.blockerId, ann.user.id))).toEqual([]);
    expect(await t.database.db.select().from(schema.connectionRequests).where(eq(schema.connectionRequests.fromUser, ann.user.id))).toEqual([]);
    // Notes: Ben's about her stay his; hers go.
    expect((await t.database.db.select().from(schema.recapNotes).where(eq(schema.recapNotes.subjectId, ann.user.id))).map((n) => n.note)).toEqual(['Knows about moths']);
    expect(await t.database.db.select().from(schema.recapNotes).where(eq(schema.recapNotes.writerId, ann.user.id))).toEqual([]);
    // Her row is a bare id: nothing anyone typed.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, ann.user.id));
    const kept = JSON.stringify(row);
    for (const detail of [ann.user.name, ann.user.username, ann.user.email, 'Designer', 'hiking', 'lichen']) expect(kept).not.toContain(detail);
    expect(row!.passwordHash).toBe('');
    // The username and email are free again.
    const again = await registerUser(t.app, { username: ann.user.username, email: ann.user.email });
    expect(again.user.id).not.toBe(ann.user.id);
    // A second try finds no one.
    expect((await erase(ann, ann.password)).statusCode).toBe(401);

    // Reports about her stay for moderators, under the bare id, for 30 days.
    const about = () => t.database.db.select().from(reports).where(eq(reports.reportedUserId, ann.user.id));
    expect(await about()).toHaveLength(1);
    expect(await purgeErasedReports(t.database.db, new Date(t.clock.now().getTime() + REPORTS_KEPT_MS - HOUR))).toBe(0);
    expect(await purgeErasedReports(t.database.db, new Date(t.clock.now().getTime() + REPORTS_KEPT_MS + HOUR))).toBe(1);
    expect(await about()).toEqual([]);
  });

  it('keeps a banned email refused until the ban would have ended', async () => {
    const admin = await makeAdmin(t.app);
    const ann = await registerUser(t.app);
    const banned = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${ann.user.id}/ban?admin_id=${admin.id}`,
      headers: admin.headers,
      payload: { user_id: ann.user.id, reason: 'Spam', ban_type: 'temporary', duration_days: 7 },
    });
    expect(banned.statusCode, banned.body).toBe(200);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${ann.user.id}?admin_id=${admin.id}&reason=Spam`, headers: admin.headers });
    expect(removed.statusCode, removed.body).toBe(200);
    const signUp = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: `${ann.user.username}x`, name: 'Ann again', email: ann.user.email.toUpperCase(), password: 'secret123' },
      });
    const refused = await signUp();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('email: this address belongs to an account that was banned, and cannot be used again yet');
    // The username is free at once; the email once the week is over.
    expect((await registerUser(t.app, { username: ann.user.username, email: 'someone.else@example.com' })).user.username).toBe(ann.user.username);
    t.clock.advance(8 * 24 * HOUR);
    expect((await signUp()).statusCode).toBe(200);
    // Nothing of her stays in the audit log but that it happened.
    const audit = await t.database.db.select().from(schema.adminActions).where(and(eq(schema.adminActions.targetUserId, ann.user.id)));
    expect(audit.map((a) => [a.actionType, a.targetDisplayName])).toEqual(
      expect.arrayContaining([
        ['ban', 'Former attendee'],
        ['delete', 'Former attendee'],
      ]),
    );
  });
});

describe('a deletion on two instances', () => {
  const clock = new FakeClock();
  let made: RedisInstances | null = null;
  instancesForTests(clock, (m) => (made = m));

  it.skipIf(!twoInstances)(`closes the person's socket on the other instance, and the other instance forgets them${whySkipped}`, async () => {
    const { a, b } = made!;
    const [ann, ben] = [await registerUser(a), await registerUser(a)];
    await meet(made!.database.db, ann, ben);
    await connect(made!.database.db, ann.user.id, ben.user.id);
    const live = await openLive(b, ann);
    // Instance b has Ann on Ben's list, kept.
    const mutual = async () => (await as(b, ben).get(`/api/connections/mutual?user_id=${ben.user.id}`)).json() as unknown[];
    expect(await mutual()).toHaveLength(1);
    const res = await a.inject({ method: 'DELETE', url: `/api/account?user_id=${ann.user.id}`, headers: ann.headers, payload: { password: ann.password } });
    expect(res.statusCode, res.body).toBe(200);
    await live.closed;
    await vi.waitFor(async () => expect(await mutual()).toHaveLength(0));
    expect((await b.inject({ method: 'GET', url: '/api/auth/me', headers: ann.headers })).statusCode).toBe(401);
  });
});

/**
 * "Download your data" (issue 42 item 1): every table that names a person is exported or
 * said not to be, with its reason; a person with data of every kind gets all of it, and
 * nothing of another person's beyond the name they are shown, nor any secret.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { feedEntries, photoLikes, photos, reports, userLocations, users } from '../../../server/db/schema';
import { EXPORT, EXPORT_FORMAT, NOT_EXPORTED, exportedTables, personTables } from '../../../server/use-cases/export';
import { connect } from '../discovery-helpers';
import { registerUser, testApp, type TestApp, type TestUser } from '../helpers';
import { as, block, makeEvent } from '../social-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ rateLimits: { exportsPerUser: 3 } });
});
afterAll(async () => t.close());

const download = (u: TestUser) => t.app.inject({ method: 'GET', url: `/api/account/export?user_id=${u.user.id}`, headers: u.headers });

describe('what the export covers', () => {
  it('names every table with a person column, as exported or left out with a reason', () => {
    const covered = new Set([...exportedTables(), ...Object.keys(NOT_EXPORTED)]);
    expect(personTables().filter((name) => !covered.has(name))).toEqual([]);
    // And nothing is listed twice, or both ways.
    expect(new Set(EXPORT.map((x) => x.part)).size).toBe(EXPORT.length);
    expect(exportedTables().filter((name) => name in NOT_EXPORTED)).toEqual([]);
  });
});

describe('GET /api/account/export', () => {
  it('gives a person everything held about them, and no secret', async () => {
    const [ann, ben, cat] = await Promise.all([registerUser(t.app), registerUser(t.app), registerUser(t.app)]);
    const event = await makeEvent(t.database.db, [ann.user.id, ben.user.id, cat.user.id]);
    await connect(t.database.db, ann.user.id, ben.user.id);
    const say = (from: TestUser, to: TestUser, message: string) =>
      as(t.app, from).post(`/api/chat/send?user_id=${from.user.id}`, { to_user: to.user.id, message, event_id: event.id });
    expect((await say(ann, ben, 'Hello Ben, tea later?')).statusCode).toBe(200);
    expect((await say(ben, ann, 'Yes please')).statusCode).toBe(200);
    expect((await say(cat, ben, 'A secret between cat and ben')).statusCode).toBe(200);
    await t.database.db.insert(userLocations).values({ userId: ann.user.id, eventId: event.id, latitude: 52.5, longitude: 13.4 });
    const [photo] = await t.database.db.insert(photos).values({ userId: ann.user.id, eventId: event.id, photoData: 'aGVsbG8=', caption: 'The hall' }).returning();
    await t.database.db.insert(photoLikes).values({ userId: ann.user.id, photoId: photo!.id });
    await t.database.db.insert(reports).values({ reporterId: cat.user.id, targetType: 'user', targetId: ann.user.id, reportedUserId: ann.user.id, reason: 'spam', note: 'about ann' });
    await block(t.database.db, cat.user.id, ann.user.id);

    const res = await download(ann);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="wallflower-data.json"');
    const doc = res.json();
    expect(doc.format).toBe(EXPORT_FORMAT);
    expect(doc.profile).toMatchObject({ id: ann.user.id, username: ann.user.username, email: ann.user.email });
    expect(doc.profile).not.toHaveProperty('password_hash');
    expect(doc.profile).toHaveProperty('visibility_mode', 'public');
    expect(doc.messages.map((m: { message: string }) => m.message).sort()).toEqual(['Hello Ben, tea later?', 'Yes please']);
    expect(doc.messages[0].from_user).toEqual(expect.objectContaining({ name: expect.any(String) }));
    expect(doc.connections).toHaveLength(1);
    expect(doc.events_joined).toHaveLength(1);
    expect(doc.positions).toEqual([expect.objectContaining({ latitude: 52.5, longitude: 13.4 })]);
    expect(doc.photos).toEqual([expect.objectContaining({ caption: 'The hall', photo_data: 'aGVsbG8=' })]);
    expect(doc.photo_likes).toHaveLength(1);
    expect(doc.sessions.length).toBeGreaterThan(0);
    for (const part of EXPORT.map((x) => x.part)) expect(doc, part).toHaveProperty(part);

    // Links are app addresses the person was given (a chat's, as their notification has it).
    const text = res.body.replace(/"link":"[^"]*"/g, '"link":""');
    // Nothing of others' private business, no report about them, no block against them, no secret.
    expect(text).not.toContain('A secret between cat and ben');
    expect(text).not.toContain('about ann');
    expect(doc.reports_made).toEqual([]);
    expect(doc.blocks).toEqual([]);
    expect(text).not.toContain(cat.user.id);
    expect(text).not.toContain(ben.user.id);
    expect(text).not.toMatch(/token_hash|password_hash|\$argon2/);
    const [row] = await t.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, ann.user.id));
    expect(text).not.toContain(row!.hash);
    expect((await t.database.db.select().from(feedEntries).where(eq(feedEntries.actorId, ann.user.id))).length).toBe(doc.feed_activity.length);
  });

  it("never tells someone who asked that they were declined", async () => {
    const [ann, ben] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    await makeEvent(t.database.db, [ann.user.id, ben.user.id]);
    const sent = await as(t.app, ann).post(`/api/connections/request?from_user_id=${ann.user.id}`, { to_user_id: ben.user.id });
    expect(sent.statusCode, sent.body).toBe(200);
    const requestId = (await as(t.app, ben).get(`/api/connections/requests/received?user_id=${ben.user.id}`)).json()[0].id;
    const declined = await as(t.app, ben).post(`/api/connections/requests/respond?user_id=${ben.user.id}`, { request_id: requestId, action: 'decline' });
    expect(declined.statusCode, declined.body).toBe(200);
    const mine = (await download(ann)).json().connection_requests;
    expect(mine).toHaveLength(1);
    expect(mine[0]).not.toHaveProperty('declined_at');
    expect(mine[0]).not.toHaveProperty('held');
  });

  it('is for the person themself, a few times an hour', async () => {
    const [ann, ben] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    expect((await t.app.inject({ method: 'GET', url: `/api/account/export?user_id=${ann.user.id}` })).statusCode).toBe(401);
    expect((await as(t.app, ben).get(`/api/account/export?user_id=${ann.user.id}`)).statusCode).toBe(403);
    for (let i = 0; i < 3; i++) expect((await download(ann)).statusCode).toBe(200);
    const limited = await download(ann);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toBe('You have downloaded your data a few times just now. Please try again in an hour.');
  });
});

/**
 * Reports and the moderator queue (issue 16): POST /api/reports, GET /api/reports/mine,
 * GET /api/admin/reports, POST /api/admin/reports/{id}/resolve, and the dashboard's
 * count of open reports.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AdminStatsSchema } from '../../../contract/admin';
import { AdminReportsAnswerSchema, ResolveReportAnswerSchema } from '../../../contract/admin-reports';
import { MyReportsAnswerSchema, REPORT_REVIEWED, ReportAnswerSchema } from '../../../contract/reports';
import { WARNING_TITLE } from '../../../server/use-cases/admin';
import { REPORTS_TOO_FAST } from '../../../server/plugins/rate-limits';
import { adminActions, chatMessages, photos, reports, users } from '../../../server/db/schema';
import { makeAdmin, type TestAdmin } from '../admin-helpers';
import { registerUser, testApp, type TestApp, type TestUser } from '../helpers';
import { adminReportsPage, chatMessage, groupMessage, offences, photo, report, reported, resolve } from '../report-helpers';
import { as, attend, block, meet, notificationsOf, openLive, setUser, unknownId } from '../social-helpers';
import { english, refusalOf } from '../../../contract/said';

let t: TestApp;
let admin: TestAdmin;
beforeAll(async () => {
  t = await testApp();
});
// Admin sessions last hours and some tests move the clock by a day: a fresh admin each time.
beforeEach(async () => {
  admin = await makeAdmin(t.app);
});
afterAll(async () => t.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const db = () => t.database.db;
const reportRow = async (id: string) => (await db().select().from(reports).where(eq(reports.id, id)))[0]!;
const holdOf = async (userId: string) => (await db().select({ at: users.reviewHoldAt }).from(users).where(eq(users.id, userId)))[0]!.at;
const auditFor = (userId: string) => db().select().from(adminActions).where(eq(adminActions.targetUserId, userId));

async function pair() {
  const a = await registerUser(t.app);
  const b = await registerUser(t.app);
  return { a, b, ...(await offences(db(), a, b, t.clock.now())) };
}

/** The open report of `id` as the queue shows it (paging through the whole queue). */
async function queued(id: string, status: 'open' | 'resolved' = 'open') {
  const res = await adminReportsPage(t.app, admin, `&status=${status}&limit=100`);
  expect(res.statusCode, res.body).toBe(200);
  const page = AdminReportsAnswerSchema.parse(res.json());
  for (let p = 2; !page.reports.some((r) => r.id === id) && (p - 1) * 100 < page.total; p++) {
    const more = AdminReportsAnswerSchema.parse((await adminReportsPage(t.app, admin, `&status=${status}&limit=100&page=${p}`)).json());
    page.reports.push(...more.reports);
  }
  return page.reports.find((r) => r.id === id);
}

describe('POST /api/reports', () => {
  it('reports a person, a chat message, a group message and a photo, keeping what was said', async () => {
    const { a, b, event, message, groupMsg, photoId } = await pair();
    const ids = {
      user: await reported(t.app, a, { target_type: 'user', target_id: b.user.id, reason: 'uncomfortable', note: '  Follows me around  ' }),
      message: await reported(t.app, a, { target_type: 'message', target_id: message, reason: 'harassment' }),
      group: await reported(t.app, a, { target_type: 'group_message', target_id: groupMsg, reason: 'spam' }),
      photo: await reported(t.app, a, { target_type: 'photo', target_id: photoId, reason: 'inappropriate' }),
    };
    expect(await reportRow(ids.user)).toMatchObject({ reporterId: a.user.id, reportedUserId: b.user.id, reason: 'uncomfortable', note: 'Follows me around', status: 'open' });
    expect(await reportRow(ids.message)).toMatchObject({ reportedUserId: b.user.id, targetId: message, reportedText: 'You cannot hide from me' });
    expect(await reportRow(ids.group)).toMatchObject({ reportedUserId: b.user.id, eventId: event.id, groupChatId: event.chatId, reportedText: 'Buy my course at spam.example' });
    expect(await reportRow(ids.photo)).toMatchObject({ reportedUserId: b.user.id, eventId: event.id, reportedText: 'Look at this' });
  });

  it('works after the reporter blocked them (a block never stops a report)', async () => {
    const { a, b, message } = await pair();
    await as(t.app, a).post(`/api/users/block?user_id=${a.user.id}&block_user_id=${b.user.id}`);
    const res = await report(t.app, a, { target_type: 'message', target_id: message, reason: 'harassment' });
    expect(res.statusCode).toBe(200);
    expect(ReportAnswerSchema.parse(res.json()).success).toBe(true);
    expect((await report(t.app, a, { target_type: 'user', target_id: b.user.id, reason: 'harassment' })).statusCode).toBe(200);
    // Blocked by them works too.
    const c = await registerUser(t.app);
    const d = await registerUser(t.app);
    const m = await chatMessage(db(), d.user.id, c.user.id, 'x', t.clock.now());
    await block(db(), d.user.id, c.user.id);
    expect((await report(t.app, c, { target_type: 'message', target_id: m, reason: 'spam' })).statusCode).toBe(200);
  });

  it('answers a repeat of an open report with the first, storing nothing new; a new one once it is reviewed', async () => {
    const { a, b, message } = await pair();
    const first = await reported(t.app, a, { target_type: 'message', target_id: message, reason: 'harassment' });
    const again = await reported(t.app, a, { target_type: 'message', target_id: message, reason: 'spam', note: 'again' });
    expect(again).toBe(first);
    expect(await db().select().from(reports).where(eq(reports.reporterId, a.user.id))).toHaveLength(1);
    expect((await resolve(t.app, admin, first, { action: 'dismiss', reason: 'Fine' })).statusCode).toBe(200);
    const later = await reported(t.app, a, { target_type: 'message', target_id: message, reason: 'harassment' });
    expect(later).not.toBe(first);
    expect((await reportRow(later)).reportedUserId).toBe(b.user.id);
  });

  it('refuses one’s own things (400), what one cannot see and unknown ids (404), and someone never met (403)', async () => {
    const { a, b, message, groupMsg, photoId, event } = await pair();
    const own = await chatMessage(db(), a.user.id, b.user.id, 'mine', t.clock.now());
    const ownPhoto = await photo(db(), event.id, a.user.id);
    for (const body of [
      { target_type: 'user', target_id: a.user.id },
      { target_type: 'message', target_id: own },
      { target_type: 'photo', target_id: ownPhoto },
    ] as const) {
      const res = await report(t.app, a, { ...body, reason: 'spam' });
      expect(res.statusCode, body.target_type).toBe(400);
      expect(res.json().detail).toMatch(/^target_id: /);
    }
    // An outsider: someone else's chat message, a group chat and photos of an event they do not attend.
    const outsider = await registerUser(t.app);
    for (const body of [
      { target_type: 'message', target_id: message },
      { target_type: 'group_message', target_id: groupMsg },
      { target_type: 'photo', target_id: photoId },
      { target_type: 'user', target_id: unknownId() },
      { target_type: 'message', target_id: unknownId() },
    ] as const) {
      expect((await report(t.app, outsider, { ...body, reason: 'spam' })).statusCode, body.target_type).toBe(404);
    }
    const never = await report(t.app, outsider, { target_type: 'user', target_id: b.user.id, reason: 'spam' });
    expect(never.statusCode).toBe(403);
    expect(never.json().detail).toMatch(/come across/);
    // Met through a shared event: now they may.
    await meet(db(), outsider, b);
    expect((await report(t.app, outsider, { target_type: 'user', target_id: b.user.id, reason: 'spam' })).statusCode).toBe(200);
    expect(await db().select().from(reports).where(eq(reports.reporterId, a.user.id))).toHaveLength(0);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const { a, b } = await pair();
    for (const [body, detail] of [
      [{ target_type: 'event', target_id: b.user.id, reason: 'spam' }, /^target_type: must be one of user, message, group_message, photo/],
      [{ target_type: 'user', target_id: 'bob', reason: 'spam' }, /^target_id: /],
      [{ target_type: 'user', target_id: b.user.id, reason: 'rude' }, /^reason: must be one of harassment, spam, inappropriate, uncomfortable, other/],
      [{ target_type: 'user', target_id: b.user.id, reason: 'other', note: 'x'.repeat(1001) }, /^note: must be at most 1000/],
    ] as const) {
      const res = await report(t.app, a, body as never);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(detail);
    }
  });

  it('tells the reported person nothing, live or in their notifications', async () => {
    const { a, b, message } = await pair();
    const live = await openLive(t.app, b);
    try {
      await reported(t.app, a, { target_type: 'message', target_id: message, reason: 'harassment' });
      await live.sync();
      expect(live.messages).toEqual([]);
      expect(await notificationsOf(db(), b.user.id)).toEqual([]);
    } finally {
      live.close();
    }
  });

  it('holds a person reported by three different people within a day for review, and not before', async () => {
    const b = await registerUser(t.app);
    const reporters = await Promise.all([0, 1, 2, 3].map(() => registerUser(t.app)));
    await meet(db(), b, ...reporters);
    // One person reporting three times is one reporter.
    for (const [i, m] of ['a', 'b', 'c'].entries()) {
      const id = await chatMessage(db(), b.user.id, reporters[0]!.user.id, m, new Date(t.clock.now().getTime() + i));
      await reported(t.app, reporters[0]!, { target_type: 'message', target_id: id, reason: 'harassment' });
    }
    expect(await holdOf(b.user.id)).toBeNull();
    await reported(t.app, reporters[1]!, { target_type: 'user', target_id: b.user.id, reason: 'harassment' });
    expect(await holdOf(b.user.id)).toBeNull();
    // A day and more later, the first two no longer count together with a third.
    t.clock.advance(25 * HOUR);
    await reported(t.app, reporters[2]!, { target_type: 'user', target_id: b.user.id, reason: 'harassment' });
    expect(await holdOf(b.user.id)).toBeNull();
    await reported(t.app, reporters[3]!, { target_type: 'user', target_id: b.user.id, reason: 'spam' });
    await reported(t.app, reporters[1]!, { target_type: 'user', target_id: b.user.id, reason: 'spam' }); // a repeat: not new
    expect(await holdOf(b.user.id)).toBeNull();
    const c = await registerUser(t.app);
    await meet(db(), c, b);
    await reported(t.app, c, { target_type: 'user', target_id: b.user.id, reason: 'harassment' });
    expect(await holdOf(b.user.id)).toEqual(t.clock.now());
  });

  it('limits new reports per reporter with a kind 429; a repeat is not counted', async () => {
    const limited = await testApp({ rateLimits: { reportsPerUser: 2 } });
    try {
      const a = await registerUser(limited.app);
      const people = await Promise.all([0, 1, 2].map(() => registerUser(limited.app)));
      await meet(limited.database.db, a, ...people);
      expect((await report(limited.app, a, { target_type: 'user', target_id: people[0]!.user.id, reason: 'spam' })).statusCode).toBe(200);
      expect((await report(limited.app, a, { target_type: 'user', target_id: people[1]!.user.id, reason: 'spam' })).statusCode).toBe(200);
      expect((await report(limited.app, a, { target_type: 'user', target_id: people[0]!.user.id, reason: 'spam' })).statusCode).toBe(200);
      const over = await report(limited.app, a, { target_type: 'user', target_id: people[2]!.user.id, reason: 'spam' });
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject(refusalOf(REPORTS_TOO_FAST));
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('answers 401 without a session and 403 acting as someone else', async () => {
    const { a, b } = await pair();
    const body = { target_type: 'user', target_id: b.user.id, reason: 'spam' };
    expect((await t.app.inject({ method: 'POST', url: `/api/reports?user_id=${a.user.id}`, payload: body })).statusCode).toBe(401);
    expect((await as(t.app, a).post(`/api/reports?user_id=${b.user.id}`, body)).statusCode).toBe(403);
  });
});

describe('GET /api/reports/mine', () => {
  const mine = (u: TestUser, q = '') => as(t.app, u).get(`/api/reports/mine?user_id=${u.user.id}${q}`);

  it('lists the reporter’s own reports, newest first, open then reviewed without the outcome', async () => {
    const { a, b, message } = await pair();
    const first = await reported(t.app, a, { target_type: 'message', target_id: message, reason: 'harassment', note: 'scary' });
    t.clock.advance(MINUTE);
    const second = await reported(t.app, a, { target_type: 'user', target_id: b.user.id, reason: 'uncomfortable' });
    let list = MyReportsAnswerSchema.parse((await mine(a)).json());
    expect(list.map((r) => [r.id, r.status])).toEqual([
      [second, 'open'],
      [first, 'open'],
    ]);
    expect(list[1]).toMatchObject({ target_type: 'message', target_id: message, reason: 'harassment', note: 'scary', reported_name: b.user.name, reviewed_at: null });
    await resolve(t.app, admin, first, { action: 'warn', reason: 'Be kind' });
    list = MyReportsAnswerSchema.parse((await mine(a)).json());
    expect(list[1]).toMatchObject({ id: first, status: 'reviewed', reviewed_at: t.clock.now().toISOString() });
    // Nothing says what the moderator did.
    expect(JSON.stringify(list)).not.toMatch(/warn|Be kind/);
    expect(MyReportsAnswerSchema.parse((await mine(a, '&limit=1&offset=1')).json()).map((r) => r.id)).toEqual([first]);
    // Someone else's reports are not listed, and the reported person has none.
    expect(MyReportsAnswerSchema.parse((await mine(b)).json())).toEqual([]);
  });

  it('answers 401 without a session and 403 acting as someone else', async () => {
    const { a, b } = await pair();
    expect((await t.app.inject({ method: 'GET', url: `/api/reports/mine?user_id=${a.user.id}` })).statusCode).toBe(401);
    expect((await as(t.app, a).get(`/api/reports/mine?user_id=${b.user.id}`)).statusCode).toBe(403);
  });
});

describe('GET /api/admin/reports', () => {
  it('shows a reported message with the five before and the five after in its conversation', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await meet(db(), a, b);
    const base = t.clock.now().getTime();
    const ids: string[] = [];
    for (let i = 0; i < 13; i++) {
      const [from, to] = i % 2 ? [a, b] : [b, a];
      ids.push(await chatMessage(db(), from.user.id, to.user.id, `m${i}`, new Date(base + i * 1000)));
    }
    // Someone else's chat with A at the same time is not part of it.
    const c = await registerUser(t.app);
    await chatMessage(db(), c.user.id, a.user.id, 'elsewhere', new Date(base + 6500));
    const id = await reported(t.app, a, { target_type: 'message', target_id: ids[6]!, reason: 'harassment' });
    const r = (await queued(id))!;
    expect(r.context.messages.map((m) => m.message)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9', 'm10', 'm11']);
    expect(r.context.messages.filter((m) => m.reported).map((m) => m.id)).toEqual([ids[6]]);
    expect(r.context.messages[5]).toMatchObject({ from_user: b.user.id, from_name: b.user.name });
    expect(r.context).toMatchObject({ reported_text: 'm6', content_removed: false, photo: null });
    expect(r).toMatchObject({
      status: 'open',
      target_type: 'message',
      reporter: { id: a.user.id, name: a.user.name, username: a.user.username },
      reported_user: { id: b.user.id, username: b.user.username, is_banned: false, held_for_review: false },
      resolution: null,
    });
  });

  it('shows a group message in its group chat, a photo, and the profile', async () => {
    const { a, b, event, groupMsg, photoId } = await pair();
    const base = t.clock.now().getTime();
    for (let i = 1; i <= 6; i++) await groupMessage(db(), event.chatId, i % 2 ? a.user.id : b.user.id, `before ${i}`, new Date(base - i * 1000));
    await groupMessage(db(), event.chatId, a.user.id, 'after', new Date(base + 1000));
    await setUser(db(), b.user.id, { photoData: 'UFJPRklMRQ==', occupation: 'Salesman' });
    const g = (await queued(await reported(t.app, a, { target_type: 'group_message', target_id: groupMsg, reason: 'spam' })))!;
    expect(g.context.messages.map((m) => m.message)).toEqual(['before 5', 'before 4', 'before 3', 'before 2', 'before 1', 'Buy my course at spam.example', 'after']);
    expect(g.context.place).toMatchObject({ event_id: event.id, group_chat_id: event.chatId });
    const p = (await queued(await reported(t.app, a, { target_type: 'photo', target_id: photoId, reason: 'inappropriate' })))!;
    expect(p.context.photo).toMatchObject({ id: photoId, event_id: event.id, photo_data: 'SlBFRw==', caption: 'Look at this' });
    expect(p.context.messages).toEqual([]);
    const u = (await queued(await reported(t.app, a, { target_type: 'user', target_id: b.user.id, reason: 'other' })))!;
    expect(u.reported_user).toMatchObject({ id: b.user.id, occupation: 'Salesman', photo_data: 'UFJPRklMRQ==', interests: ['hiking', 'jazz'] });
  });

  it('gives the reported person’s history and who else reported them', async () => {
    const { a, b, message } = await pair();
    const others = await Promise.all([0, 1].map(() => registerUser(t.app)));
    await meet(db(), b, ...others);
    const earlier = await reported(t.app, others[0]!, { target_type: 'user', target_id: b.user.id, reason: 'spam' });
    await resolve(t.app, admin, earlier, { action: 'warn', reason: 'Stop sending links' });
    t.clock.advance(MINUTE);
    await reported(t.app, others[1]!, { target_type: 'user', target_id: b.user.id, reason: 'harassment' });
    t.clock.advance(MINUTE);
    const id = await reported(t.app, a, { target_type: 'message', target_id: message, reason: 'harassment' });
    const r = (await queued(id))!;
    expect(r.history.earlier_reports.map((e) => [e.reason, e.status, e.resolution_action])).toEqual([
      ['harassment', 'open', null],
      ['spam', 'resolved', 'warn'],
    ]);
    expect(r.history.warnings.map((w) => w.reason)).toEqual(['Stop sending links']);
    expect(r.history.bans).toEqual([]);
    expect(r.other_reporters.map((o) => [o.id, o.reports]).sort()).toEqual(
      [
        [others[0]!.user.id, 1],
        [others[1]!.user.id, 1],
      ].sort(),
    );
  });

  it('lists open reports oldest first and resolved ones on their own, paged', async () => {
    const { a, b, message } = await pair();
    const open = await reported(t.app, a, { target_type: 'user', target_id: b.user.id, reason: 'spam' });
    const done = await reported(t.app, a, { target_type: 'message', target_id: message, reason: 'spam' });
    await resolve(t.app, admin, done, { action: 'dismiss', reason: 'Fine' });
    expect(await queued(open)).toBeDefined();
    expect(await queued(done)).toBeUndefined();
    const resolved = (await queued(done, 'resolved'))!;
    expect(resolved.resolution).toMatchObject({ action: 'dismiss', reason: 'Fine', admin_username: admin.username, resolved_at: t.clock.now().toISOString() });
    const page = AdminReportsAnswerSchema.parse((await adminReportsPage(t.app, admin, '&limit=1')).json());
    expect(page).toMatchObject({ page: 1, limit: 1 });
    expect(page.reports).toHaveLength(1);
    expect(page.total).toBeGreaterThan(1);
    const all = AdminReportsAnswerSchema.parse((await adminReportsPage(t.app, admin, '&limit=100')).json()).reports;
    const times = all.map((r) => r.created_at);
    expect(times).toEqual([...times].sort());
    expect((await adminReportsPage(t.app, admin, '&status=closed')).statusCode).toBe(400);
  });

  it('is for admins only: 401 for an attendee or no session', async () => {
    const { a } = await pair();
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/reports?admin_id=${admin.id}` })).statusCode).toBe(401);
    expect((await as(t.app, a).get(`/api/admin/reports?admin_id=${admin.id}`)).statusCode).toBe(401);
  });
});

describe('POST /api/admin/reports/{id}/resolve', () => {
  const auditOfReport = async (userId: string) => (await auditFor(userId)).filter((r) => r.details && 'report_ids' in r.details);

  it('dismisses: one audit row, the report reviewed, the reporter thanked live and in the list, the reported person told nothing', async () => {
    const { a, b, message } = await pair();
    const id = await reported(t.app, a, { target_type: 'message', target_id: message, reason: 'harassment' });
    // A's notifications are kept once read: the new one must show all the same.
    const listed = async () => ((await as(t.app, a).get(`/api/notifications/${a.user.id}?user_id=${a.user.id}`)).json() as Array<{ title: string }>).map((n) => n.title);
    expect(await listed()).toEqual([]);
    const [la, lb] = await Promise.all([openLive(t.app, a), openLive(t.app, b)]);
    try {
      const res = await resolve(t.app, admin, id, { action: 'dismiss', reason: 'Read it: a joke between friends' });
      expect(res.statusCode, res.body).toBe(200);
      const answer = ResolveReportAnswerSchema.parse(res.json());
      expect(answer.resolved_report_ids).toEqual([id]);
      expect(answer.report).toMatchObject({ status: 'resolved', resolution: { action: 'dismiss', reason: 'Read it: a joke between friends' } });
      const rows = await auditOfReport(b.user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ actionType: 'dismiss_report', adminId: admin.id, reason: 'Read it: a joke between friends' });
      const live = await la.next('notification');
      expect(live.notification).toMatchObject(english(REPORT_REVIEWED));
      expect((await notificationsOf(db(), a.user.id)).map((n) => [n.kind, n.title, n.content])).toEqual([['report_reviewed', REPORT_REVIEWED.title.message, REPORT_REVIEWED.content.message]]);
      expect(await listed()).toEqual([REPORT_REVIEWED.title.message]);
      await lb.sync();
      expect(lb.messages).toEqual([]);
      expect(await notificationsOf(db(), b.user.id)).toEqual([]);
      expect((await db().select().from(chatMessages).where(eq(chatMessages.id, message))).length).toBe(1);
    } finally {
      la.close();
      lb.close();
    }
  });

  it('resolves the other open reports of the same target with it, and tells each reporter once', async () => {
    const { a, b, event, groupMsg } = await pair();
    const c = await registerUser(t.app);
    await attend(db(), event.id, [c.user.id]);
    const first = await reported(t.app, a, { target_type: 'group_message', target_id: groupMsg, reason: 'spam' });
    const second = await reported(t.app, c, { target_type: 'group_message', target_id: groupMsg, reason: 'inappropriate' });
    const other = await reported(t.app, a, { target_type: 'user', target_id: b.user.id, reason: 'spam' });
    expect((await queued(first))!.same_target_open).toBe(1);
    const answer = ResolveReportAnswerSchema.parse((await resolve(t.app, admin, second, { action: 'dismiss', reason: 'Fine' })).json());
    expect(answer.resolved_report_ids).toEqual([second, first]);
    expect((await reportRow(first)).status).toBe('resolved');
    expect((await reportRow(other)).status).toBe('open');
    expect(await auditOfReport(b.user.id)).toHaveLength(1);
    for (const u of [a, c]) expect((await notificationsOf(db(), u.user.id)).filter((n) => n.kind === 'report_reviewed')).toHaveLength(1);
    const again = await resolve(t.app, admin, first, { action: 'dismiss', reason: 'Again' });
    expect(again.statusCode).toBe(409);
  });

  it('removes the content: the message goes (its words stay with the report), a photo, a profile photo', async () => {
    const { a, b, event, message, photoId } = await pair();
    await setUser(db(), b.user.id, { photoData: 'UFJPRklMRQ==' });
    // What A sees is kept (the chat's newest page, the event's photos): removing must retire it.
    const seen = async () => [
      ((await as(t.app, a).get(`/api/chat/${b.user.id}?user_id=${a.user.id}`)).json() as Array<{ id: string }>).map((x) => x.id),
      ((await as(t.app, a).get(`/api/events/${event.id}/photos?user_id=${a.user.id}`)).json() as Array<{ id: string }>).map((x) => x.id),
    ];
    expect(await seen()).toEqual([[message], [photoId]]);
    const m = await reported(t.app, a, { target_type: 'message', target_id: message, reason: 'harassment' });
    const p = await reported(t.app, a, { target_type: 'photo', target_id: photoId, reason: 'inappropriate' });
    const u = await reported(t.app, a, { target_type: 'user', target_id: b.user.id, reason: 'inappropriate' });
    for (const id of [m, p]) expect((await resolve(t.app, admin, id, { action: 'remove_content', reason: 'Not allowed here' })).statusCode).toBe(200);
    expect(await seen()).toEqual([[], []]);
    expect((await resolve(t.app, admin, u, { action: 'remove_content', reason: 'Not allowed here' })).statusCode).toBe(200);
    expect(await db().select().from(chatMessages).where(eq(chatMessages.id, message))).toEqual([]);
    expect(await db().select().from(photos).where(eq(photos.id, photoId))).toEqual([]);
    expect((await db().select({ photo: users.photoData }).from(users).where(eq(users.id, b.user.id)))[0]!.photo).toBeNull();
    const resolved = (await queued(m, 'resolved'))!;
    expect(resolved.context).toMatchObject({ content_removed: true, reported_text: 'You cannot hide from me' });
    expect((await queued(p, 'resolved'))!.context).toMatchObject({ content_removed: true, photo: null });
    const rows = await auditOfReport(b.user.id);
    expect(rows.map((r) => r.actionType)).toEqual(['remove_content', 'remove_content', 'remove_content']);
  });

  it('warns through the warning rule: the person reads the reason; one audit row', async () => {
    const { a, b, message } = await pair();
    const id = await reported(t.app, a, { target_type: 'message', target_id: message, reason: 'harassment' });
    const lb = await openLive(t.app, b);
    try {
      expect((await resolve(t.app, admin, id, { action: 'warn', reason: 'Please leave people be when they do not answer' })).statusCode).toBe(200);
      const note = await lb.next('notification');
      expect(note.notification).toMatchObject({ title: WARNING_TITLE.message, content: 'Please leave people be when they do not answer' });
      // Still nothing about the report or the reporter.
      expect(JSON.stringify(lb.messages)).not.toContain(a.user.id);
      expect(JSON.stringify(lb.messages)).not.toContain(id);
    } finally {
      lb.close();
    }
    const rows = await auditOfReport(b.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actionType: 'warning', reason: 'Please leave people be when they do not answer', details: { report_ids: [id] } });
  });

  it('bans through the ban rule (temporary with days, permanent without); one audit row; a banned person is not warned', async () => {
    const { a, b, message } = await pair();
    const id = await reported(t.app, a, { target_type: 'message', target_id: message, reason: 'harassment' });
    const res = await resolve(t.app, admin, id, { action: 'ban', reason: 'Threats', duration_days: 7 });
    expect(res.statusCode, res.body).toBe(200);
    expect(ResolveReportAnswerSchema.parse(res.json()).report.reported_user).toMatchObject({ is_banned: true, ban_reason: 'Threats' });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username_or_email: b.user.username, password: b.password } });
    expect(login.statusCode).toBe(403);
    expect(await as(t.app, b).get(`/api/events?user_id=${b.user.id}`).then((r) => r.statusCode)).toBe(403);
    const rows = await auditOfReport(b.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actionType: 'ban', details: { report_ids: [id], ban_type: 'temporary', duration_days: 7 } });
    // The existing rules hold: warning or banning a banned person is refused, and nothing is written.
    const next = await reported(t.app, a, { target_type: 'user', target_id: b.user.id, reason: 'harassment' });
    for (const body of [
      { action: 'warn', reason: 'x' },
      { action: 'ban', reason: 'x' },
    ] as const) {
      const refused = await resolve(t.app, admin, next, body);
      expect(refused.statusCode).toBe(409);
    }
    expect((await reportRow(next)).status).toBe('open');
    expect(await auditOfReport(b.user.id)).toHaveLength(1);
    expect((await db().select().from(users).where(and(eq(users.id, b.user.id), eq(users.isBanned, true))))[0]!.bannedUntil).not.toBeNull();
  });

  it('lifts the review hold once every report about the person has been reviewed', async () => {
    const b = await registerUser(t.app);
    const reporters = await Promise.all([0, 1, 2].map(() => registerUser(t.app)));
    await meet(db(), b, ...reporters);
    const ids = [];
    for (const r of reporters) ids.push(await reported(t.app, r, { target_type: 'user', target_id: b.user.id, reason: 'harassment' }));
    expect(await holdOf(b.user.id)).not.toBeNull();
    expect((await queued(ids[0]!))!.reported_user.held_for_review).toBe(true);
    // Three reports of one target: resolving one resolves all, and the hold goes.
    await resolve(t.app, admin, ids[2]!, { action: 'warn', reason: 'Reported by several people' });
    expect(await holdOf(b.user.id)).toBeNull();
  });

  it('refuses bad input (400), an unknown report (404), and non-admins (401)', async () => {
    const { a, b } = await pair();
    const id = await reported(t.app, a, { target_type: 'user', target_id: b.user.id, reason: 'spam' });
    for (const [body, detail] of [
      [{ action: 'delete', reason: 'x' }, /^action: must be one of dismiss, remove_content, warn, ban/],
      [{ action: 'dismiss', reason: '' }, /^reason: /],
      [{ action: 'warn', reason: 'x', duration_days: 3 }, /^duration_days: is only for a ban/],
      [{ action: 'ban', reason: 'x', duration_days: 400 }, /^duration_days: must be between 1 and 365/],
    ] as const) {
      const res = await resolve(t.app, admin, id, body as never);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(detail);
    }
    expect((await resolve(t.app, admin, unknownId(), { action: 'dismiss', reason: 'x' })).statusCode).toBe(404);
    const asUser = await as(t.app, a).post(`/api/admin/reports/${id}/resolve?admin_id=${admin.id}`, { action: 'dismiss', reason: 'x' });
    expect(asUser.statusCode).toBe(401);
    expect((await reportRow(id)).status).toBe('open');
  });
});

describe('GET /api/admin/users/stats', () => {
  it('counts the open reports for the dashboard', async () => {
    const stats = async () => AdminStatsSchema.parse((await t.app.inject({ method: 'GET', url: `/api/admin/users/stats?admin_id=${admin.id}`, headers: admin.headers })).json());
    const before = (await stats()).open_reports;
    const { a, b, message } = await pair();
    const id = await reported(t.app, a, { target_type: 'message', target_id: message, reason: 'spam' });
    await reported(t.app, a, { target_type: 'user', target_id: b.user.id, reason: 'spam' });
    expect((await stats()).open_reports).toBe(before + 2);
    await resolve(t.app, admin, id, { action: 'dismiss', reason: 'Fine' });
    expect((await stats()).open_reports).toBe(before + 1);
  });
});

/**
 * Issue 40 item 5: a block leaves nothing behind that names the blocked person. Before,
 * the blocker's list kept "X would like to meet you at 11:00", X's request, messages and
 * shared details; now the block removes every notification about X from the blocker's
 * list (and those about the blocker from X's, as both vanish from each other, DESIGN 5),
 * and leaves the rest alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { NotificationSchema } from '../../../contract/social';
import { blocks, connectionRequests, notifications } from '../../../server/db/schema';
import { asWritten } from '../../../contract/said';
import { storeNotification } from '../../../server/use-cases/notify';
import { sendDueReminders } from '../../../server/use-cases/meetings';
import { registerUser, testApp, type TestApp, type TestUser } from '../helpers';
import { as, makeEvent } from '../social-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const at = (hhmm: string) => `2026-11-22T${hhmm}:00.000Z`;

async function listOf(u: TestUser) {
  const res = await as(t.app, u).get(`/api/notifications/${u.user.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return z.array(NotificationSchema).parse(res.json());
}
const naming = (list: Awaited<ReturnType<typeof listOf>>, who: TestUser) =>
  list.filter((n) => n.content.includes(who.user.name) || n.title.includes(who.user.name) || n.link?.includes(who.user.id)).map((n) => n.content);

async function ok(res: Promise<{ statusCode: number; body: string }>) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r;
}

describe('POST /api/users/block and the notifications', () => {
  it("removes every notification about the blocked person from the blocker's list, and the blocker from theirs; others stay", async () => {
    t.clock.set(new Date(at('10:00')));
    const me = await registerUser(t.app);
    const them = await registerUser(t.app);
    const friend = await registerUser(t.app);
    const event = await makeEvent(t.database.db, [me.user.id, them.user.id, friend.user.id], { start: new Date(at('09:00')) });

    // Their request to me, which I accept: a request notification for me, an acceptance for them.
    await ok(as(t.app, them).post(`/api/connections/request?from_user_id=${them.user.id}`, { to_user_id: me.user.id, event_id: event.id }));
    const [request] = await t.database.db.select().from(connectionRequests).where(eq(connectionRequests.fromUser, them.user.id));
    await ok(as(t.app, me).post(`/api/connections/requests/respond?user_id=${me.user.id}`, { request_id: request!.id, action: 'accept' }));
    // A message while I am away, their contact details, a meeting they suggest, one I suggested that they accept, and its reminder.
    await ok(as(t.app, them).post(`/api/chat/send?user_id=${them.user.id}`, { to_user: me.user.id, message: 'Hello there' }));
    await ok(
      as(t.app, them).post(`/api/contact-exchange?user_id=${them.user.id}`, {
        to_user: me.user.id,
        exchange_type: 'social_media',
        contact_data: { instagram: '@them' },
        event_id: event.id,
      }),
    );
    await ok(
      as(t.app, them).post(`/api/meetings?user_id=${them.user.id}`, {
        with_user_id: me.user.id,
        event_id: event.id,
        start_time: at('12:00'),
        duration_minutes: 15,
        place: 'By the window',
      }),
    );
    const mine = await ok(
      as(t.app, me).post(`/api/meetings?user_id=${me.user.id}`, {
        with_user_id: them.user.id,
        event_id: event.id,
        start_time: at('11:00'),
        duration_minutes: 15,
        place: 'By the coffee bar',
      }),
    );
    await ok(as(t.app, them).post(`/api/meetings/${(JSON.parse(mine.body) as { id: string }).id}/respond?user_id=${them.user.id}`, { action: 'accept' }));
    t.clock.set(new Date(at('10:55')));
    await sendDueReminders(t.app);
    // Someone else's message to me stays.
    await ok(as(t.app, friend).post(`/api/chat/send?user_id=${friend.user.id}`, { to_user: me.user.id, message: 'Still here' }));

    const before = await listOf(me);
    expect(naming(before, them).length).toBeGreaterThanOrEqual(6);
    expect(naming(await listOf(them), me).length).toBeGreaterThanOrEqual(2);
    expect(naming(before, friend)).toHaveLength(1);
    // Each names its person by id too, so the app drops its toast at a block.
    for (const n of before) expect(n.about_user_id, n.content).toBe(naming([n], friend).length ? friend.user.id : them.user.id);

    const res = await as(t.app, me).post(`/api/users/block?user_id=${me.user.id}&block_user_id=${them.user.id}`);
    expect(res.statusCode, res.body).toBe(200);

    const after = await listOf(me);
    expect(naming(after, them)).toEqual([]);
    expect(after.map((n) => n.id)).toEqual(before.filter((n) => naming([n], them).length === 0).map((n) => n.id));
    expect(naming(after, friend)).toHaveLength(1);
    expect(naming(await listOf(them), me)).toEqual([]);
  });
});

describe('migration 0013', () => {
  it('names the person of the notifications stored before by their link, and removes those a block in place covers', async () => {
    const me = await registerUser(t.app);
    const them = await registerUser(t.app);
    const blockedBefore = await registerUser(t.app);
    const [request] = await t.database.db.insert(connectionRequests).values({ fromUser: them.user.id, toUser: me.user.id }).returning();
    await t.database.db.insert(blocks).values({ blockerId: me.user.id, blockedId: blockedBefore.user.id });
    const note = (link: string | null) =>
      storeNotification(t.database.db, me.user.id, { kind: 'general', title: asWritten('Old'), content: asWritten(link ?? 'none'), link, at: t.clock.now() });
    const chat = await note(`/chats/${them.user.id}`);
    const asked = await note(`/requests/${request!.id}`);
    const plain = await note(null);
    const covered = await note(`/chats/${blockedBefore.user.id}`);

    const migration = readFileSync(new URL('../../../server/db/migrations/0013_block_forgets.sql', import.meta.url), 'utf8');
    // The columns are there already; the rows are as the code before stored them.
    const data = migration.split('--> statement-breakpoint').filter((s) => /^\s*(--[^\n]*\n\s*)*(UPDATE|DELETE)/.test(s));
    expect(data).toHaveLength(3);
    await t.database.db.transaction(async (tx) => {
      for (const s of data) await tx.execute(sql.raw(s));
    });

    const rows = new Map((await t.database.db.select().from(notifications).where(eq(notifications.userId, me.user.id))).map((r) => [r.id, r.aboutUserId]));
    expect(rows.get(chat.id)).toBe(them.user.id);
    expect(rows.get(asked.id)).toBe(them.user.id);
    expect(rows.get(plain.id)).toBeNull();
    expect(rows.has(covered.id)).toBe(false);
  });
});

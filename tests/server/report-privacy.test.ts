/**
 * "The reported person is never told, and nothing they can call reveals a report or who
 * made it" (issue 16), checked by walking the OpenAPI document: every call an attendee
 * can make that answers something (every GET, and search) is made by the reported person
 * with every id they might try, before and after three people report them (enough to
 * hold them for review). Every answer must be the same, byte for byte: no report id, no
 * reporter, no count, no hold shows anywhere; and nothing arrives on their socket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { registerUser, testApp, type TestApp, type TestUser } from './helpers';
import { chatMessage, groupMessage, photo, reported } from './report-helpers';
import { as, makeEvent, meet, openLive, withoutFreshCodes } from './social-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

interface Operation {
  security?: Array<Record<string, string[]>>;
}
type Doc = { paths: Record<string, Record<string, Operation>> };

/** Every attendee call that answers something: the GETs, and search (a POST that only reads). */
function readingCalls(doc: Doc): Array<{ method: 'GET' | 'POST'; path: string }> {
  const out: Array<{ method: 'GET' | 'POST'; path: string }> = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const attendee = op.security?.some((s) => 'attendeeSession' in s) ?? false;
      if (!attendee) continue;
      if (method === 'get' || (method === 'post' && path === '/api/users/search')) out.push({ method: method.toUpperCase() as 'GET' | 'POST', path });
    }
  }
  return out;
}

/** Each `{param}` of a path filled with each id the person might try. */
function urlsOf(path: string, ids: readonly string[]): string[] {
  const params = path.match(/\{[^}]+\}/g) ?? [];
  let urls = [path];
  for (const p of params) urls = urls.flatMap((u) => ids.map((id) => u.replace(p, id)));
  return urls;
}

describe('what the reported person can learn', () => {
  it('is the same before and after they are reported (and held for review): no report, reporter or count anywhere', async () => {
    const db = t.database.db;
    const [b, blocker, inChat, atEvent] = (await Promise.all([0, 1, 2, 3].map(() => registerUser(t.app)))) as [TestUser, TestUser, TestUser, TestUser];
    const event = await makeEvent(db, [b.user.id, inChat.user.id, atEvent.user.id]);
    await meet(db, b, blocker);
    const now = t.clock.now();
    const message = await chatMessage(db, b.user.id, blocker.user.id, 'You will answer me', now);
    const said = await groupMessage(db, event.chatId, b.user.id, 'Nobody likes you', now);
    const shared = await photo(db, event.id, b.user.id, 'Caught you');
    await as(t.app, blocker).post(`/api/users/block?user_id=${blocker.user.id}&block_user_id=${b.user.id}`);

    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const calls = readingCalls(docs.json() as Doc);
    expect(calls.length).toBeGreaterThan(25);

    // Ids the person knows or might guess; the last slots become the reports' ids.
    const slots = ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-0000000000a3', '00000000-0000-4000-8000-0000000000a4'];
    const known = [b.user.id, blocker.user.id, inChat.user.id, atEvent.user.id, event.id, event.chatId, message, said, shared];
    const probe = async (reportIds: readonly string[]) => {
      const answers: string[] = [];
      const bodies: string[] = [];
      for (const { method, path } of calls) {
        for (const url of urlsOf(path, [...known, ...reportIds])) {
          const res = await t.app.inject({
            method,
            url: `${url}?user_id=${b.user.id}`,
            headers: b.headers,
            ...(method === 'POST' ? { payload: { query: '' } } : {}),
          });
          bodies.push(res.body);
          // A report's id stands where the placeholder stood: the answer must not tell them apart.
          let text = `${method} ${url} ${res.statusCode} ${withoutFreshCodes(res.body)}`;
          reportIds.forEach((id, i) => (text = text.split(id).join(slots[i]!)));
          answers.push(text);
        }
      }
      return { answers, bodies: bodies.join('\n') };
    };

    const before = await probe(slots);
    const live = await openLive(t.app, b);
    const reportIds = [
      await reported(t.app, blocker, { target_type: 'message', target_id: message, reason: 'harassment', note: 'after I blocked them' }),
      await reported(t.app, inChat, { target_type: 'group_message', target_id: said, reason: 'harassment' }),
      await reported(t.app, atEvent, { target_type: 'photo', target_id: shared, reason: 'inappropriate' }),
      await reported(t.app, atEvent, { target_type: 'user', target_id: b.user.id, reason: 'uncomfortable' }),
    ];
    // Three different people within a day: held for review.
    expect((await db.select({ at: users.reviewHoldAt }).from(users).where(eq(users.id, b.user.id)))[0]!.at).not.toBeNull();
    await live.sync();
    live.close();
    expect(live.messages).toEqual([]);

    const after = await probe(reportIds);
    expect(after.answers).toHaveLength(before.answers.length);
    for (let i = 0; i < before.answers.length; i++) expect(after.answers[i]).toBe(before.answers[i]);
    for (const id of reportIds) expect(after.bodies).not.toContain(id);
    // Presence's own field (issue 39) names requests held by the person's own choices, not a review hold;
    // the export (issue 42) names the reports the person made themself (none here).
    expect(after.bodies.replaceAll('"requests_held"', '').replaceAll('"reports_made":[]', '')).not.toMatch(/report|review|held/i);
  }, 120_000);
});

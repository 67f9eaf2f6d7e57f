/**
 * Who may write to whom (issue 16), for every call that writes to a person (a chat
 * message, contact details, a business card sent as contact details): connections
 * always; strangers only while both attend the same event that is not over; someone in
 * safe space mode hears from connections only. And what the app is told, so it offers
 * no Chat button where a message would be refused: `can_message` on search results and
 * on the chat partner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ChatPartnerSchema, SAFE_SPACE_DETAIL, STRANGER_WRITE_DETAIL } from '../../../contract/social';
import { UserSearchAnswerSchema } from '../../../contract/discovery';
import { events } from '../../../server/db/schema';
import { connect, search } from '../discovery-helpers';
import { registerUser, testApp, type TestApp, type TestUser } from '../helpers';
import { as, changedOutside, makeEvent, meet, setUser } from '../social-helpers';
import { refusalOf } from '../../../contract/said';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const db = () => t.database.db;

type Write = (from: TestUser, to: TestUser) => Promise<{ statusCode: number; json(): unknown }>;
const writes: Record<string, Write> = {
  'a chat message': (from, to) => as(t.app, from).post(`/api/chat/send?user_id=${from.user.id}`, { to_user: to.user.id, message: 'Hello' }),
  'contact details': (from, to) =>
    as(t.app, from).post(`/api/contact-exchange?user_id=${from.user.id}`, {
      to_user: to.user.id,
      exchange_type: 'email',
      contact_data: { email: 'me@example.com' },
    }),
  'a business card': (from, to) =>
    as(t.app, from).post(`/api/contact-exchange?user_id=${from.user.id}`, {
      to_user: to.user.id,
      exchange_type: 'business_card',
      contact_data: { linkedin: 'linkedin.com/in/me', company: 'Quiet Co' },
    }),
};

const partner = async (me: TestUser, other: TestUser) => {
  const res = await as(t.app, me).get(`/api/chat/${other.user.id}/partner?user_id=${me.user.id}`);
  expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
  return ChatPartnerSchema.parse(res.json());
};
const searched = async (me: TestUser, other: TestUser) =>
  UserSearchAnswerSchema.parse(await search(t.app, me, { query: other.user.username })).find((u) => u.id === other.user.id);

describe.each(Object.entries(writes))('%s', (_, write) => {
  it('is refused between strangers who share no event, with a kind 403', async () => {
    const [a, b] = [await registerUser(t.app), await registerUser(t.app)];
    const res = await write(a, b);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject(refusalOf(STRANGER_WRITE_DETAIL));
  });

  it('is taken while both attend an event that is not over, and refused once it is over', async () => {
    const [a, b] = [await registerUser(t.app), await registerUser(t.app)];
    // makeEvent: 09:00 to 13:00 on the test clock's day; the clock starts at 10:00.
    const event = await makeEvent(db(), [a.user.id, b.user.id]);
    expect((await write(a, b)).statusCode).toBe(200);
    expect((await write(b, a)).statusCode).toBe(200);
    await db().update(events).set({ endTime: new Date(t.clock.now().getTime() - 1) }).where(eq(events.id, event.id));
    changedOutside(db(), { events: [event.id] }); // as the app's own edit announces it
    expect((await write(a, b)).statusCode).toBe(403);
  });

  it('is not opened by an event only one of them attends, or one taken down', async () => {
    const [a, b] = [await registerUser(t.app), await registerUser(t.app)];
    await makeEvent(db(), [a.user.id]);
    await makeEvent(db(), [b.user.id]);
    expect((await write(a, b)).statusCode).toBe(403);
    const shared = await meet(db(), a, b);
    await db().update(events).set({ hiddenAt: t.clock.now() }).where(eq(events.id, shared.id));
    changedOutside(db(), { events: [shared.id] });
    expect((await write(a, b)).statusCode).toBe(403);
  });

  it('is always taken between connections, and from connections only in safe space mode', async () => {
    const [a, b, c] = [await registerUser(t.app), await registerUser(t.app), await registerUser(t.app)];
    await connect(db(), a.user.id, b.user.id);
    expect((await write(a, b)).statusCode).toBe(200);
    await meet(db(), b, c);
    await setUser(db(), b.user.id, { safeSpaceMode: true });
    const refused = await write(c, b);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject(refusalOf(SAFE_SPACE_DETAIL));
    expect((await write(a, b)).statusCode).toBe(200);
  });
});

describe('can_message', () => {
  it('follows the rule on search results and on the chat partner', async () => {
    const [me, stranger, atEvent, friend, safe] = (await Promise.all([0, 1, 2, 3, 4].map(() => registerUser(t.app)))) as [
      TestUser,
      TestUser,
      TestUser,
      TestUser,
      TestUser,
    ];
    await meet(db(), me, atEvent, safe);
    await connect(db(), me.user.id, friend.user.id);
    await setUser(db(), safe.user.id, { safeSpaceMode: true });
    for (const [other, expected] of [
      [stranger, false],
      [atEvent, true],
      [friend, true],
      [safe, false],
    ] as const) {
      expect((await searched(me, other))?.can_message, other.user.username).toBe(expected);
      // A stranger's partner is not for the user to read at all (issue 40).
      if (other !== stranger) expect((await partner(me, other)).can_message, other.user.username).toBe(expected);
    }
    expect((await as(t.app, me).get(`/api/chat/${stranger.user.id}/partner?user_id=${me.user.id}`)).statusCode).toBe(404);
  });

  it('is false on the partner of a chat whose other person has left, though the history stays readable', async () => {
    const [me, other] = [await registerUser(t.app), await registerUser(t.app)];
    await connect(db(), me.user.id, other.user.id);
    expect((await partner(me, other)).can_message).toBe(true);
    await setUser(db(), other.user.id, { isActive: false });
    expect((await partner(me, other)).can_message).toBe(false);
  });
});

describe('unblocking', () => {
  it('makes the two strangers again: no connection comes back, so they may write only at a shared event', async () => {
    const [me, other] = [await registerUser(t.app), await registerUser(t.app)];
    await connect(db(), me.user.id, other.user.id);
    expect((await writes['a chat message']!(me, other)).statusCode).toBe(200);
    await as(t.app, me).post(`/api/users/block?user_id=${me.user.id}&block_user_id=${other.user.id}`);
    expect((await writes['a chat message']!(other, me)).statusCode).toBe(404);
    const unblock = await t.app.inject({ method: 'DELETE', url: `/api/users/block/${other.user.id}?user_id=${me.user.id}`, headers: me.headers });
    expect(unblock.statusCode).toBe(200);
    expect(await searched(me, other)).toMatchObject({ connection_status: 'none', can_message: false });
    const res = await writes['a chat message']!(other, me);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject(refusalOf(STRANGER_WRITE_DETAIL));
    await meet(db(), me, other);
    expect((await writes['a chat message']!(other, me)).statusCode).toBe(200);
  });
});

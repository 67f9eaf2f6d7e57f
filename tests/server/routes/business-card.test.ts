import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BusinessCardSchema } from '../../../contract/plans';
import { businessCards } from '../../../server/db/schema';
import { registerUser, type TestUser } from '../helpers';
import { block, connect, mediaTestApp, updateUser, type MediaTestApp } from '../media-helpers';

let t: MediaTestApp;
beforeAll(async () => {
  t = await mediaTestApp();
});
afterAll(async () => t.close());

const get = (viewer: TestUser, ownerId: string, actingId: string | null = viewer.user.id) =>
  t.app.inject({
    method: 'GET',
    url: `/api/business-card/${ownerId}${actingId ? `?user_id=${actingId}` : ''}`,
    headers: viewer.headers,
  });
const put = (u: TestUser, payload: unknown, actingId = u.user.id) =>
  t.app.inject({ method: 'PUT', url: `/api/business-card?user_id=${actingId}`, headers: u.headers, payload: payload as object });
const del = (u: TestUser, actingId = u.user.id) =>
  t.app.inject({ method: 'DELETE', url: `/api/business-card?user_id=${actingId}`, headers: u.headers });

const CARD = {
  title: 'UX researcher',
  company: 'Lindenhof Studio',
  email: 'maya@example.com',
  phone: '+49 30 1234-567',
  linkedin: 'https://www.linkedin.com/in/maya',
  website: 'https://maya.example.com',
  bio: 'I study how people find their way in new places.',
};

async function owner(): Promise<TestUser> {
  const maya = await registerUser(t.app, { name: 'Maya' });
  expect((await put(maya, CARD)).statusCode).toBe(200);
  return maya;
}

describe('GET /api/business-card/:userId', () => {
  it('shows the card to its owner and to their connections', async () => {
    const maya = await owner();
    const friend = await registerUser(t.app);
    await connect(t.db, maya.user.id, friend.user.id, null);
    for (const viewer of [maya, friend]) {
      const res = await get(viewer, maya.user.id);
      expect(res.statusCode).toBe(200);
      expect(BusinessCardSchema.parse(res.json())).toEqual({ name: 'Maya', ...CARD });
    }
    expect((await get(friend, maya.user.id, null)).statusCode).toBe(200);
  });

  it('answers null (200, never 404) for strangers, blocked connections, banned or deactivated owners, or when there is none', async () => {
    const none = async (viewer: TestUser, ownerId: string) => {
      const res = await get(viewer, ownerId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toBeNull();
    };
    const maya = await owner();
    const stranger = await registerUser(t.app);
    await none(stranger, maya.user.id);

    const blocked = await registerUser(t.app);
    await connect(t.db, maya.user.id, blocked.user.id, null);
    await block(t.db, maya.user.id, blocked.user.id);
    await none(blocked, maya.user.id);

    const friend = await registerUser(t.app);
    await connect(t.db, maya.user.id, friend.user.id, null);
    await updateUser(t.db, maya.user.id, { isBanned: true, bannedUntil: null });
    await none(friend, maya.user.id);
    await updateUser(t.db, maya.user.id, { isBanned: false, isActive: false });
    await none(friend, maya.user.id);

    const noCard = await registerUser(t.app);
    await connect(t.db, noCard.user.id, friend.user.id, null);
    await none(friend, noCard.user.id);
    await none(noCard, noCard.user.id);
    await none(friend, crypto.randomUUID());
  });

  it('answers 401 without a session, 403 for another acting id, 400 for a bad id', async () => {
    const maya = await owner();
    const other = await registerUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: `/api/business-card/${maya.user.id}` })).statusCode).toBe(401);
    expect((await get(maya, maya.user.id, other.user.id)).statusCode).toBe(403);
    const bad = await get(maya, 'nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/^userId: /);
  });
});

describe('PUT /api/business-card', () => {
  it("creates the card from the user's name, then changes only the fields sent", async () => {
    const u = await registerUser(t.app, { name: 'Ben' });
    const created = await put(u, { title: '  Data engineer  ' });
    expect(created.statusCode).toBe(200);
    expect(BusinessCardSchema.parse(created.json())).toEqual({
      name: 'Ben',
      title: 'Data engineer',
      company: '',
      email: '',
      phone: '',
      linkedin: '',
      website: '',
      bio: '',
    });
    const updated = await put(u, { company: 'Spreewerk', website: 'http://ben.example.com/' });
    expect(updated.json()).toMatchObject({ title: 'Data engineer', company: 'Spreewerk', website: 'http://ben.example.com/' });
    const cleared = await put(u, { website: '' });
    expect(cleared.json()).toMatchObject({ company: 'Spreewerk', website: '' });
    expect((await get(u, u.user.id)).json()).toEqual(cleared.json());
    const rows = await t.db.select().from(businessCards).where(eq(businessCards.userId, u.user.id));
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ email: 'not-an-email' }, 'email: must be a valid email address'],
    [{ linkedin: 'javascript:alert(1)' }, 'linkedin: must be a web address starting with http:// or https://'],
    [{ website: 'ftp://files.example.com' }, 'website: must be a web address starting with http:// or https://'],
    [{ website: 'example.com' }, 'website: must be a web address starting with http:// or https://'],
    [{ phone: 'call me' }, 'phone: may use digits, spaces and + ( ) - . only'],
    [{ bio: 'x'.repeat(501) }, 'bio: must be at most 500 characters'],
    [{ name: 'x'.repeat(101) }, 'name: must be at most 100 characters'],
    [{ title: 5 }, /^title: /],
  ])('refuses %j with 400 naming the field', async (bad, detail) => {
    const u = await registerUser(t.app);
    const res = await put(u, bad);
    expect(res.statusCode).toBe(400);
    if (typeof detail === 'string') expect(res.json().detail).toBe(detail);
    else expect(res.json().detail).toMatch(detail);
    expect(await t.db.select().from(businessCards).where(eq(businessCards.userId, u.user.id))).toEqual([]);
  });

  it('answers 401 without a session and 403 for another acting id', async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/business-card?user_id=${u.user.id}`, payload: CARD })).statusCode,
    ).toBe(401);
    expect((await put(u, CARD, other.user.id)).statusCode).toBe(403);
    expect(await t.db.select().from(businessCards).where(eq(businessCards.userId, other.user.id))).toEqual([]);
  });
});

describe('DELETE /api/business-card', () => {
  it('removes the own card', async () => {
    const maya = await owner();
    const res = await del(maya);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const after = await get(maya, maya.user.id);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toBeNull();
  });

  it('answers 401 without a session and 403 for another acting id', async () => {
    const maya = await owner();
    const other = await registerUser(t.app);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/business-card?user_id=${maya.user.id}` })).statusCode).toBe(401);
    expect((await del(other, maya.user.id)).statusCode).toBe(403);
    expect((await get(maya, maya.user.id)).statusCode).toBe(200);
  });
});

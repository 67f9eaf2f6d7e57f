import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupListSchema } from '../../../contract/plans';
import { groupMembers, groups } from '../../../server/db/schema';
import { registerUser, type TestUser } from '../helpers';
import { mediaTestApp, type MediaTestApp } from '../media-helpers';

let t: MediaTestApp;
beforeAll(async () => {
  t = await mediaTestApp();
});
afterAll(async () => t.close());

const list = (u: TestUser, actingId: string | null = u.user.id) =>
  t.app.inject({ method: 'GET', url: `/api/groups${actingId ? `?user_id=${actingId}` : ''}`, headers: u.headers });

async function group(name: string, fields: Partial<typeof groups.$inferInsert> = {}): Promise<string> {
  const [row] = await t.db.insert(groups).values({ name, ...fields }).returning({ id: groups.id });
  return row!.id;
}

describe('GET /api/groups', () => {
  it("lists the user's groups by name in SPEC 3's shape, and no one else's", async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    const walkers = await group('Photo walkers', { description: 'Slow walks with cameras', category: 'hobby' });
    const book = await group('Book club', { isPrivate: true });
    const notMine = await group('Climbers');
    await t.db.insert(groupMembers).values([
      { groupId: walkers, userId: u.user.id },
      { groupId: book, userId: u.user.id },
      { groupId: notMine, userId: other.user.id },
    ]);
    const res = await list(u);
    expect(res.statusCode).toBe(200);
    expect(GroupListSchema.parse(res.json())).toEqual([
      { id: book, name: 'Book club', description: '', category: 'general', is_private: true },
      { id: walkers, name: 'Photo walkers', description: 'Slow walks with cameras', category: 'hobby', is_private: false },
    ]);
  });

  it('answers an empty list for someone in no group', async () => {
    const u = await registerUser(t.app);
    expect((await list(u)).json()).toEqual([]);
  });

  it('answers 401 without a session, 403 for another acting id, 400 without or with a bad acting id', async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: `/api/groups?user_id=${u.user.id}` })).statusCode).toBe(401);
    expect((await list(u, other.user.id)).statusCode).toBe(403);
    const missing = await list(u, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toMatch(/^user_id: /);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PlanListSchema, SubscriptionSchema, UpgradeAnswerSchema } from '../../../contract/plans';
import { PENDING_REQUEST_CAP } from '../../../contract/social';
import { buildApp } from '../../../server/app';
import { configFromEnv } from '../../../server/config';
import { subscriptionPlans, subscriptions, users } from '../../../server/db/schema';
import { chargeForPlan } from '../../../server/use-cases/plans';
import { registerUser, type TestUser } from '../helpers';
import { mediaTestApp, type MediaTestApp } from '../media-helpers';

let t: MediaTestApp;
beforeAll(async () => {
  t = await mediaTestApp();
});
afterAll(async () => t.close());

const plans = () => t.app.inject({ method: 'GET', url: '/api/subscription/plans' });
const mine = (u: TestUser, userId = u.user.id, actingId: string | null = u.user.id) =>
  t.app.inject({
    method: 'GET',
    url: `/api/subscription/user/${userId}${actingId ? `?user_id=${actingId}` : ''}`,
    headers: u.headers,
  });
const upgrade = (u: TestUser, plan: string | null, actingId = u.user.id) =>
  t.app.inject({
    method: 'POST',
    url: `/api/subscription/upgrade?user_id=${actingId}${plan === null ? '' : `&plan_name=${encodeURIComponent(plan)}`}`,
    headers: u.headers,
  });

describe('GET /api/subscription/plans', () => {
  it('lists Free, Premium and Professional with monthly prices and snake_case features, to anyone', async () => {
    const res = await plans();
    expect(res.statusCode).toBe(200);
    const list = PlanListSchema.parse(res.json());
    expect(list.map((p) => [p.name, p.price])).toEqual([
      ['Free', 0],
      ['Premium', 9.99],
      ['Professional', 19.99],
    ]);
    for (const p of list) {
      expect(p.description.length).toBeGreaterThan(0);
      expect(p.features.length).toBeGreaterThan(0);
      for (const f of p.features) expect(f).toMatch(/^[a-z]+(_[a-z]+)*$/);
    }
  });

  it('names the pending-request cap each plan enforces', async () => {
    const [free, premium, professional] = PlanListSchema.parse((await plans()).json());
    expect(free!.features).toContain('five_pending_requests_per_event');
    expect(PENDING_REQUEST_CAP.Free).toBe(5);
    for (const paid of [premium!, professional!]) {
      expect(paid.features).toContain('more_pending_requests');
      expect(paid.features).not.toContain('five_pending_requests_per_event');
      expect(PENDING_REQUEST_CAP[paid.name]).toBe(25);
    }
  });

  it('brings a plan table with other wording in line with the plans the server enforces', async () => {
    await t.db.delete(subscriptionPlans);
    await t.db
      .insert(subscriptionPlans)
      .values({ name: 'Premium', description: 'Old words', price: 4, features: ['unlimited_requests'], sortOrder: 1 });
    const second = await buildApp({ config: { ...configFromEnv({}), staticDir: null, seedDemo: false }, database: t.database });
    await second.ready();
    try {
      const list = PlanListSchema.parse((await second.inject({ method: 'GET', url: '/api/subscription/plans' })).json());
      expect(list.map((p) => p.name)).toEqual(['Free', 'Premium', 'Professional']);
      expect(list[1]).toMatchObject({ price: 9.99 });
      expect(list[1]!.features).not.toContain('unlimited_requests');
    } finally {
      await second.close();
    }
  });
});

describe('GET /api/subscription/user/:userId', () => {
  it('answers the own plan, Free by default', async () => {
    const u = await registerUser(t.app);
    const res = await mine(u);
    expect(res.statusCode).toBe(200);
    expect(SubscriptionSchema.parse(res.json())).toEqual({ plan_name: 'Free' });
    expect((await mine(u, u.user.id, null)).json()).toEqual({ plan_name: 'Free' });
  });

  it("refuses someone else's plan, anonymous callers and bad ids", async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    const theirs = await mine(u, other.user.id);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().detail).toBe('You can only see your own plan');
    expect((await mine(u, u.user.id, other.user.id)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/subscription/user/${u.user.id}` })).statusCode).toBe(401);
    const bad = await mine(u, 'nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/^userId: must be a valid id/);
  });
});

describe('POST /api/subscription/upgrade', () => {
  it('moves the user to a paid plan and records it with no payment reference', async () => {
    const u = await registerUser(t.app);
    const res = await upgrade(u, 'Premium');
    expect(res.statusCode).toBe(200);
    expect(UpgradeAnswerSchema.parse(res.json())).toEqual({ success: true, plan_name: 'Premium' });
    expect((await mine(u)).json()).toEqual({ plan_name: 'Premium' });
    const [row] = await t.db.select({ plan: users.planName }).from(users).where(eq(users.id, u.user.id));
    expect(row!.plan).toBe('Premium');
    const history = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, u.user.id));
    expect(history).toMatchObject([{ planName: 'Premium', paymentReference: 'none' }]);
    expect(history[0]!.createdAt.toISOString()).toBe(t.clock.now().toISOString());

    const up = await upgrade(u, 'Professional');
    expect(up.json()).toEqual({ success: true, plan_name: 'Professional' });
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, u.user.id))).toHaveLength(2);
  });

  it('answers 409 when the user is already on that plan, and records nothing', async () => {
    const u = await registerUser(t.app);
    await upgrade(u, 'Premium');
    const again = await upgrade(u, 'Premium');
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('You are already on the Premium plan');
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, u.user.id))).toHaveLength(1);
  });

  it('takes a paid plan back to Free, charging nothing, and records the downgrade', async () => {
    const u = await registerUser(t.app);
    await upgrade(u, 'Professional');
    const down = await upgrade(u, 'Free');
    expect(down.statusCode).toBe(200);
    expect(UpgradeAnswerSchema.parse(down.json())).toEqual({ success: true, plan_name: 'Free' });
    expect((await mine(u)).json()).toEqual({ plan_name: 'Free' });
    const history = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, u.user.id));
    expect(history.map((h) => [h.planName, h.paymentReference])).toEqual([
      ['Professional', 'none'],
      ['Free', 'none'],
    ]);
  });

  it('answers 409 for Free while on Free (SPEC 4: it cannot be chosen), and records nothing', async () => {
    const u = await registerUser(t.app);
    const res = await upgrade(u, 'Free');
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('You are already on the Free plan');
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, u.user.id))).toHaveLength(0);
  });

  it.each([
    ['Gold', 'plan_name: must be one of Free, Premium, Professional'],
    ['premium', 'plan_name: must be one of Free, Premium, Professional'],
    [null, 'plan_name: must be one of Free, Premium, Professional'],
  ])('refuses plan %j with 400', async (plan, detail) => {
    const u = await registerUser(t.app);
    const res = await upgrade(u, plan);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(detail);
    expect((await mine(u)).json()).toEqual({ plan_name: 'Free' });
  });

  it('answers 401 without a session and 403 for another acting id', async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/subscription/upgrade?user_id=${u.user.id}&plan_name=Premium` });
    expect(anonymous.statusCode).toBe(401);
    expect((await upgrade(u, 'Premium', other.user.id)).statusCode).toBe(403);
    expect((await mine(other)).json()).toEqual({ plan_name: 'Free' });
  });

  it('charges through one seam, which without a provider takes nothing', async () => {
    await expect(chargeForPlan({ id: crypto.randomUUID(), email: 'a@example.com' }, 'Premium')).resolves.toEqual({
      reference: 'none',
    });
  });
});

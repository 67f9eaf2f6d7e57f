/**
 * Plans and who is on which. The catalogue lives here, in code, because the server gives
 * the features their meaning (PENDING_REQUEST_CAP in contract/social.ts: a Free account
 * may have five connection requests waiting per event, a paid one 25); the table is
 * kept in step with it at start.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { PlanName } from '../../../contract/constants';
import type { Plan } from '../../../contract/plans';
import type { Queryable } from '../client';
import { subscriptionPlans, subscriptions, users } from '../schema';

/** What every plan includes; the plans differ only in what follows. */
const INCLUDED = [
  'nearby_people',
  'compatibility_and_ice_breakers',
  'chat_and_group_chat',
  'photo_sharing',
  'business_card',
  'event_analytics',
];

export const PLAN_CATALOGUE: readonly (Plan & { sortOrder: number })[] = [
  {
    name: 'Free',
    description: 'Everything you need to meet people at your next event.',
    price: 0,
    features: [...INCLUDED, 'five_pending_requests_per_event'],
    sortOrder: 0,
  },
  {
    name: 'Premium',
    description: 'More room to reach out: up to 25 connection requests waiting at each event.',
    price: 9.99,
    features: [...INCLUDED, 'more_pending_requests'],
    sortOrder: 1,
  },
  {
    name: 'Professional',
    description: 'Everything in Premium, for people who go to events for work.',
    price: 19.99,
    features: [...INCLUDED, 'more_pending_requests'],
    sortOrder: 2,
  },
];

/**
 * Writes the catalogue to the table, idempotently. A row that differs (an older seed's
 * wording) is brought in line, so the features shown are the ones the server enforces.
 */
export async function ensurePlans(db: Queryable): Promise<void> {
  for (const p of PLAN_CATALOGUE) {
    await db
      .insert(subscriptionPlans)
      .values(p)
      .onConflictDoUpdate({
        target: subscriptionPlans.name,
        set: { description: p.description, price: p.price, features: p.features, sortOrder: p.sortOrder },
      });
  }
}

/**
 * Moves the user to `plan` and records the change with the payment's reference, in one
 * transaction. Answers false when the user was already on it.
 */
export async function switchPlan(
  db: Queryable,
  userId: string,
  plan: PlanName,
  paymentReference: string,
  at: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set({ planName: plan })
      .where(and(eq(users.id, userId), ne(users.planName, plan)))
      .returning({ id: users.id });
    if (changed.length === 0) return false;
    await tx.insert(subscriptions).values({ userId, planName: plan, paymentReference, createdAt: at });
    return true;
  });
}

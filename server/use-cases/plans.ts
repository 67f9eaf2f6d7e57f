/**
 * SPEC 7 plans: the catalogue, the person's plan and the upgrade. There is no payment
 * provider yet: chargeForPlan is the seam where one plugs in, and until then each
 * upgrade is recorded with the payment reference 'none'.
 */
import type { PlanName } from '../../contract/constants';
import type { Plan } from '../../contract/plans';
import { PLAN_CATALOGUE, switchPlan } from '../db/repositories/plans';
import type { UserRow } from '../db/repositories/users';
import { ownOnly } from '../access/people';
import { conflict } from '../core/errors';
import type { Ctx } from './context';
import { sentence } from '../../contract/said';

const alreadyOnPlan = sentence(
  /*i18n*/ { id: 'error.alreadyOnPlan', message: 'You are already on the {plan} plan' },
  ({ plan }: { plan: string }) => `You are already on the ${plan} plan`,
);

/**
 * Takes payment for a month of `plan`. A provider (Stripe, Paddle, ...) goes here: it
 * would charge or confirm a checkout and answer its reference, or throw so that nothing
 * changes. Without one, nothing is charged and the reference is 'none'.
 */
export async function chargeForPlan(_user: Pick<UserRow, 'id' | 'email'>, _plan: PlanName): Promise<{ reference: string }> {
  return { reference: 'none' };
}

/** The catalogue is the code's (the table is kept in step with it at start): the same answer for everyone. */
const CATALOGUE: Plan[] = PLAN_CATALOGUE.map(({ name, description, price, features }) => ({ name, description, price, features }));

export function plans(): Plan[] {
  return CATALOGUE;
}

export function planOf(me: UserRow, userId: string): { plan_name: PlanName } {
  ownOnly(me.id, userId, /*i18n*/ { id: 'error.ownPlan', message: 'You can only see your own plan' });
  return { plan_name: me.planName as PlanName };
}

/** Moves to a paid plan, or back to Free (a downgrade, charged nothing); the plan one is on cannot be chosen. */
export async function upgrade(ctx: Ctx, me: UserRow, plan: PlanName): Promise<PlanName> {
  if (me.planName === plan) throw conflict(alreadyOnPlan({ plan }));
  const payment = plan === 'Free' ? { reference: 'none' } : await chargeForPlan(me, plan);
  if (!(await switchPlan(ctx.db, me.id, plan, payment.reference, ctx.clock()))) throw conflict(alreadyOnPlan({ plan }));
  // The session's kept row carries the plan (the request cap reads it).
  ctx.lifecycle.emit('user.changed', me.id);
  return plan;
}
